import type { Db } from '../../db/client';
import { queryWords } from '../search/search-text';
import type { SearchService } from '../search/search.service';
import * as productIndex from './product-index.repository';

/** The list's filter: the product index's, and the search as typed. */
export interface ListFilter extends productIndex.ProductFilter {
  fulltext: string | undefined;
}

/**
 * Which products a list filter matches, in page order, and the key its matches are remembered
 * under (catalog.service.ts). `search` null: PostgreSQL's full-text search (SEARCH_ENGINE=legacy).
 */
export function createListMatcher(db: Db, search: SearchService | null) {
  const matchKey = (filter: ListFilter, page: productIndex.PageRequest, version: number) =>
    JSON.stringify([version, filter.lang, searchKey(filter), filter.categoryIds, page.descending]);
  /**
   * What decides a search's matches: the words the engine reads (an empty list for a search of
   * only symbols, which finds nothing), or the legacy engine's tsquery; null without a search.
   */
  const searchKey = (filter: ListFilter) =>
    !search ? filter.search : filter.fulltext === undefined || filter.fulltext.trim() === '' ? null : queryWords(filter.fulltext);

  /**
   * Every match of a filter in page order. A search goes to the search engine (every product's
   * words in memory per catalogue version); the order list and the categories are applied to
   * its ranked matches. Without a search, or with the legacy engine, the database answers.
   */
  async function matchingIds(filter: ListFilter, descending: boolean, version: number): Promise<Int32Array> {
    // Something typed without a letter or digit in it (symbols, emoji) finds nothing (issue 20).
    if (filter.fulltext !== undefined && filter.fulltext.trim() !== '' && queryWords(filter.fulltext).length === 0) return new Int32Array(0);
    if (!search || !filter.search || filter.fulltext === undefined) return productIndex.findMatchingIds(db, filter, descending);
    const ranked = await search.rankedIds(version, { term: filter.fulltext, lang: filter.lang, descending, categoryIds: filter.categoryIds });
    if (ranked === null) return productIndex.findMatchingIds(db, { ...filter, search: null }, descending);
    if (filter.favoritesOf === null) return ranked;
    const onList = new Set(await productIndex.findMatchingIds(db, { ...filter, search: null, categoryIds: null }, descending));
    return ranked.filter((id) => onList.has(id));
  }

  return { matchKey, matchingIds };
}
