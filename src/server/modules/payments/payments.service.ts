import type { Db, DbOrTx } from '../../db/client';
import * as repo from './payments.repository';
import * as finance from './finance.repository';
import { createCheckoutPayments } from './checkout-payments';
import { createInvoicePayments } from './invoice-payments';
import { createPaymentLinks } from './payment-links';
import { createPaymentReview } from './payment-review';
import { createPaymentStatus } from './payment-status';
import type { PaymentsDeps } from './payments.deps';
import { createReconciliation } from './reconciliation';
import { staffOpenInvoices } from './staff-invoices';

export type { PaymentsDeps } from './payments.deps';

/** A relation's open invoices and credits, newest first (the staff customer page). */
export const relationOpenInvoices = (db: DbOrTx, relationId: number) => repo.openInvoicesForList(db, relationId);

/** How many paid payments wait for staff (the dashboard). */
export const paymentsToReviewCount = (db: DbOrTx) => finance.countPaymentsToReview(db);

/**
 * Online payments (decision 010), one part per way of paying: at checkout, an open invoice from
 * My orders, a payment link from staff; what a provider status does (payment-status.ts), the
 * webhook and the reconciliation job, and the payments kept for staff.
 */
export function createPaymentsService(db: Db, deps: PaymentsDeps) {
  const ctx = { db, deps };
  const status = createPaymentStatus(ctx);
  return {
    apply: status.apply,
    ...createCheckoutPayments(ctx, status),
    ...createInvoicePayments(ctx, status),
    ...createPaymentLinks(ctx, status),
    ...createReconciliation(ctx, status),
    review: createPaymentReview(db, deps.now),
    staffOpenInvoices: (query: { search: string; overdue: '0' | '1'; page: number }) => staffOpenInvoices(db, deps.now(), query),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
