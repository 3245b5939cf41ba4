import { z } from 'zod';
import { money } from './catalog';
import { salesUnit } from './sales-units';
import { lineBackorderSchema, lineShortageSchema } from './availability';

/**
 * Cart contracts: Commerce's Cart API (`/cart...?_format=json`, see shared/API-SHAPES.md).
 * The cart is the draft order of the caller for their active relation. Every amount is worked
 * out by the server from integer cents; `number` is the decimal string, `formatted` nl-NL text.
 */

/** The largest quantity of one order line. */
export const MAX_LINE_QUANTITY = 9_999;
/** The most lines one add call may carry (Order again sends every line of an order). */
export const MAX_ADD_LINES = 200;
/** The most lines a cart may hold. */
export const MAX_CART_LINES = 500;

const wholeNumber = (name: string) =>
  z.union([z.number(), z.string().regex(/^-?\d{1,9}$/).transform(Number)], { message: `${name} must be a whole number.` }).pipe(
    z.number({ message: `${name} must be a whole number.` }).int(`${name} must be a whole number.`),
  );

/** One entry of POST /cart/add: a positive quantity, or a negative one (the minus button) for a line in the cart. */
export const addToCartLine = z.object({
  purchased_entity_type: z.literal('commerce_product_variation', {
    message: "purchased_entity_type must be 'commerce_product_variation'.",
  }),
  purchased_entity_id: wholeNumber('purchased_entity_id').pipe(z.number().min(1, 'purchased_entity_id is a variation id.')),
  quantity: wholeNumber('quantity').pipe(
    z
      .number()
      .refine((q) => q !== 0, 'quantity cannot be 0.')
      .refine((q) => Math.abs(q) <= MAX_LINE_QUANTITY, `quantity is at most ${MAX_LINE_QUANTITY}.`),
  ),
  /** Lines are always combined per variation; `false` is accepted and treated the same. */
  combine: z.boolean().optional(),
});
export type AddToCartLine = z.infer<typeof addToCartLine>;

export const addToCartRequest = z
  .array(addToCartLine, { message: 'The body is a list of lines to add.' })
  .min(1, 'Add at least one line.')
  .max(MAX_ADD_LINES, `At most ${MAX_ADD_LINES} lines at once.`);
export type AddToCartRequest = z.infer<typeof addToCartRequest>;

export const cartImage = z.object({
  small_thumbnail: z.string(),
  thumbnail: z.string(),
});

export const cartOrderItem = z.object({
  order_item_id: z.number().int(),
  uuid: z.string(),
  order_id: z.number().int(),
  title: z.string(),
  /** Commerce sends quantities as decimal strings: "3". */
  quantity: z.string(),
  purchased_entity: z.object({
    variation_id: z.number().int(),
    uuid: z.string(),
    sku: z.string(),
    product_id: z.number().int(),
    product_uuid: z.string(),
    product_images: z.array(cartImage),
  }),
  unit_price: money,
  total_price: money,
  /** VAT rate of the line as a fraction: "0.09". */
  tax_percentage: z.string(),
  /** Extra (decision 029): the unit the quantity counts and its order multiple; this server always sends it. */
  sales_unit: salesUnit.optional(),
  /** Extra (decision 029): the unit price per piece when a unit holds several pieces, else null. */
  unit_price_per_piece: money.nullable().optional(),
  /** The part of the quantity that is not in stock and is delivered later (decision 030); null: none. */
  backorder: lineBackorderSchema.nullable().optional(),
  /** Over the stock of an article without backorders (decision 030): what is left; null: the line can be placed. */
  stock_short: lineShortageSchema.nullable().optional(),
});
export type CartOrderItem = z.infer<typeof cartOrderItem>;

export const orderAdjustment = z.object({
  /** 'deposit': a deposit line without VAT (decision 028), its label written by the server. */
  type: z.enum(['shipping', 'tax', 'deposit']),
  label: z.string(),
  /** "0.09" for 9% VAT (the web shows it times 100); null for shipping and deposits. */
  percentage: z.string().nullable(),
  amount: money,
});
export type OrderAdjustment = z.infer<typeof orderAdjustment>;

export const cartShipment = z.object({
  shipping_method: z.string(),
  /** The delivery address (profile) the order goes to; null when the relation has none. */
  shipping_profile: z.number().int().nullable(),
  amount: money,
});

export const cartOrder = z.object({
  order_id: z.number().int(),
  uuid: z.string(),
  order_number: z.null(),
  state: z.literal('draft'),
  order_items: z.array(cartOrderItem),
  /** Subtotal plus adjustments, including VAT. */
  total_price: money,
  order_total: z.object({
    subtotal: money,
    adjustments: z.array(orderAdjustment),
    total: money,
  }),
  /** The chosen payment method's id ('ideal', 'on_account'), or null. */
  payment_method: z.string().nullable(),
  /** The payment gateway's id; the same as payment_method here. */
  payment_gateway: z.string().nullable(),
  /** Empty until a shipping method is chosen. */
  shipments: z.array(cartShipment),
  /** The delivery address chosen for the order (set-profile), whether or not a shipment exists yet. */
  shipping_profile: z.number().int().nullable(),
  /** The requested delivery date, YYYY-MM-DD, or null. */
  req_dlv_date: z.string().nullable(),
  /** Extra (issue 44 point 7): the customer's purchase-order reference, '' for none. */
  po_reference: z.string().optional(),
  /** Extra (issue 44 point 7): the customer's comment for the order desk, '' for none. */
  comment: z.string().optional(),
  /** Extra: whether the relation needs a purchase-order reference before placing. */
  po_reference_required: z.boolean().optional(),
  /** The sum of all quantities (the header's cart count). */
  quantity_total: z.number().int(),
  /** The relation's free-delivery threshold and what is left to reach it (null: no threshold). */
  free_delivery: z.object({ threshold: money, remaining: money }).nullable(),
});
export type CartOrder = z.infer<typeof cartOrder>;

/** GET /cart?_format=json: a list of carts; empty means no cart. */
export const cartResponse = z.array(cartOrder);
export type CartResponse = z.infer<typeof cartResponse>;

/** POST /cart/add answers the order items it added or changed (a line that reached 0 is not in it). */
export const addToCartResponse = z.array(cartOrderItem);

export const formatQuery = z.object({ _format: z.literal('json', { message: "_format must be 'json'." }).optional() });

export const cartItemsParams = z.object({
  orderId: z.string().regex(/^\d{1,9}$/, 'The order id is a number.').transform(Number),
});
export const cartItemParams = cartItemsParams.extend({
  itemId: z.string().regex(/^\d{1,9}$/, 'The order item id is a number.').transform(Number),
});

/** PATCH /cart/{orderId}/items: `{ "7": { "quantity": 5 } }`. */
export const patchCartItemsRequest = z
  .record(
    z.string().regex(/^\d{1,9}$/, 'Keys are order item ids.'),
    z.object({
      quantity: wholeNumber('quantity').pipe(
        z.number().min(1, 'quantity is at least 1.').max(MAX_LINE_QUANTITY, `quantity is at most ${MAX_LINE_QUANTITY}.`),
      ),
    }),
  )
  .refine((body) => Object.keys(body).length > 0, 'Name at least one order item.')
  .refine((body) => Object.keys(body).length <= MAX_CART_LINES, `At most ${MAX_CART_LINES} items at once.`);
export type PatchCartItemsRequest = z.infer<typeof patchCartItemsRequest>;
