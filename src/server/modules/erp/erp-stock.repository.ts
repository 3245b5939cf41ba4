import { type SQL, sql } from 'drizzle-orm';
import type { StockRow } from '../../../shared/api/erp';
import type { ErpRowError } from '../../../shared/api/erp-import';
import type { Tx } from '../../db/client';
import { bumpDeferredStockVersion } from '../../db/data-counters';
import { type MergeCounts, rowsOf, type RunStep } from './erp-sql.repository';
import { type Pacer, UNPACED } from './pacer';

/**
 * The stock kind of the ERP import (docs/erp-exchange.md; decision 030): per article what may
 * still be sold, when more is expected, whether backorders are allowed and from what quantity the
 * shop says "few left". The guarantees of the other kinds hold: a file applies whole or not at
 * all, every problem is named by line and field, and a repeated file writes nothing.
 *
 * What the shop stores is the ERP's figure less what the shop sold that the ERP cannot know yet:
 * the lines of placed orders no export has handed out (`erp_export_seq` still empty). Without that,
 * a file made before an order was placed would put the sold goods back on the shelf.
 */

export const STOCK_STAGE_COLUMNS =
  'line int not null, sku text not null, on_hand int not null, expected_date date, backorder boolean not null, few_left_at int not null, variation_id int';

export const stockStageRow = (row: StockRow, line: number) => ({
  line,
  sku: row.sku,
  on_hand: row.on_hand,
  expected_date: row.expected_date,
  backorder: row.backorder,
  few_left_at: row.few_left_at,
  variation_id: null,
});

/**
 * The stage's index is made with it (the other kinds make theirs after staging): a paced import
 * stages in parts, and on PGlite each part is a short transaction, so the index grows part by part
 * instead of in one statement that would hold the one connection. It is not analysed either: its
 * statements look rows up by variation id in ranges, which the index serves whatever the estimate.
 */
export const STOCK_STAGE_INDEX = 'create index on erp_stage_stock (variation_id)';

/**
 * Stages a part of a file's rows (the whole file when unpaced) with their variations found in the
 * same statement; answers the variation ids found (the merge's ranges are cut from them).
 */
export async function stageStock(tx: Tx, rows: object[]): Promise<number[]> {
  const found = await rowsOf<{ id: number | null }>(
    tx,
    sql`
    insert into erp_stage_stock (line, sku, on_hand, expected_date, backorder, few_left_at, variation_id)
    select r.line, r.sku, r.on_hand, r.expected_date, r.backorder, r.few_left_at, v.id
    from json_populate_recordset(null::erp_stage_stock, ${JSON.stringify(rows)}::json) r left join variations v on v.sku = r.sku
    returning variation_id as id`,
  );
  return found.flatMap((r) => (r.id === null ? [] : [r.id]));
}

/**
 * An article number the file names twice, found while the file is read (it is held whole before
 * anything is staged, READ_BEFORE_TRANSACTION), so no statement has to group the whole stage.
 */
export function repeatedStockRows(rows: ReadonlyArray<{ line: number; sku: string }>): ErpRowError[] {
  const first = new Map<string, number>();
  const errors: ErpRowError[] = [];
  for (const row of rows) {
    const line = first.get(row.sku);
    if (line === undefined) first.set(row.sku, row.line);
    else errors.push({ line: row.line, field: 'sku', message: `repeats the article number of line ${line}` });
  }
  return errors;
}

export async function checkStock(tx: Tx, limit: number): Promise<ErpRowError[]> {
  const errors: ErpRowError[] = [];
  const unknown = await rowsOf<{ line: number; sku: string }>(tx, sql`select line, sku from erp_stage_stock where variation_id is null order by line limit ${limit}`);
  for (const r of unknown) errors.push({ line: r.line, field: 'sku', message: `article number ${r.sku} is not in the shop (import products first)` });
  return errors;
}

/** Variation ids from `from` up to `to` (null: open). */
type Range = { from: number | null; to: number | null };

const inRange = (column: SQL, range: Range) =>
  sql`${range.from === null ? sql`true` : sql`${column} >= ${range.from}`} and ${range.to === null ? sql`true` : sql`${column} < ${range.to}`}`;

/**
 * What placed orders took that the ERP has not seen yet (no export handed them out), per variation.
 * The file's figures less these are what the shop keeps; they are read as each range is written,
 * after its rows are locked, so an order placed while an import runs is not put back on the shelf.
 */
const unseenSales = (range: Range) => sql`(select i.variation_id, sum(i.quantity)::int as quantity
  from order_items i join orders o on o.id = i.order_id
  where i.variation_id is not null and ${inRange(sql`i.variation_id`, range)}
    and o.placed_at is not null and o.erp_export_seq is null and o.state <> 'canceled'
  group by i.variation_id)`;

/** The staged rows of a range as the shop will keep them: the ERP's level less the sales it has not seen. */
const fileIn = (range: Range) => sql`(select s.variation_id, greatest(s.on_hand - coalesce(p.quantity, 0), -1000000000) as on_hand, s.expected_date, s.backorder, s.few_left_at
  from erp_stage_stock s left join ${unseenSales(range)} p on p.variation_id = s.variation_id
  where s.variation_id is not null and ${inRange(sql`s.variation_id`, range)})`;

const FIELDS = sql`(t.on_hand, t.expected_date, t.backorder, t.few_left_at)`;
const STAGED = sql`(s.on_hand, s.expected_date, s.backorder, s.few_left_at)`;

/**
 * The stock counter (decision 030, migrations 0022 and 0023): while an import's statements change
 * what customers see, the counter's trigger only keeps the variations they changed (the setting is
 * local to each transaction); the import bumps the counter once when all its ranges are written
 * (bumpDeferredStockVersion), logging those variations' products, so the catalogue reads the levels
 * of those products again once, not per range.
 */
const DEFER_STOCK_VERSION = sql`select set_config('casa_maiz.stock_version', 'deferred', true)`;

/**
 * The ranges of variation ids a paced merge writes one at a time, in ascending order, cut from the
 * staged variation ids (`stepRows` of them each; the first open below, the last open above, so
 * rows the file leaves out fall in one too); an unpaced merge has one range, everything.
 */
export function mergeRanges(stagedIds: readonly number[], pace: Pacer): Range[] {
  if (!Number.isFinite(pace.stepRows)) return [{ from: null, to: null }];
  const sorted = [...stagedIds].sort((a, b) => a - b);
  const starts: number[] = [];
  for (let i = pace.stepRows; i < sorted.length; i += pace.stepRows) starts.push(sorted[i]!);
  const bounds = [null, ...starts, null];
  return bounds.slice(0, -1).map((from, i) => ({ from, to: bounds[i + 1] ?? null }));
}

/**
 * Updates the articles whose figures differ, inserts the ones that had no stock and, in a full
 * import, stops keeping stock of the articles the file leaves out: range by range in variation
 * order, each range's rows locked first, in the order placing an order locks them in
 * (stock.repository.ts), so an import and a checkout never wait for each other in a circle (not on
 * PGlite, `lockRows` false: its one connection runs one transaction at a time). `run` gives each
 * range its transaction: the import's one (PostgreSQL), or on PGlite a short one of its own, so the
 * one connection serves customers between the ranges; the pacer rests between them.
 */
export async function mergeStock(run: RunStep, stagedIds: readonly number[], deactivateMissing: boolean, pace: Pacer = UNPACED, lockRows = true): Promise<MergeCounts> {
  const same = sql`t.variation_id = s.variation_id`;
  const changed = sql`${same} and ${FIELDS} is distinct from ${STAGED}`;
  const missingFromFile = sql`not exists (select 1 from erp_stage_stock s where s.variation_id = t.variation_id)`;
  const totals = { updated: 0, inserted: 0, removed: 0 };
  try {
    for (const [i, range] of mergeRanges(stagedIds, pace).entries()) {
      if (i > 0) await pace.step();
      const written = await run(async (tx) => {
        await tx.execute(DEFER_STOCK_VERSION);
        const t = inRange(sql`t.variation_id`, range);
        const file = fileIn(range);
        if (lockRows) {
          await tx.execute(sql`select 1 from variation_stock t
            where ${t} and (exists (select 1 from ${file} s where ${changed})${deactivateMissing ? sql` or ${missingFromFile}` : sql``})
            order by t.variation_id for update of t`);
        }
        // One statement writes the range (its parts see the same snapshot: the insert finds no row the update made).
        const [counts] = await rowsOf<{ updated: number; inserted: number; removed: number }>(
          tx,
          sql`with u as (
                update variation_stock t set on_hand = s.on_hand, expected_date = s.expected_date, backorder = s.backorder, few_left_at = s.few_left_at
                from ${file} s where ${changed} and ${t} returning 1),
              i as (
                insert into variation_stock (variation_id, on_hand, expected_date, backorder, few_left_at)
                select s.variation_id, s.on_hand, s.expected_date, s.backorder, s.few_left_at from ${file} s
                where not exists (select 1 from variation_stock t where ${same})
                returning 1),
              d as (${deactivateMissing ? sql`delete from variation_stock t where ${t} and ${missingFromFile} returning 1` : sql`select 1 where false`})
              select (select count(*) from u)::int as updated, (select count(*) from i)::int as inserted, (select count(*) from d)::int as removed`,
        );
        return counts!;
      });
      totals.updated += written.updated;
      totals.inserted += written.inserted;
      totals.removed += written.removed;
    }
  } catch (error) {
    // On PGlite the ranges written before the failure stay (each was its own transaction): their
    // change is made known. In the import's one transaction (PostgreSQL) this cannot run and need
    // not: everything rolls back.
    await run((tx) => bumpDeferredStockVersion(tx)).catch(() => undefined);
    throw error;
  }
  await run((tx) => bumpDeferredStockVersion(tx));
  return {
    inserted: totals.inserted,
    updated: totals.updated,
    deactivated: totals.removed,
    writes: { stock_updated: totals.updated, stock_inserted: totals.inserted, stock_removed: totals.removed },
  };
}
