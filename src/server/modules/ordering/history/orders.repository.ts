import { and, asc, count, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { CART_STATES } from '../order-state';
import { orderItems, orders } from '../../../db/schema';
import { productUuidOf, variationUuidOf } from '../../catalog/catalog-sql.service';
import { productImageUuids } from '../../images/image-sql.service';

/** The columns of a placed line's unit and backorder, for the statements that read placed lines. */
const placedLineInfoColumns = {
  salesUnit: orderItems.salesUnit,
  unitContentNl: orderItems.unitContentNl,
  unitContentEn: orderItems.unitContentEn,
  backorderQuantity: orderItems.backorderQuantity,
  backorderExpectedDate: orderItems.backorderExpectedDate,
};

/** A placed (or later) order of the user, by uuid or numeric id. Drafts are carts: the cart calls show them. */
export async function findOwnPlacedOrder(db: DbOrTx, idOrUuid: string, userId: number) {
  const key = /^\d+$/.test(idOrUuid) ? eq(orders.id, Number(idOrUuid)) : eq(orders.uuid, idOrUuid);
  const [row] = await db
    .select()
    .from(orders)
    .where(and(key, eq(orders.userId, userId), notInArray(orders.state, [...CART_STATES])));
  return row;
}

/** The order's lines as placed, with the variation and the product's images when they still exist. */
export async function findOrderLines(db: DbOrTx, orderId: number) {
  return db
    .select({
      id: orderItems.id,
      uuid: orderItems.uuid,
      quantity: orderItems.quantity,
      title: orderItems.title,
      sku: orderItems.sku,
      unitPriceCents: orderItems.unitPriceCents,
      totalCents: orderItems.totalCents,
      taxRate: orderItems.taxRate,
      ...placedLineInfoColumns,
      // Null once the variation is gone: the foreign key sets it null (on delete set null).
      variationId: orderItems.variationId,
      variationUuid: variationUuidOf(orderItems.variationId),
      productUuid: productUuidOf(orderItems.productId),
      imageUuids: productImageUuids(orderItems.productId),
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

/** A page of the user's orders out of the cart (not a draft, not awaiting payment), newest first, and how many there are. */
export async function findPlacedOrders(db: DbOrTx, userId: number, page: { offset: number; limit: number; newestFirst: boolean }) {
  const where = and(eq(orders.userId, userId), notInArray(orders.state, [...CART_STATES]));
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  const rows = await db
    .select({ id: orders.id, uuid: orders.uuid, orderNumber: orders.orderNumber, placedAt: orders.placedAt, state: orders.state, totalCents: orders.totalCents })
    .from(orders)
    .where(where)
    .orderBy(page.newestFirst ? desc(orders.placedAt) : asc(orders.placedAt), desc(orders.id))
    .offset(page.offset)
    .limit(page.limit);
  return { rows, count: total?.n ?? 0 };
}

/** The lines (quantity, variation) of some orders: one query. */
export async function findLinesOfOrders(db: DbOrTx, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({ orderId: orderItems.orderId, quantity: orderItems.quantity, variationId: orderItems.variationId })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
}
