import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderParams, orderQuery, orderResponse } from '../../../../shared/api/checkout';
import { jsonApiError } from '../../../../shared/api/errors';
import { orderListQuery, orderListResponse } from '../../../../shared/api/orders';
import { sessionOf } from '../../../plugins/auth';
import type { OrdersService } from './orders.service';

/** The options of a call on the caller's own orders, a JSON:API document; a bad query and a caller who is no customer are refused alike. */
const ownOrders = <S extends { response: object }>(summary: string, schema: S) => ({
  schema: { tags: ['orders'], summary, ...schema, response: { ...schema.response, 400: jsonApiError, 403: jsonApiError } },
});

export default async function ordersRoutes(app: FastifyInstance, { orders }: { orders: OrdersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/jsonapi/commerce_order/default',
    ownOrders("The caller's orders out of draft, newest first, 15 a page (Drupal's filters are accepted; the caller's own id always counts)", {
      querystring: orderListQuery,
      response: { 200: orderListResponse },
    }),
    async (request, reply) => {
      reply.type('application/vnd.api+json');
      return orders.ownOrders(request.query, sessionOf(request));
    },
  );

  r.get(
    '/jsonapi/commerce_order/default/:order',
    ownOrders("One of the caller's placed orders with its lines, adjustments and totals (the completed page)", {
      params: orderParams,
      querystring: orderQuery,
      response: { 200: orderResponse, 404: jsonApiError },
    }),
    async (request, reply) => {
      reply.type('application/vnd.api+json');
      return orders.ownOrder(request.params.order, sessionOf(request), request.lang);
    },
  );
}
