import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

/**
 * A user as the password mails need them (a reset link, an ERP import's welcome mail): the parts
 * the link's hash is made of (id, mail, password hash, last login) and the name to greet.
 */
export const passwordMailUserColumns = {
  id: users.id,
  name: users.name,
  mail: users.mail,
  pass: users.pass,
  active: users.active,
  langcode: users.langcode,
  firstname: users.firstname,
  surnamePrefix: users.surnamePrefix,
  surname: users.surname,
  lastLoginAt: users.lastLoginAt,
};

/** By login name first, then by e-mail address (both without regard to case), as Drupal does. */
export async function findUserByNameOrMail(db: DbOrTx, nameOrMail: string) {
  const [byName] = await db
    .select(passwordMailUserColumns)
    .from(users)
    .where(sql`lower(${users.name}) = lower(${nameOrMail})`)
    .limit(1);
  if (byName) return byName;
  const [byMail] = await db
    .select(passwordMailUserColumns)
    .from(users)
    .where(sql`lower(${users.mail}) = lower(${nameOrMail})`)
    .orderBy(asc(users.id))
    .limit(1);
  return byMail;
}

export async function findUserById(db: DbOrTx, id: number) {
  const [row] = await db.select(passwordMailUserColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * Stores a new password hash. With `expectedPass` only while the stored hash is still that one
 * (so two uses of one reset link cannot both win); answers the user's relation id when a row
 * changed (null for a user without one), false when none did.
 */
export async function updatePassword(
  db: DbOrTx,
  userId: number,
  hash: string,
  at: Date,
  expectedPass?: string | null,
): Promise<number | null | false> {
  const where =
    expectedPass === undefined
      ? eq(users.id, userId)
      : and(eq(users.id, userId), sql`${users.pass} is not distinct from ${expectedPass}`);
  const [changed] = await db.update(users).set({ pass: hash, changedAt: at }).where(where).returning({ relationId: users.relationId });
  return changed ? changed.relationId : false;
}
