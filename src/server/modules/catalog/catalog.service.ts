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

/** What the catalogue's answers are made from; the category cache is the only state it changes. */
interface CatalogContext {
  db: Db;
  deps: CatalogDeps;
  parts: ReturnType<typeof createProductParts>;
  /** The category rows of the last catalogue version asked for. */
  categoryCache: { version: number; rows: Promise<CategoryRow[]> } | null;
  /** A page of a list filter's matches (list-matches.ts). */
  pageOf: ReturnType<typeof createListPages>['pageOf'];
}

export function createCatalogService(db: Db, deps: CatalogDeps) {
  const context: CatalogContext = {
    db,
    deps,
    parts: createProductParts(db, deps.apiBase, deps.caches),
    categoryCache: null,
    pageOf: createListPages(db, deps.caches, deps.search).pageOf,
  };
  // Each method hands the context to the module function of the same name below.
  return {
    /** The category tree, remembered per catalogue version (the session's statement read it). */
    categoryTree(session: ActiveSession, lang: Lang): Promise<CategoryTreeResponse> {
      return categoryTree(context, session, lang);
    },
    /** A page of the product index with the caller's own prices and favourites. */
    productList(query: ProductIndexQuery, session: ActiveSession, lang: Lang): Promise<ProductListResponse> {
      return productList(context, query, session, lang);
    },
    /** One product with the caller's prices, favourite and quotes (parts remembered as for the list). */
    productDetail(uuid: string, session: ActiveSession, lang: Lang): Promise<ProductDetailResponse> {
      return productDetail(context, uuid, session, lang);
    },
    /** Announced price changes of the caller's price list for the given products. */
    upcomingPriceMutations(uuids: string[], session: ActiveSession): Promise<UpcomingPriceMutationsResponse> {
      return upcomingPriceMutations(context, uuids, session);
    },
    /** Products by internal id as the list shows them to the caller, in the order asked. */
    productsById(ids: number[], session: ActiveSession, lang: Lang): Promise<Array<{ id: number; product: Product }>> {
      return productsById(context, ids, session, lang);
    },
    /** The category rows of the session's catalogue version (remembered per version). */
    categories(session: ActiveSession): Promise<CategoryRow[]> {
      return categoriesAt(context, session.versions.catalog);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

function partsRequest(deps: CatalogDeps, session: ActiveSession, lang: Lang, style: TextStyle): PartsRequest {
  return { lang, style, customer: customerOf(session), day: businessDay(deps.now()) };
}

/** The category rows of a catalogue version, read once per version. */
function categoriesAt(context: CatalogContext, version: number): Promise<CategoryRow[]> {
  if (context.categoryCache?.version !== version) {
    // A drizzle query runs each time it is awaited: hold the one promise of one run.
    const rows = Promise.resolve(repo.findCategories(context.db));
    context.categoryCache = { version, rows };
    rows.catch(() => {
      if (context.categoryCache?.rows === rows) context.categoryCache = null;
    });
  }
  return context.categoryCache.rows;
}

/** The categories to filter on: the term and its descendants; an unknown term is a clear 400. */
async function categoryFilter(context: CatalogContext, raw: string | undefined, version: number): Promise<number[] | null> {
  if (raw === undefined) return null;
  const ids = categoryWithDescendants(await categoriesAt(context, version), Number(raw));
  if (!ids) {
    const text = localized(CATALOG_MESSAGES, 'unknown_category', { id: raw });
    throw badRequest('unknown_category', text, [{ field: 'filter[categories]', message: text }]);
  }
  return ids;
}

/** The category tree, remembered per catalogue version (the session's statement read it). */
async function categoryTree(context: CatalogContext, session: ActiveSession, lang: Lang): Promise<CategoryTreeResponse> {
  const rows = await categoriesAt(context, session.versions.catalog);
  return { data: buildCategoryTree(rows, lang), meta: { count: rows.length } };
}

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
async function productList(context: CatalogContext, query: ProductIndexQuery, session: ActiveSession, lang: Lang): Promise<ProductListResponse> {
  const request = partsRequest(context.deps, session, lang, 'list');
  const favoritesOf = query['filter[favorites]'] === undefined ? null : requireCustomer(session).relationId;
  const food = foodFilterOf(query);
  const pageRequest = { offset: query['page[offset]'], limit: query['page[limit]'], descending: query['sort[artnr][direction]'] === 'DESC' };
  let versions = session.versions;
  for (let attempt = 1; ; attempt++) {
    const lastTry = attempt === VERSION_ATTEMPTS;
    const categoryIds = await categoryFilter(context, query['filter[categories]'], versions.catalog);
    const filter: ListFilter = { lang, categoryIds, favoritesOf, fulltext: query['filter[fulltext]'] };
    const page = await context.pageOf(filter, food, pageRequest, versions.catalog);
    const { products, newer } = await context.parts.assemble(page.ids, versions, request, { remembered: !lastTry });
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
}

/** One product with the caller's prices, favourite and quotes (parts remembered as for the list). */
async function productDetail(context: CatalogContext, uuid: string, session: ActiveSession, lang: Lang): Promise<ProductDetailResponse> {
  const { parts } = context;
  const request = partsRequest(context.deps, session, lang, 'detail');
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
}

/**
 * Per product with a price of the caller's list that starts after today: the price of the
 * lowest quantity now and from that day. Products without a current price, or whose price
 * does not change, have nothing to announce.
 */
async function upcomingPriceMutations(context: CatalogContext, uuids: string[], session: ActiveSession): Promise<UpcomingPriceMutationsResponse> {
  const customer = customerOf(session);
  if (!customer) return { data: [] };
  const unique = [...new Set(uuids.map((u) => u.toLowerCase()))];
  if (unique.length === 0) return { data: [] };
  const rows = await mutationsRepo.findPriceMutations(context.db, unique, customer.pricelist, businessDay(context.deps.now()));
  const byUuid = new Map(rows.map((row) => [row.uuid, row]));
  return {
    data: unique.flatMap((uuid) => {
      const row = byUuid.get(uuid);
      if (!row || row.oldCents === null || row.newCents === null || row.oldCents <= 0 || row.oldCents === row.newCents) return [];
      const mutation: Mutation = { date: row.starts, percentage: percentChange(row.oldCents, row.newCents), oldPrice: price(row.oldCents), newPrice: price(row.newCents) };
      return [{ product: uuid, mutation }];
    }),
  };
}

/**
 * Products by internal id as the list shows them to the caller (prices of the caller's price
 * list, remembered parts), in the order asked; ids of no active product are left out.
 */
async function productsById(context: CatalogContext, ids: number[], session: ActiveSession, lang: Lang): Promise<Array<{ id: number; product: Product }>> {
  const { products } = await context.parts.assemble(ids, session.versions, partsRequest(context.deps, session, lang, 'list'));
  return ids.flatMap((id) => {
    const product = products.get(id);
    return product === undefined ? [] : [{ id, product }];
  });
}
