import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiError } from '../../../shared/api/errors';
import { importRunDetail as importRunDetailSchema, importRunListQuery, importRunListResponse, importRunParams } from '../../../shared/api/staff-import-runs';
import type { Db } from '../../db/client';
import { CSV_DOWNLOAD } from '../../csv';
import { importRunDetail, importRunErrorsCsv, listImportRuns } from './import-runs.service';

/** Staff's import runs (issue 42, point 8): admin only (decision 037). */
export default async function importRunRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'staff', staffRoles: [] } as const;

  r.get(
    '/api/staff/import-runs',
    {
      config,
      schema: {
        tags: ['staff'],
        summary: 'ERP import runs (HTTP and CLI), newest first, 25 a page, filtered on kind and result',
        querystring: importRunListQuery,
        response: { 200: importRunListResponse, 400: apiError, 403: apiError },
      },
    },
    async (request) => listImportRuns(db, request.query),
  );

  r.get(
    '/api/staff/import-runs/:id',
    {
      config,
      schema: {
        tags: ['staff'],
        summary: 'One import run: who, when, how long, its counts and result, why it failed, and its first 100 errors',
        params: importRunParams,
        response: { 200: importRunDetailSchema, 400: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request) => importRunDetail(db, request.params.id),
  );

  r.get(
    '/api/staff/import-runs/:id/errors.csv',
    {
      config,
      schema: {
        tags: ['staff'],
        summary: "Every error kept of an import run as CSV: line, field, message (in the staff user's language for the header)",
        params: importRunParams,
        response: { 200: CSV_DOWNLOAD, 400: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      const csv = await importRunErrorsCsv(db, request.params.id, request.lang);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', csv.disposition).header('cache-control', 'private, no-store').send(csv.body);
    },
  );
}
