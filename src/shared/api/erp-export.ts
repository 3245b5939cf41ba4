import { z } from 'zod';
import { DEPOSIT_KINDS } from './deposits';
import { SALES_UNITS } from './sales-units';

/** The ERP export calls (docs/erp-exchange.md): placed orders and applied payments, each read after a cursor. */

// ---- export of placed orders ----

export const erpOrdersQuery = z.object({
  after: z
    .string()
    .regex(/^\d{1,18}$/, 'after is a cursor from an earlier answer (digits).')
    .optional(),
  limit: z.coerce
    .number({ message: 'limit must be a whole number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit is at least 1.')
    .max(1000, 'limit is at most 1000.')
    .default(100),
});

/** A page of records after a cursor. */
const recordsAfter = <T extends z.ZodType>(record: T) =>
  z.object({
    records: z.array(record),
    /** Store this and pass it as `after` next time; equal to `after` when there was nothing new. */
    next_cursor: z.string(),
    has_more: z.boolean(),
  });

const exportRelation = z.object({ erp_number: z.string(), name: z.string() });
const exportUser = z.object({ id: z.number().int(), name: z.string(), mail: z.string() });

const address = z.object({
  name: z.string(),
  label: z.string().optional(),
  address_line1: z.string(),
  postal_code: z.string(),
  locality: z.string(),
  country_code: z.string(),
});

export const erpOrderRecord = z.object({
  /** This record's cursor: ask `after` it for the records that follow. */
  cursor: z.string(),
  order_number: z.string(),
  uuid: z.string(),
  state: z.string(),
  placed_at: z.string(),
  langcode: z.string(),
  relation: exportRelation,
  user: exportUser,
  mail: z.string().nullable(),
  requested_delivery_date: z.string().nullable(),
  /** The customer's purchase-order reference and comment for the order desk ('' for none; issue 44 point 7). */
  po_reference: z.string(),
  comment: z.string(),
  delivery_address: address.extend({ erp_code: z.string().nullable() }).nullable(),
  billing_address: address.nullable(),
  shipping_method: z.object({ id: z.string().nullable(), label: z.string().nullable() }),
  payment_method: z.object({ id: z.string().nullable(), label: z.string().nullable() }),
  /** 'on_account' (invoiced later) or 'paid' (paid online). */
  payment_status: z.string().nullable(),
  lines: z.array(
    z.object({
      sku: z.string().nullable(),
      title: z.string().nullable(),
      quantity: z.number().int(),
      unit_price_cents: z.number().int().nullable(),
      total_cents: z.number().int().nullable(),
      /** Basis points: 900 = 9%. */
      tax_rate: z.number().int().nullable(),
      /** Of the quantity, what was not in stock at placing and is delivered later (decision 030); 0: none. */
      backorder_quantity: z.number().int(),
      /**
       * What the quantity counts, as kept at placing (decision 029): the sales unit's code and the
       * pieces one unit holds (null: not counted in pieces). Both null for lines placed before units
       * were kept (read as pieces).
       */
      sales_unit: z.enum(SALES_UNITS).nullable(),
      pieces_per_unit: z.number().int().nullable(),
    }),
  ),
  subtotal_cents: z.number().int().nullable(),
  shipping_cents: z.number().int(),
  tax: z.array(z.object({ label: z.string(), percentage: z.string().nullable(), amount_cents: z.number().int() })),
  /** Deposit lines, without VAT (decision 028): per kind and amount; 48 bottles of 10 cents = 480. */
  deposits: z.array(z.object({ kind: z.enum(DEPOSIT_KINDS), quantity: z.number().int(), unit_cents: z.number().int(), total_cents: z.number().int() })),
  /** Subtotal, shipping, VAT and deposits. */
  total_cents: z.number().int().nullable(),
  /**
   * Added (issue 42): how often the order desk changed the order before it was exported (0: as the
   * customer placed it). Changes close when the export numbers an order, so a record's version is final.
   */
  version: z.number().int(),
});
export type ErpOrderRecord = z.infer<typeof erpOrderRecord>;

export const erpOrdersResponse = recordsAfter(erpOrderRecord);
export type ErpOrdersResponse = z.infer<typeof erpOrdersResponse>;

// ---- export of payments ----

export const erpPaymentsQuery = erpOrdersQuery;

export const erpPaymentRecord = z.object({
  cursor: z.string(),
  uuid: z.string(),
  /** 'checkout' (an order plus open invoices), 'bulk' (a payment link) or 'cash_invoice' (one invoice). */
  kind: z.string(),
  provider: z.string(),
  provider_id: z.string().nullable(),
  status: z.literal('paid'),
  /** When the shop applied it (placed the order, took the amounts off the invoices). */
  paid_at: z.string(),
  amount_cents: z.number().int(),
  description: z.string(),
  relation: exportRelation,
  user: exportUser.nullable(),
  /** The webshop order it paid for (kind 'checkout'). */
  order_number: z.string().nullable(),
  /** What it paid of each invoice (a credit is negative). */
  invoices: z.array(z.object({ invoice_number: z.string(), cash_order_number: z.string(), amount_cents: z.number().int() })),
  /**
   * Set when the shop did not apply the payment (decision 010): the order was not placed and the
   * invoices not settled; staff settle it with the customer. `expected_cents`: what should have
   * been paid (the order's total at that moment plus its invoices), when known.
   */
  review: z
    .object({ reason: z.enum(['amount_mismatch', 'not_placeable', 'order_already_placed', 'paid_after_final']), expected_cents: z.number().int().nullable() })
    .nullable(),
});
export type ErpPaymentRecord = z.infer<typeof erpPaymentRecord>;

export const erpPaymentsResponse = recordsAfter(erpPaymentRecord);
export type ErpPaymentsResponse = z.infer<typeof erpPaymentsResponse>;
