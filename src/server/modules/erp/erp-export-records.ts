import type { ErpOrderRecord, ErpPaymentRecord } from '../../../shared/api/erp-export';
import type { ExportOrderRow, ExportPaymentRow } from './erp-export.repository';
import { publicState } from '../ordering/ordering.service';

/** The export's records, built from the rows erp-export.repository.ts reads. */

function address(snapshot: ExportOrderRow['billing_address']) {
  if (!snapshot) return null;
  return {
    name: snapshot.name,
    ...(snapshot.label ? { label: snapshot.label } : {}),
    address_line1: snapshot.address_line1,
    postal_code: snapshot.postal_code,
    locality: snapshot.locality,
    country_code: snapshot.country_code,
  };
}

export function orderRecord(row: ExportOrderRow): ErpOrderRecord {
  const adjustments = row.adjustments ?? [];
  const delivery = address(row.delivery_address);
  return {
    cursor: row.seq,
    order_number: row.order_number,
    uuid: row.uuid,
    // As the spec names it: an order handed its export number reads as placed (decision 035).
    state: publicState(row.state),
    placed_at: row.placed_at,
    langcode: row.langcode,
    relation: { erp_number: row.relation_erp_number, name: row.relation_name },
    user: { id: row.user_id, name: row.user_name, mail: row.user_mail },
    mail: row.mail,
    requested_delivery_date: row.req_dlv_date,
    po_reference: row.po_reference,
    comment: row.customer_comment,
    delivery_address: delivery ? { ...delivery, erp_code: row.delivery_erp_code } : null,
    billing_address: address(row.billing_address),
    shipping_method: { id: row.shipping_method_id, label: row.shipping_method_label },
    payment_method: { id: row.payment_method_id, label: row.payment_method_label },
    payment_status: row.payment_state,
    lines: row.lines,
    subtotal_cents: row.subtotal_cents,
    shipping_cents: adjustments.filter((a) => a.type === 'shipping').reduce((sum, a) => sum + a.amountCents, 0),
    tax: adjustments.filter((a) => a.type === 'tax').map((a) => ({ label: a.label, percentage: a.percentage, amount_cents: a.amountCents })),
    deposits: adjustments.flatMap((a) =>
      a.type === 'deposit' && a.deposit ? [{ kind: a.deposit.kind, quantity: a.deposit.quantity, unit_cents: a.deposit.unitCents, total_cents: a.amountCents }] : [],
    ),
    total_cents: row.total_cents,
    version: row.version,
  };
}

export function paymentRecord(row: ExportPaymentRow): ErpPaymentRecord {
  return {
    cursor: row.seq,
    uuid: row.uuid,
    kind: row.kind,
    provider: row.provider,
    provider_id: row.provider_id,
    status: 'paid',
    paid_at: row.paid_at,
    amount_cents: row.amount_cents,
    description: row.description,
    relation: { erp_number: row.relation_erp_number, name: row.relation_name },
    user: row.user_id === null ? null : { id: row.user_id, name: row.user_name ?? '', mail: row.user_mail ?? '' },
    order_number: row.order_number,
    invoices: row.invoices,
    review: row.review_reason === null ? null : { reason: row.review_reason, expected_cents: row.review_expected_cents },
  };
}
