import type {
  CategoryTreeResponse,
  ProductDetailResponse,
  ProductIndexQuery,
  ProductListResponse,
  UpcomingPriceMutationsResponse,
} from '../../../shared/api/catalog';
import { price } from '../../../shared/money';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import type { Lang } from '../../plugins/language';
import type { ActiveSession } from '../auth/session.service';
import * as repo from './catalog.repository';
import { buildCategoryTree, type CategoryRow, categoryWithDescendants } from './category-tree';
import { businessDay, customerOf, requireCustomer } from './customer';
import { createMatchCache } from './match-cache';
import { toProduct } from './product-resource';
import { searchTerms } from './search-query';

export interface CatalogDeps {
  /** Image style URLs start here (config.apiBase). */
  apiBase: string;
  now: () => Date;
}

/** A change in percent with one decimal: 2.45 → 2.60 is 6.1. */
export function percentChange(oldCents: number, newCents: number): number {
  return Math.round(((newCents - oldCents) / oldCents) * 1000) / 10;
}

/** Filters remembered at once; a 20,000-product list takes 80 kB. */
const MATCH_CACHE_ENTRIES = 500;

export function createCatalogService(db: Db, deps: CatalogDeps) {
  const contextOf = (session: ActiveSession, lang: Lang): repo.ProductContext => ({
    lang,
    customer: customerOf(session),
    today: businessDay(deps.now()),
  });
  const matches = createMatchCache<Int32Array>(MATCH_CACHE_ENTRIES);
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
    if (!ids) throw badRequest('unknown_category', `There is no category ${raw}.`, [{ field: 'filter[categories]', message: `There is no category ${raw}.` }]);
    return ids;
  }

  /**
   * A page of matching ids and the number of all matches. The order list is the relation's own
   * and small: asked directly. Everything else is the same for every customer, so the whole
   * ordered match list is remembered per catalogue version and the page sliced out of it.
   */
  async function pageOf(filter: repo.ProductFilter, page: repo.PageRequest, version: number): Promise<{ ids: number[]; total: number }> {
    if (filter.favoritesOf !== null) return repo.findProductPage(db, filter, page);
    const key = JSON.stringify([version, filter.lang, filter.search, filter.categoryIds, page.descending]);
    let ids = matches.get(key);
    if (!ids) {
      ids = await repo.findMatchingIds(db, filter, page.descending);
      matches.set(key, ids);
    }
    return { ids: Array.from(ids.subarray(page.offset, page.offset + page.limit)), total: ids.length };
  }

  return {
    async categoryTree(lang: Lang): Promise<CategoryTreeResponse> {
      const rows = await categoriesAt(await repo.findCatalogVersion(db));
      return { data: buildCategoryTree(rows, lang), meta: { count: rows.length } };
    },

    /**
     * A page of the product index. Prices and favourites are always the caller's own relation's:
     * `page[u]` and the value of `filter[favorites]` are not trusted. Two queries whatever the
     * page size and filter once the filter's matches are remembered (the catalogue version, then
     * the products with all they carry); one more the first time a filter is asked.
     */
    async productList(query: ProductIndexQuery, session: ActiveSession, lang: Lang): Promise<ProductListResponse> {
      const context = contextOf(session, lang);
      const favoritesOf = query['filter[favorites]'] === undefined ? null : requireCustomer(session).relationId;
      const version = await repo.findCatalogVersion(db);
      const filter: repo.ProductFilter = {
        lang,
        search: searchTerms(query['filter[fulltext]']),
        categoryIds: await categoryFilter(query['filter[categories]'], version),
        favoritesOf,
      };
      const page = await pageOf(
        filter,
        { offset: query['page[offset]'], limit: query['page[limit]'], descending: query['sort[artnr][direction]'] === 'DESC' },
        version,
      );
      const rows = await repo.findProductsByIds(db, page.ids, context);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const data = page.ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toProduct(row, lang, deps.apiBase)] : [];
      });
      return { data, meta: { count: page.total } };
    },

    async productDetail(uuid: string, session: ActiveSession, lang: Lang): Promise<ProductDetailResponse> {
      const row = await repo.findProductByUuid(db, uuid.toLowerCase(), contextOf(session, lang));
      if (!row) throw notFound(`The requested product ${uuid} could not be found.`, 'product_not_found');
      return { data: toProduct(row, lang, deps.apiBase, { sanitize: true }) };
    },

    /**
     * Per product with a price of the caller's list that starts after today: the price of the
     * lowest quantity now and from that day. Products without a current price, or whose price
     * does not change, have nothing to announce.
     */
    async upcomingPriceMutations(uuids: string[], session: ActiveSession): Promise<UpcomingPriceMutationsResponse> {
      const customer = customerOf(session);
      if (!customer) return { data: [] };
      const unique = [...new Set(uuids.map((u) => u.toLowerCase()))];
      const rows = await repo.findPriceMutations(db, unique, customer.pricelist, businessDay(deps.now()));
      rows.sort((a, b) => unique.indexOf(a.uuid) - unique.indexOf(b.uuid));
      const data = rows.flatMap(({ uuid, starts, oldCents, newCents }) =>
        oldCents !== null && newCents !== null && oldCents > 0 && oldCents !== newCents
          ? [
              {
                product: uuid,
                mutation: { date: starts, percentage: percentChange(oldCents, newCents), oldPrice: price(oldCents), newPrice: price(newCents) },
              },
            ]
          : [],
      );
      return { data };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
