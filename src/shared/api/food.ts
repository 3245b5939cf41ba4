import { z } from 'zod';

/**
 * Food information (issue 19; Regulation (EU) No 1169/2011, see shared/DOMAIN.md): the 14
 * allergens of Annex II, the nutrition declaration of Annex XV, storage, origin, diet marks. A
 * product without a value for something says it is unknown: unknown is never "free of".
 * Nutrition values and quantities travel as decimal strings ("12.5"), never as floats.
 */

/** Annex II, in the regulation's order. Keys are what URLs and the ERP use. */
export const ALLERGENS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soybeans',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
export type Allergen = (typeof ALLERGENS)[number];

/** How a product stands to an allergen; a missing entry is unknown. */
export const ALLERGEN_LEVELS = ['contains', 'may_contain', 'free'] as const;
export type AllergenLevel = (typeof ALLERGEN_LEVELS)[number];

export const DIETS = ['vegetarian', 'vegan', 'gluten_free', 'organic', 'halal', 'kosher'] as const;
export type Diet = (typeof DIETS)[number];

export const STORAGE_TYPES = ['ambient', 'chilled', 'frozen'] as const;
export type StorageType = (typeof STORAGE_TYPES)[number];

export const NET_UNITS = ['g', 'kg', 'ml', 'l', 'piece'] as const;
export type NetUnit = (typeof NET_UNITS)[number];

/** Nutrition is declared per 100 g or per 100 ml. */
export const NUTRITION_BASES = ['100g', '100ml'] as const;

/** Annex XV, in its order; `fibre` is optional. */
export const NUTRIENTS = ['energy_kj', 'energy_kcal', 'fat', 'saturates', 'carbohydrate', 'sugars', 'fibre', 'protein', 'salt'] as const;
export type Nutrient = (typeof NUTRIENTS)[number];

/** A decimal with at most 3 places, as text: "0.25", "1520". */
export const decimalString = z.string().regex(/^\d{1,7}(\.\d{1,3})?$/, 'is a decimal number such as 12.5.');

export const nutrition = z.object({
  basis: z.enum(NUTRITION_BASES),
  energy_kj: decimalString,
  energy_kcal: decimalString,
  fat: decimalString,
  saturates: decimalString,
  carbohydrate: decimalString,
  sugars: decimalString,
  fibre: decimalString.nullable(),
  protein: decimalString,
  salt: decimalString,
});
export type Nutrition = z.infer<typeof nutrition>;

/** A product's food information in the caller's language, as the product detail answers it. */
export const foodInformation = z.object({
  legal_name: z.string().nullable(),
  /** Sanitised HTML: text with the allergens in <strong>. */
  ingredients: z.string().nullable(),
  /** Every one of the 14 allergens, in Annex II order; `null`: unknown. */
  allergens: z.array(z.object({ allergen: z.enum(ALLERGENS), level: z.enum(ALLERGEN_LEVELS).nullable() })),
  nutrition: nutrition.nullable(),
  net_quantity: z.object({ amount: decimalString, unit: z.enum(NET_UNITS) }).nullable(),
  storage: z.object({ type: z.enum(STORAGE_TYPES), text: z.string().nullable() }).nullable(),
  after_opening: z.string().nullable(),
  /** ISO 3166-1 alpha-2, e.g. "MX". */
  origin_country: z.string().nullable(),
  /** Actual alcoholic strength in % vol, for drinks above 1.2 %. */
  alcohol_percentage: decimalString.nullable(),
  diets: z.array(z.enum(DIETS)),
  /** EAN/GTIN of the variation. */
  ean: z.string().nullable(),
  /** The food business operator responsible for the information. */
  business: z.object({ name: z.string(), address: z.string() }).nullable(),
});
export type FoodInformation = z.infer<typeof foodInformation>;

/** What a product card shows compactly. */
export const foodMarks = z.object({
  storage: z.enum(STORAGE_TYPES).nullable(),
  diets: z.array(z.enum(DIETS)),
});
export type FoodMarks = z.infer<typeof foodMarks>;

/** An allergen whose level an import changed: from what to what (`null`: unknown). */
export const allergenChange = z.object({
  allergen: z.enum(ALLERGENS),
  from: z.enum(ALLERGEN_LEVELS).nullable(),
  to: z.enum(ALLERGEN_LEVELS).nullable(),
});
export type AllergenChange = z.infer<typeof allergenChange>;

/**
 * A change of the product's ingredients or allergens that the caller's relation is told of
 * (issue 19, point 6; decision 024): it bought the product in the 90 days before the change, and
 * the change is less than 30 days old.
 */
export const foodChangeNotice = z.object({
  /** The day of the change in the shop's time zone, YYYY-MM-DD. */
  changed_on: z.string(),
  ingredients_changed: z.boolean(),
  allergens: z.array(allergenChange),
});
export type FoodChangeNotice = z.infer<typeof foodChangeNotice>;
