import type { Product } from '../../../shared/api/catalog';
import type { ProductSuggestion, SuggestionsResponse } from '../../../shared/api/search';
import { SUGGEST_MAX_CATEGORIES, SUGGEST_MAX_PRODUCTS, SUGGEST_MIN_CHARS } from '../../../shared/api/search-limits';
import { businessDay } from '../../../shared/delivery-date';
import { type CacheBudget, stringBytes } from '../../cache-budget';
import type { Lang } from '../../plugins/language';
import type { ActiveSession } from '../../context/session';
import type { CatalogService } from '../catalog/catalog.service';
import { customerOf } from '../../context/customer';
import { createVersionedCache } from '../../versioned-cache';
import { queryWords } from '../search/search-text';
import type { SearchService } from '../search/search.service';
import { createSuggestionFinder } from './find-suggestions';

/** A remembered product suggestion's object and strings beyond its JSON's characters. */
const SUGGESTION_OBJECT_BYTES = 200;

const NOTHING: SuggestionsResponse = { products: [], categories: [] };

export interface SearchSuggestDeps {
  now: () => Date;
  caches: CacheBudget;
  /** The search engine (decision 025) that finds the products and categories. */
  search: Pick<SearchService, 'isCurrent' | 'suggest'>;
}

/** What an answer depends on besides its words: the versions, and the language, price list and business day (`scope`). */
interface AnswerScope {
  version: number;
  scope: string;
}

/** What a suggestion shows of a product as the list answers it to the caller. */
function toSuggestion(product: Product): ProductSuggestion {
  return {
    id: product.id,
    title: product.title,
    sku: product.sku,
    image: product.images[0]?.image_style_uri.small_thumbnail ?? null,
    price: product.price_on_request ? null : product.price,
  };
}

/** What the suggestion functions share: the catalogue, the finder and the two caches. */
export interface SuggestContext {
  catalog: Pick<CatalogService, 'productsById' | 'categories'>;
  deps: SearchSuggestDeps;
  findSuggestions: ReturnType<typeof createSuggestionFinder>;
  /**
   * Whole answers per catalogue + offers version (both only go up, so their sum names one state:
   * decision 013), price list, business day, language and search words: a warm answer costs the
   * session's statement and a look-up.
   */
  answers: ReturnType<typeof suggestionAnswers>;
  /**
   * What a suggestion shows of each product, per catalogue + offers version, language, price list
   * and day: made once from the product's JSON as the list shows it (the prefixes of one word, and
   * of many words, suggest the same products again and again, and a product's whole JSON is read
   * for five of its fields).
   */
  shown: ReturnType<typeof suggestionProducts>;
}

function suggestionAnswers(deps: SearchSuggestDeps) {
  return createVersionedCache(
    deps.caches.lru<string, SuggestionsResponse>('suggestionAnswers', (answer, key) => stringBytes(JSON.stringify(answer)) + SUGGESTION_OBJECT_BYTES + stringBytes(key)),
  );
}

function suggestionProducts(deps: SearchSuggestDeps) {
  return createVersionedCache(deps.caches.lru<string, ProductSuggestion>('suggestionProducts', (s, key) => stringBytes(key) + stringBytes(JSON.stringify(s)) + SUGGESTION_OBJECT_BYTES));
}

async function productSuggestions(ctx: SuggestContext, ids: number[], session: ActiveSession, lang: Lang, { version, scope }: AnswerScope): Promise<ProductSuggestion[]> {
  const { shown, catalog } = ctx;
  shown.observe(version);
  const keyOf = (id: number) => `${scope}|${id}`;
  const known = new Map<number, ProductSuggestion>();
  for (const id of ids) {
    const suggestion = shown.get(version, keyOf(id));
    if (suggestion !== undefined) known.set(id, suggestion);
  }
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length > 0) {
    for (const { id, product } of await catalog.productsById(missing, session, lang)) {
      const suggestion = toSuggestion(product);
      known.set(id, suggestion);
      // Read after the session's statement: at its versions or newer, never older.
      shown.set(version, keyOf(id), suggestion);
    }
  }
  return ids.flatMap((id) => known.get(id) ?? []);
}

/** The products and categories found for the words, as the answer shows them. */
async function findAnswer(ctx: SuggestContext, text: string, session: ActiveSession, lang: Lang, at: AnswerScope): Promise<SuggestionsResponse> {
  const found = await ctx.findSuggestions(text, lang, session, { products: SUGGEST_MAX_PRODUCTS, categories: SUGGEST_MAX_CATEGORIES });
  const [products, rows] = await Promise.all([productSuggestions(ctx, found.productIds, session, lang, at), ctx.catalog.categories(session)]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    products,
    categories: found.categoryIds.flatMap((id) => {
      const row = byId.get(id);
      return row ? [{ id, name: lang === 'en' ? row.nameEn : row.nameNl }] : [];
    }),
  };
}

/**
 * The suggestions for a text. Remembered under the words the engine reads (search-text.ts), so
 * texts it reads alike ('Jalapeño', 'jalapeno') share one answer.
 */
export async function suggestions(ctx: SuggestContext, text: string, session: ActiveSession, lang: Lang): Promise<SuggestionsResponse> {
  const { deps, answers } = ctx;
  const words = queryWords(text);
  if (words.join('').length < SUGGEST_MIN_CHARS) return NOTHING;
  const at = { version: session.versions.catalog + session.versions.offers, scope: `${lang}|${customerOf(session)?.pricelist ?? ''}|${businessDay(deps.now())}` };
  const { version } = at;
  answers.observe(version);
  const key = `${at.scope}|${words.join(' ')}`;
  const known = answers.get(version, key);
  if (known !== undefined) return known;
  // Asked before the search: while the next index builds, the previous one answers, not remembered.
  const current = deps.search.isCurrent(session.versions.catalog);
  const answer = await findAnswer(ctx, words.join(' '), session, lang, at);
  // Read after the session's statement: at its versions or newer, never older.
  if (current) answers.set(version, key, answer);
  return answer;
}

/**
 * Suggestions as the customer types in the header search box (issue 20 point 4): the products and
 * categories `findSuggestions` finds, with what the list shows the caller of each product (its
 * price under the caller's price list, from the catalogue's remembered parts, so never staler
 * than the session's data versions). Fewer than two letters or digits ask nothing.
 */
export function createSearchSuggestService(catalog: Pick<CatalogService, 'productsById' | 'categories'>, deps: SearchSuggestDeps) {
  const ctx: SuggestContext = { catalog, deps, findSuggestions: createSuggestionFinder(deps.search), answers: suggestionAnswers(deps), shown: suggestionProducts(deps) };
  return {
    suggestions: (text: string, session: ActiveSession, lang: Lang) => suggestions(ctx, text, session, lang),
  };
}

export type SearchSuggestService = ReturnType<typeof createSearchSuggestService>;
