import { eq, sql } from 'drizzle-orm';
import type { Availability } from '../../../shared/api/availability';
import type { DbOrTx } from '../../db/client';
import { CATALOG_COUNTERS, catalogCounterValue } from '../../db/data-counters';
import { preparedPerHandle } from '../../db/prepared';
import { catalogVersion, variations } from '../../db/schema';
import { availabilityJson, stockRows } from '../stock/stock-sql.service';

/**
 * A product's stock level as the catalogue shows it (decision 030), and the versions read with it:
 * the stock counter's and the catalogue's (which variation of a product is active is catalogue).
 */
export interface AvailabilityRow {
  productId: number;
  availability: Availability | null;
  stockVersion: number;
  catalogVersion: number;
}

const availabilityQuery = preparedPerHandle((db) =>
  db
    .select({
      productId: sql<number>`ids.id`.mapWith(Number),
      availability: sql<Availability | null>`${availabilityJson(sql`s`)}`,
      stockVersion: catalogCounterValue('stock'),
      catalogVersion: catalogCounterValue('catalogue'),
    })
    .from(sql`unnest(${sql.placeholder('ids')}::int[]) as ids(id)`)
    .leftJoin(variations, sql`${variations.productId} = ids.id and ${variations.active}`)
    .leftJoin(sql`${stockRows()} as s`, sql`s.variation_id = ${variations.id}`)
    .prepare('catalog_availability'),
);

/**
 * The stock level of each product (of its active variation), one row per id asked for, with the
 * stock version in the same statement (the same snapshot): one cheap statement for a page whose
 * other parts are remembered.
 */
export async function findAvailability(db: DbOrTx, productIds: number[]): Promise<AvailabilityRow[]> {
  if (productIds.length === 0) return [];
  return availabilityQuery(db).execute({ ids: productIds });
}

/** Products per block whose levels are read together (decision 030): a short hold of PGlite's one connection. */
export const STOCK_BLOCK = 500;

const blockAvailabilityQuery = preparedPerHandle((db) =>
  db
    .select({
      productId: variations.productId,
      availability: sql<Availability | null>`${availabilityJson(sql`s`)}`,
      stockVersion: catalogCounterValue('stock'),
      catalogVersion: catalogCounterValue('catalogue'),
    })
    .from(variations)
    .leftJoin(sql`${stockRows()} as s`, sql`s.variation_id = ${variations.id}`)
    .where(sql`${variations.productId} >= ${sql.placeholder('from')} and ${variations.productId} < ${sql.placeholder('to')} and ${variations.active}`)
    .prepare('catalog_availability_block'),
);

/**
 * The stock level of every product with an active variation in a block of product ids (`block` ×
 * STOCK_BLOCK and on), with the stock version in the same statement: read once per stock version,
 * so that the pages a stock change empties are made again from memory instead of a statement each
 * (decision 030), while no read holds the database long.
 */
export async function findBlockAvailability(db: DbOrTx, block: number): Promise<AvailabilityRow[]> {
  return blockAvailabilityQuery(db).execute({ from: block * STOCK_BLOCK, to: (block + 1) * STOCK_BLOCK });
}

/**
 * Most changed products whose levels are read after a stock change; more: every level is read again.
 * A bump that changed more logs them as all (migration 0023 says 5,000 too).
 */
export const STOCK_CHANGES_READ_MAX = 5_000;

/** Stock versions whose changes the log keeps (migration 0023); a cache further behind reads every level again. */
export const STOCK_CHANGES_KEPT = 1_000;

/** What changed in stock after a version (decision 030): the levels of the products whose level a bump changed. */
export interface StockChanges {
  stockVersion: number;
  catalogVersion: number;
  /** The bumps logged after the version asked from, up to `stockVersion`: all of them when it is `stockVersion - from`. */
  logged: number;
  /** Per changed product its level now; null: every product may have changed, or more than STOCK_CHANGES_READ_MAX did. */
  levels: Array<[number, Availability | null]> | null;
}

const stockChangesQuery = preparedPerHandle((db) =>
  db
    .select({
      stockVersion: catalogVersion.version,
      catalogVersion: catalogCounterValue('catalogue'),
      changes: sql<{ logged: number; levels: Array<[number, Availability | null]> | null }>`(
        with logged as (
          select l.product_ids from stock_level_changes l where l.version > ${sql.placeholder('from')} and l.version <= ${catalogCounterValue('stock')}),
        changed as (select distinct unnest(logged.product_ids) as id from logged)
        select json_build_object(
          'logged', (select count(*) from logged),
          'levels', case when not exists (select 1 from logged where logged.product_ids is null) and (select count(*) from changed) <= ${sql.placeholder('most')}
            then (select coalesce(json_agg(json_build_array(changed.id, ${availabilityJson(sql.raw('s'))})), '[]'::json)
              from changed left join variations v on v.product_id = changed.id and v.active
              left join ${stockRows()} s on s.variation_id = v.id) end))`,
    })
    .from(catalogVersion)
    .where(eq(catalogVersion.id, CATALOG_COUNTERS.stock))
    .prepare('catalog_stock_changes'),
);

/**
 * The stock counter now and what changed since `from`, in one statement (one snapshot): every bump
 * after `from` logged its products (stock_level_changes, migration 0023) in its own transaction, so
 * the log is complete up to the counter read with it, unless older rows were pruned (`logged` short).
 */
export async function findStockChanges(db: DbOrTx, from: number, most = STOCK_CHANGES_READ_MAX): Promise<StockChanges | null> {
  const [row] = await stockChangesQuery(db).execute({ from, most });
  if (!row) return null;
  return { stockVersion: Number(row.stockVersion), catalogVersion: row.catalogVersion, logged: Number(row.changes.logged), levels: row.changes.levels };
}
