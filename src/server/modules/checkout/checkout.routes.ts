import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cartOrder } from '../../../shared/api/cart';
import {
  checkoutParams,
  paymentMethodsResponse,
  placeOrderRequest,
  placeOrderResponse,
  setDeliveryDateRequest,
  setPaymentRequest,
  setProfileRequest,
  setShippingRequest,
  shippingMethodsResponse,
} from '../../../shared/api/checkout';
import { apiError } from '../../../shared/api/errors';
import { sessionOf } from '../../plugins/auth';
import type { CheckoutService } from './checkout.service';

const errors = { 400: apiError, 403: apiError, 404: apiError, 409: apiError };

/** The checkout calls of spec section 7: every one acts on the caller's own cart only. */
export default async function checkoutRoutes(app: FastifyInstance, { checkout }: { checkout: CheckoutService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/checkout/:order/shipping',
    { schema: { tags: ['checkout'], summary: 'Shipping methods with what each costs this order', params: checkoutParams, response: { 200: shippingMethodsResponse, ...errors } } },
    async (request) => checkout.shippingMethods(request.params.order, sessionOf(request), request.lang),
  );

  r.get(
    '/api/checkout/:order/payment',
    { schema: { tags: ['checkout'], summary: 'Payment methods', params: checkoutParams, response: { 200: paymentMethodsResponse, ...errors } } },
    async (request) => checkout.paymentMethods(request.params.order, sessionOf(request), request.lang),
  );

  r.post(
    '/api/checkout/:order/set-shipping',
    { schema: { tags: ['checkout'], summary: 'Chooses the shipping method; answers the cart', params: checkoutParams, body: setShippingRequest, response: { 200: cartOrder, ...errors } } },
    async (request) => checkout.setShipping(request.params.order, request.body.method, sessionOf(request), request.lang),
  );

  r.post(
    '/api/checkout/:order/set-payment',
    { schema: { tags: ['checkout'], summary: 'Chooses the payment method; answers the cart', params: checkoutParams, body: setPaymentRequest, response: { 200: cartOrder, ...errors } } },
    async (request) => checkout.setPayment(request.params.order, request.body.method, sessionOf(request), request.lang),
  );

  r.post(
    '/api/checkout/:order/set-delivery-date',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Chooses the delivery date (only a delivery day of the relation from the earliest date on); answers the cart',
        params: checkoutParams,
        body: setDeliveryDateRequest,
        response: { 200: cartOrder, ...errors },
      },
    },
    async (request) => checkout.setDeliveryDate(request.params.order, request.body.date, sessionOf(request), request.lang),
  );

  r.post(
    '/api/checkout/:order/set-profile',
    {
      schema: {
        tags: ['checkout'],
        summary: "Chooses one of the relation's delivery addresses; answers the cart",
        params: checkoutParams,
        body: setProfileRequest,
        response: { 200: cartOrder, ...errors },
      },
    },
    async (request) => checkout.setProfile(request.params.order, request.body.profileId, sessionOf(request), request.lang),
  );

  r.post(
    '/api/checkout/:order/place',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Places the order (payment methods that are not paid online); idempotent',
        params: checkoutParams,
        body: placeOrderRequest,
        response: { 200: placeOrderResponse, ...errors },
      },
    },
    async (request) => checkout.place(request.params.order, request.body.terms_accepted, sessionOf(request), request.lang),
  );
}
