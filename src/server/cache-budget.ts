import { LRUCache } from 'lru-cache';

/**
 * Every in-process cache of the server is an LRU bounded in bytes (lru-cache, `maxSize` with a
 * size per entry), and all of them together stay within one budget, CACHE_MAX_MB (decision 014).
 * The budget is split in fixed shares, so that one kind of entry can only push out entries of its
 * own kind, never the product parts that every page is made of. Each cache is named in decision
 * 014 with the benchmark that shows it matters.
 */
export const CACHE_SHARES = {
  /** Product texts per catalogue version, language and style (catalog/product-parts.ts). */
  productTexts: 0.47,
  /** A product's images and prices per price list and day. */
  productPrices: 0.25,
  /** A product's stock level per stock version (decision 030). */
  productStock: 0.03,
  /** The internal id of a product uuid (the product page). */
  productIds: 0.03,
  /** Per relation: its favourites and quotes. */
  relationParts: 0.04,
  /** Per catalogue version and list filter without a search: the ordered ids of the matching products. */
  matches: 0.06,
  /** Whole answers of the suggestions per catalogue + offers version, price list, day, language and search (decision 026). */
  suggestionAnswers: 0.02,
  /** What a suggestion shows of a product (name, article number, image, price) per language, price list, day and version (decision 026). */
  suggestionProducts: 0.02,
  /** Rendered allergen overviews (PDF, CSV, XLSX) per relation, format and document (issue 39 point 4). */
  foodOverviews: 0.05,
  /**
   * The search engine's scratch arrays, kept between searches (search/word-match.ts Scratch),
   * counted at their most per document: ~100 bytes a product, 2 MB at 20,000.
   */
  searchScratch: 0.03,
} as const;

export type CacheName = keyof typeof CACHE_SHARES;

/** What lru-cache can hold as a key or a value: anything but null and undefined. */
export type Cacheable = NonNullable<unknown>;

/**
 * What the cache keeps per entry besides the key's and value's own bytes: its slot in the key
 * map, the links of the recency list, the size record and the headers of key and value. An
 * estimate (lru-cache keeps a Map entry and a few array slots per entry), on the high side.
 */
export const ENTRY_OVERHEAD_BYTES = 96;

/**
 * The bytes of a string in V8: one or two per character (two as soon as one character does not
 * fit in Latin-1; the catalogue's JSON has '€' in it). Counted as two: an upper bound that needs
 * no scan of the string.
 */
export const stringBytes = (text: string): number => text.length * 2;

export interface CacheReport {
  name: CacheName;
  entries: number;
  bytes: number;
  maxBytes: number;
}

export interface CacheBudget {
  /** The bound of all caches together, in bytes. */
  readonly totalBytes: number;
  /**
   * The LRU of one share, each entry counted as `sizeOf(value, key)` plus ENTRY_OVERHEAD_BYTES.
   * An entry larger than `maxEntryShare` of the share is not kept (by default a sixteenth, so a
   * few huge entries cannot push out all ordinary ones). Each share is handed out once.
   */
  lru<K extends Cacheable, V extends Cacheable>(name: CacheName, sizeOf: (value: V, key: K) => number, options?: { maxEntryShare?: number }): LRUCache<K, V>;
  /** Bytes accounted over every cache made from this budget. */
  accountedBytes(): number;
  report(): CacheReport[];
}

/** The default of CACHE_MAX_MB: a small server. */
export const DEFAULT_CACHE_MAX_MB = 256;

export function createCacheBudget(totalBytes: number): CacheBudget {
  const caches = new Map<CacheName, LRUCache<Cacheable, Cacheable>>();
  const maxBytesOf = (name: CacheName) => Math.max(1, Math.floor(totalBytes * CACHE_SHARES[name]));
  return {
    totalBytes,
    lru<K extends Cacheable, V extends Cacheable>(name: CacheName, sizeOf: (value: V, key: K) => number, { maxEntryShare = 1 / 16 } = {}) {
      if (caches.has(name)) throw new Error(`the cache share ${name} is already in use`);
      const maxSize = maxBytesOf(name);
      const cache = new LRUCache<K, V>({
        maxSize,
        maxEntrySize: Math.max(1, Math.floor(maxSize * maxEntryShare)),
        // lru-cache wants a positive whole number.
        sizeCalculation: (value, key) => Math.max(1, Math.ceil(sizeOf(value, key) + ENTRY_OVERHEAD_BYTES)),
      });
      caches.set(name, cache as unknown as LRUCache<Cacheable, Cacheable>);
      return cache;
    },
    accountedBytes() {
      let bytes = 0;
      for (const cache of caches.values()) bytes += cache.calculatedSize;
      return bytes;
    },
    report() {
      return [...caches].map(([name, cache]) => ({ name, entries: cache.size, bytes: cache.calculatedSize, maxBytes: maxBytesOf(name) }));
    },
  };
}
