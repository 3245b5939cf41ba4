import type { CartOrder } from '../../../../shared/api/cart';
import type { PaymentMethod, PlaceOrderResponse, ShippingMethod } from '../../../../shared/api/checkout';
import { price } from '../../../../shared/money';
import type { Db, DbOrTx } from '../../../db/client';
import { AppError, badRequest, notFound, orderNotFound } from '../../../errors';
import { localized } from '../../../i18n';
import type { Lang } from '../../../plugins/language';
import type { ActiveSession } from '../../../context/session';
import { actorOf } from '../../../context/actor';
import { type Customer, requireCustomer } from '../../../context/customer';
import { stateAfter } from '../order-state';
import { orderSums } from '../cart/cart-maths';
import type { PricedCart } from '../cart/cart.service';
import { dateProblem, validateForPlacing as validateChoices } from './checkout-checks';
import type { CheckoutContext, CheckoutDeps } from './checkout.context';
import { CHECKOUT_MESSAGES } from './checkout.messages';
import * as repo from './checkout.repository';
import * as addresses from '../../account/addresses.service';
import { placeDraft } from './place-order';
import { bindTo } from '../bound';

export type { CheckoutContext, CheckoutDeps } from './checkout.context';
export { orderNumberOf, type PlacedOrder, type PlaceOptions, TotalMismatch } from './place-order';

/** The caller's cart with that id, priced; 404 for any other order. */
export async function pricedDraft({ deps }: CheckoutContext, tx: DbOrTx, orderId: number, session: ActiveSession, lang: Lang): Promise<{ customer: Customer; priced: PricedCart }> {
  const customer = requireCustomer(session);
  const draft = await deps.cart.ownDraft(tx, orderId, session, customer);
  return { customer, priced: await deps.cart.priceCart(tx, draft, customer, lang) };
}

/** Everything placing needs, checked again whatever the web checked (spec section 5). */
export function validateForPlacing({ deps }: CheckoutContext, tx: DbOrTx, priced: PricedCart, termsAccepted: boolean, lang: Lang) {
  return validateChoices(tx, priced, termsAccepted, lang, deps.now());
}

/** The caller's own order with that id (any state), locked for the rest of the transaction. */
export function lockOwnOrder(_ctx: CheckoutContext, tx: DbOrTx, orderId: number, session: ActiveSession, customer: Customer) {
  return repo.lockOwnOrder(tx, orderId, session.user.id, customer.relationId);
}

/** Runs a change of a checkout choice and answers the cart after it. */
function change(
  ctx: CheckoutContext,
  orderId: number,
  session: ActiveSession,
  lang: Lang,
  apply: (tx: DbOrTx, customer: Customer, priced: PricedCart) => Promise<void>,
): Promise<CartOrder> {
  const { cart } = ctx.deps;
  return ctx.db.transaction(async (tx) => {
    const { customer, priced } = await pricedDraft(ctx, tx, orderId, session, lang);
    await cart.assertChangeable(tx, priced.draft);
    await apply(tx, customer, priced);
    const draft = await cart.ownDraft(tx, orderId, session, customer);
    return cart.toCart(await cart.priceCart(tx, draft, customer, lang), lang);
  });
}

/** GET /api/checkout/{order}/shipping: the active methods with what each costs this order. */
export function shippingMethods(ctx: CheckoutContext, orderId: number, session: ActiveSession, lang: Lang): Promise<ShippingMethod[]> {
  return ctx.db.transaction(async (tx) => {
    const { priced } = await pricedDraft(ctx, tx, orderId, session, lang);
    const methods = await repo.activeShippingMethods(tx, lang);
    return methods.map((method) => {
      const sums = orderSums(priced.lines, method, priced.freeDeliveryThresholdCents);
      return { id: method.id, label: method.label, amount: price(sums.shippingCents ?? 0) };
    });
  });
}

/** GET /api/checkout/{order}/payment. */
export function paymentMethods(ctx: CheckoutContext, orderId: number, session: ActiveSession, lang: Lang): Promise<PaymentMethod[]> {
  return ctx.db.transaction(async (tx) => {
    await pricedDraft(ctx, tx, orderId, session, lang);
    return repo.activePaymentMethods(tx, lang);
  });
}

export function setShipping(ctx: CheckoutContext, orderId: number, method: string, session: ActiveSession, lang: Lang) {
  return change(ctx, orderId, session, lang, async (tx, _customer, priced) => {
    const known = (await repo.activeShippingMethods(tx, lang)).some((m) => m.id === method);
    if (!known) {
      const text = localized(CHECKOUT_MESSAGES, 'unknown_shipping_method', { method });
      throw badRequest('unknown_shipping_method', text, [{ field: 'method', message: text }]);
    }
    await repo.setDraftChoice(tx, priced.draft.id, { shippingMethodId: method }, ctx.deps.now());
  });
}

export function setPayment(ctx: CheckoutContext, orderId: number, method: string, session: ActiveSession, lang: Lang) {
  return change(ctx, orderId, session, lang, async (tx, _customer, priced) => {
    if (!(await repo.findPaymentMethod(tx, method, lang))) {
      const text = localized(CHECKOUT_MESSAGES, 'unknown_payment_method', { method });
      throw badRequest('unknown_payment_method', text, [{ field: 'method', message: text }]);
    }
    await repo.setDraftChoice(tx, priced.draft.id, { paymentMethodId: method }, ctx.deps.now());
  });
}

export function setDeliveryDate(ctx: CheckoutContext, orderId: number, date: string, session: ActiveSession, lang: Lang) {
  return change(ctx, orderId, session, lang, async (tx, _customer, priced) => {
    const problem = dateProblem(date, priced.relation, ctx.deps.now());
    if (problem) throw problem;
    await repo.setDraftChoice(tx, priced.draft.id, { reqDlvDate: date }, ctx.deps.now());
  });
}

export function setProfile(ctx: CheckoutContext, orderId: number, profileId: number, session: ActiveSession, lang: Lang) {
  return change(ctx, orderId, session, lang, async (tx, customer, priced) => {
    if (!(await addresses.findRelationAddress(tx, customer.relationId, profileId))) {
      throw notFound(localized(CHECKOUT_MESSAGES, 'address_not_found', { id: profileId }), 'address_not_found');
    }
    await repo.setDraftChoice(tx, priced.draft.id, { deliveryAddressId: profileId }, ctx.deps.now());
  });
}

/** The customer's purchase-order reference and comment for the order desk, kept on the draft. */
export function setReference(ctx: CheckoutContext, orderId: number, reference: { po_reference: string; comment: string }, session: ActiveSession, lang: Lang) {
  return change(ctx, orderId, session, lang, async (tx, _customer, priced) => {
    await repo.setDraftChoice(tx, priced.draft.id, { poReference: reference.po_reference, customerComment: reference.comment }, ctx.deps.now());
  });
}

/**
 * Sends the confirmation of an order placed in a transaction that has committed: its mail was
 * written to the outbox in that transaction (`placeDraft`); what does not go now, the outbox's job
 * sends (decision 033). Never throws.
 */
export async function sendConfirmation({ deps }: CheckoutContext, mailId: number | null): Promise<void> {
  if (mailId !== null) await deps.outbox.deliver([mailId]);
}

/**
 * POST /api/checkout/{order}/place for methods that are not paid online. Checks everything
 * again, then in one transaction moves the draft to placed, numbers it and keeps what it was.
 * Idempotent: the same order placed again (a double click, two calls at once) answers the
 * order that was placed, and only the first call mails.
 */
export async function place(ctx: CheckoutContext, orderId: number, termsAccepted: boolean, session: ActiveSession, lang: Lang): Promise<PlaceOrderResponse> {
  const customer = requireCustomer(session);
  const outcome = await ctx.db.transaction(async (tx) => {
    const order = await repo.lockOwnOrder(tx, orderId, session.user.id, customer.relationId);
    if (!order) throw orderNotFound();
    if (!stateAfter(order.state, 'place')) {
      // Placed already (a double click, two calls at once): the same answer, no second mail.
      if (order.orderNumber === null || order.state === 'canceled') throw new AppError(409, 'order_closed', localized(CHECKOUT_MESSAGES, 'order_closed'));
      return { response: { status: 'success' as const, orderId: order.id, uuid: order.uuid, order_number: order.orderNumber }, mailId: null };
    }
    return placeDraft(ctx, tx, { id: order.id, uuid: order.uuid, userId: session.user.id }, customer, {
      via: 'account',
      termsAccepted,
      lang,
      paymentState: 'on_account',
      actor: actorOf(session),
    });
  });
  // After the commit, and without making the customer wait for the mail server: what does not go
  // now, the outbox's job sends once the mail server is back (decision 033).
  void sendConfirmation(ctx, outcome.mailId);
  return outcome.response;
}

/**
 * The checkout (spec sections 5 and 7): the checkout choices of the caller's cart, and placing
 * it (place-order.ts, as named steps). The functions above, bound to the database and deps.
 */
export function createCheckoutService(db: Db, deps: CheckoutDeps) {
  const bind = bindTo<CheckoutContext>({ db, deps });
  return {
    validateForPlacing: bind(validateForPlacing),
    pricedDraft: bind(pricedDraft),
    lockOwnOrder: bind(lockOwnOrder),
    shippingMethods: bind(shippingMethods),
    paymentMethods: bind(paymentMethods),
    setShipping: bind(setShipping),
    setPayment: bind(setPayment),
    setDeliveryDate: bind(setDeliveryDate),
    setReference: bind(setReference),
    setProfile: bind(setProfile),
    placeDraft: bind(placeDraft),
    sendConfirmation: bind(sendConfirmation),
    place: bind(place),
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
