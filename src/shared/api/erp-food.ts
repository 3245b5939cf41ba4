import { z } from 'zod';
import { blankToUndefined, key, optionalText } from './erp-fields';
import { ALLERGEN_LEVELS, ALLERGENS, type Allergen, DIETS, NET_UNITS, NUTRIENTS, NUTRITION_BASES, STORAGE_TYPES } from './food';

/**
 * The `food` kind of the ERP import (docs/erp-exchange.md, "food"; issue 19): one row per product,
 * keyed by the product's `erp_id`, that is the product's whole food information. Empty means
 * unknown (an empty allergen cell deletes that allergen's row), never "free of".
 */

/** A decimal with a dot and at most 3 places (numeric(10, 3)); a decimal comma is refused by name. */
const DECIMAL_RE = /^\d{1,7}(\.\d{1,3})?$/;

const optionalDecimal = z.preprocess(blankToUndefined, z.string({ message: 'must be a decimal number' }).optional()).transform((value, ctx) => {
  if (value === undefined) return null;
  if (/^\d+,\d+$/.test(value)) {
    ctx.addIssue({ code: 'custom', message: `has a decimal comma ("${value.slice(0, 20)}"); write a dot: ${value.replace(',', '.')}` });
    return z.NEVER;
  }
  if (!DECIMAL_RE.test(value)) {
    ctx.addIssue({ code: 'custom', message: `is not a decimal number ("${value.slice(0, 20)}"; write e.g. 12.5, at most 3 decimals, no sign)` });
    return z.NEVER;
  }
  return value;
});

/** One of a fixed list, case-insensitive; empty: null (unknown). */
const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .preprocess((value) => {
      const given = blankToUndefined(value);
      return typeof given === 'string' ? given.toLowerCase() : given;
    }, z.enum(values, { message: `must be one of ${values.join(', ')} (or empty)` }).optional())
    .transform((value) => value ?? null);

/** Text a customer reads with the allergens emphasised: only <strong> and <b> (the import stores both as <strong>). */
const ALLOWED_TAG_RE = /^<\/?(strong|b)\s*>$/i;
const ingredients = optionalText(10_000).superRefine((value, ctx) => {
  if (value === undefined) return;
  for (const tag of value.match(/<[^>]*>?/g) ?? []) {
    if (!ALLOWED_TAG_RE.test(tag)) {
      ctx.addIssue({ code: 'custom', message: `may only emphasise allergens with <strong> or <b> (has ${tag.slice(0, 30)})` });
      return;
    }
  }
});

/** A GTIN-8, -12, -13 or -14 with a right check digit. */
export function isGtin(value: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(value)) return false;
  const digits = [...value].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

const ean = z.preprocess(blankToUndefined, z.string({ message: 'must be text' }).optional()).transform((value, ctx) => {
  if (value === undefined) return null;
  if (!isGtin(value)) {
    ctx.addIssue({ code: 'custom', message: `is not an EAN/GTIN ("${value.slice(0, 20)}": 8, 12, 13 or 14 digits with a right check digit)` });
    return z.NEVER;
  }
  return value;
});

const countryCode = z
  .preprocess(blankToUndefined, z.string({ message: 'must be text' }).optional())
  .transform((value) => value?.toUpperCase() ?? null)
  .pipe(z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code (ISO 3166-1 alpha-2: MX, NL, …)').nullable());

const alcohol = optionalDecimal.superRefine((value, ctx) => {
  if (value === null) return;
  if (!/^\d{1,3}(\.\d)?$/.test(value) || Number(value) > 100) ctx.addIssue({ code: 'custom', message: 'must be a percentage from 0 to 100 with at most one decimal (4.5)' });
});

const diets = z
  .preprocess((value) => {
    if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item.trim().toLowerCase() : item));
    const given = blankToUndefined(value);
    if (given === undefined) return [];
    return typeof given === 'string' ? given.split('|').map((item) => item.trim().toLowerCase()).filter((item) => item !== '') : given;
  }, z.array(z.enum(DIETS, { message: `holds a diet that is not one of ${DIETS.join(', ')}` }), { message: `must be a list of ${DIETS.join(', ')} (a|b)` }))
  .transform((given) => DIETS.filter((diet) => given.includes(diet)));

type AllergenField = `allergen_${Allergen}`;
const allergenFields = Object.fromEntries(ALLERGENS.map((allergen) => [`allergen_${allergen}`, optionalChoice(ALLERGEN_LEVELS)])) as {
  [K in AllergenField]: ReturnType<typeof optionalChoice<typeof ALLERGEN_LEVELS>>;
};

type NutrientField = (typeof NUTRIENTS)[number];
const nutrientFields = Object.fromEntries(NUTRIENTS.map((nutrient) => [nutrient, optionalDecimal])) as { [K in NutrientField]: typeof optionalDecimal };

export const foodRow = z
  .object({
    erp_id: key('product id'),
    /** EAN/GTIN of the product's variation; empty: the variation has none. */
    ean,
    legal_name_nl: optionalText(255),
    legal_name_en: optionalText(255),
    ingredients_nl: ingredients,
    ingredients_en: ingredients,
    ...allergenFields,
    nutrition_basis: optionalChoice(NUTRITION_BASES),
    ...nutrientFields,
    net_quantity: optionalDecimal,
    net_unit: optionalChoice(NET_UNITS),
    storage: optionalChoice(STORAGE_TYPES),
    storage_text_nl: optionalText(500),
    storage_text_en: optionalText(500),
    after_opening_nl: optionalText(500),
    after_opening_en: optionalText(500),
    origin_country: countryCode,
    alcohol_percentage: alcohol,
    diets,
    business_name: optionalText(200),
    business_address: optionalText(500),
  })
  .superRefine((row, ctx) => {
    const given = NUTRIENTS.filter((nutrient) => row[nutrient] !== null);
    if (given.length > 0 && row.nutrition_basis === null) {
      ctx.addIssue({ code: 'custom', path: ['nutrition_basis'], message: 'is required when nutrition values are given (100g or 100ml)' });
    }
    const partOf = (part: 'saturates' | 'sugars', whole: 'fat' | 'carbohydrate') => {
      const [p, w] = [row[part], row[whole]];
      if (p !== null && w !== null && Number(p) > Number(w)) ctx.addIssue({ code: 'custom', path: [part], message: `is more than ${whole} (${p} > ${w})` });
    };
    partOf('saturates', 'fat');
    partOf('sugars', 'carbohydrate');
    if ((row.net_quantity === null) !== (row.net_unit === null)) {
      if (row.net_unit === null) ctx.addIssue({ code: 'custom', path: ['net_unit'], message: `is required when net_quantity is given (${NET_UNITS.join(', ')})` });
      else ctx.addIssue({ code: 'custom', path: ['net_quantity'], message: 'is required when net_unit is given' });
    }
  });
export type FoodRow = z.infer<typeof foodRow>;
