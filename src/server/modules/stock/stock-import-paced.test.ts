import { beforeEach, describe, expect, it } from 'vitest';
import { orders, variationStock } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { type ProductRef, productRefs } from '../catalog/test-support';
import { createErpService } from '../erp/erp.service';

/*
 * A paced stock import (decision 030) stages and merges its file part by part, resting between
 * the parts, in one transaction: its outcome is exactly an unpaced import's, the file still
 * applies whole or not at all, and rows the file leaves out are found in every range.
 */
const t = useTestApp();
const db = () => t.app.database.db;
let refs: ProductRef[];

beforeEach(async () => {
  refs = (await productRefs(db())).slice(0, 7);
  await db().delete(variationStock);
  // The demo's past orders were never exported: the import would take them off the ERP's figures.
  await db().delete(orders);
});

const service = (paced: boolean) =>
  createErpService(db(), { now: () => new Date('2026-11-27T10:00:00Z'), ...(paced ? { stockPacing: { share: 0.5, inTransaction: true, stepRows: 2 } } : {}) });

async function importStock(paced: boolean, lines: string[], deactivateMissing = false) {
  const file = ['sku;on_hand;expected_date;backorder;few_left_at', ...lines].join('\n');
  return service(paced).importFile({
    kind: 'stock',
    format: 'csv',
    input: (async function* () {
      yield Buffer.from(file);
    })(),
    dryRun: false,
    deactivateMissing,
  });
}

async function stockRows() {
  const rows = await db().select().from(variationStock).orderBy(variationStock.variationId);
  return rows.map((r) => [r.variationId, r.onHand, r.expectedDate, r.backorder, r.fewLeftAt]);
}

describe('a paced stock import', () => {
  it('writes what an unpaced one writes, range by range, and stops keeping stock of left-out articles in every range', async () => {
    expect(refs).toHaveLength(7);
    const first = refs.slice(0, 6).map((r, i) => `${r.sku};${10 * (i + 1)};;nee;5`);
    // Unchanged, changed, left out (first and fourth article), and one new at the end.
    const second = [
      `${refs[1]!.sku};20;;nee;5`,
      `${refs[2]!.sku};0;2027-01-12;nee;5`,
      `${refs[4]!.sku};3;;ja;5`,
      `${refs[5]!.sku};61;;nee;8`,
      `${refs[6]!.sku};70;;nee;`,
    ];
    const outcome = async (paced: boolean) => {
      await db().delete(variationStock);
      expect((await importStock(paced, first)).applied).toBe(true);
      const report = await importStock(paced, second, true);
      return { counts: report.counts, writes: report.writes, rows: await stockRows() };
    };
    const unpaced = await outcome(false);
    const paced = await outcome(true);
    expect(paced).toEqual(unpaced);
    expect(paced.counts).toEqual({ inserted: 1, updated: 3, unchanged: 1, deactivated: 2 });
    expect(paced.writes).toMatchObject({ stock_updated: 3, stock_inserted: 1, stock_removed: 2 });
    const byVariation = new Map(paced.rows.map((r) => [r[0], r]));
    expect(byVariation.has(refs[0]!.variationId)).toBe(false);
    expect(byVariation.has(refs[3]!.variationId)).toBe(false);
    expect(byVariation.get(refs[2]!.variationId)).toEqual([refs[2]!.variationId, 0, '2027-01-12', false, 5]);
    expect(byVariation.get(refs[6]!.variationId)).toEqual([refs[6]!.variationId, 70, null, false, 10]);
  });

  it('applies a file with a bad row nowhere, whichever part the bad row is in', async () => {
    const lines = refs.slice(0, 6).map((r) => `${r.sku};10;;;`);
    expect((await importStock(true, lines)).applied).toBe(true);
    const before = await stockRows();
    const report = await importStock(true, [...refs.slice(0, 5).map((r) => `${r.sku};99;;;`), 'NOPE-1;1;;;']);
    expect(report.applied).toBe(false);
    expect(report.errors.map((e) => [e.line, e.field])).toEqual([[7, 'sku']]);
    expect(await stockRows()).toEqual(before);
  });
});
