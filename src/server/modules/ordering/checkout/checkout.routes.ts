import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cartOrder } from '../../../../shared/api/cart';
import {
  checkoutParams,
  paymentMethodsResponse,
  placeOrderRequest,
  placeOrderResponse,
  setDeliveryDateRequest,
  setPaymentRequest,
  setProfileRequest,
  setReferenceRequest,
  setShippingRequest,
  shippingMethodsResponse,
} from '../../../../shared/api/checkout';
import { apiError } from '../../../../shared/api/errors';
import { sessionOf } from '../../../plugins/auth';
import type { CheckoutService } from './checkout.service';

const errors = { 400: apiError, 403: apiError, 404: apiError, 409: apiError };

/** The options of a checkout call: on the caller's cart `:order`, answering `response` or one of the common refusals. */
const onCart = <S extends { response: object }>(summary: string, schema: S) => ({
  schema: { tags: ['checkout'], summary, params: checkoutParams, ...schema, response: { ...schema.response, ...errors } },
});

/** The checkout calls of spec section 7: every one acts on the caller's own cart only. */
export default async function checkoutRoutes(app: FastifyInstance, { checkout }: { checkout: CheckoutService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/checkout/:order/shipping', onCart('Shipping methods with what each costs this order', { response: { 200: shippingMethodsResponse } }), async (request) =>
    checkout.shippingMethods(request.params.order, sessionOf(request), request.lang),
  );

  r.get('/api/checkout/:order/payment', onCart('Payment methods', { response: { 200: paymentMethodsResponse } }), async (request) =>
    checkout.paymentMethods(request.params.order, sessionOf(request), request.lang),
  );

  r.post(
    '/api/checkout/:order/set-shipping',
    onCart('Chooses the shipping method; answers the cart', { body: setShippingRequest, response: { 200: cartOrder } }),
    async (request) => checkout.setShipping(request.params.order, request.body.method, sessionOf(request), request.lang),
  );

  r.post(
    '/api/checkout/:order/set-payment',
    onCart('Chooses the payment method; answers the cart', { body: setPaymentRequest, response: { 200: cartOrder } }),
    async (request) => checkout.setPayment(request.params.order, request.body.method, sessionOf(request), request.lang),
  );

  r.post(
    '/api/checkout/:order/set-delivery-date',
    onCart('Chooses the delivery date (only a delivery day of the relation from the earliest date on); answers the cart', {
      body: setDeliveryDateRequest,
      response: { 200: cartOrder },
    }),
    async (request) => checkout.setDeliveryDate(request.params.order, request.body.date, sessionOf(request), request.lang),
  );

  r.post(
    '/api/checkout/:order/set-profile',
    onCart("Chooses one of the relation's delivery addresses; answers the cart", { body: setProfileRequest, response: { 200: cartOrder } }),
    async (request) => checkout.setProfile(request.params.order, request.body.profileId, sessionOf(request), request.lang),
  );

  r.post(
    '/api/checkout/:order/set-reference',
    onCart("Keeps the customer's purchase-order reference and comment for the order desk ('' clears one); answers the cart", {
      body: setReferenceRequest,
      response: { 200: cartOrder },
    }),
    async (request) => checkout.setReference(request.params.order, request.body, sessionOf(request), request.lang),
  );

  r.post(
    '/api/checkout/:order/place',
    onCart('Places the order (payment methods that are not paid online); idempotent', { body: placeOrderRequest, response: { 200: placeOrderResponse } }),
    async (request) => checkout.place(request.params.order, request.body.terms_accepted, sessionOf(request), request.lang),
  );
}
