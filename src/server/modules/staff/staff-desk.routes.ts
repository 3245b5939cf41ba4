import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiError } from '../../../shared/api/errors';
import {
  blockUserBody,
  inviteUserBody,
  staffCustomerResponse,
  staffRelationParams,
  staffUserParams,
  staffUserResponse,
} from '../../../shared/api/staff-customer';
import { staffDashboardResponse } from '../../../shared/api/staff-dashboard';
import { actorOf } from '../../context/actor';
import { sessionOf } from '../../plugins/auth';
import type { StaffService } from './staff.service';

const errors = { 400: apiError, 403: apiError, 404: apiError, 409: apiError };

/** GET /api/staff/dashboard (issue 42 point 9): the order desk's and finance's week at a glance. */
export function dashboardRoutes(app: FastifyInstance, staff: StaffService) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/staff/dashboard',
    {
      config: { access: 'staff', staffRoles: ['order_desk', 'finance'] },
      schema: {
        tags: ['staff'],
        summary: 'Orders and turnover per week, deliveries of the coming days, top products of the month, what waits for staff, customers overdue by their own rhythm',
        response: { 200: staffDashboardResponse, 403: apiError },
      },
    },
    async (request) => staff.dashboard(request.lang),
  );
}

/** The staff customer page and what staff do for a relation's users (issue 42 point 7). */
export function customerPageRoutes(app: FastifyInstance, staff: StaffService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'staff', staffRoles: ['order_desk'] } as const;

  r.get(
    '/api/staff/relations/:relation',
    {
      config,
      schema: {
        tags: ['staff'],
        summary: 'A customer relation: price list, addresses, users and open invoices',
        params: staffRelationParams,
        response: { 200: staffCustomerResponse, ...errors },
      },
    },
    async (request) => staff.customer.page(request.params.relation),
  );

  r.post(
    '/api/staff/relations/:relation/users',
    {
      config,
      schema: {
        tags: ['staff'],
        summary: 'Invite a user for the relation: a new customer user who gets the welcome mail with a set-password link',
        params: staffRelationParams,
        body: inviteUserBody,
        response: { 201: staffUserResponse, ...errors },
      },
    },
    async (request, reply) => {
      const user = await staff.customer.invite(actorOf(sessionOf(request), request.ip), request.params.relation, request.body);
      return reply.code(201).send({ user });
    },
  );

}

/** Block, unblock and the welcome mail again, for one customer user. */
export function customerUserRoutes(app: FastifyInstance, staff: StaffService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'staff', staffRoles: ['order_desk'] } as const;

  r.post(
    '/api/staff/users/:user/block',
    {
      config,
      schema: {
        tags: ['staff'],
        summary: 'Block a customer user (with a reason): they cannot log in, their sessions end',
        params: staffUserParams,
        body: blockUserBody,
        response: { 200: staffUserResponse, ...errors },
      },
    },
    async (request) => ({ user: await staff.customer.block(actorOf(sessionOf(request), request.ip), request.params.user, request.body.reason) }),
  );

  r.post(
    '/api/staff/users/:user/unblock',
    {
      config,
      schema: { tags: ['staff'], summary: 'Unblock a customer user', params: staffUserParams, response: { 200: staffUserResponse, ...errors } },
    },
    async (request) => ({ user: await staff.customer.unblock(actorOf(sessionOf(request), request.ip), request.params.user) }),
  );

  r.post(
    '/api/staff/users/:user/welcome-mail',
    {
      config,
      schema: {
        tags: ['staff'],
        summary: 'Send the welcome mail (a new set-password link) to an active customer user again',
        params: staffUserParams,
        response: { 200: staffUserResponse, ...errors },
      },
    },
    async (request) => ({ user: await staff.customer.resendWelcome(actorOf(sessionOf(request), request.ip), request.params.user) }),
  );
}
