import { z } from 'zod';
import { resource } from './json-api';
import { orderAdjustment } from './cart';
import { money } from './catalog';
import { lineBackorderSchema } from './availability';
import { SALES_UNITS } from './sales-units';

/**
 * Checkout contracts (spec section 7, Checkout) and the placed order as the completed page reads
 * it (`GET /jsonapi/commerce_order/default/{order}`).
 */

/** The id of the online payment method (spec section 9). */
export const IDEAL = 'ideal';

export const checkoutParams = z.object({
  order: z.string().regex(/^\d{1,9}$/, 'The order id is a number.').transform(Number),
});

export const shippingMethod = z.object({
  id: z.string(),
  label: z.string(),
  /** What it costs this order now (0 when the order is franco). */
  amount: money,
});
export type ShippingMethod = z.infer<typeof shippingMethod>;
export const shippingMethodsResponse = z.array(shippingMethod);

export const paymentMethod = z.object({
  id: z.string(),
  label: z.string(),
  /** Paid online through the payment provider ('ideal'). */
  online: z.boolean(),
});
export type PaymentMethod = z.infer<typeof paymentMethod>;
export const paymentMethodsResponse = z.array(paymentMethod);

const methodId = z.string({ message: 'method is required.' }).min(1, 'method is required.').max(64, 'method is at most 64 characters.');
export const setShippingRequest = z.object({ method: methodId });
export const setPaymentRequest = z.object({ method: methodId });
export const setDeliveryDateRequest = z.object({
  date: z.string({ message: 'date is required (YYYY-MM-DD).' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'date is a day written YYYY-MM-DD.'),
});
export const setProfileRequest = z.object({
  profileId: z.union([z.number().int().min(1), z.string().regex(/^\d{1,9}$/).transform(Number)], {
    message: 'profileId is the id of one of your delivery addresses.',
  }),
});

/** The longest purchase-order reference the ERP keeps. */
export const PO_REFERENCE_MAX = 35;
export const COMMENT_MAX = 1000;

/** POST /api/checkout/{order}/set-reference (issue 44 point 7): the customer's reference and comment; '' clears one. */
export const setReferenceRequest = z.object({
  po_reference: z.string().trim().max(PO_REFERENCE_MAX, 'A reference is at most 35 characters.').optional().default(''),
  comment: z.string().trim().max(COMMENT_MAX, 'A comment is at most 1000 characters.').optional().default(''),
});
export type SetReferenceRequest = z.input<typeof setReferenceRequest>;

/**
 * POST /api/checkout/{order}/place (and create-payment). The spec sends an empty body; this
 * shop's web also says that the customer ticked the delivery terms, and the server insists on it
 * (decision 009).
 */
export const placeOrderRequest = z
  .object({ terms_accepted: z.boolean().optional() })
  .nullish()
  .transform((body) => ({ terms_accepted: body?.terms_accepted ?? false }));

export const placeOrderResponse = z.object({
  status: z.literal('success'),
  orderId: z.number().int(),
  uuid: z.string(),
  order_number: z.string(),
});
export type PlaceOrderResponse = z.infer<typeof placeOrderResponse>;

export const addressSnapshot = z.object({
  name: z.string(),
  label: z.string().optional(),
  profile_id: z.number().int().optional(),
  address_line1: z.string(),
  postal_code: z.string(),
  locality: z.string(),
  country_code: z.string(),
});

/** What a placed line's quantity counted (decision 029), as kept at placing; its content in the request's language. */
export const orderLineUnit = z.object({ code: z.enum(SALES_UNITS), content: z.string().nullable() });
export type OrderLineUnit = z.infer<typeof orderLineUnit>;

export const orderItemResource = z.object({
  ...resource('commerce_order_item--default'),
  drupal_internal__order_item_id: z.number().int(),
  title: z.string(),
  quantity: z.string(),
  unit_price: money,
  total_price: money,
  adjustments: z.array(orderAdjustment),
  purchased_entity: z
    .object({
      ...resource('commerce_product_variation--default'),
      drupal_internal__variation_id: z.number().int(),
      sku: z.string(),
      title: z.string(),
      product_uuid: z.string().nullable(),
    })
    .nullable(),
  product_images: z.array(z.object({ image_style_uri: z.object({ small_thumbnail: z.string(), thumbnail: z.string() }) })),
  /** Extra (decision 029): the sales unit as placed, when it says more than a piece; null: a piece. */
  sales_unit: orderLineUnit.nullable().optional(),
  /** Extra (decision 030): the part that was not in stock at placing and comes later, with the date expected then; null: none. */
  backorder: lineBackorderSchema.nullable().optional(),
});
export type OrderItemResource = z.infer<typeof orderItemResource>;

export const orderResource = z.object({
  ...resource('commerce_order--default'),
  drupal_internal__order_id: z.number().int(),
  order_number: z.string().nullable(),
  state: z.enum(['draft', 'placed', 'completed', 'canceled']),
  /** ISO 8601. */
  placed: z.string().nullable(),
  mail: z.string().nullable(),
  order_items: z.array(orderItemResource),
  adjustments: z.array(orderAdjustment),
  order_total: z.object({ subtotal: money, adjustments: z.array(orderAdjustment), total: money }),
  total_price: money,
  req_dlv_date: z.string().nullable(),
  /** Extra (issue 44 point 7): the customer's purchase-order reference and comment ('' for none). */
  po_reference: z.string().optional(),
  comment: z.string().optional(),
  billing_address: addressSnapshot.nullable(),
  delivery_address: addressSnapshot.nullable(),
  shipping_method: z.string().nullable(),
  payment_method: z.string().nullable(),
  payment_state: z.string().nullable(),
  uid: z.object({ type: z.literal('user--user'), drupal_internal__uid: z.number().int() }),
});
export type OrderResource = z.infer<typeof orderResource>;

/** The order's uuid, or its numeric id (drupal_internal__order_id) as the order detail page's address has it. */
export const orderParams = z.object({
  order: z.string().regex(/^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{1,9})$/i, 'The order id is a UUID or a number.'),
});
export const orderQuery = z.object({
  jsonapi_include: z.string().max(10).optional(),
  include: z.string().max(300).optional(),
});
export const orderResponse = z.object({ data: orderResource });
export type OrderResponse = z.infer<typeof orderResponse>;
