import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { productListResponse } from '../../../shared/api/catalog';
import { bumpDeferredStockVersion, CATALOG_COUNTERS } from '../../db/data-counters';
import { catalogVersion, orders, stockChangesPending, stockLevelChanges, variationStock } from '../../db/schema';
import { login, type Session, useTestApp } from '../../test/app';
import { useSecondInstance } from '../../test/second-instance';
import { findStockChanges } from '../catalog/availability.repository';
import { getJson, indexUrl, type ProductRef, productRefs } from '../catalog/test-support';
import { ERP_TOKEN, importCall } from '../erp/test-support';

/*
 * The stock change log (decision 030, migration 0023): every bump of the stock counter names the
 * products whose level it changed, so the catalogue reads only those again after a stock import
 * or an order, and every level again only when the log cannot tell.
 */
const t = useTestApp({ erpApiToken: ERP_TOKEN });
const db = () => t.app.database.db;
const second = useSecondInstance();
let demo: Session;
let refs: ProductRef[];

beforeEach(async () => {
  refs = (await productRefs(db())).slice(0, 4);
  await db().delete(variationStock);
  await db().delete(stockLevelChanges);
  await db().delete(orders);
  demo = await login(t.app, 'demo');
});

const stockVersion = async () =>
  (await db().select({ version: catalogVersion.version }).from(catalogVersion).where(eq(catalogVersion.id, CATALOG_COUNTERS.stock)))[0]?.version ?? 0;
const logged = async () =>
  (await db().select({ version: stockLevelChanges.version, productIds: stockLevelChanges.productIds }).from(stockLevelChanges).orderBy(asc(stockLevelChanges.version))).map((r) => [
    r.version,
    r.productIds,
  ]);
const sorted = (ids: number[]) => [...ids].sort((x, y) => x - y);

async function availabilityOn(app: FastifyInstance, ref: ProductRef, url = indexUrl({ 'page[limit]': 15 })) {
  const res = await getJson(app, url, demo.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return productListResponse.parse(res.json()).data.find((p) => p.sku === ref.sku)?.availability;
}

/** The texts of the statements sent through the database handle while `work` runs. */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const client = (db() as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, 'query');
  try {
    await work();
    // PGlite is given the text; node-postgres a query config ({ name, text, values }) for a named statement.
    return spy.mock.calls.map(([query]) => (typeof query === 'string' ? query : String((query as { text?: string }).text)));
  } finally {
    spy.mockRestore();
  }
}

describe('the stock change log', () => {
  it('names the products whose level a statement changed, with the version it bumped to, and nothing when no customer sees a change', async () => {
    const [a, b, c] = refs as [ProductRef, ProductRef, ProductRef];
    const start = await stockVersion();
    await db().insert(variationStock).values([
      { variationId: a.variationId, onHand: 100 },
      { variationId: b.variationId, onHand: 100 },
    ]);
    expect(await logged()).toEqual([[start + 1, sorted([a.id, b.id])]]);
    // On hand 100 → 95: still in stock; no bump, nothing logged.
    await db().update(variationStock).set({ onHand: sql`${variationStock.onHand} - 5` });
    expect(await stockVersion()).toBe(start + 1);
    // b goes to "few left", a stays in stock: only b is named.
    await db().update(variationStock).set({ onHand: 3 }).where(eq(variationStock.variationId, b.variationId));
    await db().update(variationStock).set({ onHand: 90 });
    await db().insert(variationStock).values({ variationId: c.variationId, onHand: 0 });
    await db().delete(variationStock).where(eq(variationStock.variationId, a.variationId));
    expect(await logged()).toEqual([
      [start + 1, sorted([a.id, b.id])],
      [start + 2, [b.id]],
      [start + 3, [b.id]],
      [start + 4, [c.id]],
      [start + 5, [a.id]],
    ]);
    await db().execute(sql`truncate variation_stock`);
    expect((await logged()).at(-1)).toEqual([start + 6, null]);
  });

  it('keeps what a writer that deferred the counter changed until its one bump, which logs it all under one version', async () => {
    const [a, b] = refs as [ProductRef, ProductRef];
    const start = await stockVersion();
    await db().transaction(async (tx) => {
      await tx.execute(sql`select set_config('casa_maiz.stock_version', 'deferred', true)`);
      await tx.insert(variationStock).values({ variationId: a.variationId, onHand: 100 });
      await tx.insert(variationStock).values({ variationId: b.variationId, onHand: 0 });
      await tx.update(variationStock).set({ onHand: 1 }).where(eq(variationStock.variationId, a.variationId));
    });
    expect(await stockVersion()).toBe(start);
    expect(await logged()).toEqual([]);
    expect((await db().select().from(stockChangesPending)).map((r) => r.variationId).sort((x, y) => x - y)).toEqual(sorted([a.variationId, b.variationId]));
    await bumpDeferredStockVersion(db());
    expect(await stockVersion()).toBe(start + 1);
    expect(await logged()).toEqual([[start + 1, sorted([a.id, b.id])]]);
    expect(await db().select().from(stockChangesPending)).toEqual([]);
    // Nothing kept: nothing bumped.
    await bumpDeferredStockVersion(db());
    expect(await stockVersion()).toBe(start + 1);
  });

  it('keeps the newest 1,000 versions only', async () => {
    const [a] = refs as [ProductRef];
    await db().insert(stockLevelChanges).values([
      { version: 2, productIds: [a.id] },
      { version: 3, productIds: [a.id] },
    ]);
    await db().update(catalogVersion).set({ version: 1001 }).where(eq(catalogVersion.id, CATALOG_COUNTERS.stock));
    await db().insert(variationStock).values({ variationId: a.variationId, onHand: 5 });
    // Bumped to 1,002: versions 3 to 1,002 are kept.
    expect(await logged()).toEqual([
      [3, [a.id]],
      [1002, [a.id]],
    ]);
    // The catalogue finds the log incomplete from version 1 (versions 2 to 1,002 are not all there).
    const changes = await findStockChanges(db(), 1);
    expect(changes).toMatchObject({ stockVersion: 1002, logged: 2 });
  });

  it('is read by one statement in one snapshot: the levels of the products changed since a version, with the counter', async () => {
    const [a, b, c] = refs as [ProductRef, ProductRef, ProductRef];
    await db().insert(variationStock).values([
      { variationId: a.variationId, onHand: 100 },
      { variationId: b.variationId, onHand: 100 },
    ]);
    const from = await stockVersion();
    await db().update(variationStock).set({ onHand: 0, expectedDate: '2027-03-01' }).where(eq(variationStock.variationId, a.variationId));
    await db().insert(variationStock).values({ variationId: c.variationId, onHand: 4, backorder: true });
    const changes = await findStockChanges(db(), from);
    expect(changes).toMatchObject({ stockVersion: from + 2, logged: 2 });
    expect(changes?.levels?.sort((x, y) => x[0] - y[0])).toEqual(
      sorted([a.id, c.id]).map((id) =>
        id === a.id
          ? [a.id, { status: 'out_of_stock', expected_date: '2027-03-01', backorder: false }]
          : [c.id, { status: 'few_left', expected_date: null, backorder: true }],
      ),
    );
    // More changed products than the catalogue reads one by one: it is told to read every level.
    expect(await findStockChanges(db(), from, 1)).toMatchObject({ stockVersion: from + 2, logged: 2, levels: null });
  });
});

describe('the catalogue after a stock change', () => {
  it('reads only the products the log names and keeps every other level (no block of levels read again)', async () => {
    const [a, b] = refs as [ProductRef, ProductRef];
    await importCall(t.app, 'stock', [a, b].map((r) => JSON.stringify({ sku: r.sku, on_hand: 100 })).join('\n'), { format: 'jsonl' });
    expect(await availabilityOn(t.app, a)).toEqual({ status: 'in_stock', expected_date: null, backorder: false });
    await importCall(t.app, 'stock', [JSON.stringify({ sku: a.sku, on_hand: 0, expected_date: '2027-02-01' }), JSON.stringify({ sku: b.sku, on_hand: 100 })].join('\n'), {
      format: 'jsonl',
    });
    let shown: unknown;
    const sent = await statementsOf(async () => {
      shown = await availabilityOn(t.app, a);
    });
    expect(shown).toEqual({ status: 'out_of_stock', expected_date: '2027-02-01', backorder: false });
    expect(sent.filter((text) => text.includes('stock_level_changes'))).toHaveLength(1);
    // Neither a block of levels nor the page's levels were read again.
    expect(sent.filter((text) => text.includes('variation_stock') && !text.includes('stock_level_changes'))).toEqual([]);
    expect(await availabilityOn(t.app, b)).toEqual({ status: 'in_stock', expected_date: null, backorder: false });
  });

  it('reads every level again when the log cannot tell (its older versions pruned), on every instance', async () => {
    const [a] = refs as [ProductRef];
    const other = await second.instance();
    await importCall(t.app, 'stock', JSON.stringify({ sku: a.sku, on_hand: 100 }), { format: 'jsonl' });
    for (const app of [t.app, other]) expect(await availabilityOn(app, a)).toEqual({ status: 'in_stock', expected_date: null, backorder: false });
    await importCall(t.app, 'stock', JSON.stringify({ sku: a.sku, on_hand: 2 }), { format: 'jsonl' });
    await db().delete(stockLevelChanges);
    await importCall(t.app, 'stock', JSON.stringify({ sku: a.sku, on_hand: 0 }), { format: 'jsonl' });
    for (const app of [other, t.app]) expect(await availabilityOn(app, a)).toEqual({ status: 'out_of_stock', expected_date: null, backorder: false });
  });

  it('shows a level an order changed at once, on every instance', async () => {
    const [a] = refs as [ProductRef];
    const other = await second.instance();
    await importCall(t.app, 'stock', JSON.stringify({ sku: a.sku, on_hand: 12 }), { format: 'jsonl' });
    for (const app of [t.app, other]) expect(await availabilityOn(app, a)).toEqual({ status: 'in_stock', expected_date: null, backorder: false });
    // What placing an order does to the level (stock.repository.ts): taken off in a statement of its own.
    await db().update(variationStock).set({ onHand: sql`${variationStock.onHand} - 4` }).where(eq(variationStock.variationId, a.variationId));
    for (const app of [other, t.app]) expect(await availabilityOn(app, a)).toEqual({ status: 'few_left', expected_date: null, backorder: false });
  });
});
