import { type CacheBudget, stringBytes } from '../../cache-budget';
import type { Db } from '../../db/client';
import type { Lang } from '../../plugins/language';
import { queryWords } from '../search/search-text';
import type { SearchService } from '../search/search.service';
import { applyFoodFilter, buildFoodIndex, type FoodFilter, type FoodIndex, foodKey, foodPasses, type FoodResult } from './food-filter';
import { findFoodIndex } from './food-index.repository';
import * as productIndex from './product-index.repository';

/** The list's filter: the product index's, and the search as typed. */
export interface ListFilter extends productIndex.ProductFilter {
  lang: Lang;
  fulltext: string | undefined;
}

/** Whether the filter searches: something typed besides spaces. */
const searches = (filter: ListFilter): filter is ListFilter & { fulltext: string } => filter.fulltext !== undefined && filter.fulltext.trim() !== '';

/**
 * Which products a list filter matches, in page order, and the key its matches are remembered
 * under (catalog.service.ts).
 */
export function createListMatcher(db: Db, search: SearchService) {
  const matchKey = (filter: ListFilter, page: productIndex.PageRequest, version: number) =>
    JSON.stringify([version, filter.lang, searchKey(filter), filter.categoryIds, page.descending]);
  /**
   * What decides a search's matches: the words the engine reads (an empty list for a search of
   * only symbols, which finds nothing); null without a search.
   */
  const searchKey = (filter: ListFilter) => (searches(filter) ? queryWords(filter.fulltext) : null);

  /**
   * Every match of a filter in page order. A search goes to the search engine (every product's
   * words in memory per catalogue version); the order list and the categories are applied to
   * its ranked matches. Without a search the database answers.
   */
  async function matchingIds(filter: ListFilter, descending: boolean, version: number): Promise<Int32Array> {
    if (!searches(filter)) return productIndex.findMatchingIds(db, filter, descending);
    const ranked = await search.rankedIds(version, { term: filter.fulltext, lang: filter.lang, descending, categoryIds: filter.categoryIds });
    // Something typed without a letter or digit in it (symbols, emoji) finds nothing (issue 20).
    if (ranked === null) return new Int32Array(0);
    if (filter.favoritesOf === null) return ranked;
    const onList = new Set(await productIndex.findMatchingIds(db, { ...filter, categoryIds: null }, descending));
    return ranked.filter((id) => onList.has(id));
  }

  return { matchKey, matchingIds };
}

/** The furthest a page may reach (offset + limit) to be picked from unordered matches (bestPage). */
const BEST_PAGE_MAX = 120;

/**
 * A page of a list filter's matching ids, the number of all matches and the food counts. The
 * order list is the relation's own and small: asked directly. Everything else is the same for
 * every customer, so the whole ordered match list is remembered per catalogue version, and what
 * passes the food filter with its counts per food filter; the page is sliced out of that.
 */
export function createListPages(db: Db, caches: CacheBudget, search: SearchService) {
  const { matchKey, matchingIds } = createListMatcher(db, search);
  /** Per filter, the ordered ids of the matching products (a 20,000-product list takes 80 kB). */
  const matches = caches.lru<string, Int32Array>('matches', (ids, key) => ids.byteLength + stringBytes(key));
  /** Per filter and food filter, the matches that pass the food filter and their counts, per catalogue version. */
  const foodMatches = caches.lru<string, FoodResult>('foodMatches', (r, key) => r.ids.byteLength + stringBytes(r.facets) + stringBytes(key));
  /**
   * The match keys of searches asked for once. A search's matches (and what passes the food
   * filter) are remembered from its second request, its next page or food filter: most distinct
   * searches are asked once, and remembering the matches of each (up to 80 kB at 20,000 products)
   * made the garbage collector's work grow with every new search, as whole pages did (shared-pages.ts).
   */
  const searchesAskedOnce = caches.lru<string, true>('matchKeys', (_asked, key) => stringBytes(key));
  /** Whether the filter's matches are worth remembering: always without a search, from its second request with one. */
  const remembersMatches = (filter: ListFilter, key: string): boolean => {
    if (filter.fulltext === undefined || searchesAskedOnce.has(key)) return true;
    searchesAskedOnce.set(key, true);
    return false;
  };
  let foodCache: { version: number; index: Promise<FoodIndex> } | null = null;

  /** Every product's food masks at a catalogue version, read once per version (decision 022). */
  function foodIndexAt(version: number): Promise<FoodIndex> {
    if (foodCache === null || foodCache.version < version) {
      const index = Promise.resolve(findFoodIndex(db)).then(buildFoodIndex);
      foodCache = { version, index };
      index.catch(() => {
        if (foodCache?.index === index) foodCache = null;
      });
    }
    // A request that read an older version is served the newer index: read later, never staler.
    return foodCache.index;
  }

  /**
   * A search's page, its count and food counts without putting every match in order: the best
   * `offset + limit` matches that pass the food filter are picked in one pass, and the counts
   * taken over all matches in any order (a broad search at 100,000 products matches most of
   * them; ordering them all was most of its time). Null when the search engine does not answer
   * the filter (no search, a term without words) or the page lies too far on.
   */
  async function bestPage(filter: ListFilter, food: FoodFilter, page: productIndex.PageRequest, version: number) {
    if (!searches(filter)) return null;
    if (page.offset + page.limit > BEST_PAGE_MAX) return null;
    const foods = await foodIndexAt(version);
    const found = await search.bestMatches(
      version,
      { term: filter.fulltext, lang: filter.lang, descending: page.descending, categoryIds: filter.categoryIds },
      page.offset + page.limit,
      foodPasses(foods, food),
    );
    if (found === null) return null;
    const { ids, facets } = applyFoodFilter(found.all, foods, food);
    return { ids: Array.from(found.best.subarray(page.offset)), total: ids.length, facets };
  }

  async function pageOf(
    filter: ListFilter,
    food: FoodFilter,
    page: productIndex.PageRequest,
    version: number,
  ): Promise<{ ids: number[]; total: number; facets: string; current: boolean }> {
    // Asked before the search: the index only gets newer, so true holds for the answer too.
    const current = filter.fulltext === undefined || search.isCurrent(version);
    let result: FoodResult | undefined;
    if (filter.favoritesOf !== null) {
      result = applyFoodFilter(await matchingIds(filter, page.descending, version), await foodIndexAt(version), food);
    } else {
      const key = matchKey(filter, page, version);
      const foodMatchKey = `${key}|${foodKey(food)}`;
      result = foodMatches.get(foodMatchKey);
      if (!result) {
        let ids = matches.get(key);
        // An answer of the previous index (while the next builds) is not remembered under this version.
        const remembered = ids !== undefined || (current && remembersMatches(filter, key));
        // Most searches are asked once: their first page without ordering every match.
        const best = remembered ? null : await bestPage(filter, food, page, version);
        if (best) return { ...best, current };
        if (!ids) {
          ids = await matchingIds(filter, page.descending, version);
          if (remembered) matches.set(key, ids);
        }
        result = applyFoodFilter(ids, await foodIndexAt(version), food);
        if (remembered) foodMatches.set(foodMatchKey, result);
      }
    }
    return { ids: Array.from(result.ids.subarray(page.offset, page.offset + page.limit)), total: result.ids.length, facets: result.facets, current };
  }

  return { matchKey, pageOf };
}
