import { eq, sql } from 'drizzle-orm';
import { ALLERGENS, DIETS, STORAGE_TYPES } from '../../../shared/api/food';
import type { DbOrTx } from '../../db/client';
import { productAllergens, productFood } from '../../db/schema';

/**
 * What the food filters of the product index need of every product (issue 19), as bit masks:
 * bit i of `free` / `mayContain` is ALLERGENS[i] at that level (no bit in either: contains or
 * unknown), bit i of `diets` is DIETS[i], `storage` is 1 + the index in STORAGE_TYPES (0:
 * unknown). One statement for the whole catalogue; the service keeps it per catalogue version.
 */
export interface FoodIndexRow {
  productId: number;
  free: number;
  mayContain: number;
  diets: number;
  storage: number;
}

const textArray = (values: readonly string[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;

/** 1 << (position of the allergen in ALLERGENS), summed over the rows of a level. */
const allergenMask = (level: 'free' | 'may_contain') =>
  sql<number>`coalesce(sum(1 << (array_position(${textArray(ALLERGENS)}, ${productAllergens.allergen}::text) - 1)) filter (where ${productAllergens.level} = ${level}), 0)::int`;

export async function findFoodIndex(db: DbOrTx): Promise<FoodIndexRow[]> {
  const allergens = db
    .select({
      productId: productAllergens.productId,
      free: allergenMask('free').as('free'),
      mayContain: allergenMask('may_contain').as('may_contain'),
    })
    .from(productAllergens)
    .groupBy(productAllergens.productId)
    .as('allergens');
  const diets = sql<number>`coalesce((select sum(1 << (array_position(${textArray(DIETS)}, d) - 1)) from unnest(${productFood.diets}) as d), 0)::int`;
  const rows = await db
    .select({
      foodId: productFood.productId,
      allergenId: allergens.productId,
      free: allergens.free,
      mayContain: allergens.mayContain,
      diets: diets.mapWith(Number),
      storage: sql<number>`coalesce(array_position(${textArray(STORAGE_TYPES)}, ${productFood.storage}::text), 0)::int`.mapWith(Number),
    })
    .from(productFood)
    .fullJoin(allergens, eq(allergens.productId, productFood.productId));
  return rows.map((r) => ({
    productId: Number(r.foodId ?? r.allergenId),
    free: Number(r.free ?? 0),
    mayContain: Number(r.mayContain ?? 0),
    diets: Number(r.diets ?? 0),
    storage: Number(r.storage ?? 0),
  }));
}
