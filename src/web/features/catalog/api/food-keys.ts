/**
 * The food filters' values (issue 19), as the contract's ALLERGENS, DIETS and STORAGE_TYPES
 * (shared/api/food.ts, which brings zod) have them, for the lazily loaded filter panel only: the
 * assortment's first load reads the URL without them (page weight; catalog-limits.test.ts keeps
 * them equal to the contract).
 */
export const ALLERGEN_KEYS = ['gluten', 'crustaceans', 'eggs', 'fish', 'peanuts', 'soybeans', 'milk', 'nuts', 'celery', 'mustard', 'sesame', 'sulphites', 'lupin', 'molluscs'] as const;
export const DIET_KEYS = ['vegetarian', 'vegan', 'gluten_free', 'organic', 'halal', 'kosher'] as const;
export const STORAGE_KEYS = ['ambient', 'chilled', 'frozen'] as const;
