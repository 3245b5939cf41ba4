/**
 * What the catalogue hands to other modules' statements and use cases (decision 036): named SQL
 * parts for a statement that must read its data with another module's (the cart's priced lines),
 * and named reads of its tables. The catalogue still writes the SQL on its tables.
 */
export { findFavouriteVariations, findVariationsByArticle } from './article-lookup.repository';
export { findAllergens, findFoodTexts, type FoodTexts } from './food-texts.repository';
export { productTitlesOf } from './catalog-sql.repository';
