import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/schema';

/** What each order's own checkout payments paid, in cents, by order id: one query; an order with none paid is not in the map. */
export async function findPaidForOrders(db: DbOrTx, orderIds: readonly number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: payments.orderId, paid: sql<number>`sum(${payments.amountCents})::int` })
    .from(payments)
    .where(and(inArray(payments.orderId, [...orderIds]), eq(payments.kind, 'checkout'), eq(payments.status, 'paid')))
    .groupBy(payments.orderId);
  return new Map(rows.flatMap((row) => (row.orderId === null ? [] : [[row.orderId, row.paid] as const])));
}
