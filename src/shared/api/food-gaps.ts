/**
 * The parts of the mandatory food information that the completeness list (food-completeness.ts)
 * names, on their own without zod or the food contract, so that the staff page's chunk does not
 * pull the catalogue's food module into a chunk of its own (page weight, decision 012).
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

/** Products per page of the staff list. */
export const INCOMPLETE_FOOD_PER_PAGE = 50;
