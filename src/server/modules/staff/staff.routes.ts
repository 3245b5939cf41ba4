import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiError } from '../../../shared/api/errors';
import {
  customerListQuery,
  customerListResponse,
  masqueradeParams,
  masqueradeResponse,
} from '../../../shared/api/staff';
import { sessionOf } from '../../plugins/auth';
import { SESSION_COOKIE } from '../auth/session.service';
import { customerPageRoutes, customerUserRoutes, dashboardRoutes } from './staff-desk.routes';
import type { StaffService } from './staff.service';

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

export default async function staffRoutes(app: FastifyInstance, { staff }: { staff: StaffService }) {
  customerRoutes(app, staff);
  customerPageRoutes(app, staff);
  customerUserRoutes(app, staff);
  dashboardRoutes(app, staff);
  masqueradeRoutes(app, staff);
}

/** The customer users staff can act for. */
function customerRoutes(app: FastifyInstance, staff: StaffService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/staff/customers',
    {
      config: { access: 'staff', staffRoles: ['order_desk'] },
      schema: {
        tags: ['staff'],
        summary: 'Customer users staff can act for: search on login, name, company, ERP number or e-mail; 25 a page',
        querystring: customerListQuery,
        response: { 200: customerListResponse, 400: apiError, 403: apiError },
      },
    },
    async (request) => staff.listCustomers(request.query.search, request.query.page),
  );
}

/** Logging in as a customer, and switching back. */
function masqueradeRoutes(app: FastifyInstance, staff: StaffService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/staff/masquerade/:userId',
    {
      config: { access: 'staff', staffRoles: ['order_desk'] },
      schema: {
        tags: ['staff'],
        summary: "Log in as a customer: a new session for the customer user (the staff session ends); answers like login",
        params: masqueradeParams,
        response: { 200: masqueradeResponse, 400: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      const result = await staff.startMasquerade(
        sessionOf(request),
        request.cookies[SESSION_COOKIE],
        request.params.userId,
        request.ip,
      );
      app.setSessionCookie(request, reply, result.token, result.cookieExpires);
      return result.body;
    },
  );

  r.get(
    '/switch-back',
    {
      // A browser navigation: anonymous visitors are redirected to the login page, not refused.
      config: { access: 'public' },
      schema: {
        tags: ['staff'],
        summary: 'End a masquerade (browser navigation): back to the staff account, then a redirect to the shop',
        response: { 403: apiError },
      },
    },
    async (request, reply) => {
      const outcome = await staff.switchBack({
        session: request.session,
        token: request.cookies[SESSION_COOKIE],
        lang: request.lang,
        ip: request.ip,
        fetchSite: header(request.headers['sec-fetch-site']),
        referer: header(request.headers.referer),
      });
      if (outcome.kind === 'switched') app.setSessionCookie(request, reply, outcome.token, outcome.cookieExpires);
      if (outcome.kind === 'ended') app.clearSessionCookie(request, reply);
      reply.header('cache-control', 'no-store');
      return reply.redirect(outcome.location, 302);
    },
  );
}
