import { and, asc, desc, eq, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { catalogCounterValue } from '../../db/data-counters';
import { buildOncePerDriver } from '../../db/prepared';
import {
  categories,
  favorites,
  files,
  prices,
  productCategories,
  productImages,
  products,
  variations,
} from '../../db/schema';
import type { Lang } from '../../plugins/language';
import type { CategoryRow } from './category-tree';
import type { SearchTerms } from './search-query';

export function findCategories(db: DbOrTx): Promise<CategoryRow[]> {
  return db
    .select({
      id: categories.id,
      uuid: categories.uuid,
      parentId: categories.parentId,
      nameNl: categories.nameNl,
      nameEn: categories.nameEn,
      weight: categories.weight,
    })
    .from(categories)
    .orderBy(asc(categories.id));
}

// ---------------------------------------------------------------------------------------------
// Prices

/**
 * The scaled prices of a variation under a price list on a day: rows valid that day, and per
 * quantity the one that started last (no start date counts as the earliest). Columns q, cents.
 */
export function pricesOnDay(variationId: AnyPgColumn, pricelist: string | SQL, day: SQL): SQL {
  return sql`select distinct on (${prices.minQuantity}) ${prices.minQuantity} as q, ${prices.unitPriceCents} as cents
    from ${prices}
    where ${prices.variationId} = ${variationId} and ${prices.pricelist} = ${pricelist}
      and (${prices.validFrom} is null or ${prices.validFrom} <= ${day})
      and (${prices.validUntil} is null or ${prices.validUntil} >= ${day})
    order by ${prices.minQuantity}, ${prices.validFrom} desc nulls last`;
}

// ---------------------------------------------------------------------------------------------
// The product index

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
 * document up to three times (decision 008 has the timings). So the matches are found
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

// ---------------------------------------------------------------------------------------------
// Products with everything the caller sees of them

export interface ImageRow {
  uuid: string;
  filename: string;
}

export interface PriceRow {
  quantity: number;
  cents: number;
}

export interface QuoteLineRow {
  id: number;
  variationId: number;
  quoteCents: number;
  costCents: number;
  quantity: number;
  markupBasisPoints: number;
  remark: string;
  unitLabel: string;
}

export interface QuoteRow {
  uuid: string;
  label: string;
  url: string | null;
  validUntil: string | null;
  lines: QuoteLineRow[];
}

/**
 * What a product is, whoever asks: it changes only with the catalogue version (products,
 * variations and their categories bump it), so the service may keep it per version.
 */
export interface ProductTextRow {
  uuid: string;
  erpId: string;
  title: string;
  description: string;
  specifications: string;
  variationId: number;
  variationUuid: string;
  sku: string;
  categoryIds: number[];
}

/** What changes with the offers version: images, and the prices under the caller's price list. */
export interface ProductPricesRow {
  images: ImageRow[];
  prices: PriceRow[];
}

/** A product as the product queries answer it: its texts only when they were asked for. */
export interface ProductPartsRow extends ProductPricesRow {
  id: number;
  /** The catalogue and offers versions the statement saw (the same snapshot as the rest of the row). */
  version: number;
  offersVersion: number;
  text: ProductTextRow | null;
}

export interface ProductContext {
  lang: Lang;
  /** The caller's price list; null for a caller without a relation (no prices). */
  pricelist: string | null;
  /** The business day, YYYY-MM-DD. */
  today: string;
}

export const jsonList = <T>(query: SQL) => sql<T[]>`coalesce((${query}), '[]'::json)`;

/*
 * The product queries run on every product request: they are prepared statements (see
 * db/prepared.ts), one per language and per caller with or without a customer (that decides the
 * columns). The customer's price list and relation, the business day and the products asked
 * for are parameters.
 */
const pricelistParam = sql`${sql.placeholder('pricelist')}`;
export const todayParam = sql`${sql.placeholder('today')}::date`;

const categoryIdsOf = () =>
  jsonList<number>(
    sql`select json_agg(${productCategories.categoryId} order by ${productCategories.categoryId}) from ${productCategories} where ${productCategories.productId} = ${products.id}`,
  );

const imagesOf = () =>
  jsonList<ImageRow>(sql`select json_agg(json_build_object('uuid', ${files.uuid}, 'filename', ${files.filename}) order by ${productImages.weight}, ${files.id})
    from ${productImages} join ${files} on ${files.id} = ${productImages.fileId}
    where ${productImages.productId} = ${products.id}`);

const currentPricesOf = (withPrices: boolean) =>
  withPrices
    ? jsonList<PriceRow>(
        sql`select json_agg(json_build_object('quantity', cp.q, 'cents', cp.cents) order by cp.q)
          from (${pricesOnDay(variations.id, pricelistParam, todayParam)}) cp`,
      )
    : sql<PriceRow[]>`'[]'::json`;

/**
 * The product query. The texts (the columns that only change with the catalogue version) are
 * read only where `withText` holds: the service keeps them per catalogue version and asks for
 * them only for products it does not hold yet. Every row carries the catalogue and offers
 * versions, read in the same snapshot, so the service knows what it may keep the row's parts as.
 */
function selectProducts(db: DbOrTx, lang: Lang, withPrices: boolean, withText: SQL) {
  const en = lang === 'en';
  const text = <T>(column: AnyPgColumn | SQL) => sql<T>`case when ${withText} then ${column} end`;
  return db
    .select({
      id: products.id,
      version: catalogCounterValue('catalogue'),
      offersVersion: catalogCounterValue('offers'),
      hasText: sql<boolean>`${withText}`,
      uuid: text<string>(products.uuid),
      erpId: text<string>(products.erpId),
      title: text<string>(en ? products.titleEn : products.titleNl),
      description: text<string>(en ? products.descriptionEn : products.descriptionNl),
      specifications: text<string>(en ? products.specificationsEn : products.specificationsNl),
      variationId: text<number>(variations.id),
      variationUuid: text<string>(variations.uuid),
      sku: text<string>(variations.sku),
      categoryIds: text<number[]>(categoryIdsOf()),
      images: imagesOf(),
      prices: currentPricesOf(withPrices),
    })
    .from(products)
    .innerJoin(variations, eq(variations.productId, products.id));
}

type SelectedRow = Omit<ProductPartsRow, 'text'> & { hasText: boolean } & { [K in keyof ProductTextRow]: ProductTextRow[K] | null };

function toPartsRow(row: SelectedRow): ProductPartsRow {
  const { id, version, offersVersion, hasText, images, prices, ...text } = row;
  return { id, version, offersVersion, images, prices, text: hasText ? (text as ProductTextRow) : null };
}

/** The statement's variant for a context, built on first use: `build(db, lang, withPrices)`. */
function productStatements<T extends object>(build: (db: DbOrTx, lang: Lang, withPrices: boolean) => T) {
  const variants = {
    nl: [buildOncePerDriver((db) => build(db, 'nl', false)), buildOncePerDriver((db) => build(db, 'nl', true))],
    en: [buildOncePerDriver((db) => build(db, 'en', false)), buildOncePerDriver((db) => build(db, 'en', true))],
  } as const;
  return (db: DbOrTx, context: ProductContext): T => variants[context.lang][context.pricelist === null ? 0 : 1](db);
}

/** The parameters of a product statement besides the products asked for. */
const contextParams = ({ pricelist, today }: ProductContext) => (pricelist === null ? {} : { pricelist, today });

const variantName = (lang: Lang, withPrices: boolean) => `${lang}_${withPrices ? 'priced' : 'unpriced'}`;

const productsByIdsQuery = productStatements((db, lang, withPrices) =>
  selectProducts(db, lang, withPrices, sql`${products.id} = any(${sql.placeholder('withText')}::int[])`)
    // One statement for any number of ids: an array parameter rather than a list of them.
    .where(and(sql`${products.id} = any(${sql.placeholder('ids')}::int[])`, eq(products.active, true), eq(variations.active, true)))
    .prepare(`catalog_products_by_ids_${variantName(lang, withPrices)}`),
);

const productByUuidQuery = productStatements((db, lang, withPrices) =>
  selectProducts(db, lang, withPrices, sql`${sql.placeholder('withText')}::boolean`)
    .where(and(eq(products.uuid, sql.placeholder('uuid')), eq(products.active, true), eq(variations.active, true)))
    .limit(1)
    .prepare(`catalog_product_by_uuid_${variantName(lang, withPrices)}`),
);

/**
 * Active products by internal id, with images and prices, and their texts for the ids in
 * `withText`: one query for any number.
 */
export async function findProductParts(db: DbOrTx, ids: number[], withText: number[], context: ProductContext): Promise<ProductPartsRow[]> {
  if (ids.length === 0) return [];
  const rows = await productsByIdsQuery(db, context).execute({ ...contextParams(context), ids, withText });
  return (rows as SelectedRow[]).map(toPartsRow);
}

/** The active product with this uuid, as findProductParts; its texts only when `withText`. */
export async function findProductPartsByUuid(
  db: DbOrTx,
  uuid: string,
  withText: boolean,
  context: ProductContext,
): Promise<ProductPartsRow | undefined> {
  const [row] = await productByUuidQuery(db, context).execute({ ...contextParams(context), uuid, withText });
  return row ? toPartsRow(row as SelectedRow) : undefined;
}
