import { eq, type SQL, sql } from 'drizzle-orm';
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
 * Bumps a counter by hand: for a writer that changed many rows in steps and told the counter's
 * triggers to wait (the ERP stock import, migration 0022), once when it is done.
 */
export async function bumpCatalogCounter(db: DbOrTx, counter: CatalogCounter): Promise<void> {
  await db
    .update(catalogVersion)
    .set({ version: sql`${catalogVersion.version} + 1` })
    .where(eq(catalogVersion.id, CATALOG_COUNTERS[counter]));
}
