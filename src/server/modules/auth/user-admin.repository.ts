import { and, asc, eq, isNull, not, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

/** A relation's user as the people who manage the relation's users see them. */
const managedUserColumns = {
  id: users.id,
  uuid: users.uuid,
  name: users.name,
  mail: users.mail,
  firstname: users.firstname,
  surnamePrefix: users.surnamePrefix,
  surname: users.surname,
  langcode: users.langcode,
  active: users.active,
  blockedAt: users.blockedAt,
  hasPassword: sql<boolean>`${users.pass} is not null`,
  lastLoginAt: users.lastLoginAt,
  relationId: users.relationId,
};

export type ManagedUser = Awaited<ReturnType<typeof findRelationUsers>>[number];

const isCustomerUser = and(sql`'customer' = any(${users.roles})`, not(sql`'staff' = any(${users.roles})`));

/** The customer users of a relation, active ones first, then by name. */
export async function findRelationUsers(db: DbOrTx, relationId: number) {
  return db
    .select(managedUserColumns)
    .from(users)
    .where(and(eq(users.relationId, relationId), isCustomerUser))
    .orderBy(sql`${users.active} desc`, asc(sql`lower(${users.name})`));
}

/** A customer user by uuid (never a staff user); `lock` holds the row until the transaction ends. */
export async function findCustomerUser(db: DbOrTx, uuid: string, { lock = false } = {}) {
  const query = db.select(managedUserColumns).from(users).where(and(eq(users.uuid, uuid), isCustomerUser)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function loginNameInUse(db: DbOrTx, name: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.name}) = lower(${name})`).limit(1);
  return row !== undefined;
}

export async function mailInUse(db: DbOrTx, mail: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.mail}) = lower(${mail})`).limit(1);
  return row !== undefined;
}

export interface NewShopUser {
  relationId: number;
  name: string;
  mail: string;
  firstname: string;
  surnamePrefix: string;
  surname: string;
  langcode: 'nl' | 'en';
}

/** A customer user made in the shop (no password yet: the welcome mail's link sets it). */
export async function insertShopUser(db: DbOrTx, user: NewShopUser): Promise<{ id: number; uuid: string }> {
  const [row] = await db
    .insert(users)
    .values({ ...user, roles: ['customer'], origin: 'shop' })
    .returning({ id: users.id, uuid: users.uuid });
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

/** Blocks (a moment) or unblocks (null) a user: a blocked user is inactive. */
export async function setBlocked(db: DbOrTx, userId: number, blockedAt: Date | null, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ blockedAt, active: blockedAt === null, changedAt: at })
    .where(blockedAt === null ? eq(users.id, userId) : and(eq(users.id, userId), isNull(users.blockedAt)));
}
