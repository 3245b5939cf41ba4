import { sql } from 'drizzle-orm';
import type { QuoteRow } from '../../../shared/api/erp';
import { WEB_QUOTE_PREFIX } from '../../../shared/api/staff-price-requests';
import type { ErpRowError } from '../../../shared/api/erp-import';
import type { Tx } from '../../db/client';
import { countOf, type MergeCounts, rowsOf, writeIfAny } from './erp-sql.repository';

/**
 * The quotes kind of the ERP import (docs/erp-exchange.md, "quotes"). A file has one row per
 * quote line; the quote's own fields repeat on each of its lines. A quote in the file is the
 * whole quote: its lines are upserted by (article number, quantity), so a line keeps its id (the
 * catalogue's `target_id`) while its price changes, and lines the file no longer gives are
 * removed. With deactivate-missing, quotes the file leaves out end yesterday (valid_until), as
 * prices do: the row stays, so the ERP can bring it back by listing it again. Quotes staff made
 * from a price request (erpId WEB-PR-<id>) are the shop's: a full import leaves them be.
 */

export const QUOTE_STAGE_COLUMNS =
  'line int not null, quote_number text not null, relation_erp_number text not null, label text not null, url text, valid_until date, sku text not null, quantity int not null, quote_price_cents int not null, standard_cost_cents int not null, markup_basis_points int not null, remark text not null, unit_label text not null, variation_id int, relation_id int';

export function quoteStageRow(row: QuoteRow, line: number) {
  return {
    line,
    quote_number: row.quote_number,
    relation_erp_number: row.relation_erp_number,
    label: row.label,
    url: row.url ?? null,
    valid_until: row.valid_until,
    sku: row.sku,
    quantity: row.quantity,
    quote_price_cents: row.quote_price,
    standard_cost_cents: row.standard_cost,
    markup_basis_points: row.markup,
    remark: row.remark ?? '',
    unit_label: row.unit_label ?? 'st.',
    variation_id: null,
    relation_id: null,
  };
}

/** Looks up each row's article number and relation (null: unknown, reported by the checks). */
export async function prepareQuoteStage(tx: Tx): Promise<void> {
  await tx.execute(sql`update erp_stage_quotes s set variation_id = v.id from variations v where v.sku = s.sku`);
  await tx.execute(sql`update erp_stage_quotes s set relation_id = r.id from relations r where r.erp_number = s.relation_erp_number`);
  await tx.execute(sql`create index on erp_stage_quotes (quote_number, line)`);
}

const QUOTE_FIELDS = ['relation_erp_number', 'label', 'url', 'valid_until'] as const;

export async function checkQuotes(tx: Tx, limit: number): Promise<ErpRowError[]> {
  const errors: ErpRowError[] = [];
  const repeated = await rowsOf<{ lines: number[] }>(
    tx,
    sql`select array_agg(line order by line) as lines from erp_stage_quotes group by quote_number, sku, quantity
        having count(*) > 1 order by min(line) limit ${limit}`,
  );
  for (const { lines } of repeated) {
    for (const line of lines.slice(1)) errors.push({ line, field: 'quantity', message: `repeats the quote line (quote number, article number and quantity) of line ${lines[0]}` });
  }
  const unknownSku = await rowsOf<{ line: number; sku: string }>(tx, sql`select line, sku from erp_stage_quotes where variation_id is null order by line limit ${limit}`);
  for (const r of unknownSku) errors.push({ line: r.line, field: 'sku', message: `article number ${r.sku} is not in the shop (import products first)` });
  const unknownRelation = await rowsOf<{ line: number; erp: string }>(
    tx,
    sql`select line, relation_erp_number as erp from erp_stage_quotes where relation_id is null order by line limit ${limit}`,
  );
  for (const r of unknownRelation) errors.push({ line: r.line, field: 'relation_erp_number', message: `relation ${r.erp} is not in the shop (import relations first)` });
  // Every line of a quote carries the quote's fields: they must say the same as its first line.
  const differing = await rowsOf<{ line: number; first: number } & Record<(typeof QUOTE_FIELDS)[number], boolean>>(
    tx,
    sql`with first as (select distinct on (quote_number) * from erp_stage_quotes order by quote_number, line)
        select s.line, f.line as first,
               s.relation_erp_number <> f.relation_erp_number as relation_erp_number, s.label <> f.label as label,
               s.url is distinct from f.url as url, s.valid_until is distinct from f.valid_until as valid_until
        from erp_stage_quotes s join first f on f.quote_number = s.quote_number
        where s.line <> f.line and (s.relation_erp_number, s.label, s.url, s.valid_until) is distinct from (f.relation_erp_number, f.label, f.url, f.valid_until)
        order by s.line limit ${limit}`,
  );
  for (const row of differing) {
    for (const field of QUOTE_FIELDS) {
      if (row[field]) errors.push({ line: row.line, field, message: `differs from line ${row.first}, the first line of the same quote` });
    }
  }
  return errors;
}

/** The quote as its first line in the file gives it (the checks made sure the others agree). */
const HEADS = sql.raw(
  'create temporary table erp_stage_quote_heads on commit drop as select distinct on (quote_number) quote_number, relation_id, label, url, valid_until from erp_stage_quotes order by quote_number, line',
);
const headDiffers = sql`(q.relation_id, q.label, q.url, q.valid_until) is distinct from (h.relation_id, h.label, h.url, h.valid_until)`;
const sameLine = sql`l.quote_id = q.id and l.variation_id = s.variation_id and l.quantity = s.quantity`;
const lineDiffers = sql`(l.quote_price_cents, l.standard_cost_cents, l.markup_basis_points, l.remark, l.unit_label)
  is distinct from (s.quote_price_cents, s.standard_cost_cents, s.markup_basis_points, s.remark, s.unit_label)`;

export async function mergeQuotes(tx: Tx, deactivateMissing: boolean, today: string, yesterday: string): Promise<MergeCounts> {
  await tx.execute(HEADS);
  await tx.execute(sql`create index on erp_stage_quote_heads (quote_number)`);
  const classes = await quoteLineClasses(tx);
  const writes: Record<string, number> = {};
  await mergeQuoteHeads(tx, writes);
  await mergeQuoteLines(tx, writes);
  // Counted in quote lines, as the rows are: lines dropped from quotes, and lines of ended quotes.
  let deactivated = writes.quote_lines_removed!;
  if (deactivateMissing) deactivated += await endMissingQuotes(tx, writes, today, yesterday);
  return { inserted: classes?.inserted ?? 0, updated: classes?.updated ?? 0, deactivated, writes };
}

/** How many rows of the file are new quote lines, and how many change a line's price or its quote. */
async function quoteLineClasses(tx: Tx) {
  // Per row of the file: a new line, or one whose price or quote changes.
  const [classes] = await rowsOf<{ inserted: number; updated: number }>(
    tx,
    sql`select count(*) filter (where l.id is null)::int as inserted,
               count(*) filter (where l.id is not null and (${lineDiffers} or ${headDiffers}))::int as updated
        from erp_stage_quotes s
        join erp_stage_quote_heads h on h.quote_number = s.quote_number
        left join quotes q on q.erp_id = s.quote_number
        left join lateral (select * from quote_lines l where ${sameLine} order by l.id limit 1) l on true`,
  );
  return classes;
}

/** The quotes themselves (one head each): new ones inserted, changed ones updated. */
async function mergeQuoteHeads(tx: Tx, writes: Record<string, number>) {
  writes.quotes_inserted = await writeIfAny(
    tx,
    sql`select count(*)::int as n from erp_stage_quote_heads h where not exists (select 1 from quotes q where q.erp_id = h.quote_number)`,
    sql`insert into quotes (erp_id, relation_id, label, url, valid_until)
        select h.quote_number, h.relation_id, h.label, h.url, h.valid_until from erp_stage_quote_heads h
        where not exists (select 1 from quotes q where q.erp_id = h.quote_number)`,
  );
  writes.quotes_updated = await writeIfAny(
    tx,
    sql`select count(*)::int as n from erp_stage_quote_heads h join quotes q on q.erp_id = h.quote_number where ${headDiffers}`,
    sql`update quotes q set relation_id = h.relation_id, label = h.label, url = h.url, valid_until = h.valid_until
        from erp_stage_quote_heads h where q.erp_id = h.quote_number and ${headDiffers}`,
  );
}

/** A quote's lines as the file gives them: dropped, updated and new lines. */
async function mergeQuoteLines(tx: Tx, writes: Record<string, number>) {
  // A quote in the file is all of it: lines it no longer gives go.
  const dropped = sql`l.quote_id = q.id and q.erp_id = h.quote_number
    and not exists (select 1 from erp_stage_quotes s where s.quote_number = h.quote_number and s.variation_id = l.variation_id and s.quantity = l.quantity)`;
  writes.quote_lines_removed = await writeIfAny(
    tx,
    sql`select count(*)::int as n from quote_lines l, quotes q, erp_stage_quote_heads h where ${dropped}`,
    sql`delete from quote_lines l using quotes q, erp_stage_quote_heads h where ${dropped}`,
  );
  writes.quote_lines_updated = await writeIfAny(
    tx,
    sql`select count(*)::int as n from erp_stage_quotes s join quotes q on q.erp_id = s.quote_number join quote_lines l on ${sameLine} where ${lineDiffers}`,
    sql`update quote_lines l set quote_price_cents = s.quote_price_cents, standard_cost_cents = s.standard_cost_cents,
          markup_basis_points = s.markup_basis_points, remark = s.remark, unit_label = s.unit_label
        from erp_stage_quotes s join quotes q on q.erp_id = s.quote_number where ${sameLine} and ${lineDiffers}`,
  );
  writes.quote_lines_inserted = await writeIfAny(
    tx,
    sql`select count(*)::int as n from erp_stage_quotes s join quotes q on q.erp_id = s.quote_number
        where not exists (select 1 from quote_lines l where ${sameLine})`,
    sql`insert into quote_lines (quote_id, variation_id, quote_price_cents, standard_cost_cents, quantity, markup_basis_points, remark, unit_label)
        select q.id, s.variation_id, s.quote_price_cents, s.standard_cost_cents, s.quantity, s.markup_basis_points, s.remark, s.unit_label
        from erp_stage_quotes s join quotes q on q.erp_id = s.quote_number
        where not exists (select 1 from quote_lines l where ${sameLine})
        order by s.line`,
  );
}

/** Ends yesterday every still valid quote the file leaves out; answers how many lines they had. */
async function endMissingQuotes(tx: Tx, writes: Record<string, number>, today: string, yesterday: string): Promise<number> {
  // The file is the complete list of current quotes (of every relation): any other still valid ends
  // yesterday, but for the quotes staff made in the shop from a price request (WEB-PR-<id>), which
  // the ERP does not know; they change only when the ERP sends that quote number itself.
  const gone = sql`(q.valid_until is null or q.valid_until >= ${today}::date)
    and q.erp_id not like ${`${WEB_QUOTE_PREFIX}%`}
    and not exists (select 1 from erp_stage_quote_heads h where h.quote_number = q.erp_id)`;
  const lines = await countOf(tx, sql`select count(*)::int as n from quote_lines l join quotes q on q.id = l.quote_id where ${gone}`);
  writes.quotes_ended = await writeIfAny(
    tx,
    sql`select count(*)::int as n from quotes q where ${gone}`,
    sql`update quotes q set valid_until = ${yesterday}::date where ${gone}`,
  );
  return lines;
}
