import type { PaymentReturnResponse } from '../../../shared/api/payments';
import type { ProviderPayment } from '../../adapters/payments/provider';
import type { PaymentReviewReason } from '../../db/schema';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { Lang } from '../../plugins/language';
import { systemActor } from '../../context/actor';
import type { Customer } from '../../context/customer';
import { lockDraftForPayment, orderNumberOf, orderRef, stateAfter, TotalMismatch } from '../ordering/ordering.service';
import { FINAL_FAILURES, type PaymentsContext } from './payments.deps';
import { PAYMENT_MESSAGES as MESSAGES } from './payments.messages';
import * as repo from './payments.repository';

type Placed = { orderId: number; mailId: number | null };
type Review = { reason: PaymentReviewReason; expectedCents: number | null };

/**
 * A paid checkout payment places its order, but only when the amount paid is exactly the
 * order's total as priced now plus what the payment pays of the invoices (credits negative).
 * Anything else is kept for staff with the reason, and the order stays a cart.
 */
async function placePaidOrder({ deps }: PaymentsContext, tx: Tx, payment: repo.PaymentRow, paidCents: number): Promise<{ placed: Placed | null; review: Review | null }> {
  const { cart, checkout } = deps;
  if (payment.orderId === null) return { placed: null, review: { reason: 'not_placeable', expectedCents: null } };
  const order = await lockDraftForPayment(tx, payment.orderId);
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
 * A paid status on a payment not applied yet: the order placed (checkout) or the invoices' total
 * checked, the invoices settled; a payment that does not add up is kept for staff with the reason.
 * Answers the placed order to confirm after the commit.
 */
async function applyPaid(ctx: PaymentsContext, tx: Tx, payment: repo.PaymentRow, remote: ProviderPayment, now: Date): Promise<Placed | null> {
  const { deps } = ctx;
  let review: Review | null = null;
  let placed: Placed | null = null;
  if (remote.amountCents !== payment.amountCents) {
    review = { reason: 'amount_mismatch', expectedCents: payment.amountCents };
  } else if (payment.kind === 'checkout') {
    ({ review, placed } = await placePaidOrder(ctx, tx, payment, remote.amountCents));
  } else if ((await repo.invoicesTotalOfPayment(tx, payment.id)) !== remote.amountCents) {
    review = { reason: 'amount_mismatch', expectedCents: await repo.invoicesTotalOfPayment(tx, payment.id) };
  }
  if (review) {
    deps.log.warn({ paymentId: payment.id, paid: remote.amountCents, ...review }, 'a paid payment was kept for staff');
    await repo.updatePayment(tx, payment.id, { status: 'paid', appliedAt: now, checkedAt: now, reviewReason: review.reason, reviewExpectedCents: review.expectedCents }, now);
    return placed;
  }
  await repo.settleInvoices(tx, payment.id, now);
  await repo.updatePayment(tx, payment.id, { status: 'paid', appliedAt: now, checkedAt: now }, now);
  return placed;
}

/**
 * Applies a provider status to the payment, once: the row is locked, and a payment whose
 * effects were applied is never applied again, so duplicate and out-of-order webhooks change
 * nothing twice. Paid: the order is placed and the invoices it covers settled, or the payment
 * is kept for staff (placePaidOrder). A payment paid after the shop closed it is kept for staff
 * too: money that came in is never ignored. Failed, canceled, expired: final, the cart is free.
 */
export async function apply(ctx: PaymentsContext, paymentId: number, remote: ProviderPayment): Promise<void> {
  const { db, deps } = ctx;
  const now = deps.now();
  const confirmation = await db.transaction(async (tx): Promise<Placed | null> => {
    const payment = await repo.lockPayment(tx, paymentId);
    if (!payment) return null;
    if (payment.appliedAt) {
      if (remote.status === 'paid' && payment.status !== 'paid') {
        deps.log.warn({ paymentId, status: payment.status }, 'a payment the shop had closed was paid: kept for staff');
        await repo.updatePayment(tx, payment.id, { status: 'paid', checkedAt: now, reviewReason: 'paid_after_final', reviewExpectedCents: null }, now);
      }
      return null;
    }
    if (remote.status === 'paid') return applyPaid(ctx, tx, payment, remote, now);
    const final = FINAL_FAILURES.has(remote.status);
    await repo.updatePayment(tx, payment.id, final ? { status: remote.status, appliedAt: now, checkedAt: now } : { status: remote.status, checkedAt: now }, now);
    return null;
  });
  if (confirmation) await deps.checkout.sendConfirmation(confirmation.mailId);
}

/** What a payment's status means for the payer (return pages). */
export function outcomeOf(payment: repo.PaymentRow, lang: Lang, order: PaymentReturnResponse['order']): PaymentReturnResponse {
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

/**
 * What a payment's status does (decision 010): applying a provider status once, asking the
 * provider again, and what the payer reads about it.
 */
export function createPaymentStatus(ctx: PaymentsContext) {
  const { db, deps } = ctx;

  /** Asks the provider and applies what it says; a provider failure leaves the payment for later. */
  async function refresh(payment: repo.PaymentRow): Promise<void> {
    if (!payment.providerId || (payment.appliedAt && payment.status === 'paid')) return;
    const remote = await deps.provider.get(payment.providerId);
    if (remote) await apply(ctx, payment.id, remote);
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

  async function orderRefOf(payment: repo.PaymentRow): Promise<PaymentReturnResponse['order']> {
    const order = payment.orderId !== null ? await orderRef(db, payment.orderId) : undefined;
    return order ? { id: order.id, uuid: order.uuid, order_number: order.state === 'draft' ? null : orderNumberOf(order.id) } : null;
  }

  return { apply: (paymentId: number, remote: ProviderPayment) => apply(ctx, paymentId, remote), refresh, refreshQuietly, outcomeOf, orderRefOf };
}

export type PaymentStatusService = ReturnType<typeof createPaymentStatus>;
