import type { CartOrder, CartOrderItem, OrderAdjustment } from '../../../../shared/api/cart';
import { businessDay, effectiveDeliveryDate } from '../../../../shared/delivery-date';
import type { DepositKind } from '../../../../shared/api/deposits';
import { formatEuro, price, rateFraction } from '../../../../shared/money';
import type { AdjustmentSnapshot } from '../../../db/schema';
import { textIn } from '../../../i18n';
import type { Lang } from '../../../plugins/language';
import type { Customer } from '../../../context/customer';
import { imageStyleUri } from '../../images/image-styles';
import type { OrderSums } from './cart-maths';
import type { CartLineRow, PriceContext } from './cart-prices.repository';
import { CART_MESSAGES } from './cart.messages';
import { lineUnitAttributes } from './order-multiple';
import { lineBackorder, lineShortage } from '../../stock/stock-checks';
import type { DraftRow, RelationTerms, ShippingMethodRow } from './cart.repository';

/** How a cart and its lines are answered: Commerce's shapes from the cents the cart worked out. */

export interface PricedLine extends CartLineRow {
  unitPriceCents: number;
}

/** A cart with everything worked out: what the cart answers and what placing checks and keeps. */
export interface PricedCart {
  draft: DraftRow;
  relation: RelationTerms;
  lines: PricedLine[];
  shipping: ShippingMethodRow | null;
  sums: OrderSums;
  freeDeliveryThresholdCents: number | null;
}

/** Whom and when a cart is priced for: the relation's price list and quotes on the business day. */
/**
 * The day whose VAT rates a cart uses (decision 028): its delivery date while that may still be
 * chosen, else the first delivery date (what the checkout proposes on load).
 */
export function vatDayOf(reqDlvDate: string | null, now: Date, deliveryDays: readonly string[] | null): string {
  return effectiveDeliveryDate(reqDlvDate, now, deliveryDays);
}

/** `vatDay`: the day whose VAT rates apply, the cart's delivery date (decision 028). */
export const priceContextOf = (customer: Customer, lang: Lang, now: Date, vatDay: string): PriceContext => ({
  lang,
  pricelist: customer.pricelist,
  relationId: customer.relationId,
  day: businessDay(now),
  vatDay,
});

export function taxLabel(rate: number, lang: Lang): string {
  return `${lang === 'en' ? 'VAT' : 'BTW'} ${rate / 100}%`;
}

/** 'Statiegeld fles 24 × € 0,10' / 'Deposit bottle 24 × € 0,10'. */
export function depositLabel(deposit: { kind: DepositKind; quantity: number; unitCents: number }, lang: Lang): string {
  return textIn(lang, CART_MESSAGES, `deposit_${deposit.kind}`, { quantity: deposit.quantity, amount: formatEuro(deposit.unitCents) });
}

/**
 * The adjustments of an order in cents: shipping first, then VAT per rate (highest first), then
 * the deposits (without VAT, per kind and amount; decision 028).
 */
export function adjustmentSnapshots(sums: Pick<OrderSums, 'shippingCents' | 'taxes' | 'deposits'>, shippingLabel: string | null, lang: Lang): AdjustmentSnapshot[] {
  const list: AdjustmentSnapshot[] = [];
  if (sums.shippingCents !== null && shippingLabel !== null) {
    list.push({ type: 'shipping', label: shippingLabel, percentage: null, amountCents: sums.shippingCents });
  }
  for (const tax of sums.taxes) {
    list.push({ type: 'tax', label: taxLabel(tax.rate, lang), percentage: rateFraction(tax.rate), amountCents: tax.amountCents });
  }
  for (const d of sums.deposits) {
    const deposit = { kind: d.kind, quantity: d.quantity, unitCents: d.amountCents };
    list.push({ type: 'deposit', label: depositLabel(deposit, lang), percentage: null, amountCents: d.totalCents, deposit });
  }
  return list;
}

/** Adjustments as the API answers them; a deposit's label in the language asked for (`lang`), else as kept. */
export function toApiAdjustments(list: readonly AdjustmentSnapshot[], lang?: Lang): OrderAdjustment[] {
  return list.map((a) => ({
    type: a.type,
    label: a.deposit && lang ? depositLabel(a.deposit, lang) : a.label,
    percentage: a.percentage,
    amount: price(a.amountCents),
  }));
}

/** The two thumbnails of each image, as the cart answers them. */
export const thumbnailsOf = (apiBase: string, uuids: readonly string[]) =>
  uuids.map((uuid) => ({
    small_thumbnail: imageStyleUri(apiBase, 'small_thumbnail', uuid),
    thumbnail: imageStyleUri(apiBase, 'thumbnail', uuid),
  }));

export function toItem(apiBase: string, line: PricedLine, orderId: number, totalCents: number): CartOrderItem {
  return {
    order_item_id: line.itemId,
    uuid: line.itemUuid,
    order_id: orderId,
    title: line.title,
    quantity: String(line.quantity),
    purchased_entity: {
      variation_id: line.variationId,
      uuid: line.variationUuid,
      sku: line.sku,
      product_id: line.productId,
      product_uuid: line.productUuid,
      product_images: thumbnailsOf(apiBase, line.imageUuids),
    },
    unit_price: price(line.unitPriceCents),
    total_price: price(totalCents),
    tax_percentage: rateFraction(line.taxRate),
    ...lineUnitAttributes(line),
    backorder: lineBackorder(line.stock, line.quantity),
    stock_short: lineShortage(line.stock, line.quantity),
  };
}

export function toCart(apiBase: string, cart: PricedCart, lang: Lang): CartOrder {
  const { draft, sums } = cart;
  return {
    order_id: draft.id,
    uuid: draft.uuid,
    order_number: null,
    state: 'draft',
    order_items: cart.lines.map((line, i) => toItem(apiBase, line, draft.id, sums.lineTotals[i] ?? 0)),
    total_price: price(sums.totalCents),
    order_total: {
      subtotal: price(sums.subtotalCents),
      adjustments: toApiAdjustments(adjustmentSnapshots(sums, cart.shipping?.label ?? null, lang)),
      total: price(sums.totalCents),
    },
    payment_method: draft.paymentMethodId,
    payment_gateway: draft.paymentMethodId,
    shipments: cart.shipping
      ? [{ shipping_method: cart.shipping.id, shipping_profile: draft.deliveryAddressId, amount: price(sums.shippingCents ?? 0) }]
      : [],
    shipping_profile: draft.deliveryAddressId,
    req_dlv_date: draft.reqDlvDate,
    po_reference: draft.poReference,
    comment: draft.customerComment,
    po_reference_required: cart.relation.poReferenceRequired,
    quantity_total: cart.lines.reduce((sum, line) => sum + line.quantity, 0),
    free_delivery:
      cart.freeDeliveryThresholdCents === null
        ? null
        : { threshold: price(cart.freeDeliveryThresholdCents), remaining: price(sums.freeDeliveryRemainingCents ?? 0) },
  };
}
