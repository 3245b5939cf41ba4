import type { CategoryTreeResponse, ProductIndexQuery } from '../../../shared/api/catalog';
import type { PriceMutation as Mutation, UpcomingPriceMutationsResponse } from '../../../shared/api/catalog-actions';
import { price } from '../../../shared/money';
import { type CacheBudget, stringBytes } from '../../cache-budget';
import type { Db } from '../../db/client';
import { badRequest } from '../../errors';
import { localized } from '../../i18n';
import type { Lang } from '../../plugins/language';
import type { ActiveSession } from '../../context/session';
import { CATALOG_MESSAGES, productNotFound } from './catalog.messages';
import * as repo from './catalog.repository';
import * as mutationsRepo from './price-mutations.repository';
import { buildCategoryTree, type CategoryRow, categoryWithDescendants } from './category-tree';
import { businessDay } from '../../../shared/delivery-date';
import { customerOf, requireCustomer } from '../../context/customer';
import { createProductParts, type PartsRequest, type TextStyle } from './product-parts';
import { createVersionedCache } from '../../versioned-cache';
import { productPageBytes } from './page-bytes';
import { productJsonText, type ProductJsonParts } from './product-resource';
import { foodFilterOf } from './food-filter';
import type { SearchService } from '../search/search.service';
import { createListPages, type ListFilter } from './list-matches';
import { createSharedPages } from './shared-pages';

/** A page of the product index as JSON (UTF-8 bytes). */
export interface ProductPage {
  body: Buffer;
  /**
   * For a page that is the same for every customer of the price list and is remembered (from
   * its second request): a key that names this text exactly (filter, page, price list, day and
   * data versions); otherwise null.
   */
  sharedKey: string | null;
  /** The number of all matches (meta.count). */
  total: number;
}

export interface CatalogDeps {
  /** Image style URLs start here (config.apiBase). */
  apiBase: string;
  now: () => Date;
  /** The byte budget its caches share with the server's others (cache-budget.ts). */
  caches: CacheBudget;
  /** The search engine (decision 025). */
  search: SearchService;
}

/** A change in percent with one decimal: 2.45 → 2.60 is 6.1. */
function percentChange(oldCents: number, newCents: number): number {
  return Math.round(((newCents - oldCents) / oldCents) * 1000) / 10;
}

/** A remembered upcoming price change: its JSON's length counted as characters, and the objects. */
const MUTATION_OBJECT_BYTES = 160;
/** Remembered as "no upcoming price change" (a cache holds no null). */
const NO_MUTATION = false;
/** Tries before a page is answered without remembered texts while the catalogue keeps changing. */
const VERSION_ATTEMPTS = 3;

export function createCatalogService(db: Db, deps: CatalogDeps) {
  const partsRequest = (session: ActiveSession, lang: Lang, style: TextStyle): PartsRequest => ({
    lang,
    style,
    customer: customerOf(session),
    day: businessDay(deps.now()),
  });
  const parts = createProductParts(db, deps.apiBase, deps.caches);
  /** Whole pages that are the same for every customer of a price list (shared-pages.ts). */
  const sharedPages = createSharedPages(deps.caches);
  /** Upcoming price changes per price list, day and product uuid (false: none), per catalogue + offers version. */
  const mutations = createVersionedCache(
    deps.caches.lru<string, Mutation | typeof NO_MUTATION>('priceMutations', (mutation, key) =>
      stringBytes(key) + (mutation === NO_MUTATION ? 0 : stringBytes(JSON.stringify(mutation)) + MUTATION_OBJECT_BYTES),
    ),
  );
  let categoryCache: { version: number; rows: Promise<CategoryRow[]> } | null = null;

  /** The category rows of a catalogue version, read once per version. */
  function categoriesAt(version: number): Promise<CategoryRow[]> {
    if (categoryCache?.version !== version) {
      // A drizzle query runs each time it is awaited: hold the one promise of one run.
      const rows = Promise.resolve(repo.findCategories(db));
      categoryCache = { version, rows };
      rows.catch(() => {
        if (categoryCache?.rows === rows) categoryCache = null;
      });
    }
    return categoryCache.rows;
  }

  /** The categories to filter on: the term and its descendants; an unknown term is a clear 400. */
  async function categoryFilter(raw: string | undefined, version: number): Promise<number[] | null> {
    if (raw === undefined) return null;
    const ids = categoryWithDescendants(await categoriesAt(version), Number(raw));
    if (!ids) {
      const text = localized(CATALOG_MESSAGES, 'unknown_category', { id: raw });
      throw badRequest('unknown_category', text, [{ field: 'filter[categories]', message: text }]);
    }
    return ids;
  }

  /** A page of a list filter's matches (list-matches.ts), and the key its matches are remembered under. */
  const { matchKey, pageOf } = createListPages(db, deps.caches, deps.search);

  return {
    /** The category tree, remembered per catalogue version (the session's statement read it). */
    async categoryTree(session: ActiveSession, lang: Lang): Promise<CategoryTreeResponse> {
      const rows = await categoriesAt(session.versions.catalog);
      return { data: buildCategoryTree(rows, lang), meta: { count: rows.length } };
    },

    /**
     * A page of the product index, as JSON text. Prices and favourites are always the caller's
     * own relation's: `page[u]` and the value of `filter[favorites]` are not trusted.
     *
     * Once the filter's matches and the page's products are remembered (at the data versions the
     * session's statement read), the page needs no statement of its own: the ids are sliced out
     * of the remembered matches and each product is put together from its remembered parts (see
     * product-parts.ts). What is not remembered is read; when that shows a newer catalogue than
     * the session did, the page is made again at the newer version (at most three tries, the last
     * one reading every part).
     */
    async productList(query: ProductIndexQuery, session: ActiveSession, lang: Lang): Promise<ProductPage> {
      const request = partsRequest(session, lang, 'list');
      const favoritesOf = query['filter[favorites]'] === undefined ? null : requireCustomer(session).relationId;
      const food = foodFilterOf(query);
      const pageRequest = { offset: query['page[offset]'], limit: query['page[limit]'], descending: query['sort[artnr][direction]'] === 'DESC' };
      let versions = session.versions;
      for (let attempt = 1; ; attempt++) {
        const lastTry = attempt === VERSION_ATTEMPTS;
        const categoryIds = await categoryFilter(query['filter[categories]'], versions.catalog);
        const filter: ListFilter = { lang, categoryIds, favoritesOf, fulltext: query['filter[fulltext]'] };
        const page = await pageOf(filter, food, pageRequest, versions.catalog);
        // A page without the relation's favourites and quotes is the same for every customer of
        // the price list (and every caller without one): it is remembered whole, at the versions
        // (shared-pages.ts).
        const own = request.customer ? await parts.ownProductIds(request.customer.relationId, versions, request.day) : null;
        // A search answered by the previous index (while the next one builds) is not remembered.
        const shared = favoritesOf === null && !lastTry && page.current && (own === null || page.ids.every((id) => !own.has(id)));
        const sharedPage = shared ? sharedPages.at(matchKey(filter, pageRequest, versions.catalog), food, pageRequest, request, versions) : null;
        if (sharedPage !== null) {
          const known = sharedPages.get(sharedPage);
          if (known !== undefined) return { body: known, sharedKey: sharedPage.exactKey, total: page.total };
        }
        const { json, newer } = await parts.assemble(page.ids, versions, request, { remembered: !lastTry });
        if (newer && newer.catalog > versions.catalog && !lastTry) {
          versions = newer;
          continue;
        }
        const products: ProductJsonParts[] = [];
        for (const id of page.ids) {
          const product = json.get(id);
          if (product !== undefined) products.push(product);
        }
        const answer = productPageBytes(products, `],"meta":{"count":${page.total},"facets":${page.facets}}}`);
        // Kept only when everything on it was read at the key's versions.
        if (sharedPage === null || newer !== null) return { body: answer, sharedKey: null, total: page.total };
        return { body: answer, sharedKey: sharedPages.remember(sharedPage, answer) ? sharedPage.exactKey : null, total: page.total };
      }
    },

    /** One product with the caller's prices, favourite and quotes, as JSON text (parts remembered as for the list). */
    async productDetail(uuid: string, session: ActiveSession, lang: Lang): Promise<string> {
      const request = partsRequest(session, lang, 'detail');
      const first = await parts.assemble({ uuid: uuid.toLowerCase() }, session.versions, request);
      let { json } = first;
      if (first.newer && first.newer.catalog > session.versions.catalog) {
        // The catalogue changed since the session's statement: read the product whole at the new version.
        ({ json } = await parts.assemble({ uuid: uuid.toLowerCase() }, first.newer, request, { remembered: false }));
      }
      const [product] = json.values();
      if (product === undefined) throw productNotFound(uuid);
      return `{"data":${productJsonText(product)}}`;
    },

    /**
     * Per product with a price of the caller's list that starts after today: the price of the
     * lowest quantity now and from that day. Products without a current price, or whose price
     * does not change, have nothing to announce.
     */
    async upcomingPriceMutations(uuids: string[], session: ActiveSession): Promise<UpcomingPriceMutationsResponse> {
      const customer = customerOf(session);
      if (!customer) return { data: [] };
      const day = businessDay(deps.now());
      // Prices only change with the offers version, products with the catalogue version: both
      // counters only go up, so their sum names one state (see product-parts.ts).
      const version = session.versions.catalog + session.versions.offers;
      mutations.observe(version);
      const key = (uuid: string) => `${customer.pricelist}:${day}:${uuid}`;
      const unique = [...new Set(uuids.map((u) => u.toLowerCase()))];
      const known = new Map<string, Mutation | null>();
      for (const uuid of unique) {
        const mutation = mutations.get(version, key(uuid));
        if (mutation !== undefined) known.set(uuid, mutation === NO_MUTATION ? null : mutation);
      }
      const missing = unique.filter((uuid) => !known.has(uuid));
      if (missing.length > 0) {
        const rows = new Map((await mutationsRepo.findPriceMutations(db, missing, customer.pricelist, day)).map((row) => [row.uuid, row]));
        for (const uuid of missing) {
          const row = rows.get(uuid);
          const mutation =
            row && row.oldCents !== null && row.newCents !== null && row.oldCents > 0 && row.oldCents !== row.newCents
              ? { date: row.starts, percentage: percentChange(row.oldCents, row.newCents), oldPrice: price(row.oldCents), newPrice: price(row.newCents) }
              : null;
          known.set(uuid, mutation);
          // Read after the session's statement, so at its versions or newer: never older than the key.
          mutations.set(version, key(uuid), mutation ?? NO_MUTATION);
        }
      }
      return {
        data: unique.flatMap((uuid) => {
          const mutation = known.get(uuid);
          return mutation ? [{ product: uuid, mutation }] : [];
        }),
      };
    },

    /**
     * Products by internal id as the list shows them to the caller (prices of the caller's price
     * list, remembered parts), as JSON texts in the order asked; ids of no active product are left out.
     */
    async productsById(ids: number[], session: ActiveSession, lang: Lang): Promise<Array<{ id: number; json: string }>> {
      const { json } = await parts.assemble(ids, session.versions, partsRequest(session, lang, 'list'));
      return ids.flatMap((id) => {
        const product = json.get(id);
        return product === undefined ? [] : [{ id, json: productJsonText(product) }];
      });
    },

    /** The category rows of the session's catalogue version (remembered per version). */
    categories(session: ActiveSession): Promise<CategoryRow[]> {
      return categoriesAt(session.versions.catalog);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
