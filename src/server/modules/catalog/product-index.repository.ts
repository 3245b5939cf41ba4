import { and, asc, desc, eq, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { favorites, productCategories, products, variations } from '../../db/schema';
import type { Lang } from '../../plugins/language';
import type { SearchTerms } from './search-query';

/*
 * The product index: which active products match a filter (search words, categories, order
 * list), in page order. What the caller sees of those products is in catalog.repository.ts.
 */

export interface ProductFilter {
  lang: Lang;
  search: SearchTerms | null;
  /** Products in any of these categories. */
  categoryIds: number[] | null;
  /** Products on this relation's order list. */
  favoritesOf: number | null;
}

export interface PageRequest {
  offset: number;
  limit: number;
  descending: boolean;
}

const searchColumn = (lang: Lang) => (lang === 'en' ? products.searchEn : products.searchNl);
const stemmer = (lang: Lang) => (lang === 'en' ? 'english' : 'dutch');

/** Stemmed words in the request's language, or the words as typed (the 'simple' title lexemes). */
function tsQuery(lang: Lang, query: string): SQL {
  return sql`(to_tsquery(${stemmer(lang)}::regconfig, ${query}) || to_tsquery('simple'::regconfig, ${query}))`;
}

/** The products and variations tables once more, for the subqueries of a search with numbers. */
const searched = alias(products, 'searched');
const searchedSkus = alias(variations, 'searched_skus');

/**
 * Every word matches the text, as a prefix; a number may instead be the start of the article
 * number. Without numbers this is one condition on the search document's GIN index.
 *
 * With numbers the rule is: (all words in the text) or (each number in the text or at the start
 * of the article number, and the other words in the text). Written as such across the joined
 * tables, no index could serve it and PostgreSQL unpacked and matched each product's search
 * document up to three times (decision 008). So the matches are found
 * as the union of two id lists, which together hold exactly the products of the rule:
 * - the products matched by their text alone: one text query (all words, or each number and the
 *   other words), one look at each document or one GIN index scan;
 * - the products whose article number starts with one of the numbers (an index range), checked
 *   against the whole rule. The rule sits in a CASE so that the planner does not draw a text
 *   condition out of it to check on every product first.
 */
function searchCondition(lang: Lang, search: SearchTerms): SQL {
  if (search.numbers.length === 0) return sql`${searchColumn(lang)} @@ ${tsQuery(lang, search.tsquery)}`;
  const document = lang === 'en' ? searched.searchEn : searched.searchNl;
  const textOnly = [...search.numbers.map((n) => tsQuery(lang, `${n}:*`)), ...(search.wordsQuery ? [tsQuery(lang, search.wordsQuery)] : [])];
  const byText = sql`(${tsQuery(lang, search.tsquery)} || (${sql.join(textOnly, sql` && `)}))`;
  const rule = or(
    sql`${document} @@ ${tsQuery(lang, search.tsquery)}`,
    and(
      ...search.numbers.map((n) => or(sql`${document} @@ ${tsQuery(lang, `${n}:*`)}`, like(searchedSkus.sku, `${n}%`))),
      search.wordsQuery ? sql`${document} @@ ${tsQuery(lang, search.wordsQuery)}` : undefined,
    ),
  );
  const anySku = or(...search.numbers.map((n) => like(searchedSkus.sku, `${n}%`)));
  return sql`${products.id} in (
    (select ${searched.id} from ${products} as ${sql.identifier('searched')} where ${document} @@ ${byText})
    union
    (select ${searched.id} from ${variations} as ${sql.identifier('searched_skus')}
      join ${products} as ${sql.identifier('searched')} on ${searched.id} = ${searchedSkus.productId}
      where ${anySku} and (case when ${rule} then true else false end)))`;
}

function filterConditions(filter: ProductFilter): SQL[] {
  const conditions: SQL[] = [eq(products.active, true), eq(variations.active, true)];
  const { search, categoryIds, favoritesOf } = filter;
  if (search) conditions.push(searchCondition(filter.lang, search));
  if (categoryIds) {
    conditions.push(
      sql`exists (select 1 from ${productCategories} where ${productCategories.productId} = ${products.id} and ${inArray(productCategories.categoryId, categoryIds)})`,
    );
  }
  if (favoritesOf !== null) {
    conditions.push(
      sql`exists (select 1 from ${favorites} where ${favorites.productId} = ${products.id} and ${favorites.relationId} = ${favoritesOf})`,
    );
  }
  return conditions;
}

function pageOrder(filter: ProductFilter, descending: boolean): SQL[] {
  const bySku = descending ? desc(variations.sku) : asc(variations.sku);
  const { search } = filter;
  if (!search) return [bySku];
  const rank = sql`ts_rank(${searchColumn(filter.lang)}, ${tsQuery(filter.lang, search.tsquery)})`;
  const exact = search.numbers.length > 0 ? [sql`(${inArray(variations.sku, search.numbers)}) desc`] : [];
  return [...exact, desc(rank), bySku];
}

/**
 * The number of all matches, next to each row of the page. With a search every match is ranked
 * anyway, so a window count is free; without one, a separate count lets the page itself stop
 * after `limit` rows of the article-number index instead of visiting every product.
 */
function totalOf(filter: ProductFilter, where: SQL | undefined): SQL<number> {
  if (filter.search) return sql<number>`count(*) over ()`.mapWith(Number);
  return sql<number>`(select count(*) from ${products} inner join ${variations} on ${variations.productId} = ${products.id} where ${where})`.mapWith(Number);
}

/** Every matching product id, in page order: what the match cache remembers. */
export async function findMatchingIds(db: Db, filter: ProductFilter, descending: boolean): Promise<Int32Array> {
  const query = (handle: DbOrTx) =>
    handle
      .select({ id: products.id })
      .from(products)
      .innerJoin(variations, eq(variations.productId, products.id))
      .where(and(...filterConditions(filter)))
      .orderBy(...pageOrder(filter, descending));
  if (!filter.search) return Int32Array.from(await query(db), (r) => r.id);
  // A search: PostgreSQL reckons a common word start ('tort', 'sal') cheaper to match by reading
  // every product than through the GIN index, but reading a product means unpacking its search
  // document, which the planner does not count: several times the index scan's time (decision
  // 008). So this one query runs with plain scans and index scans switched off (its own
  // transaction, SET LOCAL); bitmap scans of the indexes remain, and the matches are the same.
  // The switched-off plans count as very expensive, which would make PostgreSQL compile the
  // query (JIT, longer than the query itself): that is switched off too.
  const rows = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true), set_config('jit', 'off', true)`,
    );
    return query(tx);
  });
  return Int32Array.from(rows, (r) => r.id);
}

/**
 * One page of matching product ids, in order, and the number of all matches: one query (a
 * second one only to count when the page lies beyond the last match).
 */
export async function findProductPage(db: DbOrTx, filter: ProductFilter, page: PageRequest): Promise<{ ids: number[]; total: number }> {
  const where = and(...filterConditions(filter));
  const rows = await db
    .select({ id: products.id, total: totalOf(filter, where) })
    .from(products)
    .innerJoin(variations, eq(variations.productId, products.id))
    .where(where)
    .orderBy(...pageOrder(filter, page.descending))
    .limit(page.limit)
    .offset(page.offset);
  if (rows.length > 0) return { ids: rows.map((r) => r.id), total: rows[0]?.total ?? 0 };
  if (page.offset === 0) return { ids: [], total: 0 };
  const [counted] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .innerJoin(variations, eq(variations.productId, products.id))
    .where(where);
  return { ids: [], total: counted?.total ?? 0 };
}
