import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import { testDatabase } from '../../test/database';
import * as catalog from './catalog.repository';
import * as productIndex from './product-index.repository';
import { findFoodIndex } from './food-index.repository';
import * as mutations from './price-mutations.repository';
import * as relationOwn from './relation-own.repository';
import { findAvailability, findBlockAvailability, findStockChanges } from './availability.repository';
import { productRefs } from './test-support';

/*
 * Decision 013: the catalogue serves what it remembered as long as the data versions read with
 * the session say nothing changed. A table the catalogue's statements read without a trigger
 * that bumps a version would serve stale data silently. The tables are found in the plans of
 * the statements the catalogue's repositories actually send (EXPLAIN), not in a list kept by
 * hand, so a table joined in later without a trigger fails here.
 */

type TestDb = Awaited<ReturnType<typeof testDatabase>>;

/** The trigger functions that bump the catalogue, offers, stock or relation version (migrations 0003, 0010, 0019). */
const VERSION_FUNCTIONS = ['bump_catalog_version', 'bump_offers_version', 'bump_stock_version', 'bump_relation_version_of_row', 'bump_every_relation_version'];
/** The counters themselves: read with the data to know its version (and the stock counter's log of changes, written by its bumps). */
const COUNTER_TABLES = ['catalog_version', 'relation_versions', 'stock_level_changes'];
/** pg_trigger.tgtype bits of the events a change can come by. */
const EVENTS = { insert: 4, delete: 8, update: 16, truncate: 32 } as const;

interface Sent {
  text: string;
  params: unknown[];
}

interface RawClient {
  query(query: unknown, params?: unknown, ...rest: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * A drizzle handle on the test database's own client (pool or PGlite) that records every
 * statement it sends, prepared ones included: db/prepared.ts builds a prepared statement for
 * each handle, so the ones built on this handle go through the recorder too.
 */
function recordingHandle(database: TestDb): { db: Db; sent: Sent[]; raw: RawClient } {
  const raw = (database.db as unknown as { session: { client: RawClient } }).session.client;
  const sent: Sent[] = [];
  const recorder = new Proxy(raw, {
    get(target, property) {
      if (property === 'query') {
        return (query: string | { text: string; values?: unknown[] }, params?: unknown[], ...rest: unknown[]) => {
          const text = typeof query === 'string' ? query : query.text;
          sent.push({ text, params: params ?? (typeof query === 'string' ? [] : (query.values ?? [])) });
          return target.query(query, params, ...rest);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  const db = (database.kind === 'postgres' ? drizzlePg(recorder as never, { schema }) : drizzlePglite(recorder as never, { schema })) as unknown as Db;
  return { db, sent, raw };
}

interface PlanNode {
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function relationsIn(node: PlanNode, into: Set<string>): Set<string> {
  if (node['Relation Name']) into.add(node['Relation Name']);
  for (const child of node.Plans ?? []) relationsIn(child, into);
  return into;
}

/** The tables a statement reads, from its plan for these parameters. */
async function tablesRead(raw: RawClient, statement: Sent): Promise<Set<string>> {
  const { rows } = await raw.query(`explain (format json) ${statement.text}`, statement.params);
  const first = rows[0] as Record<string, unknown>;
  const value = first['QUERY PLAN'];
  const plan = (typeof value === 'string' ? JSON.parse(value) : value) as Array<{ Plan: PlanNode }>;
  return relationsIn(plan[0]!.Plan, new Set());
}

/** Per table with a version trigger: the events that trigger bumps a version on. */
async function versionedEvents(database: TestDb): Promise<Map<string, number>> {
  const rows = (await database.db.execute(sql`
    select c.relname as table, bit_or(t.tgtype::int) as events
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
    where not t.tgisinternal and p.proname in (${sql.join(VERSION_FUNCTIONS.map((f) => sql`${f}`), sql`, `)})
    group by c.relname`)) as unknown as { rows: Array<{ table: string; events: number }> };
  return new Map(rows.rows.map((r) => [r.table, Number(r.events)]));
}

/** The tables read by these statements whose changes bump no version, each with what is missing. */
async function unversioned(database: TestDb, raw: RawClient, statements: Sent[]): Promise<string[]> {
  const events = await versionedEvents(database);
  const tables = new Set<string>();
  for (const statement of statements) for (const table of await tablesRead(raw, statement)) tables.add(table);
  const missing: string[] = [];
  for (const table of [...tables].sort()) {
    if (COUNTER_TABLES.includes(table)) continue;
    const bits = events.get(table) ?? 0;
    const without = Object.entries(EVENTS).filter(([, bit]) => (bits & bit) === 0).map(([event]) => event);
    if (without.length > 0) missing.push(`${table}: no version bump on ${without.join(', ')}`);
  }
  return missing;
}

let database: TestDb;

beforeAll(async () => {
  database = await testDatabase();
});

describe('the catalogue cache', () => {
  it('reads only tables whose every change bumps a data version', async () => {
    const { db, sent, raw } = recordingHandle(database);
    const refs = await productRefs(database.db);
    const [first] = refs;
    if (!first) throw new Error('no products in the demo data');
    const ids = refs.slice(0, 20).map((r) => r.id);
    const today = '2026-01-15';
    sent.length = 0;

    // Every statement the catalogue's answers are made of, each in the variant that reads the most.
    for (const lang of ['nl', 'en'] as const) {
      for (const pricelist of [null, 'STANDAARD']) {
        const context = { lang, pricelist, today };
        await catalog.findProductParts(db, ids, ids, context);
        await catalog.findProductPartsByUuid(db, first.uuid, true, context);
      }
    }
    await productIndex.findMatchingIds(db, { categoryIds: [1, 2], favoritesOf: 1 }, false);
    await catalog.findCategories(db);
    await findFoodIndex(db);
    await relationOwn.findRelationOwn(db, 1, today);
    await mutations.findPriceMutations(db, [first.uuid], 'STANDAARD', today);
    await findAvailability(db, ids);
    await findBlockAvailability(db, 0);
    await findStockChanges(db, 0);

    // The recorder saw them all: 8 product statements, the matches, categories, food, relation, mutations, stock.
    expect(sent.length).toBeGreaterThanOrEqual(15);
    const read = new Set<string>();
    for (const statement of sent) for (const table of await tablesRead(raw, statement)) read.add(table);
    // The plans name the tables the product query is known to read (a sanity check of the plan
    // walk, not the list the test relies on).
    expect([...read]).toEqual(
      expect.arrayContaining(['products', 'variations', 'prices', 'product_images', 'files', 'favorites', 'quotes', 'quote_lines', 'product_food', 'product_allergens', 'variation_stock']),
    );
    expect(await unversioned(database, raw, sent)).toEqual([]);
  });

  it('would notice a table read without a version trigger', async () => {
    const { raw } = recordingHandle(database);
    const joined: Sent = { text: 'select p.id from products p join orders o on o.id = p.id where p.id = $1', params: [1] };
    expect(await unversioned(database, raw, [joined])).toEqual(['orders: no version bump on insert, delete, update, truncate']);
    // A row trigger on favourites does not cover TRUNCATE: its statement trigger does.
    const truncated: Sent = { text: 'select f.id from favorites f where f.relation_id = $1', params: [1] };
    expect(await unversioned(database, raw, [truncated])).toEqual([]);
  });
});
