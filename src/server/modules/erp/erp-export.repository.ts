import { sql } from 'drizzle-orm';
import type { AddressSnapshot, AdjustmentSnapshot } from '../../db/schema';
import type { Tx } from '../../db/client';
import type { ErpOrderRecord } from '../../../shared/api/erp-export';
import type { OrderState } from '../ordering/ordering.service';

/** A placed order as the export reads it (dates and the cursor as text, whatever the driver). */
export interface ExportOrderRow {
  seq: string;
  order_number: string;
  uuid: string;
  state: OrderState;
  placed_at: string;
  langcode: string;
  relation_erp_number: string;
  relation_name: string;
  user_id: number;
  user_name: string;
  user_mail: string;
  mail: string | null;
  req_dlv_date: string | null;
  po_reference: string;
  customer_comment: string;
  delivery_address: AddressSnapshot | null;
  delivery_erp_code: string | null;
  billing_address: AddressSnapshot | null;
  shipping_method_id: string | null;
  shipping_method_label: string | null;
  payment_method_id: string | null;
  payment_method_label: string | null;
  payment_state: string | null;
  subtotal_cents: number | null;
  version: number;
  total_cents: number | null;
  adjustments: AdjustmentSnapshot[] | null;
  lines: ErpOrderRecord['lines'];
}

export interface ExportPaymentRow {
  seq: string;
  uuid: string;
  kind: string;
  provider: string;
  provider_id: string | null;
  paid_at: string;
  amount_cents: number;
  description: string;
  relation_erp_number: string;
  relation_name: string;
  user_id: number | null;
  user_name: string | null;
  user_mail: string | null;
  order_number: string | null;
  invoices: Array<{ invoice_number: string; cash_order_number: string; amount_cents: number }>;
  review_reason: 'amount_mismatch' | 'not_placeable' | 'order_already_placed' | 'paid_after_final' | null;
  review_expected_cents: number | null;
}

/**
 * Numbers the placed orders that have no export number yet, in placing order, under a lock
 * that only exporters take (decision 011). A number is only ever given to an order whose
 * placing has committed, and later calls give larger numbers, so a stored cursor never
 * passes an order that shows up later. Answers the orders numbered now and their states (the
 * exporter moves the placed ones on to exported, decision 035).
 */
export async function stampPlacedOrders(tx: Tx): Promise<Array<{ id: number; state: OrderState }>> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('erp-export-orders'))`);
  const result = await tx.execute(sql`
    update orders o set erp_export_seq = n.seq
    from (select t.id, nextval('erp_export_seq') as seq
          from (select id from orders where placed_at is not null and erp_export_seq is null order by placed_at, id) t) n
    where o.id = n.id
    returning o.id, o.state`);
  return (result as unknown as { rows: Array<{ id: number; state: OrderState }> }).rows;
}

/** One page of the numbered orders after `after`, with their lines. */
export async function ordersAfter(tx: Tx, after: number, limit: number): Promise<ExportOrderRow[]> {
  const result = await tx.execute(sql`
    select o.erp_export_seq::text as seq, o.order_number, o.uuid::text as uuid, o.state,
           to_char(o.placed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as placed_at, o.langcode,
           r.erp_number as relation_erp_number, r.name as relation_name,
           u.id as user_id, u.name as user_name, u.mail as user_mail, o.mail,
           o.req_dlv_date::text as req_dlv_date, o.po_reference, o.customer_comment, o.delivery_address, da.erp_code as delivery_erp_code, o.billing_address,
           o.shipping_method_id, o.shipping_method_label, o.payment_method_id, o.payment_method_label, o.payment_state,
           o.subtotal_cents, o.total_cents, o.adjustments, o.version,
           coalesce((select json_agg(json_build_object('sku', i.sku, 'title', i.title, 'quantity', i.quantity,
                       'unit_price_cents', i.unit_price_cents, 'total_cents', i.total_cents, 'tax_rate', i.tax_rate, 'backorder_quantity', i.backorder_quantity,
                       'sales_unit', i.sales_unit, 'pieces_per_unit', i.pieces_per_unit) order by i.id)
                     from order_items i where i.order_id = o.id), '[]'::json) as lines
    from orders o
    join relations r on r.id = o.relation_id
    join users u on u.id = o.user_id
    left join delivery_addresses da on da.id = o.delivery_address_id
    where o.erp_export_seq > ${after}
    order by o.erp_export_seq
    limit ${limit}`);
  return (result as unknown as { rows: ExportOrderRow[] }).rows;
}

/** As stampPlacedOrders, for payments that are paid and applied. */
export async function stampAppliedPayments(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('erp-export-payments'))`);
  await tx.execute(sql`
    update payments p set erp_export_seq = n.seq
    from (select t.id, nextval('erp_payment_export_seq') as seq
          from (select id from payments where status = 'paid' and applied_at is not null and erp_export_seq is null order by updated_at, id) t) n
    where p.id = n.id`);
}

/** One page of the numbered payments after `after`, with the invoices they pay. */
export async function paymentsAfter(tx: Tx, after: number, limit: number): Promise<ExportPaymentRow[]> {
  const result = await tx.execute(sql`
    select p.erp_export_seq::text as seq, p.uuid::text as uuid, p.kind, p.provider, p.provider_id,
           to_char(p.applied_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as paid_at,
           p.amount_cents, p.description, r.erp_number as relation_erp_number, r.name as relation_name,
           u.id as user_id, u.name as user_name, u.mail as user_mail, o.order_number,
           p.review_reason, p.review_expected_cents,
           coalesce((select json_agg(json_build_object('invoice_number', c.invoice_number, 'cash_order_number', c.cash_order_id,
                       'amount_cents', pi.amount_cents) order by c.invoice_number)
                     from payment_invoices pi join cash_invoices c on c.id = pi.invoice_id where pi.payment_id = p.id), '[]'::json) as invoices
    from payments p
    join relations r on r.id = p.relation_id
    left join users u on u.id = p.user_id
    left join orders o on o.id = p.order_id
    where p.erp_export_seq > ${after}
    order by p.erp_export_seq
    limit ${limit}`);
  return (result as unknown as { rows: ExportPaymentRow[] }).rows;
}

/** The export's statements, as one object for the ERP service. */
export function createErpExportRepository() {
  return { stampPlacedOrders, ordersAfter, stampAppliedPayments, paymentsAfter };
}
