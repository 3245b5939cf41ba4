import type { DbOrTx } from '../../db/client';
import * as repo from './order-paid.repository';

/**
 * What an order paid online was paid (issue 42, point 5): the order desk may not raise it above
 * that without finance. Null when no checkout payment of the order was paid.
 */
export const paidForOrder = (db: DbOrTx, orderId: number) => repo.findPaidForOrder(db, orderId);
