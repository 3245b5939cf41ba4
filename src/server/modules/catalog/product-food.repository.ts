import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { productAllergens, productFood } from '../../db/schema';
import type { Lang } from '../../plugins/language';
import type { AllergenRow, FoodRow } from './product-food';

/* The food information of a product (product-food.ts) as parts of the product statements. */

const decimalText = (column: AnyPgColumn) => sql`${column}::text`;

/** The product's product_food row as JSON in the language (null: none), for a statement on products. */
export function foodOf(productId: AnyPgColumn, lang: Lang): SQL<FoodRow | null> {
  const en = lang === 'en';
  const f = productFood;
  const fields: [string, SQL | AnyPgColumn][] = [
    ['legalName', en ? f.legalNameEn : f.legalNameNl],
    ['ingredients', en ? f.ingredientsEn : f.ingredientsNl],
    ['basis', f.nutritionBasis],
    ['energyKj', decimalText(f.energyKj)],
    ['energyKcal', decimalText(f.energyKcal)],
    ['fat', decimalText(f.fat)],
    ['saturates', decimalText(f.saturates)],
    ['carbohydrate', decimalText(f.carbohydrate)],
    ['sugars', decimalText(f.sugars)],
    ['fibre', decimalText(f.fibre)],
    ['protein', decimalText(f.protein)],
    ['salt', decimalText(f.salt)],
    ['netQuantity', decimalText(f.netQuantity)],
    ['netUnit', f.netUnit],
    ['storage', f.storage],
    ['storageText', en ? f.storageTextEn : f.storageTextNl],
    ['afterOpening', en ? f.afterOpeningEn : f.afterOpeningNl],
    ['origin', f.originCountry],
    ['alcohol', decimalText(f.alcoholPercentage)],
    ['diets', f.diets],
    ['businessName', f.businessName],
    ['businessAddress', f.businessAddress],
  ];
  const pairs = sql.join(
    fields.map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  );
  return sql<FoodRow | null>`(select json_build_object(${pairs}) from ${productFood} where ${productFood.productId} = ${productId})`;
}

/** The product's allergen rows as a JSON array (no row for an allergen: unknown). */
export function allergensOf(productId: AnyPgColumn): SQL<AllergenRow[]> {
  return sql<AllergenRow[]>`coalesce((select json_agg(json_build_object('allergen', ${productAllergens.allergen}, 'level', ${productAllergens.level}))
    from ${productAllergens} where ${productAllergens.productId} = ${productId}), '[]'::json)`;
}
