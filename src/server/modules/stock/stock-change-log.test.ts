import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { productListResponse } from '../../../shared/api/catalog';
import { bumpDeferredStockVersion, CATALOG_COUNTERS } from '../../db/data-counters';
import { catalogVersion, orders, stockChangesPending, stockLevelChanges, variations, variationStock } from '../../db/schema';
import { login, type Session, useTestApp } from '../../test/app';
import { useSecondInstance } from '../../test/second-instance';
import type { DataVersions } from '../../context/session';
import { findStockChanges, STOCK_CHANGES_KEPT, STOCK_CHANGES_READ_MAX } from '../catalog/availability.repository';
import { createStockParts, type StockLevel } from '../catalog/stock-parts';
import { getJson, indexUrl, type ProductRef, productRefs } from '../catalog/test-support';
import { createVersionedCache } from '../../versioned-cache';
import { createStockVacuum } from '../erp/erp-sql.repository';
import { createErpService } from '../erp/erp.service';
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
  await db().delete(stockChangesPending);
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
async function dataVersions(): Promise<DataVersions> {
  const rows = await db().select({ id: catalogVersion.id, version: catalogVersion.version }).from(catalogVersion);
  const of = (id: number) => rows.find((r) => r.id === id)?.version ?? 0;
  return { catalog: of(CATALOG_COUNTERS.catalogue), offers: of(CATALOG_COUNTERS.offers), stock: of(CATALOG_COUNTERS.stock), relation: 0 };
}
const pending = async () => sorted((await db().select().from(stockChangesPending)).map((r) => r.variationId));
const inStock = { status: 'in_stock', expected_date: null, backorder: false };
const jsonl = (rows: Array<{ sku: string; on_hand: number }>) => rows.map((row) => JSON.stringify(row)).join('\n');

/** A stock import through the service, paced 2 rows a step, whose `failAtRest`th rest fails (the process stopping part way). */
async function importFailingPartWay(ownTransactions: boolean, rows: Array<{ sku: string; on_hand: number }>, failAtRest: number) {
  let rests = 0;
  const service = createErpService(db(), {
    now: () => new Date('2026-11-27T10:00:00Z'),
    stockPacing: {
      share: 0.001,
      oneConnection: ownTransactions,
      stepRows: 2,
      sleep: async () => {
        if (++rests === failAtRest) throw new Error('stopped part way');
      },
    },
  });
  const file = jsonl(rows);
  const input = (async function* () {
    yield Buffer.from(file);
  })();
  return service.importFile({ kind: 'stock', format: 'jsonl', input, dryRun: false, deactivateMissing: false });
}

async function availabilityOn(app: FastifyInstance, ref: ProductRef, url = indexUrl({ 'page[limit]': 15 })) {
  const res = await getJson(app, url, demo.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return productListResponse.parse(res.json()).data.find((p) => p.id === ref.uuid)?.availability;
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
    const [a, b] = refs as [ProductRef, ProductRef];
    const other = await second.instance();
    await importCall(t.app, 'stock', jsonl([{ sku: a.sku, on_hand: 100 }, { sku: b.sku, on_hand: 100 }]), { format: 'jsonl' });
    for (const app of [t.app, other]) expect(await availabilityOn(app, b)).toEqual(inStock);
    // b changes at a version whose log row is then lost (pruned) ...
    await importCall(t.app, 'stock', jsonl([{ sku: a.sku, on_hand: 100 }, { sku: b.sku, on_hand: 2 }]), { format: 'jsonl' });
    await db().delete(stockLevelChanges);
    // ... and the next version, logged, names only a: the gap, not the log, says b must be read.
    await importCall(t.app, 'stock', jsonl([{ sku: a.sku, on_hand: 0 }, { sku: b.sku, on_hand: 2 }]), { format: 'jsonl' });
    expect((await logged()).map(([, ids]) => ids)).toEqual([[a.id]]);
    for (const app of [other, t.app]) {
      expect(await availabilityOn(app, b)).toEqual({ status: 'few_left', expected_date: null, backorder: false });
      expect(await availabilityOn(app, a)).toEqual({ status: 'out_of_stock', expected_date: null, backorder: false });
    }
  });

  it('forgets the levels at a newer catalogue version: which variation of a product is active is catalogue, not stock', async () => {
    const [a] = refs as [ProductRef];
    const [spare] = await db().insert(variations).values({ productId: a.id, sku: 'STOCK-LOG-SPARE', active: false }).returning({ id: variations.id });
    try {
      await db().insert(variationStock).values([
        { variationId: a.variationId, onHand: 100 },
        { variationId: spare!.id, onHand: 0 },
      ]);
      // The stock parts as the catalogue makes them (product-parts.ts), with a cache of their own.
      const { stockParts } = createStockParts(db(), createVersionedCache<StockLevel, number>(new LRUCache<number, StockLevel>({ max: 1_000 })));
      const first = await dataVersions();
      expect((await stockParts([a.id], first, true)).levels.get(a.id)).toStrictEqual({ availability: inStock });
      // One statement swaps the active variation: the catalogue version moves, the stock version does not.
      await db().execute(sql`update variations set active = (id = ${spare!.id}) where product_id = ${a.id}`);
      const next = await dataVersions();
      expect(next.stock).toBe(first.stock);
      expect(next.catalog).toBeGreaterThan(first.catalog);
      expect((await stockParts([a.id], next, true)).levels.get(a.id)).toStrictEqual({ availability: { status: 'out_of_stock', expected_date: null, backorder: false } });
    } finally {
      await db().update(variations).set({ active: true }).where(eq(variations.id, a.variationId));
      await db().delete(variations).where(eq(variations.id, spare!.id));
    }
  });

  it('announces what an import wrote before it failed part way at the next bump of any kind (an order), never leaving it kept but unannounced', async () => {
    const [a, b] = refs as [ProductRef, ProductRef];
    await db().insert(variationStock).values([
      { variationId: a.variationId, onHand: 100 },
      { variationId: b.variationId, onHand: 100 },
    ]);
    expect(await availabilityOn(t.app, a)).toEqual(inStock);
    // A range written with the counter deferred, whose import never bumped (its last bump failed).
    await db().transaction(async (tx) => {
      await tx.execute(sql`select set_config('casa_maiz.stock_version', 'deferred', true)`);
      await tx.update(variationStock).set({ onHand: 0 }).where(eq(variationStock.variationId, a.variationId));
    });
    expect(await pending()).toEqual([a.variationId]);
    // An order takes b to few left: its bump logs a too.
    await db().update(variationStock).set({ onHand: 3 }).where(eq(variationStock.variationId, b.variationId));
    expect((await logged()).at(-1)?.[1]).toEqual(sorted([a.id, b.id]));
    expect(await pending()).toEqual([]);
    expect(await availabilityOn(t.app, a)).toEqual({ status: 'out_of_stock', expected_date: null, backorder: false });
    expect(await availabilityOn(t.app, b)).toEqual({ status: 'few_left', expected_date: null, backorder: false });
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

describe('an import and the log', () => {
  it('leaves nothing in the log or kept by a dry run', async () => {
    const [a] = refs as [ProductRef];
    const before = await stockVersion();
    const res = await importCall(t.app, 'stock', jsonl([{ sku: a.sku, on_hand: 0 }]), { format: 'jsonl', query: 'dry_run=1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockVersion()).toBe(before);
    expect(await logged()).toEqual([]);
    expect(await pending()).toEqual([]);
  });

  // In short transactions only on PGlite: its one session keeps the import's stage across them.
  it.each(process.env.TEST_DATABASE_URL ? ['one transaction'] : ['one transaction', 'short transactions'])(
    'failing part way in %s, announces exactly what it left written',
    async (mode) => {
      const before = await stockVersion();
      // 4 rows, 2 a step: staging (1 rest), then the first range, and the rest before the second fails.
      await expect(importFailingPartWay(mode === 'short transactions', refs.map((r) => ({ sku: r.sku, on_hand: 0 })), 2)).rejects.toThrow('stopped part way');
      const written = await db().select({ variationId: variationStock.variationId }).from(variationStock);
      expect(await pending()).toEqual([]);
      if (mode === 'one transaction') {
        // Everything rolled back: no level, no version, nothing logged.
        expect(written).toEqual([]);
        expect(await stockVersion()).toBe(before);
        expect(await logged()).toEqual([]);
      } else {
        // The first range stays, and one bump announces it.
        expect(written).toHaveLength(2);
        expect(await stockVersion()).toBe(before + 1);
        const named = refs.filter((r) => written.some((w) => w.variationId === r.variationId)).map((r) => r.id);
        expect(await logged()).toEqual([[before + 1, sorted(named)]]);
      }
    },
  );

  it('names the same limits in the SQL of the bump as the catalogue that reads the log', async () => {
    const result = (await db().execute(sql`select pg_get_functiondef('bump_stock_counter'::regproc) as text`)) as unknown as { rows: Array<{ text: string }> };
    const [definition] = result.rows;
    expect(definition?.text).toContain(`cardinality(changed_products) > ${STOCK_CHANGES_READ_MAX}`);
    expect(definition?.text).toContain(`bumped - ${STOCK_CHANGES_KEPT}`);
  });

  it('without autovacuum (PGlite), vacuums the tables a stock import churns, so they do not grow with every import', async () => {
    const service = createErpService(db(), { now: () => new Date('2026-11-27T10:00:00Z'), noAutovacuum: true });
    const size = async (table: string) => {
      const result = (await db().execute(sql`select pg_relation_size(${table}::regclass)::int as bytes`)) as unknown as { rows: Array<{ bytes: number }> };
      return result.rows[0]?.bytes ?? -1;
    };
    for (const onHand of [100, 0, 100]) {
      const file = jsonl(refs.map((r) => ({ sku: r.sku, on_hand: onHand })));
      const input = (async function* () {
        yield Buffer.from(file);
      })();
      expect((await service.importFile({ kind: 'stock', format: 'jsonl', input, dryRun: false, deactivateMissing: false })).applied).toBe(true);
    }
    // The pending table was filled and emptied three times: vacuumed, it holds no page at all.
    expect(await pending()).toEqual([]);
    expect(await size('stock_changes_pending')).toBe(0);
    expect(await logged()).toHaveLength(3);
  });

  it('vacuums the levels only once the imports since their last vacuum rewrote twice as many rows as a file has', async () => {
    const vacuum = createStockVacuum(db());
    const vacuumed = async (writes: Record<string, number>, fileRows: number) =>
      (await statementsOf(() => vacuum(writes, fileRows))).filter((text) => text.startsWith('vacuum')).map((text) => text.slice('vacuum '.length));
    expect(await vacuumed({ stock_updated: 3, stock_inserted: 100 }, 4)).toEqual(['stock_changes_pending', 'stock_level_changes']);
    expect(await vacuumed({ stock_updated: 4, stock_removed: 1 }, 4)).toEqual(['stock_changes_pending', 'stock_level_changes', 'variation_stock']);
    expect(await vacuumed({ stock_updated: 7 }, 4)).toEqual(['stock_changes_pending', 'stock_level_changes']);
  });
});
