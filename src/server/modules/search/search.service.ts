/**
 * The product search engine (issue 20, decision 025): an index in memory per instance, built
 * from the database for each catalogue version. Other modules call it through this interface,
 * which stays as it is:
 *
 *   const search = createSearchService(db, { caches });
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
 *   search.refresh() → Promise<void>: the same, only when an index is kept (tests).
 *
 *   search.rankedIds(catalogVersion, { term, lang, descending?, categoryIds? })
 *     → Promise<Int32Array | null>: every match in order; null when the term has no word.
 *
 *   search.bestMatches(catalogVersion, { term, lang, descending?, categoryIds? }, best, keep?)
 *     → Promise<{ all: Int32Array; best: Int32Array } | null>: every match in no order and the
 *       best `best` of those that `keep` (product id → boolean), best first: a first page and
 *       the count without putting every match in order; null when the term has no word.
 *
 *   search.isCurrent(catalogVersion) → boolean: whether the index that answers now is of that
 *     version or newer. Asked before a search, true means its answer may be remembered under
 *     that version; false means the answer may come from the previous index.
 *
 *   search.settled() → Promise<void>: when no build is under way or waiting.
 *
 * `catalogVersion` is the catalogue version the request's session statement read
 * (`session.versions.catalog`, decision 013). An index older than that answers at once while the
 * next one builds (issue 39: an ERP import made every search wait for a whole build); versions
 * asked during a build are built once after it, at the newest of them. Only the first search of
 * an instance waits, for the first index. The index holds words, not prices: the products a
 * search finds are shown from the catalogue's parts at the session's versions. Only active
 * products with an active variation are found. A term without letters or digits (only symbols,
 * emoji) has no words: no matches. A search's scratch arrays are kept in the cache share
 * `searchScratch` (decision 014); a scratch that does not fit it is made for the one search.
 */
import { type CacheBudget, createCacheBudget, DEFAULT_CACHE_MAX_MB } from '../../cache-budget';
import type { LRUCache } from 'lru-cache';
import type { DbOrTx } from '../../db/client';
import type { Lang } from '../../plugins/language';
import { buildSearchIndex, indexBytes, type SearchIndex, type SearchSource } from './search-index';
import { bestAndAll, type MatchRequest, matchingCategories, rankedProductIds } from './search-match';
import { findCatalogueVersion, findSearchSource } from './search.repository';
import { queryWords } from './search-text';
import { newScratch, type Scratch, scratchBytes } from './word-match';

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

export interface SearchServiceDeps {
  onBuilt?: (stats: SearchStats) => void;
  /** A build that failed in the background (the next search of a newer version tries again). */
  onBuildFailed?: (err: unknown) => void;
  /** What an index is built from; by default read from the database (tests hold a build back with it). */
  readSource?: () => Promise<SearchSource>;
  /** The server's cache budget, of which the scratch takes its share; by default one of its own at the default size (tests, scripts). */
  caches?: CacheBudget;
}

interface Built {
  version: number;
  index: SearchIndex;
}

/** What the search functions share: where an index is built from, and the state of the builds. */
interface SearchContext {
  db: DbOrTx;
  deps: SearchServiceDeps;
  readSource: () => Promise<SearchSource>;
  /** The newest index built, the build under way, and the newest version asked for. */
  ready: Built | null;
  building: Promise<Built> | null;
  wanted: number;
  /**
   * Scratch arrays by number of documents, in the cache share `searchScratch` (decision 014), each
   * counted at its most; one may take the whole share. The previous index's stays until pushed out.
   */
  scratches: LRUCache<number, Scratch>;
}

function searchContext(db: DbOrTx, deps: SearchServiceDeps): SearchContext {
  const caches = deps.caches ?? createCacheBudget(DEFAULT_CACHE_MAX_MB * 2 ** 20);
  return {
    db,
    deps,
    readSource: deps.readSource ?? (() => findSearchSource(db)),
    ready: null,
    building: null,
    wanted: -1,
    scratches: caches.lru<number, Scratch>('searchScratch', (_scratch, documents) => scratchBytes(documents), { maxEntryShare: 1 }),
  };
}

/** The kept scratch of an index's size, or a new one (kept when it fits the share). */
function scratchFor({ scratches }: SearchContext, index: SearchIndex): Scratch {
  const documents = index.ids.length;
  let scratch = scratches.get(documents);
  if (scratch === undefined) {
    scratch = newScratch(documents);
    scratches.set(documents, scratch);
  }
  return scratch;
}

/** Reads the source and builds its index as `version`, which becomes the ready one unless a newer one is. */
async function build(ctx: SearchContext, version: number): Promise<Built> {
  const started = performance.now();
  const index = await buildSearchIndex(await ctx.readSource());
  const built = { version, index };
  if (ctx.ready === null || ctx.ready.version < version) ctx.ready = built;
  ctx.deps.onBuilt?.({ version, products: index.ids.length, bytes: indexBytes(index), buildMs: Math.round(performance.now() - started) });
  return built;
}

/**
 * Builds the index of the newest version asked for. The source is read after that version was
 * asked for (by a session statement that read it), so it is of that version or newer. Once it
 * is ready, a version asked for meanwhile is built once more: several bumps, one build.
 */
function startBuild(ctx: SearchContext): Promise<Built> {
  const run = build(ctx, ctx.wanted);
  ctx.building = run;
  run.then(
    () => {
      ctx.building = null;
      if (ctx.ready !== null && ctx.ready.version < ctx.wanted) startBuild(ctx).catch((err: unknown) => ctx.deps.onBuildFailed?.(err));
    },
    () => {
      ctx.building = null;
    },
  );
  return run;
}

/** The index to answer a request of `version` with: the newest ready one, and a build of `version` when it is older. */
function indexAt(ctx: SearchContext, version: number): Built | Promise<Built> {
  if (ctx.ready !== null && ctx.ready.version >= version) return ctx.ready;
  if (version > ctx.wanted) ctx.wanted = version;
  if (ctx.building === null) {
    const run = startBuild(ctx);
    // Without an index to answer meanwhile, the caller waits for this build and sees its failure.
    if (ctx.ready !== null) run.catch((err: unknown) => ctx.deps.onBuildFailed?.(err));
  }
  return ctx.ready ?? (ctx.building as Promise<Built>);
}

/** Resolves once no build is under way or waiting (a failed build rejects it). */
async function settled(ctx: SearchContext): Promise<void> {
  while (ctx.building !== null) await ctx.building;
}

/** Whether the index that answers now is of `catalogVersion` or newer. */
function isCurrent({ ready }: SearchContext, catalogVersion: number): boolean {
  return ready !== null && ready.version >= catalogVersion;
}

/** The index and the engine's request of a list search; null when the term has no word. */
async function matching(ctx: SearchContext, catalogVersion: number, query: SearchQuery): Promise<{ index: SearchIndex; request: MatchRequest } | null> {
  const words = queryWords(query.term);
  if (words.length === 0) return null;
  const { index } = await indexAt(ctx, catalogVersion);
  return { index, request: { lang: query.lang, words, descending: query.descending ?? false, categoryIds: query.categoryIds ?? null } };
}

async function rankedIds(ctx: SearchContext, catalogVersion: number, query: SearchQuery): Promise<Int32Array | null> {
  const found = await matching(ctx, catalogVersion, query);
  return found && rankedProductIds(found.index, found.request, scratchFor(ctx, found.index));
}

async function bestMatches(
  ctx: SearchContext,
  catalogVersion: number,
  query: SearchQuery,
  best: number,
  keep?: (productId: number) => boolean,
): Promise<{ all: Int32Array; best: Int32Array } | null> {
  const found = await matching(ctx, catalogVersion, query);
  return found && bestAndAll(found.index, found.request, scratchFor(ctx, found.index), best, keep);
}

/** Builds the index of the current catalogue version ahead of the first search, and waits for it. */
async function warm(ctx: SearchContext): Promise<void> {
  await indexAt(ctx, await findCatalogueVersion(ctx.db));
  await settled(ctx);
}

/**
 * Brings a kept index to the current catalogue version and waits for it; nothing when no
 * index is kept. For tests, which reset the database (and bump the version) between them.
 */
async function refresh(ctx: SearchContext): Promise<void> {
  if (ctx.ready === null) return;
  await indexAt(ctx, await findCatalogueVersion(ctx.db));
  await settled(ctx);
}

async function searchProductIds(ctx: SearchContext, catalogVersion: number, query: SearchQuery & { limit: number; offset: number }): Promise<{ ids: number[]; count: number }> {
  const all = await rankedIds(ctx, catalogVersion, query);
  if (all === null) return { ids: [], count: 0 };
  return { ids: Array.from(all.subarray(query.offset, query.offset + query.limit)), count: all.length };
}

async function suggest(
  ctx: SearchContext,
  catalogVersion: number,
  query: { term: string; lang: Lang; limit: number; categoryLimit?: number },
): Promise<{ productIds: number[]; categoryIds: number[] }> {
  const words = queryWords(query.term);
  if (words.length === 0) return { productIds: [], categoryIds: [] };
  const { index } = await indexAt(ctx, catalogVersion);
  const ranked = rankedProductIds(index, { lang: query.lang, words, descending: false, limit: query.limit }, scratchFor(ctx, index));
  return {
    productIds: Array.from(ranked),
    categoryIds: matchingCategories(index, query.lang, words, query.categoryLimit ?? DEFAULT_CATEGORY_LIMIT),
  };
}

export function createSearchService(db: DbOrTx, deps: SearchServiceDeps = {}) {
  const ctx = searchContext(db, deps);
  return {
    rankedIds: (catalogVersion: number, query: SearchQuery) => rankedIds(ctx, catalogVersion, query),
    isCurrent: (catalogVersion: number) => isCurrent(ctx, catalogVersion),
    settled: () => settled(ctx),
    bestMatches: (catalogVersion: number, query: SearchQuery, best: number, keep?: (productId: number) => boolean) => bestMatches(ctx, catalogVersion, query, best, keep),
    warm: () => warm(ctx),
    refresh: () => refresh(ctx),
    searchProductIds: (catalogVersion: number, query: SearchQuery & { limit: number; offset: number }) => searchProductIds(ctx, catalogVersion, query),
    suggest: (catalogVersion: number, query: { term: string; lang: Lang; limit: number; categoryLimit?: number }) => suggest(ctx, catalogVersion, query),
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
