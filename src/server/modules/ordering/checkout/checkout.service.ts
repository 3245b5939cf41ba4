import type { CartOrder } from '../../../../shared/api/cart';
import type { PaymentMethod, PlaceOrderResponse, ShippingMethod } from '../../../../shared/api/checkout';
import { businessDay, deliveryDateProblem, earliestDeliveryDate } from '../../../../shared/delivery-date';
import { orderSums } from '../cart/cart-maths';
import { price } from '../../../../shared/money';
import type { Db, DbOrTx, Tx } from '../../../db/client';
import { AppError, badRequest, notFound, orderNotFound } from '../../../errors';
import { localized } from '../../../i18n';
import type { Lang } from '../../../plugins/language';
import type { ActiveSession } from '../../../context/session';
import { adjustmentSnapshots, type CartService, type PricedCart } from '../cart/cart.service';
import { type Customer, requireCustomer } from '../../../context/customer';
import { stateAfter } from '../order-state';
import { transitionOrder } from '../order-transition';
import { type Actor, actorOf } from '../../../context/actor';
import { dateProblem, relationAddress, validateForPlacing } from './checkout-checks';
import { CHECKOUT_MESSAGES } from './checkout.messages';
import * as repo from './checkout.repository';
import { type Confirmation, confirmationMail } from './order-mail';
import { takeStockForOrder } from '../../stock/stock.service';
import type { MailOutbox } from '../../mail/mail-outbox.service';
import type { PlacedLineInfo } from '../history/placed-line';

/** A line the snapshot did not answer (never expected): a piece, all in stock. */
const NOTHING_KEPT: PlacedLineInfo = { salesUnit: null, unitContentNl: null, unitContentEn: null, backorderQuantity: 0, backorderExpectedDate: null };

export interface CheckoutDeps {
  cart: CartService;
  outbox: MailOutbox;
  now: () => Date;
  shopName: string;
  publicUrl: string;
}

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

export function createCheckoutService(db: Db, deps: CheckoutDeps) {
  const { cart } = deps;

  /** The caller's cart with that id, priced; 404 for any other order. */
  async function pricedDraft(tx: DbOrTx, orderId: number, session: ActiveSession, lang: Lang): Promise<{ customer: Customer; priced: PricedCart }> {
    const customer = requireCustomer(session);
    const draft = await cart.ownDraft(tx, orderId, session, customer);
    return { customer, priced: await cart.priceCart(tx, draft, customer, lang) };
  }

  /** Runs a change of a checkout choice and answers the cart after it. */
  function change(orderId: number, session: ActiveSession, lang: Lang, apply: (tx: DbOrTx, customer: Customer, priced: PricedCart) => Promise<void>): Promise<CartOrder> {
    return db.transaction(async (tx) => {
      const { customer, priced } = await pricedDraft(tx, orderId, session, lang);
      await cart.assertChangeable(tx, priced.draft);
      await apply(tx, customer, priced);
      const draft = await cart.ownDraft(tx, orderId, session, customer);
      return cart.toCart(await cart.priceCart(tx, draft, customer, lang), lang);
    });
  }

  /**
   * Sends the confirmation of an order placed in a transaction that has committed: its mail was
   * written to the outbox in that transaction (`placeDraft`); what does not go now, the outbox's job
   * sends (decision 033). Never throws.
   */
  async function sendConfirmation(mailId: number | null): Promise<void> {
    if (mailId !== null) await deps.outbox.deliver([mailId]);
  }

  const service = {
    /** Everything placing needs, checked again whatever the web checked (spec section 5). */
    validateForPlacing: (tx: DbOrTx, priced: PricedCart, termsAccepted: boolean, lang: Lang) => validateForPlacing(tx, priced, termsAccepted, lang, deps.now()),
    pricedDraft,
    /** The caller's own order with that id (any state), locked for the rest of the transaction. */
    lockOwnOrder: (tx: DbOrTx, orderId: number, session: ActiveSession, customer: Customer) => repo.lockOwnOrder(tx, orderId, session.user.id, customer.relationId),

    async shippingMethods(orderId: number, session: ActiveSession, lang: Lang): Promise<ShippingMethod[]> {
      return db.transaction(async (tx) => {
        const { priced } = await pricedDraft(tx, orderId, session, lang);
        const methods = await repo.activeShippingMethods(tx, lang);
        return methods.map((method) => {
          const sums = orderSums(priced.lines, method, priced.freeDeliveryThresholdCents);
          return { id: method.id, label: method.label, amount: price(sums.shippingCents ?? 0) };
        });
      });
    },

    async paymentMethods(orderId: number, session: ActiveSession, lang: Lang): Promise<PaymentMethod[]> {
      return db.transaction(async (tx) => {
        await pricedDraft(tx, orderId, session, lang);
        return repo.activePaymentMethods(tx, lang);
      });
    },

    setShipping(orderId: number, method: string, session: ActiveSession, lang: Lang) {
      return change(orderId, session, lang, async (tx, _customer, priced) => {
        const known = (await repo.activeShippingMethods(tx, lang)).some((m) => m.id === method);
        if (!known) {
          const text = localized(CHECKOUT_MESSAGES, 'unknown_shipping_method', { method });
          throw badRequest('unknown_shipping_method', text, [{ field: 'method', message: text }]);
        }
        await repo.setDraftChoice(tx, priced.draft.id, { shippingMethodId: method }, deps.now());
      });
    },

    setPayment(orderId: number, method: string, session: ActiveSession, lang: Lang) {
      return change(orderId, session, lang, async (tx, _customer, priced) => {
        if (!(await repo.findPaymentMethod(tx, method, lang))) {
          const text = localized(CHECKOUT_MESSAGES, 'unknown_payment_method', { method });
          throw badRequest('unknown_payment_method', text, [{ field: 'method', message: text }]);
        }
        await repo.setDraftChoice(tx, priced.draft.id, { paymentMethodId: method }, deps.now());
      });
    },

    setDeliveryDate(orderId: number, date: string, session: ActiveSession, lang: Lang) {
      return change(orderId, session, lang, async (tx, _customer, priced) => {
        const problem = dateProblem(date, priced.relation, deps.now());
        if (problem) throw problem;
        await repo.setDraftChoice(tx, priced.draft.id, { reqDlvDate: date }, deps.now());
      });
    },

    setProfile(orderId: number, profileId: number, session: ActiveSession, lang: Lang) {
      return change(orderId, session, lang, async (tx, customer, priced) => {
        if (!(await repo.findRelationAddress(tx, customer.relationId, profileId))) {
          throw notFound(localized(CHECKOUT_MESSAGES, 'address_not_found', { id: profileId }), 'address_not_found');
        }
        await repo.setDraftChoice(tx, priced.draft.id, { deliveryAddressId: profileId }, deps.now());
      });
    },

    /**
     * Places a draft inside the caller's transaction (the order row locked by the caller):
     * checks, numbers, snapshots. `via: 'account'` is the place call (terms and date checked,
     * the method must not be online); `via: 'payment'` is a paid online payment (the customer
     * checked everything when the payment started; a delivery date that has passed since moves
     * to the earliest one, the money is in). The state moves through the state machine, `pay`
     * for a paid payment and `place` otherwise, with `actor` (and `reason`) in the order's history.
     */
    async placeDraft(
      tx: Tx,
      order: { id: number; uuid: string; userId: number },
      customer: Customer,
      options: { via: 'account' | 'payment'; termsAccepted: boolean; lang: Lang; paymentState: string; expectedTotalCents?: number; actor: Actor; reason?: string },
    ): Promise<{ response: PlaceOrderResponse; confirmation: Confirmation; mailId: number | null }> {
      const { lang } = options;
      const draft = await cart.draftById(tx, order.id, order.userId, customer.relationId);
      if (!draft) throw orderNotFound();
      if (options.via === 'payment' && draft.reqDlvDate) {
        const relation = await cart.relationTerms(tx, customer.relationId);
        if (relation && deliveryDateProblem(draft.reqDlvDate, deps.now(), relation.deliveryDays) === 'too_early') {
          const earliest = earliestDeliveryDate(deps.now(), relation.deliveryDays);
          await repo.setDraftChoice(tx, draft.id, { reqDlvDate: earliest }, deps.now());
          draft.reqDlvDate = earliest;
        }
      }
      const priced = await cart.priceCart(tx, draft, customer, lang);
      if (options.expectedTotalCents !== undefined && priced.sums.totalCents !== options.expectedTotalCents) throw new TotalMismatch(priced.sums.totalCents);
      const { payment, address, shipping } = await service.validateForPlacing(tx, priced, options.via === 'payment' || options.termsAccepted, lang);
      if (options.via === 'account' && payment.online) {
        const { label } = payment;
        throw badRequest('online_payment', localized(CHECKOUT_MESSAGES, 'online_payment', { label }), [
          { field: 'payment_method', message: localized(CHECKOUT_MESSAGES, 'online_payment_field', { label }) },
        ]);
      }
      // Checked again and taken off stock, on locked rows (decision 030); refused when it ran out meanwhile.
      const placedAt = deps.now();
      await takeStockForOrder(tx, order.id, priced.lines, businessDay(placedAt));
      const orderNumber = orderNumberOf(order.id);
      const { relation, sums } = priced;
      const adjustments = adjustmentSnapshots(sums, shipping.label, lang);
      const user = await repo.userContact(tx, order.userId);
      await transitionOrder(tx, order.id, options.paymentState === 'paid' ? 'pay' : 'place', options.actor, { at: placedAt, reason: options.reason });
      await repo.markPlaced(tx, order.id, {
        orderNumber,
        placedAt,
        mail: user.mail,
        billingAddress: relationAddress(relation),
        deliveryAddress: address,
        shippingMethodLabel: shipping.label,
        paymentMethodLabel: payment.label,
        subtotalCents: sums.subtotalCents,
        adjustments,
        totalCents: sums.totalCents,
        paymentState: options.paymentState,
        langcode: lang,
      });
      const kept = await repo.snapshotLines(
        tx,
        priced.lines.map((line, i) => ({
          itemId: line.itemId,
          variationId: line.variationId,
          title: line.title,
          sku: line.sku,
          unitPriceCents: line.unitPriceCents,
          totalCents: sums.lineTotals[i] ?? 0,
          taxRate: line.taxRate,
        })),
      );
      const mailLang: 'nl' | 'en' = user.langcode === 'en' ? 'en' : 'nl';
      const confirmation: Confirmation = {
        to: user.mail,
        lang: mailLang,
        shopName: deps.shopName,
        orderNumber,
        placedAt,
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
        adjustments: mailLang === lang ? adjustments : adjustmentSnapshots(sums, shipping.label, mailLang),
        totalCents: sums.totalCents,
        deliveryDate: draft.reqDlvDate!,
        deliveryAddress: address,
        shippingMethod: shipping.label,
        paymentMethod: payment.label,
        orderUrl: `${deps.publicUrl}/${mailLang}/account/orders/${order.id}`,
      };
      // The mail is written with the order, so an order placed is an order confirmed, now or later.
      const [mailId = null] = confirmation.to ? await deps.outbox.enqueue(tx, [{ kind: 'order_confirmation', ...confirmationMail(confirmation) }]) : [];
      return { response: { status: 'success', orderId: order.id, uuid: order.uuid, order_number: orderNumber }, confirmation, mailId };
    },

    /** Sends the confirmation of an order placed in a transaction that has committed. */
    sendConfirmation,

    /**
     * POST /api/checkout/{order}/place for methods that are not paid online. Checks everything
     * again, then in one transaction moves the draft to placed, numbers it and keeps what it was.
     * Idempotent: the same order placed again (a double click, two calls at once) answers the
     * order that was placed, and only the first call mails.
     */
    async place(orderId: number, termsAccepted: boolean, session: ActiveSession, lang: Lang): Promise<PlaceOrderResponse> {
      const customer = requireCustomer(session);
      const outcome = await db.transaction(async (tx) => {
        const order = await repo.lockOwnOrder(tx, orderId, session.user.id, customer.relationId);
        if (!order) throw orderNotFound();
        if (!stateAfter(order.state, 'place')) {
          // Placed already (a double click, two calls at once): the same answer, no second mail.
          if (order.orderNumber === null || order.state === 'canceled') throw new AppError(409, 'order_closed', localized(CHECKOUT_MESSAGES, 'order_closed'));
          return { response: { status: 'success' as const, orderId: order.id, uuid: order.uuid, order_number: order.orderNumber }, mailId: null };
        }
        return service.placeDraft(tx, { id: order.id, uuid: order.uuid, userId: session.user.id }, customer, {
          via: 'account',
          termsAccepted,
          lang,
          paymentState: 'on_account',
          actor: actorOf(session),
        });
      });
      // After the commit, and without making the customer wait for the mail server: what does not go
      // now, the outbox's job sends once the mail server is back (decision 033).
      void sendConfirmation(outcome.mailId);
      return outcome.response;
    },
  };
  return service;
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
