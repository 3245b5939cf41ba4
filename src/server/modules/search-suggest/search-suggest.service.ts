import type { Product } from '../../../shared/api/catalog';
import type { ProductSuggestion, SuggestionsResponse } from '../../../shared/api/search';
import { SUGGEST_MAX_CATEGORIES, SUGGEST_MAX_PRODUCTS, SUGGEST_MIN_CHARS } from '../../../shared/api/search-limits';
import type { Lang } from '../../plugins/language';
import type { ActiveSession } from '../auth/session.service';
import type { CatalogService } from '../catalog/catalog.service';
import { searchTokens } from '../catalog/search-query';
import { createSuggestionFinder } from './find-suggestions';

const NOTHING: SuggestionsResponse = { products: [], categories: [] };

/** What a suggestion shows of a product as the list answers it to the caller. */
function toSuggestion(json: string): ProductSuggestion {
  const product = JSON.parse(json) as Product;
  return {
    id: product.id,
    title: product.title,
    sku: product.sku,
    image: product.images[0]?.image_style_uri.small_thumbnail ?? null,
    price: product.price_on_request ? null : product.price,
  };
}

/**
 * Suggestions as the customer types in the header search box (issue 20 point 4): the products and
 * categories `findSuggestions` finds, with what the list shows the caller of each product (its
 * price under the caller's price list, from the catalogue's remembered parts, so never staler
 * than the session's data versions). Fewer than two letters or digits ask nothing.
 */
export function createSearchSuggestService(catalog: CatalogService) {
  const findSuggestions = createSuggestionFinder(catalog);
  return {
    async suggestions(text: string, session: ActiveSession, lang: Lang): Promise<SuggestionsResponse> {
      if (searchTokens(text).join('').length < SUGGEST_MIN_CHARS) return NOTHING;
      const found = await findSuggestions(text, lang, session, { products: SUGGEST_MAX_PRODUCTS, categories: SUGGEST_MAX_CATEGORIES });
      const [products, rows] = await Promise.all([catalog.productsById(found.productIds, session, lang), catalog.categories(session)]);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return {
        products: products.map(toSuggestion),
        categories: found.categoryIds.flatMap((id) => {
          const row = byId.get(id);
          return row ? [{ id, name: lang === 'en' ? row.nameEn : row.nameNl }] : [];
        }),
      };
    },
  };
}

export type SearchSuggestService = ReturnType<typeof createSearchSuggestService>;
