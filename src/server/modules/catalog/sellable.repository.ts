import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { DepositKind } from '../../../shared/api/deposits';
import type { DbOrTx } from '../../db/client';
import { buildOncePerDriver } from '../../db/prepared';
import { prices, products, quoteLines, quotes, variationDeposits, variations, vatRates } from '../../db/schema';
import type { Lang } from '../../plugins/language';
import { productImageUuids } from '../images/image-sql.service';
import { stockOf } from '../stock/stock-sql.service';
import type { StockState } from '../stock/stock-rules';
import { salesUnitColumns } from './catalog-sql.repository';
import type { SalesUnitRow } from './sales-unit';

/*
 * What a variation costs the relation today, as the cart and quick order price it (decision 036:
 * the catalogue's SQL on its tables, with the images' and stock's named parts, handed out by
 * catalog-sql.service.ts so the cart's statements stay one statement each).
 */

/** A price from a quantity on: a scaled price of the list, or a quoted one. */
export interface ScaledPriceRow {
  /** From this quantity on. */
  minQuantity: number;
  unitPriceCents: number;
}

/** A deposit one sales unit carries: `quantity` items of `amountCents` each. */
export interface DepositRow {
  kind: DepositKind;
  amountCents: number;
  quantity: number;
}

/** The variation's scaled prices in the list on the day: per quantity the price that started last. */
const scaledPricesOf = (variation: SQL, pricelist: string | SQL, day: string | SQL) =>
  sql<ScaledPriceRow[]>`coalesce((select json_agg(json_build_object('minQuantity', p.q, 'unitPriceCents', p.cents) order by p.q) from (
      select distinct on (${prices.minQuantity}) ${prices.minQuantity} as q, ${prices.unitPriceCents} as cents
      from ${prices}
      where ${prices.variationId} = ${variation} and ${prices.pricelist} = ${pricelist}
        and (${prices.validFrom} is null or ${prices.validFrom} <= ${day}::date)
        and (${prices.validUntil} is null or ${prices.validUntil} >= ${day}::date)
      order by ${prices.minQuantity}, ${prices.validFrom} desc nulls last) p), '[]'::json)`;

/** The relation's quoted prices for the variation in quotes valid on the day. */
const quotedPricesOf = (variation: SQL, relationId: number | SQL, day: string | SQL) =>
  sql<ScaledPriceRow[]>`coalesce((select json_agg(json_build_object('minQuantity', ${quoteLines.quantity}, 'unitPriceCents', ${quoteLines.quotePriceCents}))
      from ${quoteLines} join ${quotes} on ${quotes.id} = ${quoteLines.quoteId}
      where ${quoteLines.variationId} = ${variation} and ${quotes.relationId} = ${relationId}
        and (${quotes.validUntil} is null or ${quotes.validUntil} >= ${day}::date)), '[]'::json)`;

/**
 * The rate of the product's VAT class on the day (the cart's delivery date, decision 028): the row
 * that started last on or before it; 0 when the class has no rate yet on that day.
 */
const vatRateOf = (vatDay: string | SQL) =>
  sql<number>`coalesce((select ${vatRates.rate} from ${vatRates}
      where ${vatRates.vatClass} = ${products.vatClass} and ${vatRates.validFrom} <= ${vatDay}::date
      order by ${vatRates.validFrom} desc limit 1), 0)`;

/** The deposits one sales unit of the variation carries, by kind. */
const depositsOf = () =>
  sql<DepositRow[]>`coalesce((select json_agg(json_build_object('kind', ${variationDeposits.kind}, 'amountCents', ${variationDeposits.amountCents}, 'quantity', ${variationDeposits.quantity}) order by ${variationDeposits.kind})
      from ${variationDeposits} where ${variationDeposits.variationId} = ${variations.id}), '[]'::json)`;

export interface PriceContext {
  lang: Lang;
  pricelist: string;
  relationId: number;
  /** The business day, YYYY-MM-DD. */
  day: string;
  /** The day whose VAT rates apply: the cart's delivery date (decision 028), YYYY-MM-DD. */
  vatDay: string;
}

export interface SellableVariation extends SalesUnitRow {
  variationId: number;
  variationUuid: string;
  sku: string;
  productId: number;
  productUuid: string;
  title: string;
  /** VAT in basis points on the price context's VAT day. */
  taxRate: number;
  /** Deposits per sales unit (none for most articles). */
  deposits: DepositRow[];
  /** Both the product and the variation are active. */
  active: boolean;
  scaled: ScaledPriceRow[];
  quoted: ScaledPriceRow[];
  /** File uuids of the product's images, in order. */
  imageUuids: string[];
  /** Its stock (decision 030); null: not kept in stock. */
  stock: StockState | null;
}

export function sellableColumns(context: { lang: Lang; pricelist: string | SQL; relationId: number | SQL; day: string | SQL; vatDay: string | SQL }) {
  const en = context.lang === 'en';
  return {
    variationId: variations.id,
    variationUuid: variations.uuid,
    sku: variations.sku,
    productId: products.id,
    productUuid: products.uuid,
    title: en ? products.titleEn : products.titleNl,
    taxRate: vatRateOf(context.vatDay),
    deposits: depositsOf(),
    active: sql<boolean>`(${products.active} and ${variations.active})`,
    scaled: scaledPricesOf(sql`${variations.id}`, context.pricelist, context.day),
    quoted: quotedPricesOf(sql`${variations.id}`, context.relationId, context.day),
    imageUuids: productImageUuids(products.id),
    ...salesUnitColumns(context.lang),
    stock: stockOf(variations.id),
  };
}

/** sellableColumns with the price list, relation and day as the statement's parameters. */
const sellableColumnsOfParams = (lang: Lang) =>
  sellableColumns({
    lang,
    pricelist: sql`${sql.placeholder('pricelist')}`,
    relationId: sql`${sql.placeholder('relationId')}`,
    day: sql`${sql.placeholder('day')}`,
    vatDay: sql`${sql.placeholder('vatDay')}`,
  });

const sellableQuery = (lang: Lang) =>
  buildOncePerDriver((db) =>
    db
      .select(sellableColumnsOfParams(lang))
      .from(variations)
      .innerJoin(products, eq(products.id, variations.productId))
      .where(sql`${variations.id} = any(${sql.placeholder('ids')}::int[])`)
      .prepare(`cart_sellable_${lang}`),
  );
const sellable = { nl: sellableQuery('nl'), en: sellableQuery('en') };

/*
 * One variation (a click on 'In winkelwagen'): the same query with `= $id`. PostgreSQL plans a
 * prepared statement for each call until a generic plan is as cheap; with an array of ids it never
 * is (it guesses ten ids), and planning this query costs ten times running it (decision 013). For
 * one id the generic plan is as good, so it is planned once per connection.
 */
const sellableOneQuery = (lang: Lang) =>
  buildOncePerDriver((db) =>
    db
      .select(sellableColumnsOfParams(lang))
      .from(variations)
      .innerJoin(products, eq(products.id, variations.productId))
      .where(eq(variations.id, sql.placeholder('id')))
      .prepare(`cart_sellable_one_${lang}`),
  );
const sellableOne = { nl: sellableOneQuery('nl'), en: sellableOneQuery('en') };

/** Variations by id with what they cost the relation today: one query for any number. */
export async function findSellableVariations(db: DbOrTx, ids: number[], context: PriceContext): Promise<SellableVariation[]> {
  if (ids.length === 0) return [];
  const params = { pricelist: context.pricelist, relationId: context.relationId, day: context.day, vatDay: context.vatDay };
  if (ids.length === 1) return sellableOne[context.lang](db).execute({ ...params, id: ids[0] });
  return sellable[context.lang](db).execute({ ...params, ids });
}

/**
 * A statement of another module on its own rows (the cart's lines) joined to the variation each
 * row names and its product, so it can select sellableColumns: the same joins as the cart's
 * statement always made.
 */
export function joinSellable<T extends PgSelect>(query: T, variationId: AnyPgColumn) {
  return query.innerJoin(variations, eq(variations.id, variationId)).innerJoin(products, eq(products.id, variations.productId));
}
