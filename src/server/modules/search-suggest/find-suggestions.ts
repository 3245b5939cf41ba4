import type { Lang } from '../../plugins/language';
import type { ActiveSession } from '../auth/session.service';
import type { CatalogService } from '../catalog/catalog.service';
import { createCategoryMatcher } from './category-matches';

export interface SuggestionIds {
  /** Internal product ids, best first. */
  productIds: number[];
  /** Category term ids, best first. */
  categoryIds: number[];
}

export interface SuggestionLimits {
  products: number;
  categories: number;
}

/**
 * THE ONE PLACE WHERE SUGGESTIONS ARE FOUND (decision 026). Today: the product list's full-text
 * search through the catalogue's service (its remembered match list per catalogue version) and a
 * prefix match on the category names. When the search engine of issue 20
 * (modules/search/search.service.ts, `suggest(term, lang, limit)` answering ranked product ids and
 * matching category ids) is merged, this function's body becomes that call; everything around it
 * (prices, images, names, the route, the web) stays as it is.
 */
export function createSuggestionFinder(catalog: CatalogService) {
  const matchCategories = createCategoryMatcher();
  return async function findSuggestions(term: string, lang: Lang, session: ActiveSession, limits: SuggestionLimits): Promise<SuggestionIds> {
    const [productIds, rows] = await Promise.all([catalog.searchIds(term, lang, limits.products, session), catalog.categories(session)]);
    return { productIds, categoryIds: matchCategories(term, lang, rows, limits.categories) };
  };
}
