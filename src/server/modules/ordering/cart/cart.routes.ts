import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addToCartRequest,
  addToCartResponse,
  cartItemParams,
  cartItemsParams,
  cartOrder,
  cartResponse,
  formatQuery,
  patchCartItemsRequest,
} from '../../../../shared/api/cart';
import { apiError } from '../../../../shared/api/errors';
import { sessionOf } from '../../../plugins/auth';
import type { CartService } from './cart.service';

/** Commerce's Cart API (spec section 7): the caller's own cart only. */
export default async function cartRoutes(app: FastifyInstance, { cart }: { cart: CartService }) {
  wholeCartRoutes(app, cart);
  cartItemRoutes(app, cart);
}

/** The cart as a whole: viewing it and adding lines. */
function wholeCartRoutes(app: FastifyInstance, cart: CartService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/cart',
    {
      schema: {
        tags: ['cart'],
        summary: "The caller's cart for their relation, as a list (empty: no cart)",
        querystring: formatQuery,
        response: { 200: cartResponse, 400: apiError, 403: apiError },
      },
    },
    async (request) => cart.view(sessionOf(request), request.lang),
  );

  r.post(
    '/cart/add',
    {
      schema: {
        tags: ['cart'],
        summary: 'Adds lines to the cart, combined per variation; a negative quantity takes off (a line at 0 goes)',
        querystring: formatQuery,
        body: addToCartRequest,
        response: { 200: addToCartResponse, 400: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request) => cart.add(request.body, sessionOf(request), request.lang),
  );
}

/** The lines of a cart: their quantities, and taking one out. */
function cartItemRoutes(app: FastifyInstance, cart: CartService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.patch(
    '/cart/:orderId/items',
    {
      schema: {
        tags: ['cart'],
        summary: 'Sets the quantities of lines of the cart; answers the cart',
        params: cartItemsParams,
        querystring: formatQuery,
        body: patchCartItemsRequest,
        response: { 200: cartOrder, 400: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request) => cart.setQuantities(request.params.orderId, request.body, sessionOf(request), request.lang),
  );

  r.delete(
    '/cart/:orderId/items/:itemId',
    {
      schema: {
        tags: ['cart'],
        summary: 'Takes a line out of the cart',
        params: cartItemParams,
        querystring: formatQuery,
        response: { 204: z.null(), 400: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      await cart.removeItem(request.params.orderId, request.params.itemId, sessionOf(request));
      return reply.code(204).send(null);
    },
  );
}
