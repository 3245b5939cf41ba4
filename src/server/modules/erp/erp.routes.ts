import { createHash, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { erpErrorResponse, erpImagesQuery, erpImagesReport, erpImportParams, erpImportQuery, erpImportReport } from '../../../shared/api/erp-import';
import { erpOrdersQuery, erpOrdersResponse, erpPaymentsQuery, erpPaymentsResponse } from '../../../shared/api/erp-export';
import { AppError } from '../../errors';
import { type ErpFormat, formatOf } from './erp-reader';
import type { ErpImageService } from './erp-images-archive';
import type { FoodCompletenessService } from '../food-completeness/completeness.service';
import type { ErpService } from './erp.service';
import { type ImportRunBy, tokenFingerprint } from './import-runs';

/** The largest file the HTTP import takes (the CLI has no limit). */
export const ERP_BODY_LIMIT = 50 * 1024 * 1024;
/** The largest image archive: it is spooled to a temporary folder, not held in memory. */
export const ERP_ARCHIVE_LIMIT = 200 * 1024 * 1024;

const TAR_TYPES = ['application/x-tar', 'application/tar'];
const tooLarge = (limit: number) =>
  new AppError(413, 'body_too_large', `The body is larger than ${limit / 1024 / 1024} MB; import it with the CLI or split it.`);

/**
 * The request body of an import, handed to the route unread: the import streams it. Its stream
 * lives in a private field, so code that walks a parsed body (the input guard) sees no bytes.
 */
export class ErpUpload {
  readonly #stream: Readable;
  constructor(
    stream: Readable,
    readonly format: ErpFormat | 'tar',
    readonly limit: number,
  ) {
    this.#stream = stream;
  }

  async *chunks(): AsyncGenerator<Buffer> {
    let total = 0;
    for await (const chunk of this.#stream) {
      const buffer = chunk as Buffer;
      total += buffer.length;
      if (total > this.limit) {
        this.#stream.destroy();
        throw tooLarge(this.limit);
      }
      yield buffer;
    }
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The ERP's machine client: a bearer token from configuration, compared in constant time. */
function checkBearer(request: FastifyRequest, token: string | undefined): void {
  if (!token) throw new AppError(503, 'erp_not_configured', 'The ERP exchange is not configured on this server (ERP_API_TOKEN).');
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match || !timingSafeEqual(digest(match[1]!), digest(token))) {
    throw new AppError(401, 'invalid_token', 'The ERP exchange needs a valid bearer token (Authorization: Bearer …).');
  }
}

const wrongType = (request: FastifyRequest, what: string) =>
  new AppError(415, 'unsupported_content_type', `Content type ${request.headers['content-type'] ?? '(none)'} is not accepted here; ${what}.`);

interface ErpRouteDeps {
  erp: ErpService;
  images: ErpImageService;
  completeness: FoodCompletenessService;
  token: string | undefined;
}

export default async function erpRoutes(app: FastifyInstance, { erp, images, completeness, token }: ErpRouteDeps) {
  guardWithBearer(app, token);
  takeExchangeFormats(app);
  // Each import is a run staff see (issue 42, point 8), started by the token and from the caller's address.
  const by = (request: FastifyRequest): ImportRunBy => ({ source: 'http', startedBy: token ? tokenFingerprint(token) : '', ip: request.ip });
  importRoutes(app, erp, by);
  imageImportRoutes(app, images, by);
  exportRoutes(app, erp);
  foodIncompleteRoute(app, completeness);
}

/** The bearer token guard of every ERP route. */
function guardWithBearer(app: FastifyInstance, token: string | undefined) {
  // Before the body is read: a caller without the token gets 401 and nothing is read. A session
  // cookie plays no part here (the routes are 'public' to the session layer, CSRF off).
  app.addHook('onRequest', async (request, reply) => {
    // A machine client, not a customer: its answers (refused input too) stay English (messages.registry.ts).
    request.lang = 'en';
    try {
      checkBearer(request, token);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 401) reply.header('www-authenticate', 'Bearer realm="erp"');
      throw error;
    }
  });
}

/** The body parsers: only the exchange formats, handed on unread. */
function takeExchangeFormats(app: FastifyInstance) {
  // Only the exchange formats come in here (the API's JSON parsers would hand the route an object).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(['text/csv', 'application/x-ndjson', 'application/jsonl', 'application/x-jsonlines', ...TAR_TYPES], (request, payload, done) => {
    const format = formatOf(request.headers['content-type'] ?? '') ?? (TAR_TYPES.some((type) => (request.headers['content-type'] ?? '').startsWith(type)) ? 'tar' : 'jsonl');
    const limit = format === 'tar' ? ERP_ARCHIVE_LIMIT : ERP_BODY_LIMIT;
    if (Number(request.headers['content-length'] ?? 0) > limit) {
      done(tooLarge(limit), undefined);
      return;
    }
    done(null, new ErpUpload(payload as Readable, format, limit));
  });
  app.addContentTypeParser('*', (request, _payload, done) => {
    done(
      new AppError(415, 'unsupported_content_type', `Content type ${request.headers['content-type'] ?? '(none)'} is not accepted here; send text/csv or application/x-ndjson (images: application/x-tar).`),
      undefined,
    );
  });
}

/** POST /api/erp/import/:kind: a CSV or JSON Lines file. */
function importRoutes(app: FastifyInstance, erp: ErpService, by: (request: FastifyRequest) => ImportRunBy) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/erp/import/:kind',
    {
      config: { access: 'public', csrf: false },
      schema: {
        tags: ['erp'],
        summary: 'Import an ERP file (CSV or JSON Lines as the body): applied whole or not at all, with a report of every bad row',
        params: erpImportParams,
        querystring: erpImportQuery,
        response: { 200: erpImportReport, 401: erpErrorResponse, 413: erpErrorResponse, 415: erpErrorResponse, 422: erpImportReport, 503: erpErrorResponse },
      },
    },
    async (request, reply) => {
      const body = request.body as unknown;
      const upload = body instanceof ErpUpload ? body : null;
      if (upload?.format === 'tar') throw wrongType(request, 'send text/csv or application/x-ndjson (a tar archive is for images only)');
      const report = await erp.importFile({
        kind: request.params.kind,
        format: upload?.format ?? formatOf(request.headers['content-type'] ?? '') ?? 'jsonl',
        input: upload ? upload.chunks() : (async function* () {})(),
        dryRun: request.query.dry_run,
        deactivateMissing: request.query.deactivate_missing,
        welcomeMail: request.query.welcome_mail,
        by: by(request),
      });
      const { writes: _writes, timings: _timings, ...answer } = report;
      return reply.code(report.error_count > 0 ? 422 : 200).send(answer);
    },
  );
}

/** POST /api/erp/import/images: a tar archive of images. */
function imageImportRoutes(app: FastifyInstance, images: ErpImageService, by: (request: FastifyRequest) => ImportRunBy) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/erp/import/images',
    {
      config: { access: 'public', csrf: false },
      schema: {
        tags: ['erp'],
        summary: 'Import product images: a tar archive of the folder as the body (application/x-tar), applied whole or not at all',
        querystring: erpImagesQuery,
        response: { 200: erpImagesReport, 401: erpErrorResponse, 413: erpErrorResponse, 415: erpErrorResponse, 422: erpImagesReport, 503: erpErrorResponse },
      },
    },
    async (request, reply) => {
      const body = request.body as unknown;
      if (!(body instanceof ErpUpload) || body.format !== 'tar') throw wrongType(request, 'send the images as a tar archive (application/x-tar)');
      const report = await images.importArchive(body.chunks(), request.query.dry_run, by(request));
      const { writes: _writes, ...answer } = report;
      return reply.code(report.error_count > 0 ? 422 : 200).send(answer);
    },
  );
}

/** The order and payment exports, page by page after a cursor. */
function exportRoutes(app: FastifyInstance, erp: ErpService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/erp/orders',
    {
      config: { access: 'public', csrf: false },
      schema: {
        tags: ['erp'],
        summary: 'Placed orders after a cursor, oldest first; store next_cursor and ask after it next time',
        querystring: erpOrdersQuery,
        response: { 200: erpOrdersResponse, 401: erpErrorResponse, 503: erpErrorResponse },
      },
    },
    async (request) => erp.exportOrders(request.query.after, request.query.limit),
  );

  r.get(
    '/api/erp/payments',
    {
      config: { access: 'public', csrf: false },
      schema: {
        tags: ['erp'],
        summary: 'Paid payments (orders and invoices) after a cursor, in the order they were applied; store next_cursor',
        querystring: erpPaymentsQuery,
        response: { 200: erpPaymentsResponse, 401: erpErrorResponse, 503: erpErrorResponse },
      },
    },
    async (request) => erp.exportPayments(request.query.after, request.query.limit),
  );
}

/** The food products whose mandatory information is missing, as JSON Lines. */
function foodIncompleteRoute(app: FastifyInstance, completeness: FoodCompletenessService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/erp/export/food-incomplete',
    {
      config: { access: 'public', csrf: false },
      schema: {
        tags: ['erp'],
        // The 200 is a stream of JSON Lines (records: incompleteFoodProduct); 401 and 503 as the other calls.
        summary: 'Active food products whose mandatory food information is missing, with what is missing: JSON Lines, one product a line',
      },
    },
    async (_request, reply) => {
      const records = completeness.exportIncomplete();
      const lines = Readable.from((async function* () {
        for await (const record of records) yield `${JSON.stringify(record)}\n`;
      })());
      return reply.type('application/x-ndjson; charset=utf-8').header('cache-control', 'no-store').send(lines);
    },
  );
}
