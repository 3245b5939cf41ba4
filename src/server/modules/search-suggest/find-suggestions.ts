import type { Lang } from '../../plugins/language';
import type { ActiveSession } from '../../context/session';
import type { SearchService } from '../search/search.service';

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
 * THE ONE PLACE WHERE SUGGESTIONS ARE FOUND (decision 026): the search engine of issue 20
 * (modules/search/search.service.ts, decision 025), at the catalogue version the session read, so
 * typos, accents and word forms are forgiven as in the list. Everything around it (prices, images,
 * names, the route, the web) stays as it is.
 */
export function createSuggestionFinder(search: Pick<SearchService, 'suggest'>) {
  return async function findSuggestions(term: string, lang: Lang, session: ActiveSession, limits: SuggestionLimits): Promise<SuggestionIds> {
    return search.suggest(session.versions.catalog, { term, lang, limit: limits.products, categoryLimit: limits.categories });
  };
}
