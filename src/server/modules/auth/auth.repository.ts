import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

export async function findUserByLoginName(db: DbOrTx, name: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, pass: users.pass, roles: users.roles, active: users.active })
    .from(users)
    .where(sql`lower(${users.name}) = lower(${name})`)
    .limit(1);
  return row;
}

export async function recordLogin(db: DbOrTx, userId: number, at: Date): Promise<void> {
  await db.update(users).set({ lastLoginAt: at }).where(eq(users.id, userId));
}

/** An installation without users is new: that is when demo data may be loaded. */
export const countUsers = (db: DbOrTx) => db.$count(users);

/** A user's own record as the current-user call and other modules' mails show it. */
export async function findUserProfile(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      uuid: users.uuid,
      name: users.name,
      mail: users.mail,
      firstname: users.firstname,
      surnamePrefix: users.surnamePrefix,
      surname: users.surname,
      langcode: users.langcode,
      roles: users.roles,
      relationId: users.relationId,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
