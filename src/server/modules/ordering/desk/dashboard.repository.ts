import { and, desc, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { orderItems, orders, relations } from '../../../db/schema';
import type { Lang } from '../../../plugins/language';
import { productTitlesOf, productUuidOf } from '../../catalog/catalog-sql.service';
import { PLACED_STATES } from '../order-state';

/* The staff dashboard's figures over all customers' orders (issue 42 point 9). */

const amsterdamDay = sql`(${orders.placedAt} at time zone 'Europe/Amsterdam')::date`;
/** The moment a calendar day starts in Amsterdam. */
const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Europe/Amsterdam')`;
const placed = inArray(orders.state, [...PLACED_STATES]);

/** Per week (its Monday in Amsterdam) from the day `since`: orders placed and their turnover excluding VAT. */
export async function ordersPerWeek(db: DbOrTx, since: string) {
  const week = sql<string>`to_char(date_trunc('week', ${orders.placedAt} at time zone 'Europe/Amsterdam'), 'YYYY-MM-DD')`;
  return db
    .select({ week, orders: sql<number>`count(*)::int`, turnoverCents: sql<number>`coalesce(sum(${orders.subtotalCents}), 0)::bigint::float8` })
    .from(orders)
    .where(and(placed, gte(orders.placedAt, dayStart(since))))
    .groupBy(week)
    .orderBy(week);
}

/** Per requested delivery day from `first` up to and including `last`: orders to deliver (placed, not canceled). */
export async function ordersPerDeliveryDay(db: DbOrTx, first: string, last: string) {
  return db
    .select({ day: sql<string>`${orders.reqDlvDate}::text`, orders: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(placed, sql`${orders.reqDlvDate} between ${first} and ${last}`))
    .groupBy(orders.reqDlvDate)
    .orderBy(orders.reqDlvDate);
}

/** The products with the most turnover (excluding VAT) in orders placed from the day `start` up to (not including) the day `end`. */
export async function topProducts(db: DbOrTx, start: string, end: string, limit: number, lang: Lang) {
  const titles = productTitlesOf(orderItems.productId);
  const title = lang === 'en' ? sql<string | null>`(${titles})->>'titleEn'` : sql<string | null>`(${titles})->>'titleNl'`;
  const turnover = sql<number>`coalesce(sum(${orderItems.totalCents}), 0)::bigint::float8`;
  return db
    .select({
      productId: sql<string | null>`${productUuidOf(orderItems.productId)}`,
      title: sql<string>`coalesce(${title}, max(${orderItems.title}), '')`,
      sku: sql<string>`coalesce(max(${orderItems.sku}), '')`,
      quantity: sql<number>`sum(${orderItems.quantity})::int`,
      turnoverCents: turnover,
    })
    .from(orderItems)
    .innerJoin(orders, sql`${orders.id} = ${orderItems.orderId}`)
    .where(and(placed, gte(orders.placedAt, dayStart(start)), lt(orders.placedAt, dayStart(end))))
    .groupBy(orderItems.productId)
    .orderBy(desc(turnover))
    .limit(limit);
}

/** Per active relation that placed orders from the day `since`: the Amsterdam days it placed them on. */
export async function orderDaysPerRelation(db: DbOrTx, since: string) {
  return db
    .select({
      relationId: orders.relationId,
      uuid: relations.uuid,
      name: relations.name,
      erpNumber: relations.erpNumber,
      days: sql<string[]>`array_agg(distinct ${amsterdamDay}::text)`,
    })
    .from(orders)
    .innerJoin(relations, sql`${relations.id} = ${orders.relationId} and ${relations.active}`)
    .where(and(placed, gte(orders.placedAt, dayStart(since))))
    .groupBy(orders.relationId, relations.uuid, relations.name, relations.erpNumber);
}
