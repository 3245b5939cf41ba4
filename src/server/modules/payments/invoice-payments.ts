import type { InvoicePaymentReturnResponse, OpenInvoicesResponse } from '../../../shared/api/orders';
import { badRequest, notFound } from '../../errors';
import type { Lang } from '../../plugins/language';
import type { ActiveSession } from '../../context/session';
import { requireCustomer } from '../../context/customer';
import type { PaymentStatusService } from './payment-status';
import { type PaymentsContext, startAtProvider } from './payments.deps';
import { localized } from '../../i18n';
import { PAYMENT_MESSAGES as MESSAGES } from './payments.messages';
import * as repo from './payments.repository';

/** GET /api/cash-invoice/user/{userId}/relation/open-invoices: only the caller's own user id. */
export async function openInvoices(ctx: PaymentsContext, userId: number, session: ActiveSession): Promise<OpenInvoicesResponse> {
  const { db } = ctx;
  if (userId !== session.user.id) throw notFound(localized(MESSAGES, 'user_not_found'), 'user_not_found');
  const customer = requireCustomer(session);
  const rows = await repo.openInvoicesForList(db, customer.relationId);
  return {
    data: {
      data: rows.map((i) => ({
        id: i.id,
        ...(i.orderId !== null ? { orderId: i.orderId } : {}),
        invoiceNumber: i.invoiceNumber,
        cashOrderId: i.cashOrderId,
        entryDate: i.entryDate,
        outstandingAmount: i.outstandingCents / 100,
      })),
    },
  };
}

/** POST /api/cash-invoice/{id}/create-payment: a payment of one open invoice of the caller's relation. */
export async function createInvoicePayment(ctx: PaymentsContext, invoiceId: number, session: ActiveSession, lang: Lang): Promise<{ paymentUrl: string }> {
  const { db, deps } = ctx;
  const customer = requireCustomer(session);
  const texts = MESSAGES[lang];
  const invoice = await repo.findRelationInvoice(db, invoiceId, customer.relationId);
  if (!invoice) throw notFound(localized(MESSAGES, 'invoice_not_found'), 'invoice_not_found');
  if (invoice.outstandingCents === 0) throw badRequest('invoice_paid', localized(MESSAGES, 'invoice_paid'));
  if (invoice.outstandingCents < 0) throw badRequest('credit_not_payable', localized(MESSAGES, 'credit_not_payable'));
  const running = await repo.findUnfinishedForInvoice(db, invoice.id, deps.now());
  if (running?.checkoutUrl && running.amountCents === invoice.outstandingCents) return { paymentUrl: running.checkoutUrl };
  const payment = await db.transaction(async (tx) => {
    const row = await repo.insertPayment(tx, {
      kind: 'cash_invoice',
      provider: deps.provider.name,
      relationId: customer.relationId,
      userId: session.user.id,
      amountCents: invoice.outstandingCents,
      description: texts.invoiceDescription(deps.shopName, invoice.invoiceNumber),
      status: 'open',
    }, deps.now());
    await repo.insertPaymentInvoices(tx, row.id, [{ invoiceId: invoice.id, amountCents: invoice.outstandingCents }]);
    return row;
  });
  const paymentUrl = await startAtProvider(ctx, payment, {
    redirectUrl: `${deps.publicUrl}/${lang}/cash-invoices/payment/${invoice.id}/update`,
    metadata: { invoice: invoice.invoiceNumber },
    lang,
  });
  return { paymentUrl };
}

/** POST /api/cash-invoice/{id}/payment-return: where the latest payment of the invoice stands. */
export async function invoiceReturn(ctx: PaymentsContext, status: PaymentStatusService, invoiceId: number, session: ActiveSession, lang: Lang): Promise<InvoicePaymentReturnResponse> {
  const { db } = ctx;
  const customer = requireCustomer(session);
  const texts = MESSAGES[lang];
  const invoice = await repo.findRelationInvoice(db, invoiceId, customer.relationId);
  if (!invoice) throw notFound(localized(MESSAGES, 'invoice_not_found'), 'invoice_not_found');
  const invoiceDetails = { invoiceNumber: invoice.invoiceNumber };
  const found = await repo.latestForInvoice(db, invoice.id);
  if (!found) return { status: 'error', waiting: false, message: texts.invoiceNone, invoiceDetails };
  const outcome = status.outcomeOf(await status.refreshQuietly(found), lang, null);
  return { status: outcome.status === 1 ? 'success' : 'error', waiting: outcome.waiting, message: outcome.message, invoiceDetails };
}

/** Paying one open invoice from My orders (spec section 3). */
export function createInvoicePayments(ctx: PaymentsContext, status: PaymentStatusService) {
  return {
    openInvoices: (userId: number, session: ActiveSession) => openInvoices(ctx, userId, session),
    createInvoicePayment: (invoiceId: number, session: ActiveSession, lang: Lang) => createInvoicePayment(ctx, invoiceId, session, lang),
    invoiceReturn: (invoiceId: number, session: ActiveSession, lang: Lang) => invoiceReturn(ctx, status, invoiceId, session, lang),
  };
}
