import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { CATALOG_COUNTERS } from '../db/data-counters';
import { testDatabase } from './database';

/**
 * The test databases' reset copies back only the tables written since the last reset (noted by
 * statement triggers) and sets every sequence back: after writes of every kind it has to leave
 * the database exactly as a full copy of the demo data would, down to the next serial numbers.
 */

async function rowsOf<T>(query: Promise<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows;
}

/** Every row of every table (all columns) as a digest per table, and every sequence's position. */
async function fullState(db: Db): Promise<Record<string, string>> {
  const tables = await rowsOf<{ name: string }>(
    db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('catalog_version', 'relation_versions') order by table_name`),
  );
  const state: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await rowsOf<{ n: number; digest: string }>(
      db.execute(sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as digest from public."${name}" t`)),
    );
    state[name] = `${row?.n} rows, ${row?.digest}`;
  }
  const sequences = await rowsOf<{ name: string }>(db.execute(sql`select sequencename as name from pg_sequences where schemaname = 'public' order by sequencename`));
  for (const { name } of sequences) {
    const [row] = await rowsOf<{ last_value: string; is_called: boolean }>(db.execute(sql.raw(`select last_value::text, is_called from public."${name}"`)));
    state[`sequence ${name}`] = `${row?.last_value} ${row?.is_called}`;
  }
  return state;
}

/** The catalogue's counter (not any row of the table: a row's place moves with every update). */
const version = async (db: Db) =>
  (await rowsOf<{ version: string }>(db.execute(sql`select version::text from catalog_version where id = ${CATALOG_COUNTERS.catalogue}`)))[0]?.version;

describe('the test database reset', () => {
  // Made and loaded once per worker: within the hook's time limit, not the test's.
  beforeAll(async () => {
    await testDatabase();
  });

  it('brings back every table and sequence after updates, cascading deletes, a truncate and a rolled-back insert', async () => {
    const database = await testDatabase();
    const { db } = database;
    await database.reset();
    const before = await fullState(db);
    const versionBefore = Number(await version(db));
    expect(Object.keys(before).some((k) => k.startsWith('sequence '))).toBe(true);

    // A product with everything hanging off it: its deletion cascades into variations, prices,
    // categories, images, favourites and quotes, and sets order items' references to null.
    const [product] = await rowsOf<{ id: number }>(
      db.execute(sql`select f.product_id as id from favorites f join variations v on v.product_id = f.product_id join quote_lines q on q.variation_id = v.id limit 1`),
    );
    expect(product, 'the demo data has a product with a favourite and a quote').toBeTruthy();
    await db.execute(sql`delete from products where id = ${product!.id}`);
    await db.execute(sql`update users set name = name || '-changed' where id = 1`);
    await db.execute(sql`truncate sessions`);
    await db.execute(sql`insert into price_lists (code, name) values ('RESET-KEEP', 'Reset test')`);
    await db.execute(sql`insert into relations (erp_number, name, pricelist) values ('RESET-TEST-1', 'Reset test', 'RESET-KEEP')`);
    // Written, then rolled back: no row stays, but the sequence has moved on.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into price_lists (code, name) values ('RESET-TEST', 'Reset test')`);
        await tx.execute(sql`insert into relations (erp_number, name, pricelist) select erp_number, name, pricelist from relations limit 1`);
      }),
    ).rejects.toThrow();
    expect(await fullState(db)).not.toEqual(before);

    await database.reset();
    expect(await fullState(db)).toEqual(before);
    expect(Number(await version(db)), 'the catalogue caches see a new version').toBeGreaterThan(versionBefore);

    // Nothing written: a reset changes nothing.
    await database.reset();
    expect(await fullState(db)).toEqual(before);
  });
});
