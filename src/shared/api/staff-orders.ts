import { z } from 'zod';

import { staffPage } from './staff';

/**
 * The staff orders board (issue 42, point 3): every customer's orders that left the cart, the
 * newest delivery date first (the web groups the rows under their delivery date), with filters,
 * a search, paging, counts per state and an export of the filtered list. Money in integer cents.
 */

/** Orders per page of the board. */
export const BOARD_PER_PAGE = 50;

/** The most rows one export holds (the newest first); a narrower filter gets the rest. */
export const BOARD_EXPORT_MAX = 10_000;

/**
 * The states an order on the board can be in: every state of the state machine (decision 035)
 * from placing on. A draft is a customer's cart and `payment_pending` an order in the cart while
 * it is paid; neither has been placed, so neither is on the board.
 */
export const BOARD_STATES = ['placed', 'exported', 'confirmed', 'shipped', 'delivered', 'completed', 'canceled'] as const;
export type BoardState = (typeof BOARD_STATES)[number];

/** The payment methods of the shop (payment_methods): a filter names one of them. */
export const BOARD_PAYMENT_METHODS = ['on_account', 'ideal'] as const;
export type BoardPaymentMethod = (typeof BOARD_PAYMENT_METHODS)[number];

export const BOARD_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type BoardExportFormat = (typeof BOARD_EXPORT_FORMATS)[number];

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is written as YYYY-MM-DD.')
  .refine((value) => {
    const parsed = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
  }, 'This date does not exist.');

/** `?state=placed&state=exported` or `?state=placed,exported`: one or more states (none: all). */
const states = z.preprocess(
  (value) => (value === undefined ? [] : (Array.isArray(value) ? value : [value]).flatMap((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : [v]))),
  z.array(z.enum(BOARD_STATES, { message: 'state is one of placed, exported, confirmed, shipped, delivered, completed, canceled.' })),
);

const filters = {
  state: states,
  delivery_from: day.optional(),
  delivery_until: day.optional(),
  customer: z.uuid('customer is the uuid of a customer relation.').optional(),
  payment_method: z.enum(BOARD_PAYMENT_METHODS, { message: 'payment_method is one of on_account, ideal.' }).optional(),
  /** On the order number, the customer's name or number and the PO reference. */
  q: z.string().trim().max(100, 'A search is at most 100 characters.').optional().default(''),
};

const periodInOrder = (q: { delivery_from?: string; delivery_until?: string }) => !q.delivery_from || !q.delivery_until || q.delivery_from <= q.delivery_until;
const periodMessage = { message: 'The period ends before it starts.', path: ['delivery_until'] };

/** GET /api/staff/orders */
export const staffBoardQuery = z
  .object({
    ...filters,
    page: staffPage,
    /** Fewer rows for a short list (the customer page's latest orders). */
    per_page: z.coerce
      .number({ message: 'per_page is a whole number from 1 to 50.' })
      .int('per_page is a whole number from 1 to 50.')
      .min(1, 'per_page is a whole number from 1 to 50.')
      .max(BOARD_PER_PAGE, 'per_page is a whole number from 1 to 50.')
      .optional()
      .default(BOARD_PER_PAGE),
  })
  .refine(periodInOrder, periodMessage);
export type StaffBoardQuery = z.input<typeof staffBoardQuery>;
export type StaffBoardFilters = Omit<z.output<typeof staffBoardQuery>, 'page' | 'per_page'>;

/** GET /api/staff/orders/export?format=csv|xlsx with the board's filters. */
export const staffBoardExportQuery = z
  .object({ ...filters, format: z.enum(BOARD_EXPORT_FORMATS, { message: 'format is one of csv, xlsx.' }) })
  .refine(periodInOrder, periodMessage);
export type StaffBoardExportQuery = z.input<typeof staffBoardExportQuery>;

export const staffBoardOrder = z.object({
  /** The order's uuid: its staff page is /staff/orders/{id}. */
  id: z.string(),
  drupal_internal__order_id: z.number().int(),
  order_number: z.string().nullable(),
  placed_at: z.string(),
  /** The requested delivery date (YYYY-MM-DD). */
  delivery_date: z.string().nullable(),
  state: z.enum(BOARD_STATES),
  customer: z.object({ id: z.string(), name: z.string(), erp_number: z.string() }),
  payment_method: z.object({ id: z.string().nullable(), label: z.string().nullable() }),
  /** 'on_account' (invoiced later) or 'paid' (online); null when not known. */
  payment_status: z.string().nullable(),
  po_reference: z.string(),
  /** Including VAT, in cents. */
  total_cents: z.number().int(),
});
export type StaffBoardOrder = z.infer<typeof staffBoardOrder>;

export const staffBoardResponse = z.object({
  data: z.array(staffBoardOrder),
  meta: z.object({
    /** Orders matching every filter, on all pages. */
    count: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
    /** Per state: the orders matching every filter but the state filter (the chips above the board). */
    counts: z.object(Object.fromEntries(BOARD_STATES.map((s) => [s, z.number().int()])) as Record<BoardState, z.ZodNumber>),
  }),
});
export type StaffBoardResponse = z.infer<typeof staffBoardResponse>;
