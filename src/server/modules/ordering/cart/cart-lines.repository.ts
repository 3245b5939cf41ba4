import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { buildOncePerDriver } from '../../../db/prepared';
import { orderItems } from '../../../db/schema';
import { paymentUnderwayOf } from '../../payments/payment-underway.service';

// The cart's lines and what a change to them must know first (split from cart.repository.ts).

const insertLineQuery = buildOncePerDriver((db) =>
  db
    .insert(orderItems)
    .values({
      orderId: sql.placeholder('orderId'),
      variationId: sql.placeholder('variationId'),
      productId: sql.placeholder('productId'),
      quantity: sql.placeholder('quantity'),
    })
    .returning({ itemId: orderItems.id, itemUuid: orderItems.uuid })
    .prepare('cart_insert_line'),
);

export async function insertLine(db: DbOrTx, values: { orderId: number; variationId: number; productId: number; quantity: number }): Promise<{ itemId: number; itemUuid: string }> {
  const [row] = await insertLineQuery(db).execute(values);
  if (!row) throw new Error('the order line was not stored');
  return row;
}

export interface LineQuantity {
  itemId: number;
  itemUuid: string;
  variationId: number;
  quantity: number;
}

/** Whether a payment of the order `orderId` is under way, and its lines without prices. */
const changeStateColumns = () => ({
  paymentUnderway: paymentUnderwayOf(sql.placeholder('orderId'), sql.placeholder('now')),
  lines: sql<LineQuantity[]>`coalesce((select json_agg(json_build_object(
      'itemId', ${orderItems.id}, 'itemUuid', ${orderItems.uuid}, 'variationId', ${orderItems.variationId}, 'quantity', ${orderItems.quantity}
    ) order by ${orderItems.id}) from ${orderItems}
    where ${orderItems.orderId} = ${sql.placeholder('orderId')} and ${orderItems.variationId} is not null), '[]'::json)`,
});

const changeStateQuery = buildOncePerDriver((db) =>
  db
    .select(changeStateColumns())
    .from(sql`(select 1) as one`)
    .prepare('cart_change_state'),
);

/**
 * What a change to a locked cart needs to know, in one statement: whether a payment of it is
 * under way, and its lines without prices. Read after the lock (a statement of its own), so it
 * sees a payment that a transaction holding the lock before had made.
 */
export async function findChangeState(db: DbOrTx, orderId: number, now: Date): Promise<{ paymentUnderway: boolean; lines: LineQuantity[] }> {
  const [row] = await changeStateQuery(db).execute({ orderId, now: now.toISOString() });
  return row ?? { paymentUnderway: false, lines: [] };
}

const setLineQuantityQuery = buildOncePerDriver((db) =>
  db
    .update(orderItems)
    .set({ quantity: sql`${sql.placeholder('quantity')}::int` })
    .where(and(eq(orderItems.id, sql.placeholder('itemId')), eq(orderItems.orderId, sql.placeholder('orderId'))))
    .prepare('cart_set_line_quantity'),
);

export async function setLineQuantity(db: DbOrTx, orderId: number, itemId: number, quantity: number): Promise<void> {
  await setLineQuantityQuery(db).execute({ orderId, itemId, quantity });
}

/** Deletes lines of the order; answers how many went. */
export async function deleteLines(db: DbOrTx, orderId: number, itemIds: number[]): Promise<number> {
  if (itemIds.length === 0) return 0;
  const gone = await db
    .delete(orderItems)
    .where(and(eq(orderItems.orderId, orderId), inArray(orderItems.id, itemIds)))
    .returning({ id: orderItems.id });
  return gone.length;
}

/** The sum of the quantities of the order's lines. */
export async function quantityTotal(db: DbOrTx, orderId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return row?.total ?? 0;
}
