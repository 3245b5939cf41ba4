import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { ErpImportKind } from '../../../shared/api/erp';
import type { DbOrTx, Tx } from '../../db/client';

/** Small helpers the ERP import's SQL shares. */

/**
 * Runs one step of an import's database work in its transaction: the import's one transaction, or
 * (a paced stock import on PGlite, decision 030) a short transaction of the step's own.
 */
export type RunStep = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

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

/** A table the import keeps row for row by the ERP's key; its stage has the same column names. */
export interface KeyedTable {
  table: string;
  alias: string;
  stage: string;
  key: string;
  fields: readonly string[];
}

/** Whether the table's row (`alias`) differs from the staged one (`s`) in any of the fields. */
export const rowDiffers = (t: KeyedTable): SQL =>
  sql.raw(`(${t.fields.map((f) => `${t.alias}.${f}`).join(', ')}) is distinct from (${t.fields.map((f) => `s.${f}`).join(', ')})`);

/** Inserts the staged rows whose key the table lacks, then updates the ones that differ (and their updated_at): rows written by each. */
export async function writeKeyed(tx: Tx, t: KeyedTable): Promise<{ inserted: number; updated: number }> {
  const table = sql.raw(`${t.table} ${t.alias}`);
  const stage = sql.raw(`${t.stage} s`);
  const sameKey = sql.raw(`${t.alias}.${t.key} = s.${t.key}`);
  const missing = sql`not exists (select 1 from ${table} where ${sameKey})`;
  const fields = sql.raw(t.fields.join(', '));
  const differs = rowDiffers(t);
  const inserted = await writeIfAny(
    tx,
    sql`select count(*)::int as n from ${stage} where ${missing}`,
    sql`insert into ${sql.raw(t.table)} (${sql.raw(t.key)}, ${fields}) select ${sql.raw(`s.${t.key}`)}, ${fields} from ${stage} where ${missing}`,
  );
  const updated = await writeIfAny(
    tx,
    sql`select count(*)::int as n from ${stage} join ${table} on ${sameKey} where ${differs}`,
    sql`update ${table} set ${sql.raw(t.fields.map((f) => `${f} = s.${f}`).join(', '))}, updated_at = now() from ${stage} where ${sameKey} and ${differs}`,
  );
  return { inserted, updated };
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

/** The tables each kind of import writes. */
const TABLES: Record<ErpImportKind, string> = {
  vat_rates: 'vat_rates',
  deposits: 'variation_deposits',
  stock: 'variation_stock',
  categories: 'categories',
  products: 'products, variations, product_categories',
  food: 'product_food, product_allergens, variations',
  prices: 'price_lists, prices',
  relations: 'relations',
  delivery_addresses: 'delivery_addresses',
  users: 'users',
  invoices: 'cash_invoices',
  quotes: 'quotes, quote_lines',
};

/** Rows written by one import from which its tables' statistics are refreshed at once. */
export const ANALYZE_FROM_ROWS = 1000;

/**
 * Refreshes the planner's statistics of the tables an import wrote much to. Autovacuum would, but
 * only a while later: until then the shop plans its catalogue queries for the table as it was,
 * several times slower (docs/benchmarks.md, ERP imports). Run after the commit, so it reads only committed rows and holds no
 * lock during the import; ANALYZE reads a fixed-size sample of each table, so it stays short.
 */
export async function analyzeAfterImport(db: DbOrTx, kind: ErpImportKind): Promise<void> {
  await db.execute(sql.raw(`analyze ${TABLES[kind]}`));
}

/**
 * Vacuums what a stock import churns on a database without autovacuum (PGlite), where every dead
 * row stays (after many imports the emptied pending table is megabytes, which each order's bump
 * then reads through). The change tables of migration 0023 after every import (small); the
 * levels (larger) once the imports since their last vacuum rewrote
 * twice as many rows as the file has, so that back-to-back imports do not each hold PGlite's one
 * connection for it. A statement per table, so the requests waiting go between them; outside a
 * transaction, as VACUUM must be.
 */
export function createStockVacuum(db: DbOrTx) {
  let rewrittenSinceVacuum = 0;
  return async (writes: Record<string, number>, fileRows: number): Promise<void> => {
    for (const table of ['stock_changes_pending', 'stock_level_changes']) await db.execute(sql.raw(`vacuum ${table}`));
    rewrittenSinceVacuum += (writes.stock_updated ?? 0) + (writes.stock_removed ?? 0);
    if (rewrittenSinceVacuum < 2 * Math.max(fileRows, 1)) return;
    await db.execute(sql`vacuum variation_stock`);
    rewrittenSinceVacuum = 0;
  };
}
