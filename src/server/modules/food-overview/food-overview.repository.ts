import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Allergen, AllergenLevel } from '../../../shared/api/food';
import type { DbOrTx } from '../../db/client';
import { PLACED_STATES } from '../ordering/order-state';
import { orderItems, orders, productAllergens, productFood, products, relations } from '../../db/schema';

export interface PurchasedProduct {
  productId: number;
  /** The article numbers bought of it, sorted. */
  skus: string[];
  titleNl: string;
  titleEn: string;
}

/**
 * The products the relation bought in placed and completed orders (not canceled ones, not carts)
 * placed from `start` up to (not including) `end`. Lines of products deleted since are left out:
 * there is nothing left to tell of them.
 */
export async function findPurchasedProducts(db: DbOrTx, relationId: number, start: Date, end: Date): Promise<PurchasedProduct[]> {
  const rows = await db
    .select({
      productId: products.id,
      skus: sql<string[]>`array_agg(distinct ${orderItems.sku} order by ${orderItems.sku})`,
      titleNl: products.titleNl,
      titleEn: products.titleEn,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orders.relationId, relationId), inArray(orders.state, [...PLACED_STATES]), gte(orders.placedAt, start), lt(orders.placedAt, end)))
    .groupBy(products.id);
  return rows.map((r) => ({ ...r, skus: (r.skus ?? []).filter((s): s is string => Boolean(s)) }));
}

export interface FoodTexts {
  productId: number;
  legalNameNl: string | null;
  legalNameEn: string | null;
  ingredientsNl: string | null;
  ingredientsEn: string | null;
}

/** The legal names and ingredients of these products (a product without food information has no row). */
export async function findFoodTexts(db: DbOrTx, productIds: readonly number[]): Promise<FoodTexts[]> {
  if (productIds.length === 0) return [];
  return db
    .select({
      productId: productFood.productId,
      legalNameNl: productFood.legalNameNl,
      legalNameEn: productFood.legalNameEn,
      ingredientsNl: productFood.ingredientsNl,
      ingredientsEn: productFood.ingredientsEn,
    })
    .from(productFood)
    .where(inArray(productFood.productId, [...productIds]));
}

/** The allergen levels given for these products; an allergen without a row is unknown. */
export async function findAllergens(db: DbOrTx, productIds: readonly number[]): Promise<Array<{ productId: number; allergen: Allergen; level: AllergenLevel }>> {
  if (productIds.length === 0) return [];
  return db
    .select({ productId: productAllergens.productId, allergen: productAllergens.allergen, level: productAllergens.level })
    .from(productAllergens)
    .where(inArray(productAllergens.productId, [...productIds]));
}

/** The relation's name, for the overview's heading. */
export async function findRelationName(db: DbOrTx, relationId: number): Promise<string> {
  const [row] = await db.select({ name: relations.name }).from(relations).where(eq(relations.id, relationId));
  return row?.name ?? '';
}
