import { eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { favorites, variations } from '../../db/schema';

/**
 * The variations with these article numbers or EANs, as typed, in upper or in lower case (what a
 * typed or pasted article names), found through the unique indexes on both. Inactive ones are
 * found too, so a line can say "no longer sold" rather than "unknown".
 */
export async function findVariationsByArticle(db: DbOrTx, articles: readonly string[]): Promise<Array<{ article: string; variationId: number }>> {
  const keys = [...new Set(articles.flatMap((a) => [a, a.toLowerCase(), a.toUpperCase()]))];
  if (keys.length === 0) return [];
  const rows = await db
    .select({ sku: variations.sku, ean: variations.ean, variationId: variations.id })
    .from(variations)
    .where(or(inArray(variations.sku, keys), inArray(variations.ean, keys)));
  // An EAN is found as well as the article number (issue 19 gives variations one).
  return rows.flatMap((row) => [
    { article: row.sku.toLowerCase(), variationId: row.variationId },
    ...(row.ean ? [{ article: row.ean.toLowerCase(), variationId: row.variationId }] : []),
  ]);
}

/** The variations of the relation's favourite products (the order list). */
export async function findFavouriteVariations(db: DbOrTx, relationId: number): Promise<number[]> {
  const rows = await db
    .select({ variationId: variations.id })
    .from(favorites)
    .innerJoin(variations, eq(variations.productId, favorites.productId))
    .where(eq(favorites.relationId, relationId));
  return rows.map((r) => r.variationId);
}
