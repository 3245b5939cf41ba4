import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { catalogCounterValue } from '../../db/data-counters';
import { catalogVersion, categories, productCategories, products, variations } from '../../db/schema';
import type { SearchSource } from './search-index';

/**
 * What the search index is built from: every active product with an active variation, in
 * article-number order (the order of equal scores), its categories, and the category names.
 * Read whole once per catalogue version (the service keeps the index; decision 025).
 */
export async function findSearchSource(db: DbOrTx): Promise<SearchSource> {
  const documents = await db
    .select({
      id: products.id,
      sku: variations.sku,
      ean: variations.ean,
      titleNl: products.titleNl,
      titleEn: products.titleEn,
      descriptionNl: products.descriptionNl,
      descriptionEn: products.descriptionEn,
      specificationsNl: products.specificationsNl,
      specificationsEn: products.specificationsEn,
    })
    .from(products)
    .innerJoin(variations, eq(variations.productId, products.id))
    .where(and(eq(products.active, true), eq(variations.active, true)))
    .orderBy(asc(variations.sku));
  const links = await db.select({ productId: productCategories.productId, categoryId: productCategories.categoryId }).from(productCategories);
  const names = await db.select({ id: categories.id, nameNl: categories.nameNl, nameEn: categories.nameEn, parentId: categories.parentId }).from(categories).orderBy(asc(categories.weight), asc(categories.id));
  return { documents, productCategories: links.map((l) => [l.productId, l.categoryId]), categories: names };
}

/** The catalogue version now (what a session statement would read). */
export async function findCatalogueVersion(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ version: catalogCounterValue('catalogue') }).from(catalogVersion).limit(1);
  return row?.version ?? 0;
}
