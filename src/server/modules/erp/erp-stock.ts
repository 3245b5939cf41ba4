import { sql } from 'drizzle-orm';
import type { StockRow } from '../../../shared/api/erp';
import type { ErpRowError } from '../../../shared/api/erp-import';
import type { Tx } from '../../db/client';
import { countOf, type MergeCounts, rowsOf, writeIfAny } from './erp-sql';
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

/** The parts a paced import works through one at a time (`stepRows` each); an unpaced one does all at once. */
const partsOf = <T>(rows: T[], pace: Pacer): T[][] => {
  if (rows.length <= pace.stepRows) return [rows];
  const parts: T[][] = [];
  for (let i = 0; i < rows.length; i += pace.stepRows) parts.push(rows.slice(i, i + pace.stepRows));
  return parts;
};

/**
 * Stages a file's rows with their variations found in the same statement: one statement for the
 * whole file (on PGlite the import holds the one connection while it stages), or, paced, one per
 * part with the pacer's rest between them.
 */
export async function stageStock(tx: Tx, rows: object[], pace: Pacer = UNPACED): Promise<void> {
  const parts = partsOf(rows, pace);
  for (const [i, part] of parts.entries()) {
    if (i > 0) await pace.step();
    await tx.execute(sql`
      insert into erp_stage_stock (line, sku, on_hand, expected_date, backorder, few_left_at, variation_id)
      select r.line, r.sku, r.on_hand, r.expected_date, r.backorder, r.few_left_at, v.id
      from json_populate_recordset(null::erp_stage_stock, ${JSON.stringify(part)}::json) r left join variations v on v.sku = r.sku`);
  }
}

/** The file's figures less what placed orders the ERP has not seen took (the variations were found when staging). */
export async function prepareStockStage(tx: Tx): Promise<void> {
  await tx.execute(sql`
    update erp_stage_stock s set on_hand = greatest(s.on_hand - p.quantity, -1000000000)
    from (select i.variation_id, sum(i.quantity)::int as quantity
          from orders o join order_items i on i.order_id = o.id
          where o.placed_at is not null and o.erp_export_seq is null and o.state <> 'canceled' and i.variation_id is not null
          group by i.variation_id) p
    where p.variation_id = s.variation_id`);
}

export async function checkStock(tx: Tx, limit: number): Promise<ErpRowError[]> {
  const errors: ErpRowError[] = [];
  const repeated = await rowsOf<{ lines: number[] }>(
    tx,
    sql`select array_agg(line order by line) as lines from erp_stage_stock group by sku having count(*) > 1 order by min(line) limit ${limit}`,
  );
  for (const { lines } of repeated) for (const line of lines.slice(1)) errors.push({ line, field: 'sku', message: `repeats the article number of line ${lines[0]}` });
  const unknown = await rowsOf<{ line: number; sku: string }>(tx, sql`select line, sku from erp_stage_stock where variation_id is null order by line limit ${limit}`);
  for (const r of unknown) errors.push({ line: r.line, field: 'sku', message: `article number ${r.sku} is not in the shop (import products first)` });
  return errors;
}

const FIELDS = sql`(t.on_hand, t.expected_date, t.backorder, t.few_left_at)`;
const STAGED = sql`(s.on_hand, s.expected_date, s.backorder, s.few_left_at)`;

/**
 * The ranges of variation ids a paced merge locks and updates one at a time, in ascending order
 * (the first open below, the last open above, so rows the file leaves out fall in one too); an
 * unpaced merge has one range, everything.
 */
async function mergeRanges(tx: Tx, pace: Pacer): Promise<Array<{ from: number | null; to: number | null }>> {
  if (!Number.isFinite(pace.stepRows)) return [{ from: null, to: null }];
  const starts = await rowsOf<{ id: number }>(
    tx,
    sql`select variation_id as id from (select variation_id, row_number() over (order by variation_id) as n from erp_stage_stock where variation_id is not null) s
        where n % ${pace.stepRows} = 1 and n > 1 order by variation_id`,
  );
  const bounds = [null, ...starts.map((r) => r.id), null];
  return bounds.slice(0, -1).map((from, i) => ({ from, to: bounds[i + 1] ?? null }));
}

const inRange = (range: { from: number | null; to: number | null }) =>
  sql`${range.from === null ? sql`true` : sql`t.variation_id >= ${range.from}`} and ${range.to === null ? sql`true` : sql`t.variation_id < ${range.to}`}`;

/**
 * Inserts the articles that had no stock, updates the ones whose figures differ and, in a full
 * import, stops keeping stock of the articles the file leaves out. The rows to change are locked
 * first in article order, the order placing an order locks them in (stock.repository.ts), so an
 * import and a checkout never wait for each other in a circle. Paced, it locks and updates range
 * by range in that same order, resting between them; the transaction still applies the file whole.
 */
export async function mergeStock(tx: Tx, deactivateMissing: boolean, pace: Pacer = UNPACED): Promise<MergeCounts> {
  const same = sql`t.variation_id = s.variation_id`;
  const [classes] = await rowsOf<{ inserted: number; updated: number }>(
    tx,
    sql`select count(*) filter (where t.variation_id is null)::int as inserted, count(*) filter (where t.variation_id is not null and ${FIELDS} is distinct from ${STAGED})::int as updated
        from erp_stage_stock s left join variation_stock t on ${same}`,
  );
  const writes: Record<string, number> = {};
  let updated = 0;
  const changed = sql`${same} and ${FIELDS} is distinct from ${STAGED}`;
  const missingFromFile = sql`not exists (select 1 from erp_stage_stock s where s.variation_id = t.variation_id)`;
  const updating = (classes?.updated ?? 0) > 0;
  if (updating || deactivateMissing) {
    for (const [i, range] of (await mergeRanges(tx, pace)).entries()) {
      if (i > 0) await pace.step();
      await tx.execute(sql`select 1 from variation_stock t
        where ${inRange(range)} and (exists (select 1 from erp_stage_stock s where ${changed})${deactivateMissing ? sql` or ${missingFromFile}` : sql``})
        order by t.variation_id for update of t`);
      // The classes above count the rows each write touches: no statement of its own asks again.
      if (updating) {
        updated += await countOf(
          tx,
          sql`with w as (update variation_stock t set on_hand = s.on_hand, expected_date = s.expected_date, backorder = s.backorder, few_left_at = s.few_left_at
              from erp_stage_stock s where ${changed} and ${inRange(range)} returning 1) select count(*)::int as n from w`,
        );
      }
    }
  }
  writes.stock_updated = updated;
  const missing = sql`not exists (select 1 from variation_stock t where ${same})`;
  writes.stock_inserted =
    (classes?.inserted ?? 0) > 0
      ? await countOf(
          tx,
          sql`with w as (insert into variation_stock (variation_id, on_hand, expected_date, backorder, few_left_at)
              select s.variation_id, s.on_hand, s.expected_date, s.backorder, s.few_left_at from erp_stage_stock s where ${missing} returning 1)
              select count(*)::int as n from w`,
        )
      : 0;
  writes.stock_removed = deactivateMissing
    ? await writeIfAny(tx, sql`select count(*)::int as n from variation_stock t where ${missingFromFile}`, sql`delete from variation_stock t where ${missingFromFile}`)
    : 0;
  return { inserted: classes?.inserted ?? 0, updated: classes?.updated ?? 0, deactivated: writes.stock_removed, writes };
}
