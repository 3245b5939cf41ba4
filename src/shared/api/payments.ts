import { z } from 'zod';
import { money } from './catalog';

/** Online payment contracts (spec sections 3 and 7: checkout invoices, create-payment, mollie_return). */

/** GET /api/checkout/{order}/invoices: the relation's outstanding invoices and what an iDEAL payment takes. */
export const checkoutInvoicesResponse = z.object({
  invoices: z.array(
    z.object({
      invoiceNumber: z.string(),
      /** EUR; negative is a credit. */
      outstandingAmount: z.number(),
    }),
  ),
  /** The sum of the invoices (credits deducted). */
  total: z.object({ number: z.number(), formatted: z.string() }),
  /** The order's own total including VAT. */
  order_total: money,
  /** Order plus invoices: what the payment takes (0 when credits cover everything). */
  to_pay: money,
});
export type CheckoutInvoicesResponse = z.infer<typeof checkoutInvoicesResponse>;

/** POST /api/checkout/{order}/create-payment: a payment URL to go to, or none when nothing is left to pay (the order is placed). */
export const createPaymentResponse = z.object({
  status: z.literal('success'),
  orderId: z.number().int(),
  paymentUrl: z.string().nullable(),
  /** The placed order's uuid when nothing was left to pay. */
  uuid: z.string().optional(),
});
export type CreatePaymentResponse = z.infer<typeof createPaymentResponse>;

/** GET /api/mollie_return/{order} and POST /api/mollie_return/bulk/{paymentId}: 1 success, 0 not (yet). */
export const paymentReturnResponse = z.object({
  status: z.union([z.literal(0), z.literal(1)]),
  waiting: z.boolean(),
  message: z.string(),
  /** The order, when the payment placed one (its uuid for the completed page). */
  order: z.object({ id: z.number().int(), uuid: z.string(), order_number: z.string().nullable() }).nullable(),
});
export type PaymentReturnResponse = z.infer<typeof paymentReturnResponse>;

/** The provider's webhook: a form-encoded `id`. */
export const webhookRequest = z.object({ id: z.string().min(1).max(100) });

/** POST /api/payment-links: staff (or staff masquerading as the customer) make a link for a relation's open invoices. */
export const createPaymentLinkRequest = z.object({
  /** The relation (drupal_internal__id); while masquerading it is the customer's own and may be left out. */
  relation_id: z.number().int().min(1).optional(),
});

export const createPaymentLinkResponse = z.object({
  /** The link to send the customer: opens the payment without logging in. */
  url: z.string(),
  amount: money,
  invoices: z.array(z.object({ invoiceNumber: z.string(), outstandingAmount: z.number() })),
});
export type CreatePaymentLinkResponse = z.infer<typeof createPaymentLinkResponse>;

const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const paymentLinkParams = z.object({ token: z.string().regex(uuidRe, 'Not a payment link.') });
export const bulkPaymentParams = z.object({ paymentId: z.string().regex(uuidRe, 'The payment id is a UUID.') });

/** Why a paid payment waits for staff instead of being applied (decision 010). */
export const paymentReviewReason = z.enum(['amount_mismatch', 'not_placeable', 'order_already_placed', 'paid_after_final']);
export type PaymentReviewReasonCode = z.infer<typeof paymentReviewReason>;

/** GET /api/staff/payments/review: paid payments kept for staff, oldest first. */
export const paymentReviewResponse = z.object({
  data: z.array(
    z.object({
      uuid: z.string(),
      kind: z.enum(['checkout', 'bulk', 'cash_invoice']),
      reason: paymentReviewReason,
      /** What was paid, in euros. */
      paid: z.number(),
      /** What should have been paid (the order's total now plus its invoices), when known. */
      expected: z.number().nullable(),
      paid_at: z.string(),
      relation: z.object({ name: z.string(), erp_number: z.string() }),
      user_mail: z.string().nullable(),
      /** The order the payment was for: its number once placed, else null (still a cart). */
      order: z.object({ id: z.number().int(), order_number: z.string().nullable() }).nullable(),
      provider_id: z.string().nullable(),
    }),
  ),
});
export type PaymentReviewResponse = z.infer<typeof paymentReviewResponse>;

export const paymentReviewParams = z.object({ uuid: z.uuid({ message: 'Not a payment id.' }) });
