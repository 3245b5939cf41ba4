import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiError } from '../../../shared/api/errors';
import { undeliveredMailsResponse } from '../../../shared/api/mail';
import type { MailOutbox } from './mail-outbox.service';

export default async function mailRoutes(app: FastifyInstance, { outbox }: { outbox: MailOutbox }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/staff/undelivered-mails',
    {
      config: { access: 'staff', staffRoles: ['order_desk'] },
      schema: {
        tags: ['staff'],
        summary: 'Mails the shop gave up on (refused for good or failed too often), the latest 100 first, so staff reach the customer another way',
        response: { 200: undeliveredMailsResponse, 403: apiError },
      },
    },
    async () => outbox.undelivered(),
  );
}
