import type { ErpOrdersResponse, ErpPaymentsResponse } from '../../../shared/api/erp-export';
import { systemActor } from '../../context/actor';
import type { Tx } from '../../db/client';
import { stateAfter, transitionOrders } from '../ordering/ordering.service';
import { orderRecord, paymentRecord } from './erp-export-records';
import type { ErpContext } from './erp.service';

/** A page of records after the consumer's cursor, read in one transaction, and where the next page starts. */
async function recordsAfter<Row, Record extends { cursor: string }>(
  { db }: ErpContext,
  after: string | undefined,
  limit: number,
  toRecord: (row: Row) => Record,
  read: (tx: Tx, from: number, rows: number) => Promise<Row[]>,
) {
  const from = after === undefined ? 0 : Number(after);
  const rows = await db.transaction((tx) => read(tx, from, limit + 1));
  const records = rows.slice(0, limit).map(toRecord);
  return { records, next_cursor: records.at(-1)?.cursor ?? String(from), has_more: rows.length > limit };
}

export function exportOrders(ctx: ErpContext, after: string | undefined, limit: number): Promise<ErpOrdersResponse> {
  const { exports, deps } = ctx;
  return recordsAfter(ctx, after, limit, orderRecord, async (tx, from, rows) => {
    // Numbered is handed to the ERP: the orders that take `export` (placed ones) move on; a
    // canceled or completed order is numbered as before and keeps its state.
    const numbered = await exports.stampPlacedOrders(tx);
    const exported = numbered.filter((o) => stateAfter(o.state, 'export')).map((o) => o.id);
    await transitionOrders(tx, exported, 'export', systemActor('erp_export'), { at: deps.now() });
    return exports.ordersAfter(tx, from, rows);
  });
}

/** Paid payments (of orders and invoices) after `after`, in the order they were applied. */
export function exportPayments(ctx: ErpContext, after: string | undefined, limit: number): Promise<ErpPaymentsResponse> {
  const { exports } = ctx;
  return recordsAfter(ctx, after, limit, paymentRecord, async (tx, from, rows) => {
    await exports.stampAppliedPayments(tx);
    return exports.paymentsAfter(tx, from, rows);
  });
}
