import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { catalogCounterValue } from '../../db/data-counters';
import { preparedPerHandle } from '../../db/prepared';
import {
  categories,
  prices,
  productCategories,
  products,
  variations,
} from '../../db/schema';
import type { Lang } from '../../plugins/language';
import { type ImageRow, productImageList } from '../images/images.service';
import type { CategoryRow } from './category-tree';
import type { AllergenRow, FoodRow } from './product-food';
import { allergensOf, foodOf } from './product-food.repository';
import type { SalesUnitRow } from './sales-unit';
import { unitContentIn } from './catalog-sql.repository';

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
// Products with everything the caller sees of them

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
export interface ProductTextRow extends SalesUnitRow {
  uuid: string;
  erpId: string;
  title: string;
  description: string;
  specifications: string;
  variationId: number;
  variationUuid: string;
  sku: string;
  categoryIds: number[];
  /** The variation's EAN/GTIN. */
  ean: string | null;
  /** product_food in the request's language; null: none. */
  food: FoodRow | null;
  allergens: AllergenRow[];
}

/** What changes with the offers version: images, and the prices under the caller's price list. */
export interface ProductPricesRow {
  images: ImageRow[];
  prices: PriceRow[];
  /** The variation's pieces per sales unit, for the prices per piece (decision 029). */
  pricedPieces: number | null;
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

const imagesOf = () => productImageList(products.id);

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
      ean: text<string | null>(variations.ean),
      food: text<FoodRow | null>(foodOf(products.id, lang)),
      allergens: text<AllergenRow[]>(allergensOf(products.id)),
      images: imagesOf(),
      prices: currentPricesOf(withPrices),
      pricedPieces: variations.piecesPerUnit,
      salesUnit: text<SalesUnitRow['salesUnit']>(variations.salesUnit),
      unitContent: text<string | null>(unitContentIn(lang)),
      piecesPerUnit: text<number | null>(variations.piecesPerUnit),
      orderMultiple: text<number>(variations.orderMultiple),
    })
    .from(products)
    .innerJoin(variations, eq(variations.productId, products.id));
}

type SelectedRow = Omit<ProductPartsRow, 'text'> & { hasText: boolean } & { [K in keyof ProductTextRow]: ProductTextRow[K] | null };

function toPartsRow(row: SelectedRow): ProductPartsRow {
  const { id, version, offersVersion, hasText, images, prices, pricedPieces, ...text } = row;
  return { id, version, offersVersion, images, prices, pricedPieces, text: hasText ? (text as ProductTextRow) : null };
}

/** The statement's variant for a context, built on first use: `build(db, lang, withPrices)`. */
function productStatements<T extends object>(build: (db: DbOrTx, lang: Lang, withPrices: boolean) => T) {
  const variants = {
    nl: [preparedPerHandle((db) => build(db, 'nl', false)), preparedPerHandle((db) => build(db, 'nl', true))],
    en: [preparedPerHandle((db) => build(db, 'en', false)), preparedPerHandle((db) => build(db, 'en', true))],
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
