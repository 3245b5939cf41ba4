import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordRequest,
  changePasswordResponse,
  currentUserResponse,
  relationParams,
  relationResponse,
} from '../../../shared/api/account';
import { apiError, jsonApiError } from '../../../shared/api/errors';
import { sessionOf } from '../../plugins/auth';
import type { PasswordChangeService } from '../auth/password-change.service';
import type { AccountService } from './account.service';
import type { RelationService } from './relation.service';

const currentUserQuery = z.object({
  jsonapi_include: z.enum(['0', '1']).optional(),
  include: z
    .string()
    .regex(/^(active_relation)?$/, 'only active_relation can be included')
    .optional(),
});

export default async function accountRoutes(
  app: FastifyInstance,
  { account, relation, passwordChange }: { account: AccountService; relation: RelationService; passwordChange: PasswordChangeService },
) {
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

  r.get(
    '/jsonapi/relation/relation/:relation_uuid',
    {
      schema: {
        tags: ['account'],
        summary: "The caller's own active relation (customer company) with its delivery addresses; 404 for any other",
        params: relationParams,
        response: { 200: relationResponse, 403: jsonApiError, 404: jsonApiError },
      },
    },
    async (request, reply) => {
      reply.type('application/vnd.api+json');
      return { data: await relation.ownRelation(sessionOf(request), request.params.relation_uuid) };
    },
  );

  r.post(
    '/api/account/change-password',
    {
      schema: {
        tags: ['account'],
        summary:
          "Changes the caller's password; status 1, or 400 with status 0 and a message per field. Other sessions of the user end. 429 after 5 wrong current passwords in 6 hours.",
        body: changePasswordRequest,
        response: { 200: changePasswordResponse, 400: changePasswordResponse.or(apiError), 403: apiError, 429: apiError },
      },
    },
    async (request, reply) => {
      const result = await passwordChange.changeOwn(sessionOf(request), request.body, request.lang, request.ip);
      if (result.status === 0) return reply.code(400).send({ ...result, code: 'invalid_password_change' });
      return result;
    },
  );
}
