import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { catalogVersion, orderItems, orders, variationStock } from '../../db/schema';
import { CATALOG_COUNTERS } from '../../db/data-counters';
import { useTestApp } from '../../test/app';
import { type ProductRef, productRefs } from '../catalog/test-support';
import { createErpService } from '../erp/erp.service';

/*
 * A paced stock import (decision 030) stages and merges its file part by part, resting between
 * the parts: in one transaction (PostgreSQL), or on PGlite each part in a short transaction of its
 * own (`oneConnection`). Either way its outcome is exactly an unpaced import's, a file with a
 * bad row applies nowhere, rows the file leaves out are found in every range, an order placed
 * while it runs is not put back on the shelf, and the stock version goes up once.
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

/** Unpaced (the command line), paced in one transaction, or paced in a transaction per step (PGlite only: its one session keeps the stage). */
type Mode = 'unpaced' | 'one transaction' | 'own transactions';
const PACED: Mode[] = process.env.TEST_DATABASE_URL ? ['one transaction'] : ['one transaction', 'own transactions'];

const service = (mode: Mode, rest?: () => Promise<void>) =>
  createErpService(db(), {
    now: () => new Date('2026-11-27T10:00:00Z'),
    ...(mode === 'unpaced' ? {} : { stockPacing: { share: rest ? 0.001 : 0.5, oneConnection: mode === 'own transactions', stepRows: 2, sleep: rest } }),
  });

async function importStock(mode: Mode, lines: string[], deactivateMissing = false, rest?: () => Promise<void>) {
  const file = ['sku;on_hand;expected_date;backorder;few_left_at', ...lines].join('\n');
  return service(mode, rest).importFile({
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

const stockVersion = async () =>
  (await db().select({ version: catalogVersion.version }).from(catalogVersion).where(eq(catalogVersion.id, CATALOG_COUNTERS.stock)))[0]!.version;

describe.each(PACED)('a stock import paced in %s', (mode) => {
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
    const outcome = async (how: Mode) => {
      await db().delete(variationStock);
      expect((await importStock(how, first)).applied).toBe(true);
      const report = await importStock(how, second, true);
      return { counts: report.counts, writes: report.writes, rows: await stockRows() };
    };
    const unpaced = await outcome('unpaced');
    const paced = await outcome(mode);
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
    expect((await importStock(mode, lines)).applied).toBe(true);
    const before = await stockRows();
    const report = await importStock(mode, [...refs.slice(0, 5).map((r) => `${r.sku};99;;;`), 'NOPE-1;1;;;']);
    expect(report.applied).toBe(false);
    expect(report.errors.map((e) => [e.line, e.field])).toEqual([[7, 'sku']]);
    expect(await stockRows()).toEqual(before);
  });
});

/** How the shop paces on the test's engine (api.ts): PGlite's rests lie between transactions, PostgreSQL's inside its one. */
const SHOPS_MODE: Mode = process.env.TEST_DATABASE_URL ? 'one transaction' : 'own transactions';

describe(`a stock import paced as the shop paces it on this engine (${SHOPS_MODE})`, () => {
  it('keeps what an order placed between its ranges took, and bumps the stock version once', async () => {
    const byId = [...refs.slice(0, 6)].sort((a, b) => a.variationId - b.variationId);
    const last = byId.at(-1)!;
    expect((await importStock('unpaced', byId.map((r) => `${r.sku};100;;nee;5`))).applied).toBe(true);
    // At every rest of the import (between the staged parts and between the ranges) a customer buys one of the
    // last article, in the last range: placed, not yet handed to the ERP, its stock taken.
    let sold = 0;
    const placeOrder = async () => {
      const [order] = await db().insert(orders).values({ userId: 1, relationId: 1, state: 'placed', placedAt: new Date(), subtotalCents: 100, totalCents: 109, paymentState: 'on_account' }).returning();
      await db().insert(orderItems).values({ orderId: order!.id, variationId: last.variationId, productId: last.id, quantity: 1, sku: last.sku, title: 'x', unitPriceCents: 100, totalCents: 100, taxRate: 900 });
      const [row] = await db().select().from(variationStock).where(eq(variationStock.variationId, last.variationId));
      await db().update(variationStock).set({ onHand: row!.onHand - 1 }).where(eq(variationStock.variationId, last.variationId));
      sold += 1;
    };
    const version = await stockVersion();
    // Every level to 3 (few left at 5): what customers see changes in every range.
    const report = await importStock(SHOPS_MODE, byId.map((r) => `${r.sku};3;;nee;5`), false, placeOrder);
    expect(report.applied).toBe(true);
    // Rests come between the three staged parts of two rows and between the three ranges.
    expect(sold).toBeGreaterThanOrEqual(4);
    const rows = new Map((await stockRows()).map((r) => [r[0], r[1]]));
    expect(rows.get(last.variationId)).toBe(3 - sold);
    for (const r of byId.slice(0, -1)) expect(rows.get(r.variationId)).toBe(3);
    expect(await stockVersion()).toBe(version + 1);
  });
});
