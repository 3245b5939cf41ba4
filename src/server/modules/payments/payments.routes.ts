import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkoutParams, placeOrderRequest } from '../../../shared/api/checkout';
import { apiError } from '../../../shared/api/errors';
import { cashInvoiceParams, invoicePaymentResponse, invoicePaymentReturnResponse, openInvoicesParams, openInvoicesResponse } from '../../../shared/api/orders';
import {
  bulkPaymentParams,
  checkoutInvoicesResponse,
  createPaymentLinkRequest,
  createPaymentLinkResponse,
  createPaymentResponse,
  paymentLinkParams,
  paymentReturnResponse,
  paymentReviewParams,
  paymentReviewResponse,
  webhookRequest,
} from '../../../shared/api/payments';
import { SANDBOX_OUTCOMES, type SandboxProvider } from '../../adapters/payments/sandbox';
import { formatEuro } from '../../../shared/money';
import { sessionOf } from '../../plugins/auth';
import type { PaymentsService } from './payments.service';
import { linkMessagePage, sandboxPage } from './sandbox-page';
import { staffInvoiceRoutes } from './staff-invoices.routes';

/** Form-encoded bodies (the provider's webhook, the sandbox page's form), in this scope only. */
function acceptForms(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}

/** The answers of the customer's payment calls that can fail. */
const errors = { 400: apiError, 403: apiError, 404: apiError, 409: apiError, 502: apiError };

export default async function paymentsRoutes(app: FastifyInstance, { payments, sandbox }: { payments: PaymentsService; sandbox: SandboxProvider | null }) {
  acceptForms(app);
  checkoutPaymentRoutes(app, payments);
  webhookRoute(app, payments);
  paymentLinkRoutes(app, payments);
  invoicePaymentRoutes(app, payments);
  reviewRoutes(app, payments);
  staffInvoiceRoutes(app, payments);
  if (sandbox) sandboxRoutes(app, sandbox);
}

/** Paying an order at checkout: what it takes, starting the payment, where it stands. */
function checkoutPaymentRoutes(app: FastifyInstance, payments: PaymentsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/checkout/:order/invoices',
    {
      schema: {
        tags: ['payments'],
        summary: "The relation's outstanding invoices (a negative amount is a credit) and what an iDEAL payment of the order takes",
        params: checkoutParams,
        response: { 200: checkoutInvoicesResponse, ...errors },
      },
    },
    async (request) => payments.checkoutInvoices(request.params.order, sessionOf(request), request.lang),
  );

  r.post(
    '/api/checkout/:order/create-payment',
    {
      schema: {
        tags: ['payments'],
        summary: 'Starts the online payment of the order plus the open invoices; no paymentUrl when nothing is left to pay (the order is placed)',
        params: checkoutParams,
        body: placeOrderRequest,
        response: { 200: createPaymentResponse, ...errors },
      },
    },
    async (request) => payments.createCheckoutPayment(request.params.order, request.body.terms_accepted, sessionOf(request), request.lang),
  );

  r.get(
    '/api/mollie_return/:order',
    {
      schema: {
        tags: ['payments'],
        summary: "Where the caller's payment of the order stands (asks the provider while it is unfinished)",
        params: checkoutParams,
        response: { 200: paymentReturnResponse, ...errors },
      },
    },
    async (request) => payments.checkoutReturn(request.params.order, sessionOf(request), request.lang),
  );
}

/** The provider's webhook. */
function webhookRoute(app: FastifyInstance, payments: PaymentsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/payments/webhook',
    {
      config: { access: 'public', csrf: false },
      schema: {
        tags: ['payments'],
        summary: "The provider's webhook (form-encoded id): the shop fetches the payment and applies its status once",
        body: webhookRequest,
        response: { 200: z.null(), 400: apiError },
      },
    },
    async (request, reply) => {
      await payments.webhook(request.body.id);
      return reply.code(200).send(null);
    },
  );
}

/** Payment links: making one, opening one, and where a payment stands by its id. */
function paymentLinkRoutes(app: FastifyInstance, payments: PaymentsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/payment-links',
    {
      schema: {
        tags: ['payments'],
        summary: "Staff (or staff masquerading as the customer): a link that pays a relation's open invoices without logging in",
        body: createPaymentLinkRequest,
        response: { 200: createPaymentLinkResponse, ...errors },
      },
    },
    async (request) => payments.createLink(sessionOf(request), request.body.relation_id, request.lang),
  );

  r.get(
    '/pay/:token',
    {
      config: { access: 'public' },
      schema: { tags: ['payments'], summary: "Opens a payment link: to the provider's checkout, or a page saying the invoices are paid", params: paymentLinkParams },
    },
    async (request, reply) => {
      const outcome = await payments.openLink(request.params.token);
      if ('redirect' in outcome) return reply.code(303).header('location', outcome.redirect).header('cache-control', 'no-store').send();
      return reply
        .code(outcome.status)
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'")
        .header('cache-control', 'no-store')
        .send(linkMessagePage(outcome.message, outcome.lang));
    },
  );

  r.post(
    '/api/mollie_return/bulk/:paymentId',
    {
      // The anonymous status page calls it too: the payment's uuid is the key, nothing changes but the status.
      config: { access: 'public', csrf: false },
      schema: {
        tags: ['payments'],
        summary: 'Where a payment stands, by its id (the bulk and anonymous status pages)',
        params: bulkPaymentParams,
        response: { 200: paymentReturnResponse, ...errors },
      },
    },
    async (request) => payments.bulkReturn(request.params.paymentId, request.lang),
  );
}

/** Paying the relation's open invoices one by one. */
function invoicePaymentRoutes(app: FastifyInstance, payments: PaymentsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/cash-invoice/user/:userId/relation/open-invoices',
    {
      schema: {
        tags: ['invoices'],
        summary: "The open invoices of the caller's relation (only for the caller's own user id); 0 or below is a credit",
        params: openInvoicesParams,
        response: { 200: openInvoicesResponse, ...errors },
      },
    },
    async (request) => payments.openInvoices(request.params.userId, sessionOf(request)),
  );

  r.post(
    '/api/cash-invoice/:cashInvoiceId/create-payment',
    {
      schema: {
        tags: ['invoices'],
        summary: "Starts the online payment of one open invoice of the caller's relation",
        params: cashInvoiceParams,
        response: { 200: invoicePaymentResponse, ...errors },
      },
    },
    async (request) => payments.createInvoicePayment(request.params.cashInvoiceId, sessionOf(request), request.lang),
  );

  r.post(
    '/api/cash-invoice/:cashInvoiceId/payment-return',
    {
      schema: {
        tags: ['invoices'],
        summary: "Where the invoice's latest payment stands (asks the provider while it is unfinished)",
        params: cashInvoiceParams,
        response: { 200: invoicePaymentReturnResponse, ...errors },
      },
    },
    async (request) => payments.invoiceReturn(request.params.cashInvoiceId, sessionOf(request), request.lang),
  );
}

/** Staff: the payments kept for review. */
function reviewRoutes(app: FastifyInstance, payments: PaymentsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/staff/payments/review',
    {
      config: { access: 'staff', staffRoles: ['finance'] },
      schema: {
        tags: ['staff', 'payments'],
        summary: 'Paid payments kept for staff instead of being applied (amount differs from the order, order not placeable, paid twice or late), oldest first',
        response: { 200: paymentReviewResponse, 403: apiError },
      },
    },
    async () => payments.review.list(),
  );

  r.post(
    '/api/staff/payments/:uuid/reviewed',
    {
      config: { access: 'staff', staffRoles: ['finance'] },
      schema: {
        tags: ['staff', 'payments'],
        summary: 'Marks a payment kept for staff as handled (settled with the customer)',
        params: paymentReviewParams,
        response: { 204: z.null(), 400: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      await payments.review.markReviewed(request.params.uuid, sessionOf(request));
      return reply.code(204).send(null);
    },
  );
}

/** The sandbox provider's test checkout (only without Mollie). */
function sandboxRoutes(app: FastifyInstance, sandbox: SandboxProvider) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sandboxParams = z.object({ id: z.string().regex(/^tr_sbx[0-9a-f]{16}$/, 'Not a sandbox payment id.') });

  r.get(
    '/payment-sandbox/:id',
    {
      config: { access: 'public' },
      schema: { tags: ['payments'], summary: "The sandbox's test checkout page (only without Mollie)", params: sandboxParams },
    },
    async (request, reply) => {
      const payment = await sandbox.find(request.params.id);
      if (!payment) return reply.code(404).type('text/plain').send('Unknown payment.');
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; base-uri 'none'; frame-ancestors 'none'")
        .header('cache-control', 'no-store')
        .send(sandboxPage({ id: payment.id, amount: formatEuro(payment.amountCents), description: payment.description, status: payment.status, action: request.url.split('?')[0] ?? '', lang: /\/en\//.test(payment.redirectUrl) ? 'en' : 'nl' }));
    },
  );

  r.post(
    '/payment-sandbox/:id',
    {
      config: { access: 'public', csrf: false },
      schema: {
        tags: ['payments'],
        summary: "The payer's choice on the sandbox page: sets the status, notifies the webhook, goes back to the shop",
        params: sandboxParams,
        body: z.object({ outcome: z.enum(SANDBOX_OUTCOMES, { message: `outcome is one of ${SANDBOX_OUTCOMES.join(', ')}.` }) }),
      },
    },
    async (request, reply) => {
      const done = await sandbox.complete(request.params.id, request.body.outcome);
      if (!done) return reply.code(404).type('text/plain').send('Unknown payment.');
      return reply.code(303).header('location', done.redirectUrl).send();
    },
  );
}
