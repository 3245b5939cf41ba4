import { Readable } from 'node:stream';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { productListResponse } from '../../../shared/api/catalog';
import { erpImportReport } from '../../../shared/api/erp-import';
import { CATALOG_COUNTERS } from '../../db/data-counters';
import { catalogVersion, orderItems, orders, variationStock } from '../../db/schema';
import { login, type Session, useTestApp } from '../../test/app';
import { useSecondInstance } from '../../test/second-instance';
import { countQueries, getJson, indexUrl, type ProductRef, productRefs } from '../catalog/test-support';
import { ERP_TOKEN, importCall, refusedImport } from '../erp/test-support';

/*
 * The ERP's stock kind (issue 21 point 4, decision 030): applied whole or not at all, a repeated
 * file writes nothing, and a stock import changes what every instance shows at once without
 * touching the catalogue version (which would rebuild the search index, decision 025).
 */
const t = useTestApp({ erpApiToken: ERP_TOKEN });
const db = () => t.app.database.db;
let demo: Session;
let refs: ProductRef[];

const second = useSecondInstance();

beforeEach(async () => {
  refs = (await productRefs(db())).slice(0, 3);
  await db().delete(variationStock);
  // The demo's past orders were never exported: the import would take them off the ERP's figures.
  await db().delete(orders);
  demo = await login(t.app, 'demo');
});

async function counters(): Promise<{ catalogue: number; stock: number }> {
  const rows = await db().select().from(catalogVersion).where(inArray(catalogVersion.id, [CATALOG_COUNTERS.catalogue, CATALOG_COUNTERS.stock]));
  const of = (id: number) => rows.find((r) => r.id === id)?.version ?? 0;
  return { catalogue: of(CATALOG_COUNTERS.catalogue), stock: of(CATALOG_COUNTERS.stock) };
}

async function stockRows() {
  const rows = await db().select().from(variationStock).orderBy(variationStock.variationId);
  return rows.map((r) => [r.variationId, r.onHand, r.expectedDate, r.backorder, r.fewLeftAt, r.availability]);
}

async function availabilityOn(app: FastifyInstance, ref: ProductRef) {
  const res = await getJson(app, indexUrl({ 'page[limit]': 15 }), demo.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return productListResponse.parse(res.json()).data.find((p) => p.sku === ref.sku)?.availability;
}

const csv = (lines: string[]) => ['sku;on_hand;expected_date;backorder;few_left_at', ...lines].join('\n');

describe('the ERP stock import', () => {
  it('stores each article’s stock, and a repeated file writes nothing', async () => {
    const [a, b, c] = refs as [ProductRef, ProductRef, ProductRef];
    const file = csv([`${a.sku};120;;nee;`, `${b.sku};4;15-01-2027;ja;5`, `${c.sku};0;2027-01-12;;`]);
    const res = await importCall(t.app, 'stock', file, { format: 'csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(erpImportReport.parse(res.json()).counts).toEqual({ inserted: 3, updated: 0, unchanged: 0, deactivated: 0 });
    expect(await stockRows()).toEqual([
      [a.variationId, 120, null, false, 10, 'in_stock'],
      [b.variationId, 4, '2027-01-15', true, 5, 'few_left'],
      [c.variationId, 0, '2027-01-12', false, 10, 'out_of_stock'],
    ]);
    const before = await counters();
    const again = await importCall(t.app, 'stock', file, { format: 'csv' });
    expect(erpImportReport.parse(again.json()).counts).toEqual({ inserted: 0, updated: 0, unchanged: 3, deactivated: 0 });
    expect(await counters()).toEqual(before);
  });

  it('refuses a bad file with every problem named, and stores nothing', async () => {
    const [a] = refs as [ProductRef];
    const report = await refusedImport(t.app, 'stock', csv([`${a.sku};12;;;`, `${a.sku};13;;;`, 'NOPE-1;1;;;', `${refs[1]!.sku};veel;32-13-2026;misschien;-1`]), { format: 'csv' });
    expect(report.applied).toBe(false);
    expect(report.errors.map((e) => [e.line, e.field])).toEqual([
      [3, 'sku'],
      [4, 'sku'],
      [5, 'on_hand'],
      [5, 'expected_date'],
      [5, 'backorder'],
      [5, 'few_left_at'],
    ]);
    expect(report.errors.find((e) => e.line === 4)?.message).toBe('article number NOPE-1 is not in the shop (import products first)');
    expect(report.errors.find((e) => e.line === 3)?.message).toBe('repeats the article number of line 2');
    expect(await stockRows()).toEqual([]);
  });

  it('subtracts what placed orders the ERP has not been sent yet took, so a sale is not put back on the shelf', async () => {
    const [a] = refs as [ProductRef];
    const [order] = await db().insert(orders).values({ userId: 1, relationId: 1, state: 'placed', placedAt: new Date(), subtotalCents: 100, totalCents: 109, paymentState: 'on_account' }).returning();
    await db().insert(orderItems).values({ orderId: order!.id, variationId: a.variationId, productId: a.id, quantity: 7, sku: a.sku, title: 'x', unitPriceCents: 1, totalCents: 7, taxRate: 900 });
    await importCall(t.app, 'stock', JSON.stringify({ sku: a.sku, on_hand: 20 }), { format: 'jsonl' });
    expect((await stockRows())[0]?.[1]).toBe(13);
    // Once the export has handed the order to the ERP, its figure counts the sale itself.
    await db().update(orders).set({ erpExportSeq: 1 }).where(eq(orders.id, order!.id));
    await importCall(t.app, 'stock', JSON.stringify({ sku: a.sku, on_hand: 13 }), { format: 'jsonl' });
    expect((await stockRows())[0]?.[1]).toBe(13);
  });

  it('answers a catalogue read while a stock file is still arriving (PGlite has one connection)', async () => {
    const [a, b] = refs as [ProductRef, ProductRef];
    const events: string[] = [];
    // The file's second half is sent only once a product list has been answered: an import that
    // held the database while it read its upload would wait for the list, and the list for it.
    async function* upload() {
      yield Buffer.from(`${csv([`${a.sku};40;;;`])}\n`);
      events.push('first half sent');
      const list = await getJson(t.app, indexUrl({ 'page[limit]': 15 }), demo.cookie);
      events.push(`list answered ${list.statusCode}`);
      yield Buffer.from(`${b.sku};41;;;\n`);
    }
    const res = await importCall(t.app, 'stock', Readable.from(upload()) as unknown as Buffer, { format: 'csv' });
    events.push(`import answered ${res.statusCode}`);
    expect(events).toEqual(['first half sent', 'list answered 200', 'import answered 200']);
    expect((await stockRows()).map((r) => r[1])).toEqual([40, 41]);
  });

  it('with deactivate_missing stops keeping stock of articles the file leaves out', async () => {
    const [a, b] = refs as [ProductRef, ProductRef];
    await importCall(t.app, 'stock', [a, b].map((r) => JSON.stringify({ sku: r.sku, on_hand: 50 })).join('\n'), { format: 'jsonl' });
    const res = await importCall(t.app, 'stock', JSON.stringify({ sku: a.sku, on_hand: 50 }), { format: 'jsonl', query: 'deactivate_missing=1' });
    expect(erpImportReport.parse(res.json()).counts).toEqual({ inserted: 0, updated: 0, unchanged: 1, deactivated: 1 });
    expect((await stockRows()).map((r) => r[0])).toEqual([a.variationId]);
  });
});

describe('the catalogue after a stock import', () => {
  it('shows the new level at once on both instances, and leaves the catalogue version (and the search index) alone', async () => {
    const [a] = refs as [ProductRef];
    const b = await second.instance();
    await importCall(t.app, 'stock', JSON.stringify({ sku: a.sku, on_hand: 100 }), { format: 'jsonl' });
    // Both instances remember the page (and its parts) at this stock version.
    for (const app of [t.app, b]) {
      expect(await availabilityOn(app, a)).toEqual({ status: 'in_stock', expected_date: null, backorder: false });
      expect(await availabilityOn(app, a)).toEqual({ status: 'in_stock', expected_date: null, backorder: false });
    }
    const before = await counters();
    await importCall(t.app, 'stock', JSON.stringify({ sku: a.sku, on_hand: 0, expected_date: '2027-02-01' }), { format: 'jsonl' });
    const after = await counters();
    expect(after.catalogue).toBe(before.catalogue);
    expect(after.stock).toBeGreaterThan(before.stock);
    for (const app of [b, t.app]) {
      expect(await availabilityOn(app, a)).toEqual({ status: 'out_of_stock', expected_date: '2027-02-01', backorder: false });
    }
  });

  it('shows the level an import changed on a list page asked for before it, at its first request after it', async () => {
    const [a] = refs as [ProductRef];
    const url = indexUrl({ 'page[limit]': 15 });
    const levelOnPage = async () => productListResponse.parse((await getJson(t.app, url, demo.cookie)).json()).data.find((p) => p.id === a.uuid)?.availability;
    expect(await levelOnPage()).not.toEqual({ status: 'out_of_stock', expected_date: '2027-02-01', backorder: false });
    await importCall(t.app, 'stock', JSON.stringify({ sku: a.sku, on_hand: 0, expected_date: '2027-02-01' }), { format: 'jsonl' });
    expect(await levelOnPage()).toEqual({ status: 'out_of_stock', expected_date: '2027-02-01', backorder: false });
  });

  it('reads the levels of a block of products once per stock version: the other pages of the block are made again without a statement of their own', async () => {
    const [a] = refs as [ProductRef];
    const pageA = indexUrl({ 'page[limit]': 15 });
    const pageB = indexUrl({ 'page[offset]': 15, 'page[limit]': 15 });
    for (const url of [pageA, pageB]) expect((await getJson(t.app, url, demo.cookie)).statusCode).toBe(200);
    await importCall(t.app, 'stock', JSON.stringify({ sku: a.sku, on_hand: 0, expected_date: '2027-02-01' }), { format: 'jsonl' });
    expect(await availabilityOn(t.app, a)).toEqual({ status: 'out_of_stock', expected_date: '2027-02-01', backorder: false });
    const counter = countQueries(db());
    try {
      expect((await getJson(t.app, pageB, demo.cookie)).statusCode).toBe(200);
      // The session's statement only: texts and prices were remembered, the levels read with page A's
      // (the demo's first 30 products lie in one block of product ids).
      expect(counter.count()).toBe(1);
    } finally {
      counter.restore();
    }
  });

  it('bumps the stock version only when what a customer sees changes (not for every order that leaves the level)', async () => {
    const [a] = refs as [ProductRef];
    await importCall(t.app, 'stock', JSON.stringify({ sku: a.sku, on_hand: 100 }), { format: 'jsonl' });
    const before = await counters();
    await db().execute(sql`update variation_stock set on_hand = on_hand - 5`);
    expect(await counters()).toEqual(before);
    await db().execute(sql`update variation_stock set on_hand = 3`);
    expect((await counters()).stock).toBe(before.stock + 1);
  });
});
