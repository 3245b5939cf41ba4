/**
 * The product search engine (issue 20, decision 025): an index in memory per instance, built
 * from the database for each catalogue version. Other modules call it through this interface,
 * which stays as it is:
 *
 *   const search = createSearchService(db);
 *
 *   search.searchProductIds(catalogVersion, { term, lang, limit, offset, categoryIds?, descending? })
 *     → Promise<{ ids: number[]; count: number }>
 *       ids: the product ids of the page (offset, limit), best match first; count: all matches.
 *
 *   search.suggest(catalogVersion, { term, lang, limit, categoryLimit? })
 *     → Promise<{ productIds: number[]; categoryIds: number[] }>
 *       at most `limit` product ids, best first, and at most `categoryLimit` (default 3) ids of
 *       categories whose name has every typed word; for search as you type.
 *
 *   search.warm() → Promise<void>: builds the index of the current version ahead (at start).
 *
 *   search.rankedIds(catalogVersion, { term, lang, descending?, categoryIds? })
 *     → Promise<Int32Array | null>: every match in order; null when the term has no word.
 *
 *   search.bestMatches(catalogVersion, { term, lang, descending?, categoryIds? }, best, keep?)
 *     → Promise<{ all: Int32Array; best: Int32Array } | null>: every match in no order and the
 *       best `best` of those that `keep` (product id → boolean), best first: a first page and
 *       the count without putting every match in order; null when the term has no word.
 *
 * `catalogVersion` is the catalogue version the request's session statement read
 * (`session.versions.catalog`, decision 013). An index older than that is built anew before it
 * answers, so a product renamed by an ERP import is found by its new name at once on every
 * instance sharing the database. Only active products with an active variation are found.
 * A term without letters or digits (only symbols, emoji) has no words: no matches.
 */
import type { DbOrTx } from '../../db/client';
import type { Lang } from '../../plugins/language';
import { buildSearchIndex, indexBytes, type SearchIndex } from './search-index';
import { bestAndAll, type MatchRequest, matchingCategories, rankedProductIds } from './search-match';
import { findCatalogueVersion, findSearchSource } from './search.repository';
import { queryWords } from './search-text';

export interface SearchQuery {
  term: string;
  lang: Lang;
  descending?: boolean;
  /** Only products in one of these categories (the caller includes the descendants). */
  categoryIds?: readonly number[] | null;
}

export interface SearchStats {
  version: number;
  products: number;
  /** Rough size of the index in memory. */
  bytes: number;
  buildMs: number;
}

const DEFAULT_CATEGORY_LIMIT = 3;

export function createSearchService(db: DbOrTx, deps: { onBuilt?: (stats: SearchStats) => void } = {}) {
  /** The newest index built, and the one being built for a newer version. */
  let ready: { version: number; index: SearchIndex } | null = null;
  let pending: { version: number; index: Promise<SearchIndex> } | null = null;

  async function build(version: number): Promise<SearchIndex> {
    const started = performance.now();
    const index = await buildSearchIndex(await findSearchSource(db));
    if (ready === null || ready.version < version) ready = { version, index };
    deps.onBuilt?.({ version, products: index.ids.length, bytes: indexBytes(index), buildMs: Math.round(performance.now() - started) });
    return index;
  }

  /** The index at `version` or newer: read later, never staler. */
  function indexAt(version: number): SearchIndex | Promise<SearchIndex> {
    if (ready !== null && ready.version >= version) return ready.index;
    if (pending === null || pending.version < version) {
      const index = build(version);
      const started = { version, index };
      pending = started;
      index.then(
        () => {
          if (pending === started) pending = null;
        },
        () => {
          if (pending === started) pending = null;
        },
      );
    }
    return pending.index;
  }

  /** The index and the engine's request of a list search; null when the term has no word. */
  async function matching(catalogVersion: number, query: SearchQuery): Promise<{ index: SearchIndex; request: MatchRequest } | null> {
    const words = queryWords(query.term);
    if (words.length === 0) return null;
    const index = await indexAt(catalogVersion);
    return { index, request: { lang: query.lang, words, descending: query.descending ?? false, categoryIds: query.categoryIds ?? null } };
  }

  async function rankedIds(catalogVersion: number, query: SearchQuery): Promise<Int32Array | null> {
    const found = await matching(catalogVersion, query);
    return found && rankedProductIds(found.index, found.request);
  }

  return {
    rankedIds,

    async bestMatches(
      catalogVersion: number,
      query: SearchQuery,
      best: number,
      keep?: (productId: number) => boolean,
    ): Promise<{ all: Int32Array; best: Int32Array } | null> {
      const found = await matching(catalogVersion, query);
      return found && bestAndAll(found.index, found.request, best, keep);
    },

    /** Builds the index of the current catalogue version ahead of the first search. */
    async warm(): Promise<void> {
      await indexAt(await findCatalogueVersion(db));
    },

    async searchProductIds(
      catalogVersion: number,
      query: SearchQuery & { limit: number; offset: number },
    ): Promise<{ ids: number[]; count: number }> {
      const all = await rankedIds(catalogVersion, query);
      if (all === null) return { ids: [], count: 0 };
      return { ids: Array.from(all.subarray(query.offset, query.offset + query.limit)), count: all.length };
    },

    async suggest(
      catalogVersion: number,
      query: { term: string; lang: Lang; limit: number; categoryLimit?: number },
    ): Promise<{ productIds: number[]; categoryIds: number[] }> {
      const words = queryWords(query.term);
      if (words.length === 0) return { productIds: [], categoryIds: [] };
      const index = await indexAt(catalogVersion);
      const ranked = rankedProductIds(index, { lang: query.lang, words, descending: false, limit: query.limit });
      return {
        productIds: Array.from(ranked),
        categoryIds: matchingCategories(index, query.lang, words, query.categoryLimit ?? DEFAULT_CATEGORY_LIMIT),
      };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
