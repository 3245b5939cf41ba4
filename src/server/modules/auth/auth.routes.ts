import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '../../../shared/api/errors';
import { loginRequest, loginResponse } from '../../../shared/api/session';
import { SESSION_COOKIE } from './session.service';
import type { AuthService } from './auth.service';

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);
const formatJson = z.object({ _format: z.literal('json', { message: "add ?_format=json to the URL" }) });

export default async function authRoutes(app: FastifyInstance, { auth }: { auth: AuthService }) {
  loginRoutes(app, auth);
  tokenRoute(app);
}

/** Logging in and out. */
function loginRoutes(app: FastifyInstance, auth: AuthService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/user/login',
    {
      config: { access: 'public', csrf: false },
      schema: {
        tags: ['session'],
        summary:
          "Log in with name and password; starts a session (cookie) and answers the CSRF token. Optional remember: true, the cookie lasts up to the sessions' absolute lifetime; false, it ends with the browser and the session after a short idle time; not sent, the idle lifetime. 429 while flood control blocks the account or IP.",
        querystring: formatJson,
        body: loginRequest,
        response: { 200: loginResponse, 400: apiError, 429: apiError },
      },
    },
    async (request, reply) => {
      const result = await auth.login(
        request.body.name,
        request.body.pass,
        request.cookies[SESSION_COOKIE],
        request.ip,
        request.body.remember,
      );
      app.setSessionCookie(request, reply, result.token, result.cookieExpires);
      return result.body;
    },
  );

  r.get(
    '/user/cb-logout',
    {
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        summary: 'End the session on the server and clear its cookie (403 when the browser marks the request cross-site)',
        querystring: formatJson,
        response: { 204: z.null(), 403: apiError },
      },
    },
    async (request, reply) => {
      await auth.logout(request.session, request.cookies[SESSION_COOKIE], {
        ip: request.ip,
        lang: request.lang,
        fetchSite: header(request.headers['sec-fetch-site']),
        referer: header(request.headers.referer),
      });
      app.clearSessionCookie(request, reply);
      return reply.code(204).send(null);
    },
  );
}

/** The session's CSRF token. */
function tokenRoute(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/session/token',
    {
      config: { access: 'public' },
      schema: { tags: ['session'], summary: 'The CSRF token of the current session (text), as Drupal offers it' },
    },
    async (request, reply) => reply.type('text/plain; charset=utf-8').send(request.session?.csrfToken ?? ''),
  );
}
