import type { CheckoutInvoicesResponse, CreatePaymentResponse, PaymentReturnResponse } from '../../../shared/api/payments';
import { businessDay } from '../../../shared/delivery-date';
import { formatEuro, price } from '../../../shared/money';
import type { Tx } from '../../db/client';
import { AppError, badRequest, notFound } from '../../errors';
import type { Lang } from '../../plugins/language';
import type { ActiveSession } from '../../context/session';
import { requireCustomer } from '../../context/customer';
import { actorOf } from '../../context/actor';
import { stateAfter } from '../ordering/order-state';
import { orderNumberOf } from '../ordering/checkout/checkout.service';
import type { PaymentStatusService } from './payment-status';
import { type PaymentsContext, startAtProvider } from './payments.deps';
import { localized } from '../../i18n';
import { PAYMENT_MESSAGES as MESSAGES } from './payments.messages';
import * as repo from './payments.repository';
import { assertInStock } from '../stock/stock.service';

/** The relation's open invoices and what an online payment of this cart takes. */
async function toPayFor(tx: Tx, totalCents: number, relationId: number) {
  const invoices = await repo.openInvoices(tx, relationId);
  const invoicesCents = invoices.reduce((sum, i) => sum + i.outstandingCents, 0);
  return { invoices, invoicesCents, toPayCents: totalCents + invoicesCents };
}

/** Credits pay the order and the invoices: everything positive is settled, what is left of the credits stays. */
async function settleWithCredits(tx: Tx, invoices: repo.OpenInvoiceRow[], orderCents: number, at: Date) {
  let credit = -invoices.filter((i) => i.outstandingCents < 0).reduce((sum, i) => sum + i.outstandingCents, 0);
  credit -= orderCents;
  const settled: Array<{ invoiceId: number; amountCents: number }> = [];
  for (const invoice of invoices.filter((i) => i.outstandingCents > 0)) {
    settled.push({ invoiceId: invoice.id, amountCents: invoice.outstandingCents });
    credit -= invoice.outstandingCents;
  }
  // What is left of the credits stays on the last credit invoices; the rest are used up.
  for (const invoice of invoices.filter((i) => i.outstandingCents < 0)) {
    const keep = Math.max(invoice.outstandingCents, -credit);
    settled.push({ invoiceId: invoice.id, amountCents: invoice.outstandingCents - keep });
    credit += keep;
  }
  await repo.applyInvoiceAmounts(tx, settled, at);
}

/** Paying an order at checkout: the order plus the relation's open invoices, credits deducted. */
export function createCheckoutPayments(ctx: PaymentsContext, status: PaymentStatusService) {
  const { db, deps } = ctx;
  const { checkout } = deps;

  return {
    /** GET /api/checkout/{order}/invoices. */
    async checkoutInvoices(orderId: number, session: ActiveSession, lang: Lang): Promise<CheckoutInvoicesResponse> {
      return db.transaction(async (tx) => {
        const { customer, priced } = await checkout.pricedDraft(tx, orderId, session, lang);
        const { invoices, invoicesCents, toPayCents } = await toPayFor(tx, priced.sums.totalCents, customer.relationId);
        return {
          invoices: invoices.map((i) => ({ invoiceNumber: i.invoiceNumber, outstandingAmount: i.outstandingCents / 100 })),
          total: { number: invoicesCents / 100, formatted: formatEuro(invoicesCents) },
          order_total: price(priced.sums.totalCents),
          to_pay: price(Math.max(0, toPayCents)),
        };
      });
    },

    /**
     * POST /api/checkout/{order}/create-payment: checks the checkout as placing does, then one
     * payment for the order plus the relation's open invoices (credits deducted). A payment of
     * the order still under way is offered again; one whose provider call has not come back yet
     * (a double click) answers 409. Nothing to pay: the order is placed at once.
     */
    async createCheckoutPayment(orderId: number, termsAccepted: boolean, session: ActiveSession, lang: Lang): Promise<CreatePaymentResponse> {
      const customer = requireCustomer(session);
      const now = deps.now();
      const prepared = await db.transaction(async (tx) => {
        const order = await checkout.lockOwnOrder(tx, orderId, session, customer);
        if (!order) throw notFound(localized(MESSAGES, 'order_not_found'), 'order_not_found');
        // Only an order the state machine lets be paid (a cart); a placed or canceled one is closed.
        if (!stateAfter(order.state, 'pay')) throw new AppError(409, 'order_closed', localized(MESSAGES, 'order_closed'));
        const { priced } = await checkout.pricedDraft(tx, orderId, session, lang);
        const { payment: method } = await checkout.validateForPlacing(tx, priced, termsAccepted, lang);
        assertInStock(priced.lines, businessDay(now));
        if (!method.online) {
          throw badRequest('not_online', localized(MESSAGES, 'not_online', method.label), [{ field: 'payment_method', message: localized(MESSAGES, 'not_online', method.label) }]);
        }
        const unfinished = await repo.findUnfinishedForOrder(tx, order.id, now);
        const { invoices, toPayCents } = await toPayFor(tx, priced.sums.totalCents, customer.relationId);
        if (unfinished && !unfinished.checkoutUrl) throw new AppError(409, 'payment_underway', localized(MESSAGES, 'payment_underway'));
        if (unfinished?.checkoutUrl && unfinished.amountCents === toPayCents) return { kind: 'reuse' as const, url: unfinished.checkoutUrl };
        if (toPayCents <= 0) {
          // Credits cover everything: the order is placed and the invoices settled without a payment.
          const placed = await checkout.placeDraft(tx, { id: order.id, uuid: order.uuid, userId: session.user.id }, customer, {
            via: 'payment',
            termsAccepted: true,
            lang,
            paymentState: 'credit',
            actor: actorOf(session),
          });
          await settleWithCredits(tx, invoices, priced.sums.totalCents, now);
          return { kind: 'placed' as const, placed };
        }
        // From this row on the cart is locked (decision 010), until the payment is final.
        const payment = await repo.insertPayment(tx, {
          kind: 'checkout',
          provider: deps.provider.name,
          relationId: customer.relationId,
          userId: session.user.id,
          orderId: order.id,
          amountCents: toPayCents,
          description: MESSAGES[lang].description(deps.shopName, orderNumberOf(order.id)),
          status: 'open',
        }, deps.now());
        await repo.insertPaymentInvoices(tx, payment.id, invoices.map((i) => ({ invoiceId: i.id, amountCents: i.outstandingCents })));
        return { kind: 'new' as const, payment };
      });

      if (prepared.kind === 'reuse') return { status: 'success', orderId, paymentUrl: prepared.url };
      if (prepared.kind === 'placed') {
        await checkout.sendConfirmation(prepared.placed.mailId);
        return { status: 'success', orderId, paymentUrl: null, uuid: prepared.placed.response.uuid };
      }
      const paymentUrl = await startAtProvider(ctx, prepared.payment, {
        redirectUrl: `${deps.publicUrl}/${lang}/cart/checkout/${orderId}/update`,
        metadata: { orderId: String(orderId) },
        lang,
      });
      return { status: 'success', orderId, paymentUrl };
    },

    /**
     * GET /api/mollie_return/{order}: where the caller's payment of the order stands, asking the
     * provider itself while it is unfinished (a lost webhook never strands a payer).
     */
    async checkoutReturn(orderId: number, session: ActiveSession, lang: Lang): Promise<PaymentReturnResponse> {
      const texts = MESSAGES[lang];
      if (!(await repo.ownsOrder(db, orderId, session.user.id))) throw notFound(localized(MESSAGES, 'order_not_found'), 'order_not_found');
      const found = await repo.latestForOrder(db, orderId, session.user.id);
      if (!found) return { status: 0, waiting: false, message: texts.none, order: null };
      const payment = await status.refreshQuietly(found);
      return status.outcomeOf(payment, lang, await status.orderRefOf(payment));
    },
  };
}
