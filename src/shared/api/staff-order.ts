import { z } from 'zod';

/** The states of an order as staff see them (the server's state machine, decision 035). */
export const ORDER_STATE_NAMES = ['draft', 'payment_pending', 'placed', 'exported', 'confirmed', 'shipped', 'delivered', 'completed', 'canceled'] as const;
export type OrderStateName = (typeof ORDER_STATE_NAMES)[number];

/**
 * The staff order page (issue 42, points 4, 5 and 10): one order with everything the order desk
 * needs, the steps it may take, and changing it until it goes to the ERP or its cut-off. Money in
 * integer cents; the web formats it.
 */

/** The order in a staff path: its uuid. */
export const staffOrderParams = z.object({ order: z.uuid({ message: 'The order is named by its uuid.' }) });

/** The steps staff take on an order page, each through the state machine. */
export const STAFF_ORDER_ACTIONS = ['confirm', 'ship', 'deliver', 'cancel'] as const;
export type StaffOrderAction = (typeof STAFF_ORDER_ACTIONS)[number];

export const staffOrderActionParams = staffOrderParams.extend({
  action: z.enum(STAFF_ORDER_ACTIONS, { message: 'The action is confirm, ship, deliver or cancel.' }),
});

/** The version of the order the staff user saw: another one means someone else changed it meanwhile. */
const version = z.number({ message: 'version is the version of the order you saw.' }).int('version is the version of the order you saw.').min(0, 'version is the version of the order you saw.');

/** A reason as staff type it; required for a cancel (the service says so in the staff user's language). */
export const REASON_MAX = 500;

export const staffOrderActionRequest = z.object({
  version,
  reason: z.string().max(REASON_MAX, 'A reason is at most 500 characters.').optional(),
});
export type StaffOrderActionRequest = z.infer<typeof staffOrderActionRequest>;

/** At most this many lines in a changed order (as many as a cart may hold). */
export const MAX_CHANGE_LINES = 200;

/**
 * A change of an order: the lines it should have (a line left out is removed, a new variation is
 * added) and its delivery date, with the version the staff user saw.
 */
export const staffOrderChangeRequest = z.object({
  version,
  lines: z
    .array(
      z
        .object({
          variation_id: z.number({ message: 'variation_id is a variation id.' }).int('variation_id is a variation id.').positive('variation_id is a variation id.').optional(),
          /** A line to add by its article number (or EAN), as staff type it. */
          sku: z.string({ message: 'sku is an article number.' }).trim().min(1, 'sku is an article number.').max(64, 'An article number is at most 64 characters.').optional(),
          quantity: z.number({ message: 'quantity is a whole number from 1.' }).int('quantity is a whole number from 1.').min(1, 'quantity is a whole number from 1.').max(100_000, 'quantity is at most 100000.'),
        })
        .refine((line) => line.variation_id !== undefined || line.sku !== undefined, { message: 'Name each line by its variation_id or its sku.' }),
    )
    .min(1, 'An order keeps at least one line; cancel it instead.')
    .max(MAX_CHANGE_LINES, 'An order has at most 200 lines.'),
  delivery_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is written YYYY-MM-DD.'),
});
export type StaffOrderChangeRequest = z.infer<typeof staffOrderChangeRequest>;

export const staffOrderLine = z.object({
  item_id: z.number().int(),
  /** Null once the article is gone from the catalogue. */
  variation_id: z.number().int().nullable(),
  sku: z.string().nullable(),
  title: z.string().nullable(),
  quantity: z.number().int(),
  /** The sales unit as kept at placing ('doos van 6 × 50'); null: counted in pieces. */
  sales_unit: z.string().nullable(),
  unit_price_cents: z.number().int(),
  total_cents: z.number().int(),
  /** Basis points: 900 = 9%. */
  tax_rate: z.number().int(),
});
export type StaffOrderLine = z.infer<typeof staffOrderLine>;

export const staffOrderTotals = z.object({
  subtotal_cents: z.number().int(),
  /** Null without a shipping method. */
  shipping_cents: z.number().int().nullable(),
  vat: z.array(z.object({ label: z.string(), rate: z.number().int(), amount_cents: z.number().int() })),
  deposits: z.array(z.object({ label: z.string(), amount_cents: z.number().int() })),
  total_cents: z.number().int(),
});
export type StaffOrderTotals = z.infer<typeof staffOrderTotals>;

const address = z.object({
  name: z.string(),
  address_line1: z.string(),
  postal_code: z.string(),
  locality: z.string(),
  country_code: z.string(),
});

/** Why an order can no longer be changed: it went to the ERP (or further), or its cut-off passed. */
export const changeClosedReason = z.enum(['not_placed', 'cut_off']);

export const staffOrder = z.object({
  id: z.number().int(),
  uuid: z.string(),
  order_number: z.string().nullable(),
  state: z.enum(ORDER_STATE_NAMES),
  /** Send it back with every action and change. */
  version: z.number().int(),
  placed_at: z.string().nullable(),
  delivery_date: z.string().nullable(),
  delivery_address: address.nullable(),
  billing_address: address.nullable(),
  shipping_method: z.string().nullable(),
  payment_method: z.string().nullable(),
  /** 'on_account' (invoiced later) or 'paid' (paid online). */
  payment_status: z.string().nullable(),
  /** What finance must still look at: a refund, or a paid order raised above what was paid. */
  finance_check: z.enum(['refund', 'underpaid']).nullable(),
  customer: z.object({
    relation_uuid: z.string(),
    relation_name: z.string(),
    relation_number: z.string(),
    user: z.object({ id: z.number().int(), name: z.string(), mail: z.string() }),
    /** The language the customer gets their mails in. */
    langcode: z.string(),
  }),
  customer_comment: z.string(),
  po_reference: z.string(),
  lines: z.array(staffOrderLine),
  totals: staffOrderTotals,
  change: z.object({
    allowed: z.boolean(),
    /** Until when it may still be changed (its cut-off); null when that no longer matters. */
    until: z.string().nullable(),
    closed: changeClosedReason.nullable(),
    /** The relation's delivery weekdays ('monday', …), for the date picker. */
    delivery_days: z.array(z.string()),
    /** The first and last delivery date that may be chosen now. */
    earliest_date: z.string(),
    latest_date: z.string(),
  }),
  /** The steps the state machine allows from the order's state. */
  actions: z.array(z.enum(STAFF_ORDER_ACTIONS)),
});
export type StaffOrder = z.infer<typeof staffOrder>;

/** A line as the preview compares it: what changed on it. */
export const staffOrderLineChange = z.object({
  kind: z.enum(['added', 'removed', 'quantity', 'price']),
  variation_id: z.number().int().nullable(),
  sku: z.string().nullable(),
  title: z.string().nullable(),
  quantity_before: z.number().int().nullable(),
  quantity_after: z.number().int().nullable(),
  total_before_cents: z.number().int().nullable(),
  total_after_cents: z.number().int().nullable(),
});
export type StaffOrderLineChange = z.infer<typeof staffOrderLineChange>;

const orderSide = z.object({ delivery_date: z.string().nullable(), lines: z.array(staffOrderLine), totals: staffOrderTotals });

/** POST …/changes/preview: the order before and after, and the difference; nothing is stored. */
export const staffOrderChangePreview = z.object({
  before: orderSide,
  after: orderSide,
  changes: z.array(staffOrderLineChange),
  date_changed: z.boolean(),
  difference_cents: z.number().int(),
  /** A paid order raised above what was paid: saving flags it for finance. */
  finance_check: z.boolean(),
});
export type StaffOrderChangePreview = z.infer<typeof staffOrderChangePreview>;

/** GET /api/staff/finance/orders: orders finance must look at (a paid order canceled or raised), oldest first. */
export const financeCheckReason = z.enum(['refund', 'underpaid']);
export const staffFinanceChecksResponse = z.object({
  data: z.array(
    z.object({
      uuid: z.string(),
      order_number: z.string().nullable(),
      state: z.enum(ORDER_STATE_NAMES),
      reason: financeCheckReason,
      total_cents: z.number().int(),
      /** What its checkout payment paid; null when not known. */
      paid_cents: z.number().int().nullable(),
      flagged_at: z.string(),
      relation: z.object({ name: z.string(), erp_number: z.string() }),
    }),
  ),
});
export type StaffFinanceChecksResponse = z.infer<typeof staffFinanceChecksResponse>;
