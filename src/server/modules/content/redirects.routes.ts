import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiError } from '../../../shared/api/errors';
import {
  notFoundListQuery,
  notFoundListResponse,
  notFoundRedirectBody,
  redirectBody,
  redirectImportBody,
  redirectImportResponse,
  redirectListQuery,
  redirectListResponse,
  redirectParams,
  redirectResponse,
} from '../../../shared/api/staff-redirects';
import { actorOf } from '../../context/actor';
import { sessionOf } from '../../plugins/auth';
import * as redirects from './redirects.service';
import { importRedirects } from './redirects-import';

const errors = { 400: apiError, 403: apiError, 404: apiError };
const config = { access: 'staff', staffRoles: ['content'] } as const;
const schema = <S extends object>(summary: string, rest: S) => ({ tags: ['staff', 'content'], summary, ...rest });

/** Redirects and the not-found log (issue 43 point 6): staff with the content role. */
export default async function redirectRoutes(app: FastifyInstance, ctx: redirects.RedirectsContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const actor = (request: Parameters<typeof sessionOf>[0]) => actorOf(sessionOf(request), request.ip);

  r.get('/api/staff/redirects', { config, schema: schema('Redirects by old path, 50 a page, with a search on either path', { querystring: redirectListQuery, response: { 200: redirectListResponse, ...errors } }) }, async (request) =>
    redirects.listRedirects(ctx, request.query),
  );

  r.post('/api/staff/redirects', { config, schema: schema('A new redirect: refused when it hides a page, exists, loops or chains', { body: redirectBody, response: { 201: redirectResponse, ...errors } }) }, async (request, reply) =>
    reply.code(201).send({ redirect: await redirects.createRedirect(ctx, actor(request), request.body) }),
  );

  r.patch('/api/staff/redirects/:id', { config, schema: schema('Change a redirect, on the same rules', { params: redirectParams, body: redirectBody, response: { 200: redirectResponse, ...errors } }) }, async (request) => ({
    redirect: await redirects.updateRedirect(ctx, actor(request), request.params.id, request.body),
  }));

  r.delete('/api/staff/redirects/:id', { config, schema: schema('Remove a redirect', { params: redirectParams, response: { 204: z.null(), ...errors } }) }, async (request, reply) => {
    await redirects.deleteRedirect(ctx, actor(request), request.params.id);
    return reply.code(204).send(null);
  });

  r.post('/api/staff/redirects/import', { config, schema: schema("The old portal's aliases as CSV (old path;new path;status): all lines or none", { body: redirectImportBody, response: { 200: redirectImportResponse, ...errors } }) }, async (request) =>
    importRedirects(ctx, actor(request), request.body.csv),
  );

  r.get('/api/staff/not-found', { config, schema: schema('Paths nobody found, most often first', { querystring: notFoundListQuery, response: { 200: notFoundListResponse, ...errors } }) }, async (request) =>
    redirects.listNotFound(ctx, request.query.page),
  );

  r.post('/api/staff/not-found/:id/redirect', { config, schema: schema('Turn a path nobody found into a redirect, in one step', { params: redirectParams, body: notFoundRedirectBody, response: { 201: redirectResponse, ...errors } }) }, async (request, reply) =>
    reply.code(201).send({ redirect: await redirects.redirectNotFound(ctx, actor(request), request.params.id, request.body) }),
  );

  r.delete('/api/staff/not-found/:id', { config, schema: schema('Take a path off the not-found log', { params: redirectParams, response: { 204: z.null(), ...errors } }) }, async (request, reply) => {
    await redirects.dismissNotFound(ctx, actor(request), request.params.id);
    return reply.code(204).send(null);
  });
}
