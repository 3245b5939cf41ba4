import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { productTitlesOf } from '../catalog/catalog-sql.service';
import { PLACED_STATES } from './order-state';

/*
 * What other modules ask of the orders (through ordering.service.ts): the ordering module alone
 * reads and writes `orders` and `order_items`.
 */


/** The draft an online payment is for, locked; its user and relation to place it for. */
export async function lockOrderForPayment(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select({ id: orders.id, uuid: orders.uuid, userId: orders.userId, relationId: orders.relationId, state: orders.state, langcode: orders.langcode })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return row;
}

/** The order's id, uuid and state, without a lock. */
export async function findOrderRef(db: DbOrTx, orderId: number) {
  const [row] = await db.select({ id: orders.id, uuid: orders.uuid, state: orders.state }).from(orders).where(eq(orders.id, orderId));
  return row;
}

/** Whether the order is the user's (any state). */
export async function ownsOrder(db: DbOrTx, orderId: number, userId: number): Promise<boolean> {
  const rows = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return rows.length > 0;
}

/** The order numbers of these orders (null for a draft), by order id; an order that is gone has none. */
export async function findOrderNumbers(db: DbOrTx, orderIds: readonly number[]): Promise<Map<number, string | null>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.select({ id: orders.id, orderNumber: orders.orderNumber }).from(orders).where(inArray(orders.id, [...orderIds]));
  return new Map(rows.map((r) => [r.id, r.orderNumber]));
}

export interface BoughtVariation {
  variationId: number;
  /** In how many orders. */
  timesOrdered: number;
  lastQuantity: number;
  lastPlacedAt: Date;
}

/**
 * What the relation ordered since `since` (placed orders in any state after, not canceled ones): per
 * variation in how many orders, and the quantity and moment of the latest.
 */
export async function findBoughtVariations(db: DbOrTx, relationId: number, since: Date): Promise<BoughtVariation[]> {
  const rows = await db
    .select({
      variationId: orderItems.variationId,
      timesOrdered: sql<number>`count(distinct ${orders.id})::int`,
      lastQuantity: sql<number>`(array_agg(${orderItems.quantity} order by ${orders.placedAt} desc, ${orders.id} desc))[1]`,
      lastPlacedAt: sql<string>`max(${orders.placedAt})`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.relationId, relationId), inArray(orders.state, [...PLACED_STATES]), gte(orders.placedAt, since), sql`${orderItems.variationId} is not null`))
    .groupBy(orderItems.variationId)
    .orderBy(desc(sql`count(distinct ${orders.id})`));
  return rows.map((r) => ({ variationId: r.variationId!, timesOrdered: r.timesOrdered, lastQuantity: r.lastQuantity, lastPlacedAt: new Date(r.lastPlacedAt) }));
}

export interface BoughtProduct {
  productId: number;
  /** The article numbers bought of it, sorted. */
  skus: string[];
  titleNl: string;
  titleEn: string;
}

/**
 * The products the relation bought in placed orders, in any state after (not canceled ones, not carts)
 * placed from `start` up to (not including) `end`. Lines of products deleted since are left out:
 * there is nothing left to tell of them.
 */
export async function findBoughtProducts(db: DbOrTx, relationId: number, start: Date, end: Date): Promise<BoughtProduct[]> {
  const rows = await db
    .select({
      productId: orderItems.productId,
      skus: sql<string[]>`array_agg(distinct ${orderItems.sku} order by ${orderItems.sku})`,
      titles: productTitlesOf(orderItems.productId),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.relationId, relationId), inArray(orders.state, [...PLACED_STATES]), gte(orders.placedAt, start), lt(orders.placedAt, end)))
    .groupBy(orderItems.productId);
  return rows.flatMap(({ productId, skus, titles }) =>
    productId === null || titles === null ? [] : [{ productId, skus: (skus ?? []).filter((s): s is string => Boolean(s)), ...titles }],
  );
}
