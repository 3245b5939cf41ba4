import { earliestDeliveryDate, latestDeliveryDate } from '../../../../shared/delivery-date';
import type { StaffOrder, StaffOrderAction, StaffOrderLine, StaffOrderTotals } from '../../../../shared/api/staff-order';
import { STAFF_ORDER_ACTIONS } from '../../../../shared/api/staff-order';
import type { AddressSnapshot, AdjustmentSnapshot } from '../../../db/schema';
import type { Lang } from '../../../plugins/language';
import { depositLabel } from '../cart/cart-view';
import type { PricedCart } from '../cart/cart.service';
import { adjustmentSnapshots, taxLabel } from '../cart/cart.service';
import { placedLineUnit, type PlacedLineInfo } from '../history/placed-line';
import { type OrderEvent, stateAfter } from '../order-state';
import { changeWindow } from './change-window';
import type { DeskOrderRow } from './desk.repository';

/** How the staff order page answers an order: its snapshot as kept, in cents (issue 42). */

export interface PlacedLine extends PlacedLineInfo {
  id: number;
  quantity: number;
  title: string | null;
  sku: string | null;
  unitPriceCents: number | null;
  totalCents: number | null;
  taxRate: number | null;
  variationId: number | null;
}

export interface DeskRelation {
  uuid: string;
  name: string;
  erpNumber: string;
  pricelist: string;
  deliveryDays: string[];
}

export interface DeskUser {
  id: number;
  name: string;
  mail: string;
  langcode: string;
}

/** The state machine's event of a staff step: the same name (decision 035). */
export const eventOf = (action: StaffOrderAction): OrderEvent => action;

export function placedLineOf(line: PlacedLine, lang: Lang): StaffOrderLine {
  const unit = placedLineUnit(line, lang);
  return {
    item_id: line.id,
    variation_id: line.variationId,
    sku: line.sku,
    title: line.title,
    quantity: line.quantity,
    sales_unit: unit ? (unit.content ?? unit.code) : null,
    unit_price_cents: line.unitPriceCents ?? 0,
    total_cents: line.totalCents ?? 0,
    tax_rate: line.taxRate ?? 0,
  };
}

/** The lines of a priced order (a change's outcome) as the page shows them. */
export function pricedLinesOf(priced: PricedCart): StaffOrderLine[] {
  return priced.lines.map((line, i) => ({
    item_id: line.itemId,
    variation_id: line.variationId,
    sku: line.sku,
    title: line.title,
    quantity: line.quantity,
    sales_unit: line.salesUnit === 'piece' && line.unitContent === null ? null : (line.unitContent ?? line.salesUnit),
    unit_price_cents: line.unitPriceCents,
    total_cents: priced.sums.lineTotals[i] ?? 0,
    tax_rate: line.taxRate,
  }));
}

/** Totals from a subtotal, the adjustments as kept and a total; deposit labels in `lang`. */
export function totalsOf(subtotalCents: number, adjustments: readonly AdjustmentSnapshot[], totalCents: number, lang: Lang): StaffOrderTotals {
  const shipping = adjustments.find((a) => a.type === 'shipping');
  return {
    subtotal_cents: subtotalCents,
    shipping_cents: shipping ? shipping.amountCents : null,
    vat: adjustments
      .filter((a) => a.type === 'tax')
      .map((a) => {
        const rate = Math.round(Number(a.percentage ?? '0') * 10_000);
        return { label: taxLabel(rate, lang), rate, amount_cents: a.amountCents };
      }),
    deposits: adjustments
      .filter((a) => a.type === 'deposit')
      .map((a) => ({ label: a.deposit ? depositLabel(a.deposit, lang) : a.label, amount_cents: a.amountCents })),
    total_cents: totalCents,
  };
}

/** The totals of a priced order, labelled in the order's language (as placing keeps them). */
export function pricedTotalsOf(priced: PricedCart, orderLang: Lang, lang: Lang): StaffOrderTotals {
  const adjustments = adjustmentSnapshots(priced.sums, priced.shipping?.label ?? null, orderLang);
  return totalsOf(priced.sums.subtotalCents, adjustments, priced.sums.totalCents, lang);
}

const addressOf = (a: AddressSnapshot | null) =>
  a ? { name: a.name, address_line1: a.address_line1, postal_code: a.postal_code, locality: a.locality, country_code: a.country_code } : null;

export const orderLangOf = (order: Pick<DeskOrderRow, 'langcode'>): Lang => (order.langcode === 'en' ? 'en' : 'nl');

/** The order as the staff page shows it, at `now`. */
export function staffOrderOf(order: DeskOrderRow, lines: readonly PlacedLine[], relation: DeskRelation, user: DeskUser, now: Date, lang: Lang): StaffOrder {
  const window = changeWindow(order.state, order.reqDlvDate, now, relation.deliveryDays);
  return {
    id: order.id,
    uuid: order.uuid,
    order_number: order.orderNumber,
    state: order.state,
    version: order.version,
    placed_at: order.placedAt?.toISOString() ?? null,
    delivery_date: order.reqDlvDate,
    delivery_address: addressOf(order.deliveryAddress),
    billing_address: addressOf(order.billingAddress),
    shipping_method: order.shippingMethodLabel,
    payment_method: order.paymentMethodLabel,
    payment_status: order.paymentState,
    finance_check: order.financeCheckedAt === null ? order.financeCheck : null,
    customer: {
      relation_uuid: relation.uuid,
      relation_name: relation.name,
      relation_number: relation.erpNumber,
      user: { id: user.id, name: user.name, mail: user.mail },
      langcode: user.langcode,
    },
    customer_comment: order.customerComment,
    po_reference: order.poReference,
    lines: lines.map((line) => placedLineOf(line, lang)),
    totals: totalsOf(order.subtotalCents ?? 0, order.adjustments ?? [], order.totalCents ?? 0, lang),
    change: {
      allowed: window.allowed,
      until: window.until?.toISOString() ?? null,
      closed: window.closed,
      delivery_days: relation.deliveryDays,
      earliest_date: earliestDeliveryDate(now, relation.deliveryDays),
      latest_date: latestDeliveryDate(now),
    },
    actions: STAFF_ORDER_ACTIONS.filter((action) => stateAfter(order.state, eventOf(action)) !== undefined),
  };
}
