import type {
  CategoryTreeResponse,
  ProductIndexQuery,
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
import { joinProductJson, toProductOffers, toProductText } from './product-resource';
import { createProductTextCache } from './product-text-cache';
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
/** Product texts remembered as JSON (about 3 kB each): a good part of a 20,000-product catalogue. */
const TEXT_CACHE_ENTRIES = 10_000;
/** Tries before a page is answered without remembered texts while the catalogue keeps changing. */
const VERSION_ATTEMPTS = 3;

/** Keys of the text cache: the list serves texts as stored, the product page sanitised (see toProductText). */
const listKey = (lang: Lang, id: number) => `list:${lang}:${id}`;
const detailKey = (lang: Lang, id: number) => `detail:${lang}:${id}`;

export function createCatalogService(db: Db, deps: CatalogDeps) {
  const contextOf = (session: ActiveSession, lang: Lang): repo.ProductContext => ({
    lang,
    customer: customerOf(session),
    today: businessDay(deps.now()),
  });
  const matches = createMatchCache<Int32Array>(MATCH_CACHE_ENTRIES);
  const texts = createProductTextCache(TEXT_CACHE_ENTRIES);
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
  const matchKey = (filter: repo.ProductFilter, page: repo.PageRequest, version: number) =>
    JSON.stringify([version, filter.lang, filter.search, filter.categoryIds, page.descending]);

  async function pageOf(filter: repo.ProductFilter, page: repo.PageRequest, version: number): Promise<{ ids: number[]; total: number }> {
    if (filter.favoritesOf !== null) return repo.findProductPage(db, filter, page);
    const key = matchKey(filter, page, version);
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
     * A page of the product index, as JSON text. Prices and favourites are always the caller's
     * own relation's: `page[u]` and the value of `filter[favorites]` are not trusted.
     *
     * One query once the filter's matches and the page's product texts are remembered: the
     * products' images, prices, favourites and quotes, with the catalogue version of the same
     * snapshot. The page is sliced, and the texts taken, at the newest version this instance has
     * seen; when the query shows a newer one, the page is made again at that version. When the
     * matches are not remembered (or nothing was seen yet) the version is read first, as the
     * matches are read then anyway. A product's text is read along with the rest the first time
     * it is needed at a version.
     */
    async productList(query: ProductIndexQuery, session: ActiveSession, lang: Lang): Promise<string> {
      const context = contextOf(session, lang);
      const favoritesOf = query['filter[favorites]'] === undefined ? null : requireCustomer(session).relationId;
      const search = searchTerms(query['filter[fulltext]']);
      const pageRequest = { offset: query['page[offset]'], limit: query['page[limit]'], descending: query['sort[artnr][direction]'] === 'DESC' };
      let version = texts.version ?? (await repo.findCatalogVersion(db));
      for (let attempt = 1; ; attempt++) {
        const lastTry = attempt === VERSION_ATTEMPTS;
        let categoryIds: number[] | null;
        try {
          categoryIds = await categoryFilter(query['filter[categories]'], version);
        } catch (error) {
          // At a guessed version an unknown category may be a new one: ask at the current version.
          const current = await repo.findCatalogVersion(db);
          texts.observe(current);
          if (current === version) throw error;
          version = current;
          categoryIds = await categoryFilter(query['filter[categories]'], version);
        }
        let filter: repo.ProductFilter = { lang, search, categoryIds, favoritesOf };
        if (favoritesOf === null && !matches.has(matchKey(filter, pageRequest, version))) {
          // The matches have to be read anyway: read them at the current version, not a guess.
          const current = await repo.findCatalogVersion(db);
          texts.observe(current);
          if (current !== version) {
            version = current;
            filter = { ...filter, categoryIds: await categoryFilter(query['filter[categories]'], version) };
          }
        }
        const page = await pageOf(filter, pageRequest, version);
        const known = new Map<number, string>();
        if (!lastTry) {
          for (const id of page.ids) {
            const json = texts.get(version, listKey(lang, id));
            if (json !== undefined) known.set(id, json);
          }
        }
        const rows = await repo.findProductParts(
          db,
          page.ids,
          page.ids.filter((id) => !known.has(id)),
          context,
        );
        const seen = rows[0]?.version ?? (await repo.findCatalogVersion(db));
        texts.observe(seen);
        if (seen !== version && !lastTry) {
          version = seen;
          continue;
        }
        const byId = new Map(rows.map((row) => [row.id, row]));
        const data: string[] = [];
        for (const id of page.ids) {
          const row = byId.get(id);
          if (!row) continue;
          let text = known.get(id);
          if (text === undefined && row.text) {
            text = JSON.stringify(toProductText(id, row.text, lang));
            texts.set(seen, listKey(lang, id), text);
          }
          // Unreachable: a product's text is read whenever it was not known.
          if (text === undefined) throw new Error(`product ${id} came without its text`);
          data.push(joinProductJson(text, JSON.stringify(toProductOffers(row, deps.apiBase))));
        }
        return `{"data":[${data.join(',')}],"meta":{"count":${page.total}}}`;
      }
    },

    /** One product with the caller's prices, favourite and quotes, as JSON text (texts remembered as for the list). */
    async productDetail(uuid: string, session: ActiveSession, lang: Lang): Promise<string> {
      const context = contextOf(session, lang);
      const key = uuid.toLowerCase();
      const version = texts.version;
      const id = version === null ? undefined : texts.idOf(version, key);
      let text = version === null || id === undefined ? undefined : texts.get(version, detailKey(lang, id));
      let row = await repo.findProductPartsByUuid(db, key, text === undefined, context);
      if (!row) throw notFound(`The requested product ${uuid} could not be found.`, 'product_not_found');
      texts.observe(row.version);
      if (row.version !== version && text !== undefined) {
        // The catalogue changed since the text was remembered: read it again.
        text = undefined;
        row = await repo.findProductPartsByUuid(db, key, true, context);
        if (!row) throw notFound(`The requested product ${uuid} could not be found.`, 'product_not_found');
      }
      if (text === undefined) {
        if (!row.text) throw new Error(`product ${uuid} came without its text`);
        text = JSON.stringify(toProductText(row.id, row.text, lang, { sanitize: true }));
        texts.setId(row.version, key, row.id);
        texts.set(row.version, detailKey(lang, row.id), text);
      }
      return `{"data":${joinProductJson(text, JSON.stringify(toProductOffers(row, deps.apiBase)))}}`;
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
