import { type CacheBudget, stringBytes } from '../../cache-budget';
import type { Db } from '../../db/client';
import type { Lang } from '../../plugins/language';
import type { DataVersions } from '../../context/session';
import * as repo from './catalog.repository';
import * as relationOwn from './relation-own.repository';
import { foodChangesJson, NO_OWN_JSON, type ProductJsonParts, toProductOwn, toProductPrices, toProductText } from './product-resource';
import { createStockParts } from './stock-parts';
import { createVersionedCache } from '../../versioned-cache';

/** What a product id (a small integer) takes in a Map or as a cache value. */
const NUMBER_BYTES = 8;
/** A Buffer's object and its memory's bookkeeping, besides its bytes. */
const BUFFER_OVERHEAD_BYTES = 160;

/**
 * A value's JSON as UTF-8 bytes in memory of their own: a small Buffer.from would share an 8 kB
 * slab of the pool, which one remembered part could keep alive after the others have gone.
 */
function utf8Json(value: unknown): Buffer {
  const json = JSON.stringify(value);
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(json));
  bytes.write(json);
  return bytes;
}
/** A product's own part in a relation's entry: its id, the Map slot and the JSON string's header. */
const OWN_PART_OVERHEAD_BYTES = 64;

/** A relation's entry: the JSON of each own part and what the Map keeps per product. */
const relationEntryBytes = (entry: RelationEntry): number => {
  let bytes = 0;
  for (const json of entry.own.values()) bytes += stringBytes(json) + OWN_PART_OVERHEAD_BYTES;
  for (const json of entry.foodChanges.values()) bytes += stringBytes(json) + OWN_PART_OVERHEAD_BYTES;
  return bytes + stringBytes(entry.day);
};

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

/** Products as the JSON texts of their parts, and, when a statement saw newer data than asked for, its versions. */
export interface Assembled {
  /** By product id (joined by productJsonText or written by writeProductJson); a product that is gone (no longer active) is missing. */
  json: Map<number, ProductJsonParts>;
  /** Versions newer than the ones asked at, seen while reading what was not remembered. */
  newer: DataVersions | null;
}

export interface RelationEntry {
  relationVersion: number;
  catalogVersion: number;
  day: string;
  /** The JSON of a product's own part, for products the relation has a favourite or a quote of. */
  own: Map<number, string>;
  /** The JSON of the food changes the relation is told of, per product (the product page shows them; decision 024). */
  foodChanges: Map<number, string>;
}

/**
 * The catalogue's answers put together from remembered parts (decision 013). A product's JSON is
 * three parts, each kept by the data versions it depends on, which every request reads with its
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
  // The parts of a product are found by numbers, not texts: a page looks up some 45 of them, and
  // a key made as a string is hashed anew for each look-up (several times the cost of a number).
  const jsonBytes = (json: string) => stringBytes(json) + NUMBER_BYTES;
  // Texts and prices are kept as their UTF-8 bytes, which a page is written from (page-bytes.ts).
  const encodedBytes = (json: Buffer) => json.byteLength + BUFFER_OVERHEAD_BYTES + NUMBER_BYTES;
  const texts = createVersionedCache(caches.lru<number, Buffer>('productTexts', encodedBytes));
  const productIds = createVersionedCache(caches.lru<string, number>('productIds', (_id, uuid) => NUMBER_BYTES + stringBytes(uuid)));
  // Both counters only go up, so their sum does, and it names one state of images and prices.
  const prices = createVersionedCache(caches.lru<number, Buffer>('productPrices', encodedBytes));
  // A product's stock level per stock version (decision 030): the same for every caller; by product id.
  const stock = createVersionedCache(caches.lru<number, string>('productStock', jsonBytes));
  const relations = caches.lru<number, RelationEntry>('relationParts', (entry) => relationEntryBytes(entry) + NUMBER_BYTES);
  const textKey = (style: TextStyle, lang: Lang, id: number) => id * TEXT_KINDS + TEXT_KIND[style][lang];
  /**
   * The price lists and business days of the prices kept, each as a number (a key of prices is
   * that number and the product id). Bounded: past MAX_PRICE_SCOPES the numbers and the prices
   * kept under them are forgotten together. A number is never given out twice, so a request that
   * took one before and keeps its prices after cannot file them under another price list.
   */
  const priceScopes = new Map<string, number>();
  let nextPriceScope = 0;
  const priceScopeOf = (request: PartsRequest): number => {
    const name = `${request.customer?.pricelist ?? ''}:${request.day}`;
    let scope = priceScopes.get(name);
    if (scope === undefined) {
      if (priceScopes.size >= MAX_PRICE_SCOPES) {
        priceScopes.clear();
        prices.clear();
      }
      scope = nextPriceScope++;
      priceScopes.set(name, scope);
    }
    return scope;
  };
  const pricesKey = (scope: number, id: number) => scope * PRODUCT_ID_RANGE + id;
  const pricesVersionOf = (versions: { catalog: number; offers: number }) => versions.catalog + versions.offers;
  const isNewer = (seen: DataVersions, than: DataVersions) =>
    seen.catalog > than.catalog || seen.offers > than.offers || seen.stock > than.stock || seen.relation > than.relation;

  /** The relation's own parts at the request's versions: remembered, or read (one statement). */
  async function ownParts(
    relationId: number,
    versions: DataVersions,
    day: string,
  ): Promise<{ own: Map<number, string>; foodChanges: Map<number, string>; seen: { catalog: number; relation: number } }> {
    const known = relations.get(relationId);
    if (known && known.relationVersion === versions.relation && known.catalogVersion === versions.catalog && known.day === day) {
      return { own: known.own, foodChanges: known.foodChanges, seen: { catalog: known.catalogVersion, relation: known.relationVersion } };
    }
    const row = await relationOwn.findRelationOwn(db, relationId, day);
    const favorites = new Map(row.favorites.map((f) => [f.productId, f.uuid]));
    const quotes = new Map(row.quotes.map((q) => [q.productId, q.quotes]));
    const own = new Map<number, string>();
    for (const id of new Set([...favorites.keys(), ...quotes.keys()])) {
      own.set(id, JSON.stringify(toProductOwn(favorites.get(id) ?? null, quotes.get(id) ?? [])));
    }
    const foodChanges = foodChangesJson(row.foodChanges);
    // Keep what was read unless a concurrent request already keeps a newer state.
    const current = relations.get(relationId);
    if (!current || (row.relationVersion >= current.relationVersion && row.catalogVersion >= current.catalogVersion)) {
      relations.set(relationId, { relationVersion: row.relationVersion, catalogVersion: row.catalogVersion, day, own, foodChanges });
    }
    return { own, foodChanges, seen: { catalog: row.catalogVersion, relation: row.relationVersion } };
  }

  const { stockParts } = createStockParts(db, stock);

  return {
    /**
     * The ids of the products the relation has a favourite or a quote of, at the versions (read
     * when not remembered): a page without any of them is the same for every customer of the
     * price list.
     */
    async ownProductIds(relationId: number, versions: DataVersions, day: string): Promise<{ has(id: number): boolean }> {
      return (await ownParts(relationId, versions, day)).own;
    },

    /**
     * The products with these ids as the JSON texts of their parts, at `versions` (the session's) or newer: from the
     * remembered parts, reading what is missing. `remembered: false` reads every part (a request
     * that keeps meeting newer versions makes its last try so). A product's uuid may be given to
     * find it by uuid (the product page); it is then the only one.
     */
    async assemble(
      ids: number[] | { uuid: string },
      versions: DataVersions,
      request: PartsRequest,
      { remembered = true }: { remembered?: boolean } = {},
    ): Promise<Assembled> {
      texts.observe(versions.catalog);
      productIds.observe(versions.catalog);
      prices.observe(pricesVersionOf(versions));
      // The stock levels kept move to a newer stock version by the change log (stock-parts.ts), not emptied here.
      let newer: DataVersions | null = null;
      const textJson = new Map<number, Buffer>();
      const pricesJson = new Map<number, Buffer>();
      let wanted: number[] = [];
      if (Array.isArray(ids)) {
        wanted = ids;
      } else {
        const id = productIds.get(versions.catalog, ids.uuid);
        if (id !== undefined) wanted = [id];
      }
      const scope = priceScopeOf(request);
      if (remembered) {
        for (const id of wanted) {
          const text = texts.get(versions.catalog, textKey(request.style, request.lang, id));
          if (text !== undefined) textJson.set(id, text);
          const priced = prices.get(pricesVersionOf(versions), pricesKey(scope, id));
          if (priced !== undefined) pricesJson.set(id, priced);
        }
      }
      const context: repo.ProductContext = { lang: request.lang, pricelist: request.customer?.pricelist ?? null, today: request.day };
      const missing = wanted.filter((id) => !textJson.has(id) || !pricesJson.has(id));
      let rows: repo.ProductPartsRow[] = [];
      if (!Array.isArray(ids) && wanted.length === 0) {
        const row = await repo.findProductPartsByUuid(db, ids.uuid, true, context);
        rows = row ? [row] : [];
        if (row) wanted = [row.id];
      } else if (missing.length > 0) {
        rows = await repo.findProductParts(db, missing, missing.filter((id) => !textJson.has(id)), context);
      }
      for (const row of rows) {
        const seen = { catalog: row.version, offers: row.offersVersion, stock: versions.stock, relation: versions.relation };
        if (isNewer(seen, versions)) newer = seen;
        if (row.text) {
          const detail = request.style === 'detail';
          const text = utf8Json(toProductText(row.id, row.text, request.lang, { sanitize: detail, withFood: detail }));
          textJson.set(row.id, text);
          texts.set(row.version, textKey(request.style, request.lang, row.id), text);
          productIds.set(row.version, row.text.uuid, row.id);
        }
        const priced = utf8Json(toProductPrices(row, apiBase));
        pricesJson.set(row.id, priced);
        prices.set(pricesVersionOf(seen), pricesKey(scope, row.id), priced);
      }
      let own: Map<number, string> = new Map();
      let foodChanges: Map<number, string> = new Map();
      if (request.customer) {
        const parts = await ownParts(request.customer.relationId, versions, request.day);
        own = parts.own;
        // The product page tells of food changes; the list does not.
        if (request.style === 'detail') foodChanges = parts.foodChanges;
        if (parts.seen.catalog > versions.catalog || parts.seen.relation > versions.relation) {
          newer = {
            catalog: Math.max(parts.seen.catalog, newer?.catalog ?? 0),
            offers: Math.max(versions.offers, newer?.offers ?? 0),
            stock: Math.max(versions.stock, newer?.stock ?? 0),
            relation: parts.seen.relation,
          };
        }
      }
      const stockJson = await stockParts(wanted, versions, remembered);
      if (stockJson.seen > versions.stock) newer = { ...(newer ?? versions), stock: stockJson.seen };
      const json = new Map<number, ProductJsonParts>();
      for (const id of wanted) {
        // A product read again and not found (no longer in the catalogue) lacks a part: left out.
        const text = textJson.get(id);
        const prices = pricesJson.get(id);
        if (text === undefined || prices === undefined) continue;
        json.set(id, { text, prices, availability: stockJson.json.get(id), own: own.get(id) ?? NO_OWN_JSON, foodChanges: foodChanges.get(id) });
      }
      return { json, newer };
    },
  };
}
