import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderParams, orderQuery, orderResponse } from '../../../shared/api/checkout';
import { jsonApiError } from '../../../shared/api/errors';
import { orderListQuery, orderListResponse } from '../../../shared/api/orders';
import { sessionOf } from '../../plugins/auth';
import type { OrdersService } from './orders.service';

export default async function ordersRoutes(app: FastifyInstance, { orders }: { orders: OrdersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/jsonapi/commerce_order/default',
    {
      schema: {
        tags: ['orders'],
        summary: "The caller's orders out of draft, newest first, 15 a page (Drupal's filters are accepted; the caller's own id always counts)",
        querystring: orderListQuery,
        response: { 200: orderListResponse, 400: jsonApiError, 403: jsonApiError },
      },
    },
    async (request, reply) => {
      reply.type('application/vnd.api+json');
      return orders.ownOrders(request.query, sessionOf(request));
    },
  );

  r.get(
    '/jsonapi/commerce_order/default/:order',
    {
      schema: {
        tags: ['orders'],
        summary: "One of the caller's placed orders with its lines, adjustments and totals (the completed page)",
        params: orderParams,
        querystring: orderQuery,
        response: { 200: orderResponse, 400: jsonApiError, 403: jsonApiError, 404: jsonApiError },
      },
    },
    async (request, reply) => {
      reply.type('application/vnd.api+json');
      return orders.ownOrder(request.params.order, sessionOf(request));
    },
  );
}
