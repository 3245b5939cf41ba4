import { eq, type SQL, sql } from 'drizzle-orm';
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
