import type { FastifyBaseLogger } from 'fastify';
import { PASSWORD_MIN_LENGTH } from '../../../shared/api/account';
import type { AppConfig } from '../../config';
import type { Actor } from '../../context/actor';
import { recordAudit } from '../audit/audit.service';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { Lang } from '../../plugins/language';
import { displayName } from '../../context/display-name';
import { localized } from '../../i18n';
import { AUTH_MESSAGES } from './auth.messages';
import { type FloodService, floodRules } from './flood.service';
import { passwordResetMail } from './password-mail';
import * as repo from './password.repository';
import { hashPassword, verifyPassword } from './passwords';
import { checkResetLink, resetHash, resetUrl } from './reset-link';
import type { SessionService } from './session.service';
import type { MailOutbox } from '../mail/mail-outbox.service';

export interface PasswordServiceDeps {
  sessions: SessionService;
  flood: FloodService;
  outbox: MailOutbox;
  config: Pick<AppConfig, 'publicUrl' | 'shopName' | 'secrets'>;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** A reset that failed: the web reads `data.status` 0 and shows its own text. */
export class ResetFailed extends AppError {}

const asLang = (code: string): Lang => (code === 'en' ? 'en' : 'nl');

export { RESET_LINK_TTL_SECONDS } from './reset-link';

/**
 * A password link for a user another module mails (the ERP import's welcome mail): the reset
 * link, made at `now`, with the user it is for. Null for a user that is gone or inactive.
 */
export async function setPasswordLink(db: DbOrTx, userId: number, link: { publicUrl: string; hashSalt: string }, now: Date) {
  const user = await repo.findUserById(db, userId);
  if (!user?.active) return null;
  const lang = asLang(user.langcode);
  const timestamp = Math.floor(now.getTime() / 1000);
  return { user, lang, url: resetUrl(link.publicUrl, lang, user.id, timestamp, resetHash(link.hashSalt, user, timestamp)) };
}

/** What the password functions share: the database and the deps. */
export type PasswordContext = PasswordServiceDeps & { db: Db };

/** Who sets a password, and why: the audit log's entry of the change (issue 42, point 2). */
export interface PasswordSetBy {
  actor: Actor;
  /** 'user.password_change' (the account page) or 'user.password_reset' (a reset or welcome link). */
  action: 'user.password_change' | 'user.password_reset';
}

/**
 * Hashes and stores a new password with its audit entry, in one transaction; every session of
 * the user ends except `keepSessionId`. With `expectedPass`, only if the stored hash has not
 * changed meanwhile (answers false then).
 */
export async function setPassword(
  ctx: PasswordContext,
  userId: number,
  plain: string,
  by: PasswordSetBy,
  options: { keepSessionId?: string; expectedPass?: string | null } = {},
): Promise<boolean> {
  const { db, sessions, now } = ctx;
  const hash = await hashPassword(plain);
  const at = now();
  const changed = await db.transaction(async (tx) => {
    const relationId = await repo.updatePassword(tx, userId, hash, at, options.expectedPass);
    if (relationId === false) return false;
    await recordAudit(tx, by.actor, { entity: 'user', entityId: userId, relationId, action: by.action, at });
    return true;
  });
  if (changed) await sessions.endAllOf(userId, options.keepSessionId);
  return changed;
}

/** True when `plain` is the user's current password. */
export async function verify(ctx: PasswordContext, userId: number, plain: string): Promise<boolean> {
  const { db } = ctx;
  const user = await repo.findUserById(db, userId);
  return verifyPassword(user?.active ? user.pass : null, plain);
}

/**
 * POST {prefix}/user/password: mails a reset link to a known, active user found by login
 * name or e-mail address. Flood control per IP (every request) and per account.
 */
export async function requestReset(ctx: PasswordContext, nameOrMail: string, ip: string): Promise<void> {
  const { db, flood, config, now, outbox } = ctx;
  if (!(await flood.attempt(floodRules.passwordResetIp, ip)).allowed) {
    throw new AppError(429, 'password_reset_blocked_ip', localized(AUTH_MESSAGES, 'password_reset_blocked_ip'));
  }

  const user = await repo.findUserByNameOrMail(db, nameOrMail);
  if (!user || !user.active) throw new AppError(400, 'unknown_user', localized(AUTH_MESSAGES, 'unknown_user'));

  const account = String(user.id);
  if (!(await flood.attempt(floodRules.passwordResetAccount, account)).allowed) {
    throw new AppError(429, 'password_reset_blocked', localized(AUTH_MESSAGES, 'password_reset_blocked'));
  }

  const timestamp = Math.floor(now().getTime() / 1000);
  const userLang = asLang(user.langcode);
  const message = passwordResetMail({
    to: user.mail,
    lang: userLang,
    displayName: displayName(user),
    shopName: config.shopName,
    url: resetUrl(config.publicUrl, userLang, user.id, timestamp, resetHash(config.secrets.hashSalt, user, timestamp)),
  });
  // Through the outbox (decision 033): what the mail server does not take now goes when it is back.
  await outbox.deliver(await outbox.enqueue(db, [{ kind: 'password_reset', ...message }]));
}

/**
 * POST /api/reset-password/{user}/{timestamp}/{hash}: sets the new password when the link
 * is valid; ends every session of the user. Throws ResetFailed otherwise.
 */
export async function reset(
  ctx: PasswordContext,
  params: { user: string; timestamp: string; hash: string },
  body: { pass: string; passConfirm: string },
): Promise<void> {
  const { db, flood, config, now } = ctx;
  const fail = (code: 'reset_link_invalid' | 'reset_link_expired' | 'password_too_short' | 'passwords_do_not_match') =>
    new ResetFailed(400, code, localized(AUTH_MESSAGES, code));
  const uid = /^\d{1,9}$/.test(params.user) ? Number(params.user) : null;
  const timestamp = /^\d{1,12}$/.test(params.timestamp) ? Number(params.timestamp) : null;
  const user = uid === null ? undefined : await repo.findUserById(db, uid);
  if (!user || !user.active || timestamp === null) throw fail('reset_link_invalid');

  const check = checkResetLink(config.secrets.hashSalt, user, timestamp, params.hash, now());
  if (check === 'invalid') throw fail('reset_link_invalid');
  if (check === 'expired') throw fail('reset_link_expired');

  if (body.pass.length < PASSWORD_MIN_LENGTH) throw fail('password_too_short');
  if (body.pass !== body.passConfirm) throw fail('passwords_do_not_match');

  const self: Actor = { kind: 'user', userId: user.id, userName: user.name, masqueradeFromUserId: null, ip: null };
  if (!(await setPassword(ctx, user.id, body.pass, { actor: self, action: 'user.password_reset' }, { expectedPass: user.pass }))) {
    throw fail('reset_link_invalid');
  }
  // The account may log in again at once, and may ask for a new link again.
  await flood.clearAccount(floodRules.loginAccount, user.id);
  await flood.clearAccount(floodRules.passwordResetAccount, user.id);
  await flood.clearAccount(floodRules.passwordChangeAccount, user.id);
}

/** Forgotten password (reset links by mail), the reset itself, and setting a password. */
export function createPasswordService(db: Db, deps: PasswordServiceDeps) {
  const ctx: PasswordContext = { ...deps, db };
  return {
    setPassword: (userId: number, plain: string, by: PasswordSetBy, options?: { keepSessionId?: string; expectedPass?: string | null }) => setPassword(ctx, userId, plain, by, options),
    verify: (userId: number, plain: string) => verify(ctx, userId, plain),
    requestReset: (nameOrMail: string, ip: string) => requestReset(ctx, nameOrMail, ip),
    reset: (params: { user: string; timestamp: string; hash: string }, body: { pass: string; passConfirm: string }) => reset(ctx, params, body),
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
