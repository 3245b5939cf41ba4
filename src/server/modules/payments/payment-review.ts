import type { PaymentReviewResponse } from '../../../shared/api/payments';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import type { ActiveSession } from '../../context/session';
import { localized } from '../../i18n';
import { orderNumbers } from '../ordering/ordering.service';
import { PAYMENT_MESSAGES as MESSAGES } from './payments.messages';
import * as repo from './finance.repository';

const REVIEW_LIST_LIMIT = 200;

/** Paid payments the shop kept for staff instead of applying them (decision 010). */
export function createPaymentReview(db: Db, now: () => Date) {
  return {
    /** GET /api/staff/payments/review */
    async list(): Promise<PaymentReviewResponse> {
      const rows = await repo.paymentsToReview(db, REVIEW_LIST_LIMIT);
      const numbers = await orderNumbers(db, rows.flatMap((row) => (row.orderId === null ? [] : [row.orderId])));
      return {
        data: rows.map((row) => ({
          uuid: row.uuid,
          kind: row.kind,
          reason: row.reason!,
          paid: row.amountCents / 100,
          expected: row.expectedCents === null ? null : row.expectedCents / 100,
          paid_at: row.updatedAt.toISOString(),
          relation: { name: row.relationName, erp_number: row.relationErpNumber },
          user_mail: row.userMail,
          order: row.orderId === null || !numbers.has(row.orderId) ? null : { id: row.orderId, order_number: numbers.get(row.orderId)! },
          provider_id: row.providerId,
        })),
      };
    },

    /** POST /api/staff/payments/{uuid}/reviewed: staff settled it with the customer. */
    async markReviewed(uuid: string, session: ActiveSession): Promise<void> {
      if (!(await repo.markReviewed(db, uuid.toLowerCase(), session.user.id, now()))) throw notFound(localized(MESSAGES, 'payment_not_found'), 'payment_not_found');
    },
  };
}
