import { type CacheBudget, stringBytes } from '../../cache-budget';
import type { DataVersions } from '../../context/session';
import { type FoodFilter, foodKey } from './food-filter';
import type { PageRequest } from './product-index.repository';
import type { PartsRequest } from './product-parts';
import { createVersionedCache } from '../../versioned-cache';

/**
 * Whole list pages shared by a price list (decision 013): an assortment or search page with none
 * of the caller's favourites or quotes on it is the same for every customer of the price list
 * (and every caller without one). Such a page is remembered whole, per catalogue + offers + stock
 * version, from its second request; catalog.service.ts decides which pages are shared.
 */

/** A shared page at the versions a request read. */
export interface SharedPage {
  /** Names the page apart from its versions: filter, food filter, page, price list and day. */
  key: string;
  /**
   * The sum of the catalogue, offers and stock versions: the counters only go up, so it names
   * one state (stock levels too: decision 030).
   */
  version: number;
  /** Names the page's text exactly: the key and the versions it was made at (the key of its compressed forms). */
  exactKey: string;
}

export function createSharedPages(caches: CacheBudget) {
  /** Whole pages that are the same for every customer of a price list, per catalogue + offers + stock version. */
  const pages = createVersionedCache(caches.lru<string, Buffer>('pages', (page, key) => page.byteLength + stringBytes(key)));
  /**
   * The exact keys of shared pages asked for once. A page is remembered whole, and compressed
   * once, from its second request: most distinct searches are asked once, and remembering each
   * of those pages (~100 kB of string) cost more in garbage collection than it ever saved.
   */
  const askedOnce = caches.lru<string, true>('pageKeys', (_asked, key) => stringBytes(key));

  return {
    /**
     * The shared page of a filter's matches (`matchKey`, list-matches.ts), food filter and page
     * for the request's price list and day, at the request's versions. Notes the versions: a
     * newer one forgets the pages of the older.
     */
    at(matchKey: string, food: FoodFilter, page: PageRequest, request: PartsRequest, versions: DataVersions): SharedPage {
      const key = `${matchKey}|${foodKey(food)}|${page.offset}|${page.limit}|${request.customer?.pricelist ?? ''}|${request.day}`;
      const version = versions.catalog + versions.offers + versions.stock;
      pages.observe(version);
      return { key, version, exactKey: `${version}|${key}` };
    },

    /** The page's remembered text at its versions, or undefined. */
    get(page: SharedPage): Buffer | undefined {
      return pages.get(page.version, page.key);
    },

    /**
     * Remembers a page's text, made wholly at the page's versions; answers whether it counts as
     * shared (its compressed forms are then remembered under `exactKey` too). A page asked for
     * before, also at earlier offers or stock versions (a list page after a stock import), is
     * remembered at once; a one-off search only from its second request.
     */
    remember(page: SharedPage, body: Buffer): boolean {
      if (!askedOnce.has(page.key)) {
        askedOnce.set(page.key, true);
        return false;
      }
      pages.set(page.version, page.key, body);
      return true;
    },
  };
}
