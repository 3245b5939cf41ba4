import type { LRUCache } from 'lru-cache';
import type { FoodChangeNotice } from '../../../shared/api/food';
import { type CacheBudget, stringBytes } from '../../cache-budget';
import type { Db } from '../../db/client';
import type { Lang } from '../../plugins/language';
import type { DataVersions } from '../../context/session';
import * as repo from './catalog.repository';
import {
  NO_OWN,
  type ProductAnswer,
  type ProductOwn,
  type ProductPrices,
  type ProductText,
  toProduct,
  toProductPrices,
  toProductText,
} from './product-resource';
import { createStockParts, type StockLevel } from './stock-parts';
import { NUMBER_BYTES, objectBytes } from './part-sizes';
import { NO_FOOD_CHANGES, NO_OWN_PARTS, type OwnParts, ownParts, type RelationEntry, relationBytes } from './relation-parts';
import { createVersionedCache, type VersionedCache } from '../../versioned-cache';



/** The list serves product texts as stored, the product page sanitised (see toProductText). */
export type TextStyle = 'list' | 'detail';

/** A product's texts per style and language: the key of its texts is its id times four plus this. */
const TEXT_KIND: Record<TextStyle, Record<Lang, number>> = { list: { nl: 0, en: 1 }, detail: { nl: 2, en: 3 } };
const TEXT_KINDS = 4;
/**
 * Product ids are PostgreSQL integers (below 2^31): a price key is its scope times this plus the
 * id, exact as a double for the first 2^22 scopes (thousands of years of price lists and days).
 */
const PRODUCT_ID_RANGE = 2 ** 31;
/** Price lists times business days kept at a time (a day has as many as price lists are used). */
const MAX_PRICE_SCOPES = 1024;

/** Who asks: what the answer depends on besides the products. */
export interface PartsRequest {
  lang: Lang;
  style: TextStyle;
  /** The caller's price list and relation; null for a caller without a relation. */
  customer: { pricelist: string; relationId: number } | null;
  /** The business day, YYYY-MM-DD: prices and quotes change by day. */
  day: string;
}

/** Products put together from their parts, and, when a statement saw newer data than asked for, its versions. */
export interface Assembled {
  /** By product id; a product that is gone (no longer active) is missing. */
  products: Map<number, ProductAnswer>;
  /** Versions newer than the ones asked at, seen while reading what was not remembered. */
  newer: DataVersions | null;
}


/** The parts of a product are found by numbers (product id, and a number for the price list and day). */
const partBytes = (part: object) => objectBytes(part) + NUMBER_BYTES;
const productIdBytes = (_id: number, uuid: string) => NUMBER_BYTES + stringBytes(uuid);

/** What the parts keep between requests: one per createProductParts. */
interface PartsState {
  db: Db;
  apiBase: string;
  texts: VersionedCache<ProductText, number>;
  productIds: VersionedCache<number, string>;
  prices: VersionedCache<ProductPrices, number>;
  relations: LRUCache<number, RelationEntry>;
  /**
   * The price lists and business days of the prices kept, each as a number (a key of prices is
   * that number and the product id). Bounded: past MAX_PRICE_SCOPES the numbers and the prices
   * kept under them are forgotten together. A number is never given out twice, so a request that
   * took one before and keeps its prices after cannot file them under another price list.
   */
  priceScopes: Map<string, number>;
  nextPriceScope: number;
  stockParts: ReturnType<typeof createStockParts>['stockParts'];
}


/**
 * The catalogue's answers put together from remembered parts (decision 013). A product is three
 * parts, each kept by the data versions it depends on, which every request reads with its
 * session (DataVersions):
 * - its texts (the same for everyone), by catalogue version, language and style;
 * - its images and prices under a price list, by catalogue and offers version, price list and day;
 * - its relation's own part (favourite, quotes), by relation version, catalogue version and day,
 *   one entry per relation holding all its favourites and quotes.
 * A part kept at other versions than the request's is never served: the caches of the first two
 * hold one version at a time (a newer one empties them, a request that read an older one neither
 * gets nor adds anything), and a relation's entry is used only at exactly its versions. What is not
 * remembered is read in one statement per kind, which also answers the versions it saw.
 */
export function createProductParts(db: Db, apiBase: string, caches: CacheBudget) {
  const texts = createVersionedCache(caches.lru<number, ProductText>('productTexts', partBytes));
  const productIds = createVersionedCache(caches.lru<string, number>('productIds', productIdBytes));
  // Both counters only go up, so their sum does, and it names one state of images and prices.
  const prices = createVersionedCache(caches.lru<number, ProductPrices>('productPrices', partBytes));
  // A product's stock level per stock version (decision 030): the same for every caller; by product id.
  const stock = createVersionedCache(caches.lru<number, StockLevel>('productStock', partBytes));
  const relations = caches.lru<number, RelationEntry>('relationParts', relationBytes);
  const { stockParts } = createStockParts(db, stock);
  const state: PartsState = { db, apiBase, texts, productIds, prices, relations, priceScopes: new Map(), nextPriceScope: 0, stockParts };

  return {
    /**
     * The ids of the products the relation has a favourite or a quote of, at the versions (read
     * when not remembered): a page without any of them is the same for every customer of the
     * price list.
     */
    async ownProductIds(relationId: number, versions: DataVersions, day: string): Promise<{ has(id: number): boolean }> {
      return (await ownParts(state.db, state.relations, relationId, versions, day)).own;
    },

    /**
     * The products with these ids put together from their parts, at `versions` (the session's) or newer: from the
     * remembered parts, reading what is missing. `remembered: false` reads every part (a request
     * that keeps meeting newer versions makes its last try so). A product's uuid may be given to
     * find it by uuid (the product page); it is then the only one.
     */
    assemble(ids: number[] | { uuid: string }, versions: DataVersions, request: PartsRequest, options?: { remembered?: boolean }): Promise<Assembled> {
      return assembleParts(state, ids, versions, request, options);
    },
  };
}

const textKey = (style: TextStyle, lang: Lang, id: number) => id * TEXT_KINDS + TEXT_KIND[style][lang];
const pricesKey = (scope: number, id: number) => scope * PRODUCT_ID_RANGE + id;
const pricesVersionOf = (versions: { catalog: number; offers: number }) => versions.catalog + versions.offers;
const isNewer = (seen: DataVersions, than: DataVersions) =>
  seen.catalog > than.catalog || seen.offers > than.offers || seen.stock > than.stock || seen.relation > than.relation;

/** The number of the request's price list and day (see PartsState.priceScopes). */
function priceScopeOf(state: PartsState, request: PartsRequest): number {
  const name = `${request.customer?.pricelist ?? ''}:${request.day}`;
  let scope = state.priceScopes.get(name);
  if (scope === undefined) {
    if (state.priceScopes.size >= MAX_PRICE_SCOPES) {
      state.priceScopes.clear();
      state.prices.clear();
    }
    scope = state.nextPriceScope++;
    state.priceScopes.set(name, scope);
  }
  return scope;
}


/** See the factory's assemble. */
async function assembleParts(
  state: PartsState,
  ids: number[] | { uuid: string },
  versions: DataVersions,
  request: PartsRequest,
  { remembered = true }: { remembered?: boolean } = {},
): Promise<Assembled> {
  state.texts.observe(versions.catalog);
  state.productIds.observe(versions.catalog);
  state.prices.observe(pricesVersionOf(versions));
  // The stock levels kept move to a newer stock version by the change log (stock-parts.ts), not emptied here.
  const textOf = new Map<number, ProductText>();
  const pricesOf = new Map<number, ProductPrices>();
  let wanted: number[] = [];
  if (Array.isArray(ids)) {
    wanted = ids;
  } else {
    const id = state.productIds.get(versions.catalog, ids.uuid);
    if (id !== undefined) wanted = [id];
  }
  const scope = priceScopeOf(state, request);
  if (remembered) rememberedParts(state, wanted, versions, request, scope, textOf, pricesOf);
  const context: repo.ProductContext = { lang: request.lang, pricelist: request.customer?.pricelist ?? null, today: request.day };
  const missing = wanted.filter((id) => !textOf.has(id) || !pricesOf.has(id));
  let rows: repo.ProductPartsRow[] = [];
  if (!Array.isArray(ids) && wanted.length === 0) {
    const row = await repo.findProductPartsByUuid(state.db, ids.uuid, true, context);
    rows = row ? [row] : [];
    if (row) wanted = [row.id];
  } else if (missing.length > 0) {
    rows = await repo.findProductParts(state.db, missing, missing.filter((id) => !textOf.has(id)), context);
  }
  let newer = keepRows(state, rows, versions, request, scope, textOf, pricesOf);
  let own: ReadonlyMap<number, ProductOwn> = NO_OWN_PARTS;
  let foodChanges: ReadonlyMap<number, FoodChangeNotice[]> = NO_FOOD_CHANGES;
  if (request.customer) {
    const parts = await ownParts(state.db, state.relations, request.customer.relationId, versions, request.day);
    own = parts.own;
    // The product page tells of food changes; the list does not.
    if (request.style === 'detail') foodChanges = parts.foodChanges;
    newer = newerWithOwn(parts.seen, versions, newer);
  }
  const levels = await state.stockParts(wanted, versions, remembered);
  if (levels.seen > versions.stock) newer = { ...(newer ?? versions), stock: levels.seen };
  return { products: productsOf(wanted, textOf, pricesOf, levels.levels, own, foodChanges), newer };
}

/** Adds the wanted products' remembered texts and prices to `textOf` and `pricesOf`. */
function rememberedParts(
  state: PartsState,
  wanted: number[],
  versions: DataVersions,
  request: PartsRequest,
  scope: number,
  textOf: Map<number, ProductText>,
  pricesOf: Map<number, ProductPrices>,
): void {
  for (const id of wanted) {
    const text = state.texts.get(versions.catalog, textKey(request.style, request.lang, id));
    if (text !== undefined) textOf.set(id, text);
    const priced = state.prices.get(pricesVersionOf(versions), pricesKey(scope, id));
    if (priced !== undefined) pricesOf.set(id, priced);
  }
}

/**
 * Adds the parts read to `textOf` and `pricesOf` and keeps them; answers the last versions seen
 * that are newer than the request's, or null.
 */
function keepRows(
  state: PartsState,
  rows: repo.ProductPartsRow[],
  versions: DataVersions,
  request: PartsRequest,
  scope: number,
  textOf: Map<number, ProductText>,
  pricesOf: Map<number, ProductPrices>,
): DataVersions | null {
  let newer: DataVersions | null = null;
  for (const row of rows) {
    const seen = { catalog: row.version, offers: row.offersVersion, stock: versions.stock, relation: versions.relation };
    if (isNewer(seen, versions)) newer = seen;
    if (row.text) {
      const detail = request.style === 'detail';
      const text = toProductText(row.id, row.text, request.lang, { sanitize: detail, withFood: detail });
      textOf.set(row.id, text);
      state.texts.set(row.version, textKey(request.style, request.lang, row.id), text);
      state.productIds.set(row.version, row.text.uuid, row.id);
    }
    const priced = toProductPrices(row, state.apiBase);
    pricesOf.set(row.id, priced);
    state.prices.set(pricesVersionOf(seen), pricesKey(scope, row.id), priced);
  }
  return newer;
}

/** The newer versions seen, counting the ones the relation's own parts were read at. */
function newerWithOwn(seen: OwnParts['seen'], versions: DataVersions, newer: DataVersions | null): DataVersions | null {
  if (seen.catalog <= versions.catalog && seen.relation <= versions.relation) return newer;
  return {
    catalog: Math.max(seen.catalog, newer?.catalog ?? 0),
    offers: Math.max(versions.offers, newer?.offers ?? 0),
    stock: Math.max(versions.stock, newer?.stock ?? 0),
    relation: seen.relation,
  };
}

/** The wanted products that have every part, put together. */
function productsOf(
  wanted: number[],
  textOf: Map<number, ProductText>,
  pricesOf: Map<number, ProductPrices>,
  levels: Map<number, StockLevel>,
  own: ReadonlyMap<number, ProductOwn>,
  foodChanges: ReadonlyMap<number, FoodChangeNotice[]>,
): Map<number, ProductAnswer> {
  const products = new Map<number, ProductAnswer>();
  for (const id of wanted) {
    // A product read again and not found (no longer in the catalogue) lacks a part: left out.
    const text = textOf.get(id);
    const prices = pricesOf.get(id);
    if (text === undefined || prices === undefined) continue;
    const availability = levels.get(id)?.availability ?? null;
    products.set(id, toProduct({ text, prices, availability, own: own.get(id) ?? NO_OWN, foodChanges: foodChanges.get(id) }));
  }
  return products;
}
