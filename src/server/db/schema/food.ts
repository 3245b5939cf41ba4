import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ALLERGEN_LEVELS, ALLERGENS, DIETS, NET_UNITS, NUTRITION_BASES, STORAGE_TYPES } from '../../../shared/api/food';
import { products } from './catalog';
import { refersTo, stamped } from './columns';

/** A decimal of nutrition or quantity: exact, never a float (issue 19). */
const decimal = (name: string) => numeric(name, { precision: 10, scale: 3 });

/**
 * A product's food information (Regulation (EU) No 1169/2011; shared/api/food.ts): one row per
 * product, from the ERP's `food` kind. Text is kept in both languages. A column left null is
 * unknown, and is shown as unknown. Part of the catalogue version (migration 0014).
 */
export const productFood = pgTable(
  'product_food',
  {
    productId: refersTo('product_id', () => products.id, 'cascade').primaryKey(),
    legalNameNl: text('legal_name_nl'),
    legalNameEn: text('legal_name_en'),
    /** Sanitised HTML: the ingredients with the allergens in <strong>. */
    ingredientsNl: text('ingredients_nl'),
    ingredientsEn: text('ingredients_en'),
    nutritionBasis: text('nutrition_basis', { enum: NUTRITION_BASES }),
    energyKj: decimal('energy_kj'),
    energyKcal: decimal('energy_kcal'),
    fat: decimal('fat'),
    saturates: decimal('saturates'),
    carbohydrate: decimal('carbohydrate'),
    sugars: decimal('sugars'),
    fibre: decimal('fibre'),
    protein: decimal('protein'),
    salt: decimal('salt'),
    netQuantity: decimal('net_quantity'),
    netUnit: text('net_unit', { enum: NET_UNITS }),
    storage: text('storage', { enum: STORAGE_TYPES }),
    storageTextNl: text('storage_text_nl'),
    storageTextEn: text('storage_text_en'),
    afterOpeningNl: text('after_opening_nl'),
    afterOpeningEn: text('after_opening_en'),
    /** ISO 3166-1 alpha-2. */
    originCountry: text('origin_country'),
    /** % vol, for drinks above 1.2 %. */
    alcoholPercentage: numeric('alcohol_percentage', { precision: 4, scale: 1 }),
    /** Diet and certification marks (shared/api/food.ts DIETS). */
    diets: text('diets', { enum: DIETS }).array().notNull().default(sql`'{}'::text[]`),
    businessName: text('business_name'),
    businessAddress: text('business_address'),
    updatedAt: stamped('updated_at'),
  },
  (t) => [
    index('product_food_storage').on(t.storage),
    index('product_food_diets').using('gin', t.diets),
    check('product_food_alcohol', sql`${t.alcoholPercentage} is null or (${t.alcoholPercentage} >= 0 and ${t.alcoholPercentage} <= 100)`),
  ],
);

/**
 * How a product stands to each of the 14 allergens of Annex II: contains, may contain or free of.
 * No row for an allergen: unknown (never "free of").
 */
export const productAllergens = pgTable(
  'product_allergens',
  {
    productId: refersTo('product_id', () => products.id, 'cascade'),
    allergen: text('allergen', { enum: ALLERGENS }).notNull(),
    level: text('level', { enum: ALLERGEN_LEVELS }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.allergen] }), index('product_allergens_allergen_level').on(t.allergen, t.level, t.productId)],
);
