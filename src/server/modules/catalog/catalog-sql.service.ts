/**
 * What the catalogue hands to other modules' statements and use cases (decision 036): named SQL
 * parts for a statement that must read its data with another module's (the cart's priced lines,
 * the products a relation bought), and named reads of its tables. The catalogue still writes the
 * SQL on its tables.
 */
export { findFavouriteVariations, findVariationsByArticle } from './article-lookup.repository';
export { productTitlesOf, productUuidOf, salesUnitColumns, variationSalesUnits, variationUuidOf } from './catalog-sql.repository';
export { findAllergens, findFoodTexts, type FoodTexts } from './food-texts.repository';
export { priceListName } from './price-lists.repository';
export { countOpenPriceRequests } from './price-request-counts.repository';
export {
  type DepositRow,
  findSellableVariations,
  joinSellable,
  type PriceContext,
  type ScaledPriceRow,
  sellableColumns,
  type SellableVariation,
} from './sellable.repository';
