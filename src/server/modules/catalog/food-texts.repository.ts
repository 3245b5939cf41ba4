import { inArray } from 'drizzle-orm';
import type { Allergen, AllergenLevel } from '../../../shared/api/food';
import type { DbOrTx } from '../../db/client';
import { productAllergens, productFood } from '../../db/schema';

/** The food information of products as the food overview lists it (one statement per kind). */

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
