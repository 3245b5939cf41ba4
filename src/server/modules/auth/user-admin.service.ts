import type { Actor } from '../../context/actor';
import type { DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { localized } from '../../i18n';
import { recordAudit } from '../audit/audit.service';
import * as sessions from './session.repository';
import * as repo from './user-admin.repository';
import { USER_ADMIN_MESSAGES as MESSAGES } from './user-admin.messages';
import { enqueueWelcomeMails, type WelcomeDeps } from './welcome.service';

/*
 * Managing a relation's users (issue 42 point 7; a relation's owner does the same with team
 * accounts): invite, block, unblock, resend the welcome mail. Each step runs in the caller's
 * transaction and writes its audit entry there; mails are written to the outbox in it too, and
 * the caller delivers the ids it gets after the commit.
 */

export type { ManagedUser } from './user-admin.repository';
export const relationUsers = repo.findRelationUsers;

export interface NewUser {
  mail: string;
  /** The login name; the e-mail address when empty. */
  name: string;
  firstname: string;
  surnamePrefix: string;
  surname: string;
  langcode: 'nl' | 'en';
}

const conflict = (code: string, text: ReturnType<typeof localized>) => new AppError(409, code, text);

/** The customer user with this uuid, locked for the change; 404 for anyone else (staff included). */
export async function lockCustomerUser(tx: DbOrTx, uuid: string): Promise<repo.ManagedUser> {
  const user = await repo.findCustomerUser(tx, uuid, { lock: true });
  if (!user) throw notFound(localized(MESSAGES, 'user_not_found'), 'user_not_found');
  return user;
}

async function ensureFree(tx: DbOrTx, user: NewUser): Promise<void> {
  if (await repo.loginNameInUse(tx, user.name)) throw conflict('login_name_taken', localized(MESSAGES, 'login_name_taken', user.name));
  if (await repo.mailInUse(tx, user.mail)) throw conflict('mail_taken', localized(MESSAGES, 'mail_taken', user.mail));
}

const auditedUser = (user: NewUser) => ({
  name: user.name,
  mail: user.mail,
  firstname: user.firstname,
  surname_prefix: user.surnamePrefix,
  surname: user.surname,
  langcode: user.langcode,
});

/** A new customer user of the relation, with its welcome mail (a set-password link) in the outbox. */
export async function inviteUser(
  tx: DbOrTx,
  welcome: WelcomeDeps,
  actor: Actor,
  relationId: number,
  input: NewUser,
  now: Date,
): Promise<{ userId: number; uuid: string; mailIds: number[] }> {
  const user = { ...input, name: input.name || input.mail };
  await ensureFree(tx, user);
  const { id, uuid } = await repo.insertShopUser(tx, { relationId, ...user });
  await recordAudit(tx, actor, { entity: 'user', entityId: id, relationId, action: 'user.invite', after: auditedUser(user), at: now });
  const mailIds = await enqueueWelcomeMails(tx, welcome, [id], now);
  return { userId: id, uuid, mailIds };
}

/** Blocks the user with a reason: they cannot log in, their sessions end, an ERP import keeps them blocked. */
export async function blockUser(tx: DbOrTx, actor: Actor, user: repo.ManagedUser, reason: string, now: Date): Promise<void> {
  if (user.blockedAt !== null) throw conflict('already_blocked', localized(MESSAGES, 'already_blocked'));
  await repo.setBlocked(tx, user.id, now, now);
  await sessions.deleteSessionsOfUser(tx, user.id);
  await recordAudit(tx, actor, {
    entity: 'user',
    entityId: user.id,
    relationId: user.relationId,
    action: 'user.block',
    before: { active: user.active },
    after: { active: false },
    reason,
    at: now,
  });
}

export async function unblockUser(tx: DbOrTx, actor: Actor, user: repo.ManagedUser, now: Date): Promise<void> {
  if (user.blockedAt === null) throw conflict('not_blocked', localized(MESSAGES, 'not_blocked'));
  await repo.setBlocked(tx, user.id, null, now);
  await recordAudit(tx, actor, {
    entity: 'user',
    entityId: user.id,
    relationId: user.relationId,
    action: 'user.unblock',
    before: { active: false },
    after: { active: true },
    at: now,
  });
}

/** The welcome mail again (a new set-password link); only for an active user. */
export async function resendWelcome(tx: DbOrTx, welcome: WelcomeDeps, actor: Actor, user: repo.ManagedUser, now: Date): Promise<number[]> {
  if (!user.active) throw conflict('user_inactive', localized(MESSAGES, 'user_inactive'));
  await recordAudit(tx, actor, { entity: 'user', entityId: user.id, relationId: user.relationId, action: 'user.resend_welcome', at: now });
  return enqueueWelcomeMails(tx, welcome, [user.id], now);
}

/** Re-reads a user after a change (for the answer). */
export async function customerUser(db: DbOrTx, uuid: string): Promise<repo.ManagedUser> {
  const user = await repo.findCustomerUser(db, uuid);
  if (!user) throw notFound(localized(MESSAGES, 'user_not_found'), 'user_not_found');
  return user;
}
