import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiError } from '../../../shared/api/errors';
import { staffOpenInvoicesQuery, staffOpenInvoicesResponse } from '../../../shared/api/staff-invoices';
import type { PaymentsService } from './payments.service';

/** Finance: every relation's open invoices. */
export function staffInvoiceRoutes(app: FastifyInstance, payments: PaymentsService) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/staff/open-invoices',
    {
      config: { access: 'staff', staffRoles: ['finance'] },
      schema: {
        tags: ['staff'],
        summary: "Every relation's open invoices and credits, the oldest first; a search on the relation or invoice number; overdue=1 for those past the 30-day term",
        querystring: staffOpenInvoicesQuery,
        response: { 200: staffOpenInvoicesResponse, 400: apiError, 403: apiError },
      },
    },
    async (request) => payments.staffOpenInvoices(request.query),
  );
}
