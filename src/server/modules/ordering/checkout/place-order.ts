import type { PlaceOrderResponse } from '../../../../shared/api/checkout';
import { businessDay, deliveryDateProblem, earliestDeliveryDate } from '../../../../shared/delivery-date';
import type { DbOrTx, Tx } from '../../../db/client';
import type { AddressSnapshot } from '../../../db/schema';
import { badRequest, orderNotFound } from '../../../errors';
import { localized } from '../../../i18n';
import type { Lang } from '../../../plugins/language';
import type { Actor } from '../../../context/actor';
import type { Customer } from '../../../context/customer';
import { takeStockForOrder } from '../../stock/stock.service';
import { adjustmentSnapshots, type PricedCart } from '../cart/cart.service';
import type { DraftRow } from '../cart/cart.repository';
import type { PlacedLineInfo } from '../history/placed-line';
import { transitionOrder } from '../order-transition';
import { relationAddress, validateForPlacing } from './checkout-checks';
import { CHECKOUT_MESSAGES } from './checkout.messages';
import type { CheckoutContext } from './checkout.context';
import * as repo from './checkout.repository';
import { userContact } from '../../auth/users.service';
import { type Confirmation, confirmationMail } from './order-mail';

/*
 * Placing an order (spec section 5), as named steps run in the caller's transaction: load the
 * draft, settle its date, price it, validate it, take the stock, mark it placed, snapshot its
 * lines, write the confirmation. `placeDraft` reads as that list.
 */

/** A line the snapshot did not answer (never expected): a piece, all in stock. */
const NOTHING_KEPT: PlacedLineInfo = { salesUnit: null, unitContentNl: null, unitContentEn: null, backorderQuantity: 0, backorderExpectedDate: null };

/**
 * Placing a paid order found its total changed since the payment was made (decision 010): thrown
 * before anything is written, so the caller's savepoint rolls back nothing but the date move.
 */
export class TotalMismatch extends Error {
  constructor(readonly totalCents: number) {
    super(`the order's total is now ${totalCents} cents`);
    this.name = 'TotalMismatch';
  }
}

/** The order number: W and the order id in seven digits; known before placing (a payment's description names it). */
export function orderNumberOf(orderId: number): string {
  return `W${String(orderId).padStart(7, '0')}`;
}

export interface PlaceOptions {
  via: 'account' | 'payment';
  termsAccepted: boolean;
  lang: Lang;
  paymentState: string;
  expectedTotalCents?: number;
  /** Who places it, in the order's history (decision 035); `reason` too, where there is one. */
  actor: Actor;
  reason?: string;
}

export interface PlacedOrder {
  response: PlaceOrderResponse;
  confirmation: Confirmation;
  mailId: number | null;
}

type Validated = Awaited<ReturnType<typeof validateForPlacing>>;

/** Load: the user's draft, locked; 404 when it is no draft of theirs any more. */
export async function loadDraft({ deps }: CheckoutContext, tx: DbOrTx, order: { id: number; userId: number }, customer: Customer): Promise<DraftRow> {
  const draft = await deps.cart.draftById(tx, order.id, order.userId, customer.relationId);
  if (!draft) throw orderNotFound();
  return draft;
}

/**
 * Settle the date: a paid online payment places whatever the date, so a delivery date that has
 * passed since the payment started moves to the earliest one (the money is in).
 */
export async function settleDeliveryDate({ deps }: CheckoutContext, tx: DbOrTx, draft: DraftRow, customer: Customer, via: PlaceOptions['via']): Promise<void> {
  if (via !== 'payment' || !draft.reqDlvDate) return;
  const relation = await deps.cart.relationTerms(tx, customer.relationId);
  if (!relation || deliveryDateProblem(draft.reqDlvDate, deps.now(), relation.deliveryDays) !== 'too_early') return;
  const earliest = earliestDeliveryDate(deps.now(), relation.deliveryDays);
  await repo.setDraftChoice(tx, draft.id, { reqDlvDate: earliest }, deps.now());
  draft.reqDlvDate = earliest;
}

/** Price: the draft as of now; a paid order whose total changed since is refused (TotalMismatch). */
export async function priceForPlacing({ deps }: CheckoutContext, tx: DbOrTx, draft: DraftRow, customer: Customer, options: PlaceOptions): Promise<PricedCart> {
  const priced = await deps.cart.priceCart(tx, draft, customer, options.lang);
  if (options.expectedTotalCents !== undefined && priced.sums.totalCents !== options.expectedTotalCents) throw new TotalMismatch(priced.sums.totalCents);
  return priced;
}

/**
 * Validate: everything placing needs, checked again whatever the web checked; the place call
 * (`via: 'account'`) may not place an order whose method is paid online.
 */
export async function validateOrder({ deps }: CheckoutContext, tx: DbOrTx, priced: PricedCart, options: PlaceOptions): Promise<Validated> {
  const validated = await validateForPlacing(tx, priced, options.via === 'payment' || options.termsAccepted, options.lang, deps.now());
  if (options.via === 'account' && validated.payment.online) {
    const { label } = validated.payment;
    throw badRequest('online_payment', localized(CHECKOUT_MESSAGES, 'online_payment', { label }), [
      { field: 'payment_method', message: localized(CHECKOUT_MESSAGES, 'online_payment_field', { label }) },
    ]);
  }
  return validated;
}

/**
 * Take stock: checked again and taken off stock, on locked rows (decision 030); refused when it
 * ran out meanwhile. The part of each line that is a backorder is noted on the line.
 */
export async function takeStock(tx: DbOrTx, orderId: number, priced: PricedCart, placedAt: Date): Promise<void> {
  const taken = await takeStockForOrder(tx, priced.lines, businessDay(placedAt));
  await repo.markBackorders(tx, orderId, taken.lines);
}

/**
 * Mark placed: the state moves through the state machine (`pay` for a paid payment, `place`
 * otherwise, with the actor and reason in the order's history), and the order is numbered, with
 * its addresses, methods and sums as they are now.
 */
export async function markPlaced(
  tx: Tx,
  order: { id: number; userId: number },
  priced: PricedCart,
  validated: Validated,
  at: { placedAt: Date; options: PlaceOptions },
): Promise<{ orderNumber: string; mail: string; mailLangcode: string }> {
  const { relation, sums } = priced;
  const { lang, paymentState } = at.options;
  const orderNumber = orderNumberOf(order.id);
  const user = await userContact(tx, order.userId);
  const event = paymentState === 'paid' ? 'pay' : 'place';
  await transitionOrder(tx, order.id, event, at.options.actor, { at: at.placedAt, reason: at.options.reason });
  await repo.markPlaced(tx, order.id, {
    orderNumber,
    placedAt: at.placedAt,
    mail: user.mail,
    billingAddress: relationAddress(relation),
    deliveryAddress: validated.address,
    shippingMethodLabel: validated.shipping.label,
    paymentMethodLabel: validated.payment.label,
    subtotalCents: sums.subtotalCents,
    adjustments: adjustmentSnapshots(sums, validated.shipping.label, lang),
    totalCents: sums.totalCents,
    paymentState,
    langcode: lang,
  });
  return { orderNumber, mail: user.mail, mailLangcode: user.langcode };
}

/** Snapshot: what every line was when placed; answers each line's unit and backorder as kept. */
export function snapshotLines(tx: DbOrTx, priced: PricedCart): Promise<Map<number, PlacedLineInfo>> {
  return repo.snapshotLines(
    tx,
    priced.lines.map((line, i) => ({
      itemId: line.itemId,
      variationId: line.variationId,
      title: line.title,
      sku: line.sku,
      unitPriceCents: line.unitPriceCents,
      totalCents: priced.sums.lineTotals[i] ?? 0,
      taxRate: line.taxRate,
    })),
  );
}

/** What the confirmation mail tells: the order as placed, in the user's language. */
export function confirmationOf(
  { deps }: CheckoutContext,
  placed: { orderId: number; orderNumber: string; mail: string; mailLangcode: string; placedAt: Date },
  priced: PricedCart,
  validated: { address: AddressSnapshot; shipping: { label: string }; payment: { label: string } },
  kept: Map<number, PlacedLineInfo>,
): Confirmation {
  const { sums } = priced;
  const mailLang: 'nl' | 'en' = placed.mailLangcode === 'en' ? 'en' : 'nl';
  return {
    to: placed.mail,
    lang: mailLang,
    shopName: deps.shopName,
    orderNumber: placed.orderNumber,
    placedAt: placed.placedAt,
    lines: priced.lines.map((line, i) => ({
      ...(kept.get(line.itemId) ?? NOTHING_KEPT),
      title: line.title,
      sku: line.sku,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      totalCents: sums.lineTotals[i] ?? 0,
    })),
    subtotalCents: sums.subtotalCents,
    // VAT and deposit labels in the mail's language (the shipping method's label is the order's).
    adjustments: adjustmentSnapshots(sums, validated.shipping.label, mailLang),
    totalCents: sums.totalCents,
    deliveryDate: priced.draft.reqDlvDate!,
    deliveryAddress: validated.address,
    shippingMethod: validated.shipping.label,
    paymentMethod: validated.payment.label,
    poReference: priced.draft.poReference,
    comment: priced.draft.customerComment,
    orderUrl: `${deps.publicUrl}/${mailLang}/account/orders/${placed.orderId}`,
  };
}

/** Confirmation: the mail is written with the order, so an order placed is an order confirmed, now or later. */
export async function enqueueConfirmation({ deps }: CheckoutContext, tx: DbOrTx, confirmation: Confirmation): Promise<number | null> {
  const [mailId = null] = confirmation.to ? await deps.outbox.enqueue(tx, [{ kind: 'order_confirmation', ...confirmationMail(confirmation) }]) : [];
  return mailId;
}

/**
 * Places a draft inside the caller's transaction (the order row locked by the caller):
 * checks, numbers, snapshots. `via: 'account'` is the place call (terms and date checked,
 * the method must not be online); `via: 'payment'` is a paid online payment (the customer
 * checked everything when the payment started; a delivery date that has passed since moves
 * to the earliest one, the money is in).
 */
export async function placeDraft(
  ctx: CheckoutContext,
  tx: Tx,
  order: { id: number; uuid: string; userId: number },
  customer: Customer,
  options: PlaceOptions,
): Promise<PlacedOrder> {
  const draft = await loadDraft(ctx, tx, order, customer);
  await settleDeliveryDate(ctx, tx, draft, customer, options.via);
  const priced = await priceForPlacing(ctx, tx, draft, customer, options);
  const validated = await validateOrder(ctx, tx, priced, options);
  const placedAt = ctx.deps.now();
  await takeStock(tx, order.id, priced, placedAt);
  const placed = await markPlaced(tx, order, priced, validated, { placedAt, options });
  const kept = await snapshotLines(tx, priced);
  const confirmation = confirmationOf(ctx, { ...placed, orderId: order.id, placedAt }, priced, validated, kept);
  const mailId = await enqueueConfirmation(ctx, tx, confirmation);
  return { response: { status: 'success', orderId: order.id, uuid: order.uuid, order_number: placed.orderNumber }, confirmation, mailId };
}
