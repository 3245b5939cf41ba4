import { sql } from 'drizzle-orm';
import type { DepositRow, VatRateRow } from '../../../shared/api/erp';
import type { ErpRowError } from '../../../shared/api/erp-import';
import type { Tx } from '../../db/client';
import { type MergeCounts, rowsOf, writeIfAny } from './erp-sql.repository';

/**
 * The vat_rates and deposits kinds of the ERP import (docs/erp-exchange.md; decision 028), with
 * the guarantees of the other kinds: a file applies whole or not at all, every problem named by
 * line and field, and a repeated file writes nothing.
 *
 * - vat_rates: one row per class and day from which a rate counts; a row adds or corrects that
 *   day's rate. Rates are history (a placed order keeps its own), so none is ever removed.
 * - deposits: one row per article and kind: the deposit items one sales unit carries and the
 *   amount of each. Quantity 0 takes that kind off the article.
 */

export const VAT_RATE_STAGE_COLUMNS = 'line int not null, vat_class text not null, valid_from date not null, rate int not null';
export const DEPOSIT_STAGE_COLUMNS = 'line int not null, sku text not null, kind text not null, amount_cents int not null, quantity int not null, variation_id int';

export const vatRateStageRow = (row: VatRateRow, line: number) => ({ line, vat_class: row.vat_class, valid_from: row.valid_from, rate: row.rate });

export const depositStageRow = (row: DepositRow, line: number) => ({ line, sku: row.sku, kind: row.kind, amount_cents: row.amount, quantity: row.quantity, variation_id: null });

export async function prepareDepositStage(tx: Tx): Promise<void> {
  await tx.execute(sql`update erp_stage_deposits s set variation_id = v.id from variations v where v.sku = s.sku`);
}

async function repeated(tx: Tx, stage: string, keys: string, field: string, what: string, limit: number): Promise<ErpRowError[]> {
  const rows = await rowsOf<{ lines: number[] }>(
    tx,
    sql.raw(`select array_agg(line order by line) as lines from ${stage} group by ${keys} having count(*) > 1 order by min(line) limit ${limit}`),
  );
  return rows.flatMap(({ lines }) => lines.slice(1).map((line) => ({ line, field, message: `repeats the ${what} of line ${lines[0]}` })));
}

export async function checkVatRates(tx: Tx, limit: number): Promise<ErpRowError[]> {
  return repeated(tx, 'erp_stage_vat_rates', 'vat_class, valid_from', 'valid_from', 'rate (class and valid_from)', limit);
}

export async function checkDeposits(tx: Tx, limit: number): Promise<ErpRowError[]> {
  const errors = await repeated(tx, 'erp_stage_deposits', 'sku, kind', 'kind', 'deposit (article number and kind)', limit);
  const unknown = await rowsOf<{ line: number; sku: string }>(tx, sql`select line, sku from erp_stage_deposits where variation_id is null order by line limit ${limit}`);
  for (const r of unknown) errors.push({ line: r.line, field: 'sku', message: `article number ${r.sku} is not in the shop (import products first)` });
  return errors;
}

export async function mergeVatRates(tx: Tx): Promise<MergeCounts> {
  const same = sql`r.vat_class = s.vat_class and r.valid_from = s.valid_from`;
  const [classes] = await rowsOf<{ inserted: number; updated: number }>(
    tx,
    sql`select count(*) filter (where r.vat_class is null)::int as inserted, count(*) filter (where r.rate <> s.rate)::int as updated
        from erp_stage_vat_rates s left join vat_rates r on ${same}`,
  );
  const missing = sql`not exists (select 1 from vat_rates r where ${same})`;
  const writes: Record<string, number> = {};
  writes.vat_rates_inserted = await writeIfAny(
    tx,
    sql`select count(*)::int as n from erp_stage_vat_rates s where ${missing}`,
    sql`insert into vat_rates (vat_class, valid_from, rate) select s.vat_class, s.valid_from, s.rate from erp_stage_vat_rates s where ${missing}`,
  );
  writes.vat_rates_updated = await writeIfAny(
    tx,
    sql`select count(*)::int as n from erp_stage_vat_rates s join vat_rates r on ${same} where r.rate <> s.rate`,
    sql`update vat_rates r set rate = s.rate from erp_stage_vat_rates s where ${same} and r.rate <> s.rate`,
  );
  return { inserted: classes?.inserted ?? 0, updated: classes?.updated ?? 0, deactivated: 0, writes };
}

export async function mergeDeposits(tx: Tx): Promise<MergeCounts> {
  const same = sql`d.variation_id = s.variation_id and d.kind = s.kind`;
  const [classes] = await rowsOf<{ inserted: number; updated: number }>(
    tx,
    sql`select count(*) filter (where d.variation_id is null and s.quantity > 0)::int as inserted,
               count(*) filter (where d.variation_id is not null and (s.quantity = 0 or (d.amount_cents, d.quantity) <> (s.amount_cents, s.quantity)))::int as updated
        from erp_stage_deposits s left join variation_deposits d on ${same}`,
  );
  const writes: Record<string, number> = {};
  writes.deposits_removed = await writeIfAny(
    tx,
    sql`select count(*)::int as n from erp_stage_deposits s join variation_deposits d on ${same} where s.quantity = 0`,
    sql`delete from variation_deposits d using erp_stage_deposits s where ${same} and s.quantity = 0`,
  );
  const missing = sql`s.quantity > 0 and not exists (select 1 from variation_deposits d where ${same})`;
  writes.deposits_inserted = await writeIfAny(
    tx,
    sql`select count(*)::int as n from erp_stage_deposits s where ${missing}`,
    sql`insert into variation_deposits (variation_id, kind, amount_cents, quantity) select s.variation_id, s.kind, s.amount_cents, s.quantity from erp_stage_deposits s where ${missing}`,
  );
  const changed = sql`${same} and s.quantity > 0 and (d.amount_cents, d.quantity) <> (s.amount_cents, s.quantity)`;
  writes.deposits_updated = await writeIfAny(
    tx,
    sql`select count(*)::int as n from erp_stage_deposits s join variation_deposits d on ${changed}`,
    sql`update variation_deposits d set amount_cents = s.amount_cents, quantity = s.quantity from erp_stage_deposits s where ${changed}`,
  );
  return { inserted: classes?.inserted ?? 0, updated: classes?.updated ?? 0, deactivated: 0, writes };
}
