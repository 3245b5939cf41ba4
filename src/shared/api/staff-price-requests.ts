import { z } from 'zod';

import { langcode } from './json-api';
import { staffPage, staffPageMeta } from './staff';

/**
 * The price requests inbox (issue 42, point 6): every customer's price request, the oldest open
 * first, answered by the order desk with a quote (which the customer sees in the Better price
 * dialog and gets in the cart) or declined with a message. Money in integer cents.
 */

/** The states of a price request: waiting for staff, answered with a quote, or declined. */
export const PRICE_REQUEST_STATES = ['open', 'quoted', 'declined'] as const;
export type PriceRequestState = (typeof PRICE_REQUEST_STATES)[number];

/** The inbox's tabs: the open requests, the answered ones (quoted or declined), or all. */
export const PRICE_REQUEST_FILTERS = ['open', 'answered', 'all'] as const;
export type PriceRequestFilter = (typeof PRICE_REQUEST_FILTERS)[number];

/** Requests per page of the inbox. */
export const PRICE_REQUESTS_PER_PAGE = 50;

/** The erpId of a quote made from a price request: the ERP's full quote import keeps these. */
export const WEB_QUOTE_PREFIX = 'WEB-PR-';
export const webQuoteErpId = (requestId: number) => `${WEB_QUOTE_PREFIX}${requestId}`;

/** At most this many characters in a message to the customer. */
export const ANSWER_MESSAGE_MAX = 1000;
/** The highest price per unit staff can quote: € 100.000,00. */
export const MAX_QUOTE_PRICE_CENTS = 10_000_000;

/** GET /api/staff/price-requests?state=open|answered|all&page= */
export const staffPriceRequestsQuery = z.object({
  state: z.enum(PRICE_REQUEST_FILTERS, { message: "state is 'open', 'answered' or 'all'." }).optional().default('open'),
  page: staffPage,
});
export type StaffPriceRequestsQuery = z.input<typeof staffPriceRequestsQuery>;

/** A price request in a staff path: its number. */
export const staffPriceRequestParams = z.object({
  id: z.coerce
    .number({ message: 'A price request is named by its number.' })
    .int('A price request is named by its number.')
    .positive('A price request is named by its number.')
    .max(2_147_483_647, 'A price request is named by its number.'),
});

const message = z
  .string({ message: 'message is a text.' })
  .trim()
  .max(ANSWER_MESSAGE_MAX, 'A message is at most 1000 characters.');

/** POST /api/staff/price-requests/{id}/quote: a quote for the customer's relation. */
export const staffPriceQuoteRequest = z.object({
  price_per_unit_cents: z
    .number({ message: 'price_per_unit_cents is a price in cents from 1.' })
    .int('price_per_unit_cents is a price in cents from 1.')
    .min(1, 'price_per_unit_cents is a price in cents from 1.')
    .max(MAX_QUOTE_PRICE_CENTS, 'price_per_unit_cents is at most 10000000.'),
  from_quantity: z
    .number({ message: 'from_quantity is a whole number from 1.' })
    .int('from_quantity is a whole number from 1.')
    .min(1, 'from_quantity is a whole number from 1.')
    .max(100_000, 'from_quantity is at most 100000.'),
  /** The last day the quote holds (in Amsterdam); today or later. */
  valid_until: z.string({ message: 'valid_until is a day written YYYY-MM-DD.' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'valid_until is a day written YYYY-MM-DD.'),
  /** A remark shown with the quote and in the mail. */
  message: message.optional(),
});
export type StaffPriceQuoteRequest = z.infer<typeof staffPriceQuoteRequest>;

/** POST /api/staff/price-requests/{id}/decline: the message the customer gets. */
export const staffPriceDeclineRequest = z.object({
  message: message.min(1, 'Write a message to the customer.'),
});
export type StaffPriceDeclineRequest = z.infer<typeof staffPriceDeclineRequest>;

export const staffPriceRequestQuote = z.object({
  erp_id: z.string(),
  price_per_unit_cents: z.number().int(),
  from_quantity: z.number().int(),
  valid_until: z.string().nullable(),
});

export const staffPriceRequest = z.object({
  id: z.number().int(),
  state: z.enum(PRICE_REQUEST_STATES),
  /** When the customer asked (ISO). */
  requested_at: z.string(),
  /** Seconds from the request to its answer, or to now while it is open. */
  waiting_seconds: z.number().int(),
  quantity: z.number().int(),
  /** The language the customer asked in. */
  langcode,
  customer: z.object({
    /** The user's login name and how the shop names them (null: the user is gone). */
    name: z.string(),
    display_name: z.string(),
    mail: z.string(),
    relation: z.object({ id: z.string(), drupal_internal__id: z.number().int(), name: z.string(), erp_number: z.string() }).nullable(),
  }),
  product: z.object({ id: z.string(), title: z.string(), sku: z.string() }),
  /** Null while open. */
  answer: z
    .object({
      at: z.string(),
      /** The staff user who answered (their login name; null once they are gone). */
      by: z.string().nullable(),
      message: z.string().nullable(),
      quote: staffPriceRequestQuote.nullable(),
    })
    .nullable(),
});
export type StaffPriceRequest = z.infer<typeof staffPriceRequest>;

export const staffPriceRequestsResponse = z.object({
  data: z.array(staffPriceRequest),
  meta: staffPageMeta.extend({
    state: z.enum(PRICE_REQUEST_FILTERS),
    /** Over all requests, whatever the tab. */
    open_count: z.number().int(),
    answered_count: z.number().int(),
  }),
});
export type StaffPriceRequestsResponse = z.infer<typeof staffPriceRequestsResponse>;
