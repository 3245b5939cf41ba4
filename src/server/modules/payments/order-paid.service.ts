import type { DbOrTx } from '../../db/client';
import * as repo from './order-paid.repository';

/**
 * What orders paid online were paid (issue 42, point 5): the order desk may not raise one above
 * that without finance. By order id; an order without a paid checkout payment is not in the map.
 */
export const paidForOrders = (db: DbOrTx, orderIds: readonly number[]) => repo.findPaidForOrders(db, orderIds);

/** The same for one order; null when none of its checkout payments was paid. */
export async function paidForOrder(db: DbOrTx, orderId: number): Promise<number | null> {
  return (await repo.findPaidForOrders(db, [orderId])).get(orderId) ?? null;
}
