import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiError } from '../../../shared/api/errors';
import {
  staffPriceDeclineRequest,
  staffPriceQuoteRequest,
  staffPriceRequest,
  staffPriceRequestParams,
  staffPriceRequestsQuery,
  staffPriceRequestsResponse,
} from '../../../shared/api/staff-price-requests';
import { actorOf } from '../../context/actor';
import { sessionOf } from '../../plugins/auth';
import type { StaffPriceRequestService } from './staff-price-requests.service';

const errors = { 400: apiError, 403: apiError, 404: apiError, 409: apiError };

/** The price requests inbox (issue 42, point 6): the order desk lists the requests and answers them. */
export default async function staffPriceRequestRoutes(app: FastifyInstance, { inbox }: { inbox: StaffPriceRequestService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/staff/price-requests',
    {
      config: { access: 'staff', staffRoles: ['order_desk'] },
      schema: {
        tags: ['staff'],
        summary: 'The price requests of every customer: open ones oldest first, answered ones latest answer first; the counts of open and answered',
        querystring: staffPriceRequestsQuery,
        response: { 200: staffPriceRequestsResponse, 400: apiError, 403: apiError },
      },
    },
    async (request) => inbox.list(request.query, request.lang),
  );

  r.post(
    '/api/staff/price-requests/:id/quote',
    {
      config: { access: 'staff', staffRoles: ['order_desk'] },
      schema: {
        tags: ['staff'],
        summary: "Answer an open price request with a quote (price per unit, from a quantity, valid until) for the customer's relation, mailed to the customer; 409 once answered",
        params: staffPriceRequestParams,
        body: staffPriceQuoteRequest,
        response: { 200: staffPriceRequest, ...errors },
      },
    },
    async (request) => inbox.quote(request.params.id, request.body, actorOf(sessionOf(request), request.ip), request.lang),
  );

  r.post(
    '/api/staff/price-requests/:id/decline',
    {
      config: { access: 'staff', staffRoles: ['order_desk'] },
      schema: {
        tags: ['staff'],
        summary: 'Decline an open price request with a message, mailed to the customer; 409 once answered',
        params: staffPriceRequestParams,
        body: staffPriceDeclineRequest,
        response: { 200: staffPriceRequest, ...errors },
      },
    },
    async (request) => inbox.decline(request.params.id, request.body, actorOf(sessionOf(request), request.ip), request.lang),
  );
}
