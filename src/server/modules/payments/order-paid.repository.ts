import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/schema';

/** What the order's own checkout payments paid, in cents; null when none was paid. */
export async function findPaidForOrder(db: DbOrTx, orderId: number): Promise<number | null> {
  const [row] = await db
    .select({ paid: sql<number | null>`sum(${payments.amountCents})::int` })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'checkout'), eq(payments.status, 'paid')));
  return row?.paid ?? null;
}
