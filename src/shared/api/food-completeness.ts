import { z } from 'zod';
import { staffPage, staffPageMeta } from './staff';
import { ALLERGENS, NUTRIENTS } from './food';
import { FOOD_GAPS } from './food-gaps';

/**
 * Completeness of the mandatory food information (issue 19 point 7; Regulation (EU) No
 * 1169/2011 Art. 9, shared/DOMAIN.md): the active food products that lack some of it, and what
 * they lack. Staff read it page by page (`GET /api/staff/food/incomplete`), the ERP as JSON Lines
 * (`GET /api/erp/export/food-incomplete`, docs/erp-exchange.md). English only (staff and machine).
 */

export { FOOD_GAPS, type FoodGap, INCOMPLETE_FOOD_PER_PAGE } from './food-gaps';

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

/** GET /api/staff/food/incomplete?page=&missing= ; `missing`: only the products that lack this part. */
export const incompleteFoodQuery = z.object({
  page: staffPage,
  missing: z.enum(FOOD_GAPS, { message: 'missing is one of the parts of the food information that can be missing.' }).optional(),
});
export type IncompleteFoodQuery = z.input<typeof incompleteFoodQuery>;

export const incompleteFoodResponse = z.object({
  data: z.array(incompleteFoodProduct),
  /** count: all incomplete products, not only this page. */
  meta: staffPageMeta,
});
export type IncompleteFoodResponse = z.infer<typeof incompleteFoodResponse>;
