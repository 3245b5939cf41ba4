import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '../../../shared/api/errors';
import {
  passwordResetRequest,
  passwordResetRequestResponse,
  resetPasswordParams,
  resetPasswordRequest,
  resetPasswordResponse,
} from '../../../shared/api/session';
import { type PasswordService, ResetFailed } from './password.service';

const formatJson = z.object({ _format: z.literal('json', { message: 'add ?_format=json to the URL' }) });

export default async function passwordRoutes(app: FastifyInstance, { passwords }: { passwords: PasswordService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/user/password',
    {
      config: { access: 'public', csrf: false },
      schema: {
        tags: ['session'],
        summary:
          'Forgotten password: mails a one-time reset link to the user with this login name or e-mail address. 400 for an unknown name; 429 while flood control blocks the account or IP.',
        querystring: formatJson,
        body: passwordResetRequest,
        response: { 200: passwordResetRequestResponse, 400: apiError, 429: apiError, 503: apiError },
      },
    },
    async (request) => {
      await passwords.requestReset(request.body.name, request.ip);
      return {};
    },
  );

  // Anonymous callers need no CSRF token (they have no session); a caller with a session
  // cookie does, as on every unsafe call.
  r.post(
    '/api/reset-password/:user/:timestamp/:hash',
    {
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        summary:
          'Sets a new password with a mailed reset link (valid 24 hours, once); ends every session of the user. data.status 1 on success, 0 with a message otherwise.',
        params: resetPasswordParams,
        body: resetPasswordRequest,
        response: { 200: resetPasswordResponse, 400: resetPasswordResponse.or(apiError) },
      },
    },
    async (request, reply) => {
      try {
        await passwords.reset(request.params, request.body);
        return { data: { status: 1 as const } };
      } catch (error) {
        if (!(error instanceof ResetFailed)) throw error;
        return reply.code(error.statusCode as 400).send({ data: { status: 0 }, message: error.messageIn(request.lang), code: error.code });
      }
    },
  );
}
