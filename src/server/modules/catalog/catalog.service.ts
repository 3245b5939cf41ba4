import type { CategoryTreeResponse, Product, ProductDetailResponse, ProductIndexQuery, ProductListResponse } from '../../../shared/api/catalog';
import type { PriceMutation as Mutation, UpcomingPriceMutationsResponse } from '../../../shared/api/catalog-actions';
import { price } from '../../../shared/money';
import type { CacheBudget } from '../../cache-budget';
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
import type { ProductAnswer } from './product-resource';
import { foodFilterOf } from './food-filter';
import type { SearchService } from '../search/search.service';
import { createListPages, type ListFilter } from './list-matches';

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

  /** A page of a list filter's matches (list-matches.ts). */
  const { pageOf } = createListPages(db, deps.caches, deps.search);

  return {
    /** The category tree, remembered per catalogue version (the session's statement read it). */
    async categoryTree(session: ActiveSession, lang: Lang): Promise<CategoryTreeResponse> {
      const rows = await categoriesAt(session.versions.catalog);
      return { data: buildCategoryTree(rows, lang), meta: { count: rows.length } };
    },

    /**
     * A page of the product index. Prices and favourites are always the caller's own relation's:
     * `page[u]` and the value of `filter[favorites]` are not trusted.
     *
     * Once the filter's matches and the page's products are remembered (at the data versions the
     * session's statement read), the page needs no statement of its own: the ids come from the
     * matches and each product is put together from its remembered parts (see product-parts.ts).
     * What is not remembered is read; when that shows a newer catalogue than the session did, the
     * page is made again at the newer version (at most three tries, the last one reading every part).
     */
    async productList(query: ProductIndexQuery, session: ActiveSession, lang: Lang): Promise<ProductListResponse> {
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
        const { products, newer } = await parts.assemble(page.ids, versions, request, { remembered: !lastTry });
        if (newer && newer.catalog > versions.catalog && !lastTry) {
          versions = newer;
          continue;
        }
        const data: ProductAnswer[] = [];
        for (const id of page.ids) {
          const product = products.get(id);
          if (product !== undefined) data.push(product);
        }
        return { data, meta: { count: page.total, facets: page.facets } };
      }
    },

    /** One product with the caller's prices, favourite and quotes (parts remembered as for the list). */
    async productDetail(uuid: string, session: ActiveSession, lang: Lang): Promise<ProductDetailResponse> {
      const request = partsRequest(session, lang, 'detail');
      const first = await parts.assemble({ uuid: uuid.toLowerCase() }, session.versions, request);
      let { products } = first;
      if (first.newer && first.newer.catalog > session.versions.catalog) {
        // The catalogue changed since the session's statement: read the product whole at the new version.
        ({ products } = await parts.assemble({ uuid: uuid.toLowerCase() }, first.newer, request, { remembered: false }));
      }
      const [product] = products.values();
      if (product === undefined) throw productNotFound(uuid);
      // The product page's texts are made with the food information (product-parts.ts).
      const { food } = product;
      if (food === undefined) throw new Error(`product ${uuid} was put together without its food information`);
      return { data: { ...product, food } };
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
      if (unique.length === 0) return { data: [] };
      const rows = await mutationsRepo.findPriceMutations(db, unique, customer.pricelist, businessDay(deps.now()));
      const byUuid = new Map(rows.map((row) => [row.uuid, row]));
      return {
        data: unique.flatMap((uuid) => {
          const row = byUuid.get(uuid);
          if (!row || row.oldCents === null || row.newCents === null || row.oldCents <= 0 || row.oldCents === row.newCents) return [];
          const mutation: Mutation = { date: row.starts, percentage: percentChange(row.oldCents, row.newCents), oldPrice: price(row.oldCents), newPrice: price(row.newCents) };
          return [{ product: uuid, mutation }];
        }),
      };
    },

    /**
     * Products by internal id as the list shows them to the caller (prices of the caller's price
     * list, remembered parts), in the order asked; ids of no active product are left out.
     */
    async productsById(ids: number[], session: ActiveSession, lang: Lang): Promise<Array<{ id: number; product: Product }>> {
      const { products } = await parts.assemble(ids, session.versions, partsRequest(session, lang, 'list'));
      return ids.flatMap((id) => {
        const product = products.get(id);
        return product === undefined ? [] : [{ id, product }];
      });
    },

    /** The category rows of the session's catalogue version (remembered per version). */
    categories(session: ActiveSession): Promise<CategoryRow[]> {
      return categoriesAt(session.versions.catalog);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
