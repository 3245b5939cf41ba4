import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUserResponse } from '../../../shared/api/account';
import { jsonApiError } from '../../../shared/api/errors';
import { sessionOf } from '../../plugins/auth';
import type { AccountService } from './account.service';

const currentUserQuery = z.object({
  jsonapi_include: z.enum(['0', '1']).optional(),
  include: z
    .string()
    .regex(/^(active_relation)?$/, 'only active_relation can be included')
    .optional(),
});

export default async function accountRoutes(app: FastifyInstance, { account }: { account: AccountService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/jsonapi/current-user',
    {
      schema: {
        tags: ['account'],
        summary: 'The logged-in user with the active relation folded in',
        querystring: currentUserQuery,
        response: { 200: currentUserResponse, 403: jsonApiError },
      },
    },
    async (request, reply) => {
      reply.type('application/vnd.api+json');
      return { data: await account.currentUser(sessionOf(request)) };
    },
  );
}
