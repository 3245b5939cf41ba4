import type { PaymentReturnResponse } from '../../../shared/api/payments';
import type { ProviderPayment } from '../../adapters/payments/provider';
import type { PaymentReviewReason } from '../../db/schema';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { Lang } from '../../plugins/language';
import type { Customer } from '../../context/customer';
import { systemActor } from '../../context/actor';
import { stateAfter } from '../ordering/order-state';
import { orderNumberOf, TotalMismatch } from '../ordering/checkout/checkout.service';
import { FINAL_FAILURES, type PaymentsContext } from './payments.deps';
import { PAYMENT_MESSAGES as MESSAGES } from './payments.messages';
import * as repo from './payments.repository';

type Placed = { orderId: number; mailId: number | null };
type Review = { reason: PaymentReviewReason; expectedCents: number | null };

/**
 * What a payment's status does (decision 010): applying a provider status once, asking the
 * provider again, and what the payer reads about it.
 */
export function createPaymentStatus(ctx: PaymentsContext) {
  const { db, deps } = ctx;
  const { cart, checkout } = deps;

  /**
   * A paid checkout payment places its order, but only when the amount paid is exactly the
   * order's total as priced now plus what the payment pays of the invoices (credits negative).
   * Anything else is kept for staff with the reason, and the order stays a cart.
   */
  async function placePaidOrder(tx: Tx, payment: repo.PaymentRow, paidCents: number): Promise<{ placed: Placed | null; review: Review | null }> {
    if (payment.orderId === null) return { placed: null, review: { reason: 'not_placeable', expectedCents: null } };
    const order = await repo.lockOrder(tx, payment.orderId);
    if (!order) return { placed: null, review: { reason: 'not_placeable', expectedCents: null } };
    if (!stateAfter(order.state, 'pay')) return { placed: null, review: { reason: 'order_already_placed', expectedCents: null } };
    const relation = await cart.relationTerms(tx, order.relationId);
    if (!relation) return { placed: null, review: { reason: 'not_placeable', expectedCents: null } };
    const invoicesCents = await repo.invoicesTotalOfPayment(tx, payment.id);
    const customer: Customer = { relationId: order.relationId, pricelist: relation.pricelist };
    const lang: Lang = order.langcode === 'en' ? 'en' : 'nl';
    try {
      // A savepoint: a refused placing leaves nothing of itself behind.
      const placed = await tx.transaction((sp) =>
        checkout.placeDraft(sp, order, customer, {
          via: 'payment',
          termsAccepted: true,
          lang,
          paymentState: 'paid',
          expectedTotalCents: paidCents - invoicesCents,
          actor: systemActor('payments'),
          reason: `payment ${payment.uuid}`,
        }),
      );
      return { placed: { orderId: order.id, mailId: placed.mailId }, review: null };
    } catch (error) {
      if (error instanceof TotalMismatch) return { placed: null, review: { reason: 'amount_mismatch', expectedCents: error.totalCents + invoicesCents } };
      if (error instanceof AppError) return { placed: null, review: { reason: 'not_placeable', expectedCents: null } };
      throw error;
    }
  }

  /**
   * Applies a provider status to the payment, once: the row is locked, and a payment whose
   * effects were applied is never applied again, so duplicate and out-of-order webhooks change
   * nothing twice. Paid: the order is placed and the invoices it covers settled, or the payment
   * is kept for staff (placePaidOrder). A payment paid after the shop closed it is kept for staff
   * too: money that came in is never ignored. Failed, canceled, expired: final, the cart is free.
   */
  async function apply(paymentId: number, remote: ProviderPayment): Promise<void> {
    const now = deps.now();
    let confirmation: Placed | null = null;
    await db.transaction(async (tx) => {
      const payment = await repo.lockPayment(tx, paymentId);
      if (!payment) return;
      if (payment.appliedAt) {
        if (remote.status === 'paid' && payment.status !== 'paid') {
          deps.log.warn({ paymentId, status: payment.status }, 'a payment the shop had closed was paid: kept for staff');
          await repo.updatePayment(tx, payment.id, { status: 'paid', checkedAt: now, reviewReason: 'paid_after_final', reviewExpectedCents: null }, now);
        }
        return;
      }
      if (remote.status === 'paid') {
        let review: Review | null = null;
        if (remote.amountCents !== payment.amountCents) {
          review = { reason: 'amount_mismatch', expectedCents: payment.amountCents };
        } else if (payment.kind === 'checkout') {
          const outcome = await placePaidOrder(tx, payment, remote.amountCents);
          review = outcome.review;
          confirmation = outcome.placed;
        } else if ((await repo.invoicesTotalOfPayment(tx, payment.id)) !== remote.amountCents) {
          review = { reason: 'amount_mismatch', expectedCents: await repo.invoicesTotalOfPayment(tx, payment.id) };
        }
        if (review) {
          deps.log.warn({ paymentId, paid: remote.amountCents, ...review }, 'a paid payment was kept for staff');
          await repo.updatePayment(tx, payment.id, { status: 'paid', appliedAt: now, checkedAt: now, reviewReason: review.reason, reviewExpectedCents: review.expectedCents }, now);
          return;
        }
        await repo.settleInvoices(tx, payment.id, now);
        await repo.updatePayment(tx, payment.id, { status: 'paid', appliedAt: now, checkedAt: now }, now);
      } else if (FINAL_FAILURES.has(remote.status)) {
        await repo.updatePayment(tx, payment.id, { status: remote.status, appliedAt: now, checkedAt: now }, now);
      } else {
        await repo.updatePayment(tx, payment.id, { status: remote.status, checkedAt: now }, now);
      }
    });
    const sent = confirmation as Placed | null;
    if (sent) await checkout.sendConfirmation(sent.mailId);
  }

  /** Asks the provider and applies what it says; a provider failure leaves the payment for later. */
  async function refresh(payment: repo.PaymentRow): Promise<void> {
    if (!payment.providerId || (payment.appliedAt && payment.status === 'paid')) return;
    const remote = await deps.provider.get(payment.providerId);
    if (remote) await apply(payment.id, remote);
  }

  /** Refreshes an unfinished payment from the provider; a provider that does not answer is tried again next time. */
  async function refreshQuietly(payment: repo.PaymentRow): Promise<repo.PaymentRow> {
    if (payment.appliedAt) return payment;
    try {
      await refresh(payment);
    } catch (error) {
      deps.log.warn({ err: error, paymentId: payment.id }, 'the provider could not be asked for a payment');
    }
    return (await repo.findByUuid(db, payment.uuid)) ?? payment;
  }

  /** What a payment's status means for the payer (return pages). */
  function outcomeOf(payment: repo.PaymentRow, lang: Lang, order: PaymentReturnResponse['order']): PaymentReturnResponse {
    const texts = MESSAGES[lang];
    if (payment.status === 'paid' && payment.reviewReason) return { status: 0, waiting: false, message: texts[`review_${payment.reviewReason}`], order };
    if (payment.status === 'paid') return { status: 1, waiting: false, message: texts.paid, order };
    if (FINAL_FAILURES.has(payment.status)) {
      // A payer from a payment link has no cart to go back to: they open the link again.
      const status = payment.status as 'failed' | 'canceled' | 'expired';
      const key =
        payment.kind === 'bulk'
          ? ({ failed: 'linkFailed', canceled: 'linkCanceled', expired: 'linkExpired' } as const)[status]
          : payment.kind === 'cash_invoice'
            ? ({ failed: 'invoiceFailed', canceled: 'invoiceCanceled', expired: 'invoiceExpired' } as const)[status]
            : status;
      return { status: 0, waiting: false, message: texts[key], order };
    }
    return { status: 0, waiting: true, message: texts.waiting, order };
  }

  async function orderRefOf(payment: repo.PaymentRow): Promise<PaymentReturnResponse['order']> {
    const order = payment.orderId !== null ? await repo.findOrderRef(db, payment.orderId) : undefined;
    return order ? { id: order.id, uuid: order.uuid, order_number: order.state === 'draft' ? null : orderNumberOf(order.id) } : null;
  }

  return { apply, refresh, refreshQuietly, outcomeOf, orderRefOf };
}

export type PaymentStatusService = ReturnType<typeof createPaymentStatus>;
