import { sql } from 'drizzle-orm';
import type { Availability } from '../../../shared/api/availability';
import type { DbOrTx } from '../../db/client';
import { catalogCounterValue } from '../../db/data-counters';
import { buildOncePerDriver } from '../../db/prepared';
import { variations, variationStock } from '../../db/schema';

/** A product's stock level as the catalogue shows it (decision 030), and the stock version read with it. */
export interface AvailabilityRow {
  productId: number;
  availability: Availability | null;
  stockVersion: number;
}

const availabilityQuery = buildOncePerDriver((db) =>
  db
    .select({
      productId: sql<number>`ids.id`.mapWith(Number),
      availability: sql<Availability | null>`case when ${variationStock.variationId} is null then null else json_build_object(
        'status', ${variationStock.availability}, 'expected_date', ${variationStock.expectedDate}, 'backorder', ${variationStock.backorder}) end`,
      stockVersion: catalogCounterValue('stock'),
    })
    .from(sql`unnest(${sql.placeholder('ids')}::int[]) as ids(id)`)
    .leftJoin(variations, sql`${variations.productId} = ids.id and ${variations.active}`)
    .leftJoin(variationStock, sql`${variationStock.variationId} = ${variations.id}`)
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

/** Products per block whose levels are read together (decision 030): a few milliseconds of PGlite's one connection. */
export const STOCK_BLOCK = 500;

const blockAvailabilityQuery = buildOncePerDriver((db) =>
  db
    .select({
      productId: variations.productId,
      availability: sql<Availability | null>`case when ${variationStock.variationId} is null then null else json_build_object(
        'status', ${variationStock.availability}, 'expected_date', ${variationStock.expectedDate}, 'backorder', ${variationStock.backorder}) end`,
      stockVersion: catalogCounterValue('stock'),
    })
    .from(variations)
    .leftJoin(variationStock, sql`${variationStock.variationId} = ${variations.id}`)
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
