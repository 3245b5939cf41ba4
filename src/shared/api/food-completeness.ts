import { z } from 'zod';
import { staffPage, staffPageMeta } from './staff';
import { ALLERGENS, NUTRIENTS } from './food';

/**
 * Completeness of the mandatory food information (issue 19 point 7; Regulation (EU) No
 * 1169/2011 Art. 9, shared/DOMAIN.md): the active food products that lack some of it, and what
 * they lack. Staff read it page by page (`GET /api/staff/food/incomplete`), the ERP as JSON Lines
 * (`GET /api/erp/export/food-incomplete`, docs/erp-exchange.md). English only (staff and machine).
 */

/**
 * What can be missing. `allergens`: one or more of the 14 is unknown (see `unknown_allergens`);
 * `nutrition`: the basis or a value other than fibre (see `missing_nutrition`); `net_quantity`:
 * the quantity or its unit; `alcohol_percentage`: only for products in a category whose name says
 * beer, tequila, mezcal or wine.
 */
export const FOOD_GAPS = [
  'legal_name_nl',
  'legal_name_en',
  'ingredients_nl',
  'ingredients_en',
  'allergens',
  'nutrition',
  'net_quantity',
  'storage',
  'business_name',
  'business_address',
  'alcohol_percentage',
] as const;
export type FoodGap = (typeof FOOD_GAPS)[number];

/** The nutrition declaration's mandatory parts: its basis and every value but fibre. */
export const MANDATORY_NUTRITION = ['nutrition_basis', ...NUTRIENTS.filter((n) => n !== 'fibre')] as const;

export const incompleteFoodProduct = z.object({
  product_id: z.number().int(),
  erp_id: z.string(),
  /** The article number of the product's (active) variation. */
  sku: z.string().nullable(),
  title_nl: z.string(),
  title_en: z.string(),
  /** In FOOD_GAPS order; never empty. */
  missing: z.array(z.enum(FOOD_GAPS)).min(1),
  /** The allergens of the 14 that are unknown (Annex II order). */
  unknown_allergens: z.array(z.enum(ALLERGENS)),
  missing_nutrition: z.array(z.enum(MANDATORY_NUTRITION)),
});
export type IncompleteFoodProduct = z.infer<typeof incompleteFoodProduct>;

/** Products per page of the staff list. */
export const INCOMPLETE_FOOD_PER_PAGE = 50;

/** GET /api/staff/food/incomplete?page= */
export const incompleteFoodQuery = z.object({
  page: staffPage,
});

export const incompleteFoodResponse = z.object({
  data: z.array(incompleteFoodProduct),
  /** count: all incomplete products, not only this page. */
  meta: staffPageMeta,
});
export type IncompleteFoodResponse = z.infer<typeof incompleteFoodResponse>;
