import type { CreatePaymentLinkResponse, PaymentReturnResponse } from '../../../shared/api/payments';
import { price } from '../../../shared/money';
import { AppError, badRequest, notFound } from '../../errors';
import type { Lang } from '../../plugins/language';
import type { ActiveSession } from '../../context/session';
import type { PaymentStatusService } from './payment-status';
import { type PaymentsContext, startAtProvider } from './payments.deps';
import { localized } from '../../i18n';
import { PAYMENT_MESSAGES as MESSAGES } from './payments.messages';
import * as repo from './payments.repository';

/**
 * POST /api/payment-links: a link for the relation's open invoices. Staff name the relation;
 * staff masquerading as a customer make one for that customer's relation. Customers cannot.
 */
export async function createLink(ctx: PaymentsContext, session: ActiveSession, relationId: number | undefined, lang: Lang): Promise<CreatePaymentLinkResponse> {
  const { db, deps } = ctx;
  const masquerading = session.masqueradeFromUserId !== null;
  const staff = session.user.roles.includes('staff');
  if (!masquerading && !staff) throw new AppError(403, 'forbidden', localized(MESSAGES, 'payment_link_staff_only'));
  const target = masquerading ? session.user.relationId : relationId;
  if (target === null || target === undefined) throw badRequest('no_relation', localized(MESSAGES, 'no_relation'), [{ field: 'relation_id', message: localized(MESSAGES, 'no_relation') }]);
  const langcode = await repo.relationLangcode(db, target);
  if (!langcode) throw notFound(localized(MESSAGES, 'relation_not_found'), 'relation_not_found');
  const invoices = await repo.openInvoices(db, target);
  const totalCents = invoices.reduce((sum, i) => sum + i.outstandingCents, 0);
  if (totalCents <= 0) throw badRequest('nothing_to_pay', localized(MESSAGES, 'nothing_to_pay'));
  const link = await repo.insertLink(db, {
    relationId: target,
    createdBy: session.masqueradeFromUserId ?? session.user.id,
    invoiceIds: invoices.map((i) => i.id),
    langcode: langcode === 'en' ? 'en' : lang,
  });
  return {
    url: `${deps.publicUrl}${deps.apiBase}/pay/${link.uuid}`,
    amount: price(totalCents),
    invoices: invoices.map((i) => ({ invoiceNumber: i.invoiceNumber, outstandingAmount: i.outstandingCents / 100 })),
  };
}

/**
 * Opening a payment link (no login): a payment for what is still open of its invoices, or
 * the news that they are paid. Answers where to send the browser, or a message.
 */
export async function openLink(ctx: PaymentsContext, token: string): Promise<{ redirect: string } | { message: string; lang: Lang; status: number }> {
  const { db, deps } = ctx;
  const link = await repo.findLink(db, token);
  if (!link) return { message: MESSAGES.nl.unknownLink, lang: 'nl', status: 404 };
  const lang: Lang = link.langcode === 'en' ? 'en' : 'nl';
  const invoices = (await repo.invoicesByIds(db, link.invoiceIds)).filter((i) => i.outstandingCents !== 0);
  const totalCents = invoices.reduce((sum, i) => sum + i.outstandingCents, 0);
  if (totalCents <= 0) return { message: MESSAGES[lang].alreadyPaid, lang, status: 200 };
  const running = await repo.findUnfinishedForLink(db, link.id, deps.now());
  if (running?.checkoutUrl && running.amountCents === totalCents) return { redirect: running.checkoutUrl };
  const payment = await db.transaction(async (tx) => {
    const row = await repo.insertPayment(tx, {
      kind: 'bulk',
      provider: deps.provider.name,
      relationId: link.relationId,
      userId: null,
      linkId: link.id,
      amountCents: totalCents,
      description: MESSAGES[lang].invoicesDescription(deps.shopName, invoices.map((i) => i.invoiceNumber).join(', ')).slice(0, 255),
      status: 'open',
    }, deps.now());
    await repo.insertPaymentInvoices(tx, row.id, invoices.map((i) => ({ invoiceId: i.id, amountCents: i.outstandingCents })));
    return row;
  });
  const redirect = await startAtProvider(ctx, payment, {
    redirectUrl: `${deps.publicUrl}/${lang}/bulk/payment/${payment.uuid}/update/anonymous`,
    metadata: { link: link.uuid },
    lang,
  });
  return { redirect };
}

/** POST /api/mollie_return/bulk/{paymentId}: where a payment stands, by its (unguessable) uuid. */
export async function bulkReturn(ctx: PaymentsContext, status: PaymentStatusService, paymentUuid: string, lang: Lang): Promise<PaymentReturnResponse> {
  const { db } = ctx;
  const found = await repo.findByUuid(db, paymentUuid.toLowerCase());
  if (!found) throw notFound(localized(MESSAGES, 'payment_not_found'), 'payment_not_found');
  const payment = await status.refreshQuietly(found);
  return status.outcomeOf(payment, lang, await status.orderRefOf(payment));
}

/** Payment links staff send for a relation's open invoices, payable without logging in. */
export function createPaymentLinks(ctx: PaymentsContext, status: PaymentStatusService) {
  return {
    createLink: (session: ActiveSession, relationId: number | undefined, lang: Lang) => createLink(ctx, session, relationId, lang),
    openLink: (token: string) => openLink(ctx, token),
    bulkReturn: (paymentUuid: string, lang: Lang) => bulkReturn(ctx, status, paymentUuid, lang),
  };
}
