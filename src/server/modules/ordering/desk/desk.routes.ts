import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '../../../../shared/api/errors';
import {
  staffOrder,
  staffOrderActionParams,
  staffOrderActionRequest,
  staffOrderChangePreview,
  staffOrderChangeRequest,
  staffFinanceChecksResponse,
  staffOrderParams,
} from '../../../../shared/api/staff-order';
import { actorOf } from '../../../context/actor';
import { sessionOf } from '../../../plugins/auth';
import type { DeskService } from './desk.service';

const errors = { 400: apiError, 403: apiError, 404: apiError, 409: apiError };

/** The staff order page: read by the order desk and finance (refunds to check), changed by the order desk. */
export default async function deskRoutes(app: FastifyInstance, { desk }: { desk: DeskService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/staff/orders/:order',
    {
      config: { access: 'staff', staffRoles: ['order_desk', 'finance'] },
      schema: {
        tags: ['staff'],
        summary: 'One order for staff: lines, totals, VAT, deposits, delivery, payment, the customer, its version, until when it may be changed and the steps it may take',
        params: staffOrderParams,
        response: { 200: staffOrder, ...errors },
      },
    },
    async (request) => desk.staffOrder(request.params.order, request.lang),
  );

  r.post(
    '/api/staff/orders/:order/actions/:action',
    {
      config: { access: 'staff', staffRoles: ['order_desk'] },
      schema: {
        tags: ['staff'],
        summary: 'Confirm, ship, deliver or cancel (with a reason) an order through the state machine, with the version seen; 409 when it changed meanwhile or cannot take the step',
        params: staffOrderActionParams,
        body: staffOrderActionRequest,
        response: { 200: staffOrder, ...errors },
      },
    },
    async (request) => desk.takeAction(request.params.order, request.params.action, request.body, actorOf(sessionOf(request), request.ip), request.lang),
  );

  changeRoutes(app, desk);
  financeRoutes(app, desk);
}

/** Changing an order until it goes to the ERP: the difference first, then saved. */
function changeRoutes(app: FastifyInstance, desk: DeskService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/staff/orders/:order/changes/preview',
    {
      config: { access: 'staff', staffRoles: ['order_desk'] },
      schema: {
        tags: ['staff'],
        summary: 'What a change of lines and delivery date would make of the order, re-priced, before and after; stores nothing',
        params: staffOrderParams,
        body: staffOrderChangeRequest,
        response: { 200: staffOrderChangePreview, ...errors },
      },
    },
    async (request) => desk.previewChange(request.params.order, request.body, request.lang),
  );

  r.post(
    '/api/staff/orders/:order/changes',
    {
      config: { access: 'staff', staffRoles: ['order_desk'] },
      schema: {
        tags: ['staff'],
        summary: 'Change the lines and delivery date of an order not yet exported, before its cut-off, with the version seen: re-priced, audited, mailed to the customer',
        params: staffOrderParams,
        body: staffOrderChangeRequest,
        response: { 200: staffOrder, ...errors },
      },
    },
    async (request) => desk.saveChange(request.params.order, request.body, actorOf(sessionOf(request), request.ip), request.lang),
  );
}

/** Finance: the orders flagged for a refund or an underpayment, and marking one handled. */
function financeRoutes(app: FastifyInstance, desk: DeskService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/staff/finance/orders',
    {
      config: { access: 'staff', staffRoles: ['finance'] },
      schema: {
        tags: ['staff'],
        summary: 'Orders finance must check: a paid order canceled (refund) or raised above what was paid (underpaid), oldest first',
        response: { 200: staffFinanceChecksResponse, 403: apiError },
      },
    },
    async () => desk.financeChecks(),
  );

  r.post(
    '/api/staff/finance/orders/:order/checked',
    {
      config: { access: 'staff', staffRoles: ['finance'] },
      schema: {
        tags: ['staff'],
        summary: "Finance settled an order's refund or underpayment with the customer",
        params: staffOrderParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await desk.markFinanceChecked(request.params.order, actorOf(sessionOf(request), request.ip));
      return reply.code(204).send(null);
    },
  );
}
