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
