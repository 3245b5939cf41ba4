import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, check, date, index, integer, jsonb, pgSequence, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idAndUuid, moment, refersTo, stamped } from './columns';
import { relations, users } from './accounts';
import { orders } from './orders';

/**
 * Open invoices of a relation from the ERP (cash invoices, spec section 3). A negative
 * outstanding amount is a credit. `orderId` is set when the invoice is for a webshop order.
 */
export const cashInvoices = pgTable(
  'cash_invoices',
  {
    ...idAndUuid(),
    relationId: refersTo('relation_id', () => relations.id, 'cascade'),
    invoiceNumber: text('invoice_number').notNull().unique(),
    /** The ERP's cash order number. */
    cashOrderId: text('cash_order_id').notNull().default(''),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    /** The webshop order the invoice is for, when there is one. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The webshop order number as the ERP knows it (kept when the order row is not ours). */
    orderNumber: text('order_number'),
    outstandingCents: integer('outstanding_cents').notNull(),
    paidAt: moment('paid_at'),
    createdAt: stamped('created_at'),
    updatedAt: stamped('updated_at'),
  },
  (t) => [index('cash_invoices_relation').on(t.relationId, t.entryDate), index('cash_invoices_order').on(t.orderId)],
);

/** Numbers applied payments in the order the ERP export hands them out. */
export const erpPaymentExportSequence = pgSequence('erp_payment_export_seq');

export const PAYMENT_STATUSES = ['open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Why a paid payment was not applied as usual and waits for staff (decision 010):
 * - amount_mismatch: what was paid differs from the order's total (repriced) plus its invoices;
 * - not_placeable: the order could not be placed any more (a check of placing failed);
 * - order_already_placed: the order had been placed already (by another payment);
 * - paid_after_final: the provider reported paid after the shop had closed the payment.
 */
export const PAYMENT_REVIEW_REASONS = ['amount_mismatch', 'not_placeable', 'order_already_placed', 'paid_after_final'] as const;
export type PaymentReviewReason = (typeof PAYMENT_REVIEW_REASONS)[number];

/**
 * A payment through the provider (Mollie or the sandbox). `kind`: 'checkout' (an order plus the
 * relation's open invoices), 'bulk' (a staff payment link for open invoices, payable without
 * logging in) or 'cash_invoice' (one open invoice).
 */
export const payments = pgTable(
  'payments',
  {
    ...idAndUuid(),
    kind: text('kind', { enum: ['checkout', 'bulk', 'cash_invoice'] }).notNull(),
    provider: text('provider', { enum: ['mollie', 'sandbox'] }).notNull(),
    /** The provider's id (tr_…); null until the provider answered. */
    providerId: text('provider_id').unique(),
    relationId: refersTo('relation_id', () => relations.id, 'restrict'),
    /** Who started it (null: a payment link opened by anyone). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The payment link it was started from (kind 'bulk'). */
    linkId: integer('link_id').references((): AnyPgColumn => paymentLinks.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('open'),
    checkoutUrl: text('checkout_url'),
    expiresAt: moment('expires_at'),
    /** When the final status was applied (order placed, invoices marked paid). */
    appliedAt: moment('applied_at'),
    /** The last time the reconciliation job asked the provider. */
    checkedAt: moment('checked_at'),
    /** Set when a paid payment was kept for staff instead of being applied as usual (decision 010). */
    reviewReason: text('review_reason', { enum: PAYMENT_REVIEW_REASONS }),
    /** For amount_mismatch: the order's total (repriced) plus its invoices, what should have been paid. */
    reviewExpectedCents: integer('review_expected_cents'),
    /** When staff marked the payment as handled, and who. */
    reviewedAt: moment('reviewed_at'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    /** Position in the ERP export of payments (decision 011), given by the exporter once the payment is applied. */
    erpExportSeq: bigint('erp_export_seq', { mode: 'number' }),
    createdAt: stamped('created_at'),
    updatedAt: stamped('updated_at'),
  },
  (t) => [
    index('payments_order').on(t.orderId),
    index('payments_open').on(t.status, t.expiresAt),
    index('payments_to_review').on(t.id).where(sql`${t.reviewReason} is not null and ${t.reviewedAt} is null`),
    uniqueIndex('payments_erp_export_seq').on(t.erpExportSeq),
    index('payments_erp_unexported').on(t.appliedAt, t.id).where(sql`${t.status} = 'paid' and ${t.appliedAt} is not null and ${t.erpExportSeq} is null`),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** The invoices a payment covers and what it pays of each (a credit is negative). */
export const paymentInvoices = pgTable(
  'payment_invoices',
  {
    paymentId: refersTo('payment_id', () => payments.id, 'cascade'),
    invoiceId: refersTo('invoice_id', () => cashInvoices.id, 'cascade'),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.paymentId, t.invoiceId] }), index('payment_invoices_invoice').on(t.invoiceId)],
);

/**
 * The built-in payment sandbox's own payments (the default provider, DESIGN.md section 1): kept
 * in the database like everything else, so any instance can answer for them.
 */
export const sandboxPayments = pgTable('sandbox_payments', {
  id: text('id').primaryKey(),
  amountCents: integer('amount_cents').notNull(),
  description: text('description').notNull(),
  redirectUrl: text('redirect_url').notNull(),
  webhookUrl: text('webhook_url'),
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('open'),
  expiresAt: moment('expires_at').notNull(),
  createdAt: stamped('created_at'),
});

/**
 * A payment link staff made for a relation's open invoices: anyone with the link can pay them
 * without logging in (the token is the uuid). It pays what is still open of those invoices when
 * it is opened, and nothing once they are paid.
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    ...idAndUuid(),
    relationId: refersTo('relation_id', () => relations.id, 'cascade'),
    /** The staff user who made it. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    invoiceIds: jsonb('invoice_ids').$type<number[]>().notNull(),
    langcode: text('langcode').notNull().default('nl'),
    createdAt: stamped('created_at'),
  },
  (t) => [index('payment_links_relation').on(t.relationId)],
);
