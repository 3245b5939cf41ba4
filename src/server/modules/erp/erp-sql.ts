import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';

/** Small helpers the ERP import's SQL shares. */

/** Both drivers answer raw queries with `{ rows }`; the shared handle type does not say so. */
export async function rowsOf<T>(tx: DbOrTx, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function countOf(tx: DbOrTx, query: SQL): Promise<number> {
  const [row] = await rowsOf<{ n: number | string }>(tx, query);
  return Number(row?.n ?? 0);
}

/** Runs `write` only when `count` finds rows to change; answers how many rows the write touched. */
export async function writeIfAny(tx: Tx, count: SQL, write: SQL): Promise<number> {
  if ((await countOf(tx, count)) === 0) return 0;
  return countOf(tx, sql`with w as (${write} returning 1) select count(*)::int as n from w`);
}

export interface MergeCounts {
  /** Ids of the records the import created (users only: they get welcome mails). */
  insertedIds?: number[];
  /** Rows of the file that are new, changed, or already so. */
  inserted: number;
  updated: number;
  deactivated: number;
  /** Rows written per table and statement: all zero for an unchanged file. */
  writes: Record<string, number>;
}
