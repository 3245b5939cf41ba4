import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiError } from '../../../shared/api/errors';
import { auditListQuery, auditListResponse } from '../../../shared/api/staff-audit';
import type { Db } from '../../db/client';
import { auditPage } from './audit.service';

/** Staff read the audit log: the audit page, and the timelines of an order or a customer. */
export default async function auditRoutes(app: FastifyInstance, { db }: { db: Db }) {
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
}
