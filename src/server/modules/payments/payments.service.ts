import type { FastifyBaseLogger } from 'fastify';
import type { InvoicePaymentReturnResponse, OpenInvoicesResponse } from '../../../shared/api/orders';
import type { CheckoutInvoicesResponse, CreatePaymentLinkResponse, CreatePaymentResponse, PaymentReturnResponse } from '../../../shared/api/payments';
import { formatEuro, price } from '../../../shared/money';
import type { PaymentProvider, ProviderPayment } from '../../adapters/payments/provider';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../errors';
import type { Lang } from '../../plugins/language';
import type { ActiveSession } from '../auth/session.service';
import type { CartService } from '../cart/cart.service';
import { type Customer, requireCustomer } from '../catalog/customer';
import type { Confirmation } from '../checkout/order-mail';
import { type CheckoutService, orderNumberOf } from '../checkout/checkout.service';
import { lockOwnOrder } from '../checkout/checkout.repository';
import { PAYMENT_MESSAGES as MESSAGES } from './payments.messages';
import * as repo from './payments.repository';

export interface PaymentsDeps {
  provider: PaymentProvider;
  cart: CartService;
  checkout: CheckoutService;
  log: FastifyBaseLogger;
  now: () => Date;
  shopName: string;
  publicUrl: string;
  apiBase: string;
  /** Where the provider posts status changes; null when the shop cannot be reached from outside. */
  webhookUrl: string | null;
}


const FINAL_FAILURES = new Set(['failed', 'canceled', 'expired']);

export function createPaymentsService(db: Db, deps: PaymentsDeps) {
  const { provider, cart, checkout } = deps;

  /** The relation's open invoices and what an online payment of this cart takes. */
  async function toPayFor(tx: Parameters<Parameters<Db['transaction']>[0]>[0], totalCents: number, relationId: number) {
    const invoices = await repo.openInvoices(tx, relationId);
    const invoicesCents = invoices.reduce((sum, i) => sum + i.outstandingCents, 0);
    return { invoices, invoicesCents, toPayCents: totalCents + invoicesCents };
  }

  /**
   * Applies a provider status to the payment, once: the row is locked, and a payment whose
   * effects were applied is never applied again, so duplicate and out-of-order webhooks change
   * nothing twice. Paid: the order is placed and the invoices it covers settled. Failed,
   * canceled, expired: final, the cart stays as it was.
   */
  async function apply(paymentId: number, remote: ProviderPayment): Promise<void> {
    const now = deps.now();
    let confirmation: { orderId: number; mail: Confirmation } | null = null;
    await db.transaction(async (tx) => {
      const payment = await repo.lockPayment(tx, paymentId);
      if (!payment || payment.appliedAt) return;
      if (remote.status === 'paid') {
        if (remote.amountCents !== payment.amountCents) {
          deps.log.warn({ paymentId, asked: payment.amountCents, paid: remote.amountCents }, 'a payment was paid with another amount than asked');
        }
        if (payment.kind === 'checkout' && payment.orderId !== null) {
          const order = await repo.lockOrder(tx, payment.orderId);
          if (order?.state === 'draft') {
            const relation = await cart.relationTerms(tx, order.relationId);
            if (!relation) throw new Error(`payment ${paymentId}: the relation of order ${order.id} is gone`);
            const customer: Customer = { relationId: order.relationId, pricelist: relation.pricelist };
            const lang: Lang = order.langcode === 'en' ? 'en' : 'nl';
            const placed = await checkout.placeDraft(tx, order, customer, { via: 'payment', termsAccepted: true, lang, paymentState: 'paid' });
            confirmation = { orderId: order.id, mail: placed.confirmation };
          } else if (order) {
            await repo.setOrderPaymentState(tx, order.id, 'paid');
          }
        }
        await repo.settleInvoices(tx, payment.id, now);
        await repo.updatePayment(tx, payment.id, { status: 'paid', appliedAt: now, checkedAt: now }, now);
      } else if (FINAL_FAILURES.has(remote.status)) {
        await repo.updatePayment(tx, payment.id, { status: remote.status, appliedAt: now, checkedAt: now }, now);
      } else {
        await repo.updatePayment(tx, payment.id, { status: remote.status, checkedAt: now }, now);
      }
    });
    const sent = confirmation as { orderId: number; mail: Confirmation } | null;
    if (sent?.mail.to) await checkout.sendConfirmation(sent.orderId, sent.mail);
  }

  /** Asks the provider and applies what it says; a provider failure leaves the payment for later. */
  async function refresh(payment: repo.PaymentRow): Promise<void> {
    if (!payment.providerId || payment.appliedAt) return;
    const remote = await provider.get(payment.providerId);
    if (remote) await apply(payment.id, remote);
  }

  /** What a payment's status means for the payer (return pages). */
  function outcomeOf(payment: repo.PaymentRow, lang: Lang, order: PaymentReturnResponse['order']): PaymentReturnResponse {
    const texts = MESSAGES[lang];
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
    const order = payment.orderId !== null ? await repo.lockOrder(db, payment.orderId) : undefined;
    return order ? { id: order.id, uuid: order.uuid, order_number: order.state === 'draft' ? null : orderNumberOf(order.id) } : null;
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

  return {
    apply,

    /**
     * POST /api/payment-links: a link for the relation's open invoices. Staff name the relation;
     * staff masquerading as a customer make one for that customer's relation. Customers cannot.
     */
    async createLink(session: ActiveSession, relationId: number | undefined, lang: Lang): Promise<CreatePaymentLinkResponse> {
      const masquerading = session.masqueradeFromUserId !== null;
      const staff = session.user.roles.includes('staff');
      if (!masquerading && !staff) throw new AppError(403, 'forbidden', 'Only staff can make payment links.');
      const target = masquerading ? session.user.relationId : relationId;
      if (target === null || target === undefined) throw badRequest('no_relation', 'Name the relation (relation_id).', [{ field: 'relation_id', message: 'Name the relation.' }]);
      const langcode = await repo.relationLangcode(db, target);
      if (!langcode) throw notFound('There is no such relation.', 'relation_not_found');
      const invoices = await repo.openInvoices(db, target);
      const totalCents = invoices.reduce((sum, i) => sum + i.outstandingCents, 0);
      if (totalCents <= 0) throw badRequest('nothing_to_pay', MESSAGES[lang].nothingToPay);
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
    },

    /**
     * Opening a payment link (no login): a payment for what is still open of its invoices, or
     * the news that they are paid. Answers where to send the browser, or a message.
     */
    async openLink(token: string): Promise<{ redirect: string } | { message: string; lang: Lang; status: number }> {
      const link = await repo.findLink(db, token);
      if (!link) return { message: MESSAGES.nl.unknownLink, lang: 'nl', status: 404 };
      const lang: Lang = link.langcode === 'en' ? 'en' : 'nl';
      const now = deps.now();
      const invoices = (await repo.invoicesByIds(db, link.invoiceIds)).filter((i) => i.outstandingCents !== 0);
      const totalCents = invoices.reduce((sum, i) => sum + i.outstandingCents, 0);
      if (totalCents <= 0) return { message: MESSAGES[lang].alreadyPaid, lang, status: 200 };
      const running = await repo.findUnfinishedForLink(db, link.id, now);
      if (running?.checkoutUrl && running.amountCents === totalCents) return { redirect: running.checkoutUrl };
      const payment = await db.transaction(async (tx) => {
        const row = await repo.insertPayment(tx, {
          kind: 'bulk',
          provider: provider.name,
          relationId: link.relationId,
          userId: null,
          linkId: link.id,
          amountCents: totalCents,
          description: MESSAGES[lang].invoicesDescription(deps.shopName, invoices.map((i) => i.invoiceNumber).join(', ')).slice(0, 255),
          status: 'open',
        });
        await repo.insertPaymentInvoices(tx, row.id, invoices.map((i) => ({ invoiceId: i.id, amountCents: i.outstandingCents })));
        return row;
      });
      try {
        const remote = await provider.create({
          amountCents: payment.amountCents,
          description: payment.description,
          redirectUrl: `${deps.publicUrl}/${lang}/bulk/payment/${payment.uuid}/update/anonymous`,
          webhookUrl: deps.webhookUrl,
          metadata: { paymentId: payment.uuid, link: link.uuid },
        });
        await repo.setProviderData(db, payment.id, { providerId: remote.id, checkoutUrl: remote.checkoutUrl, expiresAt: remote.expiresAt, status: remote.status }, deps.now());
        if (!remote.checkoutUrl) throw new Error(`the provider gave payment ${remote.id} no checkout URL`);
        return { redirect: remote.checkoutUrl };
      } catch (error) {
        deps.log.error({ err: error, paymentId: payment.id }, 'the link payment could not be created');
        await repo.updatePayment(db, payment.id, { status: 'failed', appliedAt: deps.now() }, deps.now());
        throw new AppError(502, 'payment_not_created', 'Something went wrong');
      }
    },

    /** GET /api/cash-invoice/user/{userId}/relation/open-invoices: only the caller's own user id. */
    async openInvoices(userId: number, session: ActiveSession): Promise<OpenInvoicesResponse> {
      if (userId !== session.user.id) throw notFound('No such user.', 'user_not_found');
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
    },

    /** POST /api/cash-invoice/{id}/create-payment: a payment of one open invoice of the caller's relation. */
    async createInvoicePayment(invoiceId: number, session: ActiveSession, lang: Lang): Promise<{ paymentUrl: string }> {
      const customer = requireCustomer(session);
      const texts = MESSAGES[lang];
      const invoice = await repo.findRelationInvoice(db, invoiceId, customer.relationId);
      if (!invoice) throw notFound('Invoice not found.', 'invoice_not_found');
      if (invoice.outstandingCents === 0) throw badRequest('invoice_paid', texts.invoicePaid);
      if (invoice.outstandingCents < 0) throw badRequest('credit_not_payable', texts.creditNotPayable);
      const running = await repo.findUnfinishedForInvoice(db, invoice.id, deps.now());
      if (running?.checkoutUrl && running.amountCents === invoice.outstandingCents) return { paymentUrl: running.checkoutUrl };
      const payment = await db.transaction(async (tx) => {
        const row = await repo.insertPayment(tx, {
          kind: 'cash_invoice',
          provider: provider.name,
          relationId: customer.relationId,
          userId: session.user.id,
          amountCents: invoice.outstandingCents,
          description: texts.invoiceDescription(deps.shopName, invoice.invoiceNumber),
          status: 'open',
        });
        await repo.insertPaymentInvoices(tx, row.id, [{ invoiceId: invoice.id, amountCents: invoice.outstandingCents }]);
        return row;
      });
      try {
        const remote = await provider.create({
          amountCents: payment.amountCents,
          description: payment.description,
          redirectUrl: `${deps.publicUrl}/${lang}/cash-invoices/payment/${invoice.id}/update`,
          webhookUrl: deps.webhookUrl,
          metadata: { paymentId: payment.uuid, invoice: invoice.invoiceNumber },
        });
        await repo.setProviderData(db, payment.id, { providerId: remote.id, checkoutUrl: remote.checkoutUrl, expiresAt: remote.expiresAt, status: remote.status }, deps.now());
        if (!remote.checkoutUrl) throw new Error(`the provider gave payment ${remote.id} no checkout URL`);
        return { paymentUrl: remote.checkoutUrl };
      } catch (error) {
        deps.log.error({ err: error, paymentId: payment.id }, 'the invoice payment could not be created');
        await repo.updatePayment(db, payment.id, { status: 'failed', appliedAt: deps.now() }, deps.now());
        throw new AppError(502, 'payment_not_created', 'Something went wrong');
      }
    },

    /** POST /api/cash-invoice/{id}/payment-return: where the latest payment of the invoice stands. */
    async invoiceReturn(invoiceId: number, session: ActiveSession, lang: Lang): Promise<InvoicePaymentReturnResponse> {
      const customer = requireCustomer(session);
      const texts = MESSAGES[lang];
      const invoice = await repo.findRelationInvoice(db, invoiceId, customer.relationId);
      if (!invoice) throw notFound('Invoice not found.', 'invoice_not_found');
      const invoiceDetails = { invoiceNumber: invoice.invoiceNumber };
      const found = await repo.latestForInvoice(db, invoice.id);
      if (!found) return { status: 'error', waiting: false, message: texts.invoiceNone, invoiceDetails };
      const outcome = outcomeOf(await refreshQuietly(found), lang, null);
      return { status: outcome.status === 1 ? 'success' : 'error', waiting: outcome.waiting, message: outcome.message, invoiceDetails };
    },

    /** POST /api/mollie_return/bulk/{paymentId}: where a payment stands, by its (unguessable) uuid. */
    async bulkReturn(paymentUuid: string, lang: Lang): Promise<PaymentReturnResponse> {
      const found = await repo.findByUuid(db, paymentUuid.toLowerCase());
      if (!found) throw notFound('No payment found.', 'payment_not_found');
      const payment = await refreshQuietly(found);
      return outcomeOf(payment, lang, await orderRefOf(payment));
    },

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
     * the order still under way is offered again. Nothing to pay: the order is placed at once.
     */
    async createCheckoutPayment(orderId: number, termsAccepted: boolean, session: ActiveSession, lang: Lang): Promise<CreatePaymentResponse> {
      const customer = requireCustomer(session);
      const now = deps.now();
      const prepared = await db.transaction(async (tx) => {
        const order = await lockOwnOrder(tx, orderId, session.user.id, customer.relationId);
        if (!order) throw notFound('No order found', 'order_not_found');
        if (order.state !== 'draft') throw new AppError(409, 'order_closed', MESSAGES[lang].orderClosed);
        const { priced } = await checkout.pricedDraft(tx, orderId, session, lang);
        const { payment: method } = await checkout.validateForPlacing(tx, priced, termsAccepted, lang);
        if (!method.online) {
          throw badRequest('not_online', MESSAGES[lang].notOnline(method.label), [{ field: 'payment_method', message: MESSAGES[lang].notOnline(method.label) }]);
        }
        const unfinished = await repo.findUnfinishedForOrder(tx, order.id, now);
        const { invoices, toPayCents } = await toPayFor(tx, priced.sums.totalCents, customer.relationId);
        if (unfinished?.checkoutUrl && unfinished.amountCents === toPayCents) return { kind: 'reuse' as const, url: unfinished.checkoutUrl };
        if (toPayCents <= 0) {
          // Credits cover everything: the order is placed and the invoices settled without a payment.
          const placed = await checkout.placeDraft(tx, { id: order.id, uuid: order.uuid, userId: session.user.id }, customer, { via: 'payment', termsAccepted: true, lang, paymentState: 'credit' });
          await settleWithCredits(tx, invoices, priced.sums.totalCents, now);
          return { kind: 'placed' as const, placed };
        }
        const payment = await repo.insertPayment(tx, {
          kind: 'checkout',
          provider: provider.name,
          relationId: customer.relationId,
          userId: session.user.id,
          orderId: order.id,
          amountCents: toPayCents,
          description: MESSAGES[lang].description(deps.shopName, orderNumberOf(order.id)),
          status: 'open',
        });
        await repo.insertPaymentInvoices(tx, payment.id, invoices.map((i) => ({ invoiceId: i.id, amountCents: i.outstandingCents })));
        return { kind: 'new' as const, payment };
      });

      if (prepared.kind === 'reuse') return { status: 'success', orderId, paymentUrl: prepared.url };
      if (prepared.kind === 'placed') {
        if (prepared.placed.confirmation.to) await checkout.sendConfirmation(orderId, prepared.placed.confirmation);
        return { status: 'success', orderId, paymentUrl: null, uuid: prepared.placed.response.uuid };
      }
      const { payment } = prepared;
      try {
        const remote = await provider.create({
          amountCents: payment.amountCents,
          description: payment.description,
          redirectUrl: `${deps.publicUrl}/${lang}/cart/checkout/${orderId}/update`,
          webhookUrl: deps.webhookUrl,
          metadata: { paymentId: payment.uuid, orderId: String(orderId) },
        });
        await repo.setProviderData(db, payment.id, { providerId: remote.id, checkoutUrl: remote.checkoutUrl, expiresAt: remote.expiresAt, status: remote.status }, deps.now());
        if (!remote.checkoutUrl) throw new Error(`the provider gave payment ${remote.id} no checkout URL`);
        return { status: 'success', orderId, paymentUrl: remote.checkoutUrl };
      } catch (error) {
        deps.log.error({ err: error, paymentId: payment.id, orderId }, 'the payment could not be created');
        await repo.updatePayment(db, payment.id, { status: 'failed', appliedAt: deps.now() }, deps.now());
        throw new AppError(502, 'payment_not_created', 'Something went wrong');
      }
    },

    /** The provider's webhook: only an id; the status is fetched. An unknown id changes nothing. */
    async webhook(providerId: string): Promise<void> {
      const payment = await repo.findByProviderId(db, providerId);
      if (!payment) return;
      await refresh(payment);
    },

    /**
     * GET /api/mollie_return/{order}: where the caller's payment of the order stands, asking the
     * provider itself while it is unfinished (a lost webhook never strands a payer).
     */
    async checkoutReturn(orderId: number, session: ActiveSession, lang: Lang): Promise<PaymentReturnResponse> {
      const texts = MESSAGES[lang];
      if (!(await repo.ownsOrder(db, orderId, session.user.id))) throw notFound('No order found', 'order_not_found');
      const found = await repo.latestForOrder(db, orderId, session.user.id);
      if (!found) return { status: 0, waiting: false, message: texts.none, order: null };
      const payment = await refreshQuietly(found);
      return outcomeOf(payment, lang, await orderRefOf(payment));
    },

    /**
     * The reconciliation job: payments still unfinished after their expiry, and paid ones whose
     * order was never placed, are asked for again and applied. Safe on many instances at once.
     */
    async reconcile(limit = 50): Promise<number> {
      const claimed = await db.transaction(async (tx) => {
        const rows = await repo.claimForReconciliation(tx, deps.now(), limit);
        for (const row of rows) await repo.updatePayment(tx, row.id, { checkedAt: deps.now() }, deps.now());
        return rows;
      });
      for (const payment of claimed) {
        try {
          if (payment.status === 'paid' && payment.providerId) {
            await apply(payment.id, { id: payment.providerId, status: 'paid', amountCents: payment.amountCents, checkoutUrl: null, expiresAt: payment.expiresAt, metadata: {} });
          } else {
            await refresh(payment);
          }
        } catch (error) {
          deps.log.error({ err: error, paymentId: payment.id }, 'reconciling a payment failed');
        }
      }
      return claimed.length;
    },
  };

  /** Credits pay the order and the invoices: everything positive is settled, what is left of the credits stays. */
  async function settleWithCredits(tx: Parameters<Parameters<Db['transaction']>[0]>[0], invoices: repo.OpenInvoiceRow[], orderCents: number, at: Date) {
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
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
