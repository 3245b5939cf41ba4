import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

/** Where a user's mail goes and in which language (the order confirmation); a user gone: none. */
export async function userContact(db: DbOrTx, userId: number): Promise<{ mail: string; langcode: string }> {
  const [row] = await db.select({ mail: users.mail, langcode: users.langcode }).from(users).where(eq(users.id, userId));
  return row ?? { mail: '', langcode: 'nl' };
}

/** The user's mail address as a column of another module's statement; null when there is no such user. */
export const userMailOf = (userId: AnyPgColumn | SQL) => sql<string | null>`(select ${users.mail} from ${users} where ${users.id} = ${userId})`;

/** The login names of users by id (the audit log names who was behind a masquerade). */
export async function userNames(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, [...userIds]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The id of the user with this login name (without regard to case), or null. */
export async function userIdByName(db: DbOrTx, name: string): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.name}) = lower(${name})`);
  return row?.id ?? null;
}

export interface UserCard {
  name: string;
  mail: string;
  langcode: string;
  firstname: string;
  surnamePrefix: string;
  surname: string;
}

/** Users by id as a list shows them (the price requests inbox): login name, names, mail and language. */
export async function userCards(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, UserCard>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name, mail: users.mail, langcode: users.langcode, firstname: users.firstname, surnamePrefix: users.surnamePrefix, surname: users.surname })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map(({ id, ...card }) => [id, card]));
}
