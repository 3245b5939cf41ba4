import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiError } from '../../../shared/api/errors';
import { amsterdamClock } from '../../../shared/delivery-date';
import { auditExportQuery, auditListQuery, auditListResponse } from '../../../shared/api/staff-audit';
import { CSV_DOWNLOAD } from '../../csv';
import type { Db } from '../../db/client';
import { auditExportCsv, auditPage } from './audit.service';

/**
 * Staff read the audit log: the audit page and its export, and the timelines of an order or a
 * customer. Only reading: the log takes no change, by staff or anyone (a trigger refuses them).
 */
export default async function auditRoutes(app: FastifyInstance, { db, now }: { db: Db; now: () => Date }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/staff/audit',
    {
      config: { access: 'staff', staffRoles: ['order_desk', 'finance'] },
      schema: {
        tags: ['staff'],
        summary: 'The audit log, newest first, 50 a page: filtered on who (login), entity and id, relation (uuid) and period (days in Amsterdam)',
        querystring: auditListQuery,
        response: { 200: auditListResponse, 400: apiError, 403: apiError },
      },
    },
    async (request) => auditPage(db, request.query),
  );

  r.get(
    '/api/staff/audit/export',
    {
      config: { access: 'staff', staffRoles: ['order_desk', 'finance'] },
      schema: {
        tags: ['staff'],
        summary: 'The audit log as CSV with the same filters, newest first, up to 10,000 entries: who, on behalf of, entity, id, action, before, after, reason, when (Amsterdam), address',
        querystring: auditExportQuery,
        response: { 200: CSV_DOWNLOAD, 400: apiError, 403: apiError },
      },
    },
    async (request, reply) => {
      const csv = await auditExportCsv(db, request.query, request.lang, amsterdamClock(now()).day);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', csv.disposition).header('cache-control', 'private, no-store').send(csv.body);
    },
  );
}
