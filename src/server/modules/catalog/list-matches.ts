import type { LRUCache } from 'lru-cache';
import { type CacheBudget, stringBytes } from '../../cache-budget';
import type { Db } from '../../db/client';
import type { Lang } from '../../plugins/language';
import type { SearchService } from '../search/search.service';
import type { FoodFacets } from '../../../shared/api/catalog';
import { applyFoodFilter, buildFoodIndex, type FoodFilter, type FoodIndex, type FoodResult, foodPasses } from './food-filter';
import { findFoodIndex } from './food-index.repository';
import * as productIndex from './product-index.repository';

/** The list's filter: the product index's, and the search as typed. */
export interface ListFilter extends productIndex.ProductFilter {
  lang: Lang;
  fulltext: string | undefined;
}

/** Whether the filter searches: something typed besides spaces. */
const searches = (filter: ListFilter): filter is ListFilter & { fulltext: string } => filter.fulltext !== undefined && filter.fulltext.trim() !== '';

/** Which products a list filter matches, in page order. */
export function createListMatcher(db: Db, search: SearchService) {
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

  return { matchingIds };
}

/** What a remembered list's food counts take (about 30 counts and their names). */
const FACETS_BYTES = 1024;

/** The furthest a page may reach (offset + limit) to be picked from unordered matches (bestPage). */
const BEST_PAGE_MAX = 120;

/** What the list's pages are made from: the matcher, the remembered matches and the food index. */
interface ListPagesContext {
  db: Db;
  search: SearchService;
  matchingIds: ReturnType<typeof createListMatcher>['matchingIds'];
  /**
   * Per catalogue version and filter without a search, the ordered ids of the products that pass
   * the food filter and the food counts (a 20,000-product list takes 80 kB).
   */
  matches: LRUCache<string, FoodResult>;
  /** The food index of the newest catalogue version asked for. */
  foodCache: { version: number; index: Promise<FoodIndex> } | null;
}

/**
 * A page of a list filter's matching ids, the number of all matches and the food counts. A search
 * is answered by the search engine from memory, the order list (the relation's own and small) by
 * the database each time; every other filter (the assortment, a category) is the same for every
 * customer, so its ordered match list is remembered per catalogue version and the page is sliced
 * out of it with the food filter and its counts (one pass over the matches, food-filter.ts).
 */
export function createListPages(db: Db, caches: CacheBudget, search: SearchService) {
  const context: ListPagesContext = {
    db,
    search,
    matchingIds: createListMatcher(db, search).matchingIds,
    matches: caches.lru<string, FoodResult>('matches', (found, key) => found.ids.byteLength + FACETS_BYTES + stringBytes(key)),
    foodCache: null,
  };
  return {
    pageOf: (filter: ListFilter, food: FoodFilter, page: productIndex.PageRequest, version: number) => pageOf(context, filter, food, page, version),
  };
}

/** Every product's food masks at a catalogue version, read once per version (decision 022). */
function foodIndexAt(context: ListPagesContext, version: number): Promise<FoodIndex> {
  if (context.foodCache === null || context.foodCache.version < version) {
    const index = Promise.resolve(findFoodIndex(context.db)).then(buildFoodIndex);
    context.foodCache = { version, index };
    index.catch(() => {
      if (context.foodCache?.index === index) context.foodCache = null;
    });
  }
  // A request that read an older version is served the newer index: read later, never staler.
  return context.foodCache.index;
}

/**
 * A search's page, its count and food counts without putting every match in order: the best
 * `offset + limit` matches that pass the food filter are picked in one pass, and the counts
 * taken over all matches in any order (a broad search at 100,000 products matches most of
 * them; ordering them all was most of its time). Null when the search engine does not answer
 * the filter (no search, a term without words) or the page lies too far on.
 */
async function bestPage(context: ListPagesContext, filter: ListFilter, food: FoodFilter, page: productIndex.PageRequest, version: number) {
  if (!searches(filter)) return null;
  if (page.offset + page.limit > BEST_PAGE_MAX) return null;
  const foods = await foodIndexAt(context, version);
  const found = await context.search.bestMatches(
    version,
    { term: filter.fulltext, lang: filter.lang, descending: page.descending, categoryIds: filter.categoryIds },
    page.offset + page.limit,
    foodPasses(foods, food),
  );
  if (found === null) return null;
  const { ids, facets } = applyFoodFilter(found.all, foods, food);
  return { ids: Array.from(found.best.subarray(page.offset)), total: ids.length, facets };
}

/** The food-filtered matches of a filter without search words and without the order list: remembered per catalogue version. */
async function sharedMatches(context: ListPagesContext, filter: ListFilter, food: FoodFilter, descending: boolean, version: number): Promise<FoodResult> {
  const key = JSON.stringify([version, filter.lang, filter.categoryIds, descending, food.without, food.strict, food.diets, food.storage]);
  let found = context.matches.get(key);
  if (found === undefined) {
    found = applyFoodFilter(await context.matchingIds(filter, descending, version), await foodIndexAt(context, version), food);
    context.matches.set(key, found);
  }
  return found;
}

async function pageOf(
  context: ListPagesContext,
  filter: ListFilter,
  food: FoodFilter,
  page: productIndex.PageRequest,
  version: number,
): Promise<{ ids: number[]; total: number; facets: FoodFacets }> {
  const shared = filter.favoritesOf === null;
  const best = shared ? await bestPage(context, filter, food, page, version) : null;
  if (best) return best;
  const result =
    shared && !searches(filter)
      ? await sharedMatches(context, filter, food, page.descending, version)
      : applyFoodFilter(await context.matchingIds(filter, page.descending, version), await foodIndexAt(context, version), food);
  return { ids: Array.from(result.ids.subarray(page.offset, page.offset + page.limit)), total: result.ids.length, facets: result.facets };
}
