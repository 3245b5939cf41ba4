import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '../../../shared/api/errors';
import {
  MAX_UPLOAD_BYTES,
  orderAgainRequest,
  QUICK_ORDER_EXAMPLE_PATH,
  QUICK_ORDER_UPLOAD_TYPES,
  quickOrderAddResponse,
  quickOrderPreview,
  quickOrderRequest,
  usualProductsQuery,
  usualProductsResponse,
} from '../../../shared/api/quick-order';
import { sessionOf } from '../../plugins/auth';
import type { QuickOrderService, UploadKind } from './quick-order.service';

const refusals = { 400: apiError, 403: apiError, 404: apiError, 409: apiError };

/** Quick order (issue 18): the caller's own prices and cart only; customers with a relation. */
export default async function quickOrderRoutes(app: FastifyInstance, { quickOrder }: { quickOrder: QuickOrderService }) {
  // An uploaded file is the body itself, read whole (at most 2 MB).
  app.addContentTypeParser(Object.values(QUICK_ORDER_UPLOAD_TYPES), { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_request, body, done) => done(null, body));
  listRoutes(app, quickOrder);
  fileRoutes(app, quickOrder);
  pastOrderRoutes(app, quickOrder);
}

/** A typed or pasted list: previewed, and added to the cart. */
function listRoutes(app: FastifyInstance, quickOrder: QuickOrderService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/quick-order/preview',
    {
      config: { cost: 'quickOrder' },
      schema: {
        tags: ['quick order'],
        summary: 'Finds and prices each line of a typed or pasted list for the caller; stores nothing',
        body: quickOrderRequest,
        response: { 200: quickOrderPreview, ...refusals },
      },
    },
    async (request) => quickOrder.preview(request.body, sessionOf(request), request.lang),
  );

  r.post(
    '/quick-order/add',
    {
      config: { cost: 'quickOrder' },
      schema: {
        tags: ['quick order'],
        summary: 'Adds every line that can be ordered to the cart in one transaction; answers what was added and what was left out',
        body: quickOrderRequest,
        response: { 200: quickOrderAddResponse, ...refusals },
      },
    },
    async (request) => quickOrder.add(request.body, sessionOf(request), request.lang),
  );
}

/** Files: an uploaded list previewed, and the example file to fill in. */
function fileRoutes(app: FastifyInstance, quickOrder: QuickOrderService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/quick-order/upload',
    {
      // Counted as it arrives, before its body is read: a refused upload costs no 2 MB read.
      config: { cost: 'uploads', rateLimit: { hook: 'onRequest' } },
      schema: {
        tags: ['quick order'],
        summary: "Previews a CSV file or an Excel workbook's first sheet (the file is the body)",
        // 503: the workbook readers' queue is full (decision 032).
        response: { 200: quickOrderPreview, ...refusals, 503: apiError },
      },
    },
    async (request) => {
      const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      const kind: UploadKind = type === QUICK_ORDER_UPLOAD_TYPES.xlsx ? 'xlsx' : 'csv';
      return quickOrder.upload(kind, request.body as Buffer, sessionOf(request), request.lang);
    },
  );

  r.get(
    QUICK_ORDER_EXAMPLE_PATH,
    {
      schema: {
        tags: ['quick order'],
        summary: "An example file for the upload, in the caller's language",
        response: { 200: z.string(), 403: apiError },
      },
    },
    async (request, reply) => {
      sessionOf(request);
      const name = request.lang === 'en' ? 'quick-order-example.csv' : 'snel-bestellen-voorbeeld.csv';
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(`\uFEFF${quickOrder.exampleCsv(request.lang)}`);
    },
  );
}

/** What the caller ordered before: one placed order again, and the usual products. */
function pastOrderRoutes(app: FastifyInstance, quickOrder: QuickOrderService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/quick-order/order-again',
    {
      schema: {
        tags: ['quick order'],
        summary: "Adds what can still be ordered of one of the caller's placed orders; names the lines left out and why",
        body: orderAgainRequest,
        response: { 200: quickOrderAddResponse, ...refusals },
      },
    },
    async (request) => quickOrder.orderAgain(request.body, sessionOf(request), request.lang),
  );

  r.get(
    '/quick-order/usual',
    {
      schema: {
        tags: ['quick order'],
        summary: "My usual products: what the caller's relation ordered in the last 90 days (or its favourites), with how often, the last quantity and day",
        querystring: usualProductsQuery,
        response: { 200: usualProductsResponse, ...refusals },
      },
    },
    async (request) => quickOrder.usual(request.query, sessionOf(request), request.lang),
  );
}
