import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { favorites, productCategories, products, variations } from '../../db/schema';

/*
 * The product index: which active products match a filter (categories, order list), in page
 * order. A search is the search engine's (modules/search, decision 025); what the caller sees of
 * the products is in catalog.repository.ts.
 */

export interface ProductFilter {
  /** Products in any of these categories. */
  categoryIds: number[] | null;
  /** Products on this relation's order list. */
  favoritesOf: number | null;
}

export interface PageRequest {
  offset: number;
  limit: number;
  descending: boolean;
}

function filterConditions(filter: ProductFilter): SQL[] {
  const conditions: SQL[] = [eq(products.active, true), eq(variations.active, true)];
  const { categoryIds, favoritesOf } = filter;
  if (categoryIds) {
    conditions.push(
      sql`exists (select 1 from ${productCategories} where ${productCategories.productId} = ${products.id} and ${inArray(productCategories.categoryId, categoryIds)})`,
    );
  }
  if (favoritesOf !== null) {
    conditions.push(
      sql`exists (select 1 from ${favorites} where ${favorites.productId} = ${products.id} and ${favorites.relationId} = ${favoritesOf})`,
    );
  }
  return conditions;
}

/** Every matching product id, in page order (article number): what the match cache remembers. */
export async function findMatchingIds(db: Db, filter: ProductFilter, descending: boolean): Promise<Int32Array> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(variations, eq(variations.productId, products.id))
    .where(and(...filterConditions(filter)))
    .orderBy(descending ? desc(variations.sku) : asc(variations.sku));
  return Int32Array.from(rows, (r) => r.id);
}
