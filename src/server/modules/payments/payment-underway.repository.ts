import { type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { buildOncePerDriver } from '../../db/prepared';
import { payments } from '../../db/schema';

/**
 * A payment of the order that is under way (decision 010): its row exists (from before the
 * provider is called), it is open, pending or authorized, not applied and not expired. `orderId`
 * and `now` are parameters of the statement that asks.
 */
const underwayWhere = (orderId: SQLWrapper, now: SQLWrapper) => sql`${payments.orderId} = ${orderId}
  and ${payments.status} in ('open', 'pending', 'authorized')
  and ${payments.appliedAt} is null
  and (${payments.expiresAt} is null or ${payments.expiresAt} > ${now}::timestamptz)`;

/** Whether a payment of the order is under way, as a column of the cart's statement. */
export const paymentUnderwayOf = (orderId: SQLWrapper, now: SQLWrapper) =>
  sql<boolean>`exists (select 1 from ${payments} where ${underwayWhere(orderId, now)})`;

const paymentUnderwayQuery = buildOncePerDriver((db) =>
  db
    .select({ id: payments.id })
    .from(payments)
    .where(underwayWhere(sql.placeholder('orderId'), sql.placeholder('now')))
    .limit(1)
    .prepare('cart_payment_underway'),
);

/** Whether a payment of the order is under way (open, pending or authorized, not expired). */
export async function isPaymentUnderway(db: DbOrTx, orderId: number, now: Date): Promise<boolean> {
  const rows = await paymentUnderwayQuery(db).execute({ orderId, now: now.toISOString() });
  return rows.length > 0;
}
