import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type PlacedLineInfo, placedLineInfoColumns } from '../orders/placed-line';
import { type AddressSnapshot, type AdjustmentSnapshot, orderItems, orders, users } from '../../db/schema';

/**
 * Claims up to `limit` placed orders whose confirmation mail has not gone out, placed between
 * `placedAfter` and `placedBefore`, and not taken by any instance since `attemptedBefore`: marks
 * them taken at `now` and answers their ids. Rows another transaction holds are skipped, so
 * instances running this at once never take the same order.
 */
export async function claimUnsentConfirmations(
  db: DbOrTx,
  window: { now: Date; placedAfter: Date; placedBefore: Date; attemptedBefore: Date; limit: number },
): Promise<number[]> {
  const due = db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        isNotNull(orders.placedAt),
        isNull(orders.confirmationSentAt),
        gt(orders.placedAt, window.placedAfter),
        lte(orders.placedAt, window.placedBefore),
        isNotNull(orders.mail),
        ne(orders.mail, ''),
        or(isNull(orders.confirmationAttemptAt), lte(orders.confirmationAttemptAt, window.attemptedBefore)),
      ),
    )
    .orderBy(asc(orders.placedAt))
    .limit(window.limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(orders)
    .set({ confirmationAttemptAt: window.now })
    .where(inArray(orders.id, due))
    .returning({ id: orders.id });
  return rows.map((r) => r.id);
}

export interface PlacedOrderForMail {
  id: number;
  orderNumber: string;
  placedAt: Date;
  mail: string;
  userLangcode: string;
  reqDlvDate: string | null;
  deliveryAddress: AddressSnapshot | null;
  shippingMethodLabel: string | null;
  paymentMethodLabel: string | null;
  subtotalCents: number | null;
  adjustments: AdjustmentSnapshot[] | null;
  totalCents: number | null;
  lines: Array<PlacedLineInfo & { title: string | null; sku: string | null; quantity: number; unitPriceCents: number | null; totalCents: number | null }>;
}

/** What a placed order kept, to write its confirmation again. */
export async function placedOrderForMail(db: DbOrTx, orderId: number): Promise<PlacedOrderForMail | undefined> {
  const [order] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      placedAt: orders.placedAt,
      mail: orders.mail,
      userLangcode: users.langcode,
      reqDlvDate: orders.reqDlvDate,
      deliveryAddress: orders.deliveryAddress,
      shippingMethodLabel: orders.shippingMethodLabel,
      paymentMethodLabel: orders.paymentMethodLabel,
      subtotalCents: orders.subtotalCents,
      adjustments: orders.adjustments,
      totalCents: orders.totalCents,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!order || order.orderNumber === null || order.placedAt === null || !order.mail) return undefined;
  const lines = await db
    .select({ title: orderItems.title, sku: orderItems.sku, quantity: orderItems.quantity, unitPriceCents: orderItems.unitPriceCents, totalCents: orderItems.totalCents, ...placedLineInfoColumns })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  return { ...order, orderNumber: order.orderNumber, placedAt: order.placedAt, mail: order.mail, lines };
}
