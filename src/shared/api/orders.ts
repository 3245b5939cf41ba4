import { z } from 'zod';
import { resource } from './json-api';
import { money } from './catalog';

/** Order history and open invoices (spec sections 3 and 7, Orders and invoices). */

/** Orders per page on My orders (spec section 9). */
export const ORDERS_PAGE_SIZE = 15;

/**
 * GET /jsonapi/commerce_order/default with Drupal's bracketed keys, read literally. The server
 * always lists the caller's own orders out of draft, newest first; a uid filter naming another
 * user gives an empty list.
 */
export const orderListQuery = z
  .object({
    'filter[uid.meta.drupal_internal__target_id]': z.string().regex(/^\d{1,10}$/, 'The uid filter is a user id.').optional(),
    'filter[state][condition][path]': z.literal('state').optional(),
    'filter[state][condition][operator]': z.literal('NOT IN').optional(),
    'filter[state][condition][value][]': z.union([z.string().max(20), z.array(z.string().max(20)).max(5)]).optional(),
    sort: z.enum(['-placed', 'placed'], { message: "sort is '-placed' or 'placed'." }).optional(),
    'page[offset]': z.coerce.number({ message: 'page[offset] must be a whole number.' }).int('page[offset] must be a whole number.').min(0, 'page[offset] cannot be negative.').max(1_000_000).default(0),
    'page[limit]': z.coerce.number({ message: 'page[limit] must be a whole number.' }).int('page[limit] must be a whole number.').min(1, 'page[limit] is at least 1.').max(50, 'page[limit] is at most 50.').default(ORDERS_PAGE_SIZE),
  });

export const orderListItem = z.object({
  ...resource('commerce_order--default'),
  drupal_internal__order_id: z.number().int(),
  order_number: z.string(),
  /** ISO 8601. */
  placed: z.string(),
  state: z.string(),
  total_price: money,
  order_items: z.array(
    z.object({
      quantity: z.string(),
      purchased_entity: z.object({ drupal_internal__variation_id: z.number().int() }).nullable(),
    }),
  ),
});
export type OrderListItem = z.infer<typeof orderListItem>;

export const orderListResponse = z.object({ data: z.array(orderListItem), meta: z.object({ count: z.number().int() }) });
export type OrderListResponse = z.infer<typeof orderListResponse>;

/** One open invoice (spec section 3, Cash invoice). */
export const cashInvoice = z.object({
  id: z.number().int(),
  /** The webshop order's id (drupal_internal__order_id) when the invoice is for one. */
  orderId: z.number().int().optional(),
  invoiceNumber: z.string(),
  cashOrderId: z.string(),
  /** YYYY-MM-DD. */
  entryDate: z.string(),
  /** EUR; 0 or below is a credit. */
  outstandingAmount: z.number(),
});
export type CashInvoice = z.infer<typeof cashInvoice>;

export const openInvoicesParams = z.object({ userId: z.string().regex(/^\d{1,10}$/, 'The user id is a number.').transform(Number) });
export const openInvoicesResponse = z.object({ data: z.object({ data: z.array(cashInvoice) }) });
export type OpenInvoicesResponse = z.infer<typeof openInvoicesResponse>;

export const cashInvoiceParams = z.object({ cashInvoiceId: z.string().regex(/^\d{1,10}$/, 'The invoice id is a number.').transform(Number) });

export const invoicePaymentResponse = z.object({ paymentUrl: z.string() });

/** POST /api/cash-invoice/{id}/payment-return. */
export const invoicePaymentReturnResponse = z.object({
  status: z.enum(['success', 'error']),
  waiting: z.boolean(),
  message: z.string(),
  invoiceDetails: z.object({ invoiceNumber: z.string() }),
});
export type InvoicePaymentReturnResponse = z.infer<typeof invoicePaymentReturnResponse>;
