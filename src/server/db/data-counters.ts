import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { catalogVersion } from './schema';

/**
 * The change counters of `catalog_version`, by the id of their row (made by migrations 0004 and
 * 0010; the SQL of those migrations names the ids as numbers, this is the one place the code does):
 * - `catalogue`: products, variations, their categories, the category tree and food information;
 * - `offers`: prices, product images and image files;
 * - `stock`: what a customer sees of stock (level, expected date, backorder flag; migration 0019,
 *   decision 030). Not the catalogue version: a stock import must not rebuild the search index.
 */
export const CATALOG_COUNTERS = { catalogue: 1, offers: 2, stock: 3 } as const;

export type CatalogCounter = keyof typeof CATALOG_COUNTERS;

/** The counter's value read inside a statement (0 when its row is missing), as a column. */
export function catalogCounterValue(counter: CatalogCounter): SQL<number> {
  const id = sql.raw(String(CATALOG_COUNTERS[counter]));
  return sql<number>`coalesce((select ${catalogVersion.version} from ${catalogVersion} where ${catalogVersion.id} = ${id}), 0)`.mapWith(Number);
}

/**
 * Bumps the stock counter once for a writer that changed many rows in steps and told the counter's
 * trigger to wait (the ERP stock import, migrations 0022 and 0023): the products of the variations
 * the trigger kept meanwhile are logged with the new version (bump_stock_counter) and forgotten;
 * when it kept none (nothing a customer sees changed), nothing is bumped.
 */
export async function bumpDeferredStockVersion(db: DbOrTx): Promise<void> {
  // bump_stock_counter takes the kept variations itself; bumped only when there are any.
  await db.execute(sql`select bump_stock_counter(array[]::int[]) where exists (select 1 from stock_changes_pending)`);
}
