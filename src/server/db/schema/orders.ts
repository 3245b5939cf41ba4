import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgSequence, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idAndUuid, moment, refersTo, stamped } from './columns';
import { deliveryAddresses, relations, users } from './accounts';
import { products, variations } from './catalog';
import type { DepositKind } from '../../../shared/api/deposits';
import { SALES_UNITS } from '../../../shared/api/sales-units';

/** Numbers placed orders in the order the ERP export hands them out. */
export const erpExportSequence = pgSequence('erp_export_seq');

/**
 * The states of an order (decision 035; the transitions are modules/ordering/order-state.ts). A
 * draft is a cart; `payment_pending` is reserved for an order that leaves the cart while it is paid.
 */
export const ORDER_STATES = ['draft', 'payment_pending', 'placed', 'exported', 'confirmed', 'shipped', 'delivered', 'completed', 'canceled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** Shipping methods (Commerce shipping methods): a flat rate, free at the relation's threshold when `franco`. */
export const shippingMethods = pgTable('shipping_methods', {
  id: text('id').primaryKey(),
  labelNl: text('label_nl').notNull(),
  labelEn: text('label_en').notNull(),
  /** Excluding VAT. */
  rateCents: integer('rate_cents').notNull().default(0),
  /** Whether the relation's free-delivery amount makes this method free. */
  franco: boolean('franco').notNull().default(true),
  weight: integer('weight').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/** Payment methods (Commerce payment gateways). `online` ones go through the payment provider ('ideal'). */
export const paymentMethods = pgTable('payment_methods', {
  id: text('id').primaryKey(),
  labelNl: text('label_nl').notNull(),
  labelEn: text('label_en').notNull(),
  online: boolean('online').notNull().default(false),
  weight: integer('weight').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/** An address as an order keeps it: a snapshot, whatever happens to the relation later. */
export interface AddressSnapshot {
  name: string;
  label?: string;
  profile_id?: number;
  address_line1: string;
  postal_code: string;
  locality: string;
  country_code: string;
}

/** An order adjustment as placed (spec section 3, Completed order). */
export interface AdjustmentSnapshot {
  type: 'shipping' | 'tax' | 'deposit';
  label: string;
  /** "0.09" for tax; null for shipping and deposits. */
  percentage: string | null;
  amountCents: number;
  /** For a deposit (decision 028): what it is, so its label can be written in any language. */
  deposit?: { kind: DepositKind; quantity: number; unitCents: number };
}

/**
 * Orders (Commerce orders). A draft is the cart of one user for one relation; placing moves it
 * through the state machine (modules/ordering/order-transition.ts, `transitionOrder`, which writes
 * `order_history`) and snapshots what it was.
 */
export const orders = pgTable(
  'orders',
  {
    ...idAndUuid(),
    userId: refersTo('user_id', () => users.id, 'restrict'),
    relationId: refersTo('relation_id', () => relations.id, 'restrict'),
    /** Changed only by the state machine (decision 035). */
    state: text('state', { enum: ORDER_STATES }).notNull().default('draft'),
    orderNumber: text('order_number').unique(),
    langcode: text('langcode').notNull().default('nl'),
    shippingMethodId: text('shipping_method_id').references(() => shippingMethods.id, { onDelete: 'set null' }),
    paymentMethodId: text('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    deliveryAddressId: integer('delivery_address_id').references(() => deliveryAddresses.id, { onDelete: 'set null' }),
    /** The requested delivery date. */
    reqDlvDate: date('req_dlv_date', { mode: 'string' }),
    // What the order was when placed (null while it is a draft).
    placedAt: moment('placed_at'),
    mail: text('mail'),
    billingAddress: jsonb('billing_address').$type<AddressSnapshot>(),
    deliveryAddress: jsonb('delivery_address').$type<AddressSnapshot>(),
    shippingMethodLabel: text('shipping_method_label'),
    paymentMethodLabel: text('payment_method_label'),
    subtotalCents: integer('subtotal_cents'),
    adjustments: jsonb('adjustments').$type<AdjustmentSnapshot[]>(),
    totalCents: integer('total_cents'),
    /** Payment state as the shop knows it: 'on_account' (invoiced later) or 'paid' (online). */
    paymentState: text('payment_state'),
    /**
     * Position in the ERP export (decision 011): given from `erpExportSequence` by the exporter,
     * under a lock, to placed orders that have none yet, so later numbers are only ever given to
     * orders committed later and a consumer's cursor never skips one.
     */
    erpExportSeq: bigint('erp_export_seq', { mode: 'number' }),
    /** The customer's comment and purchase-order reference given at checkout. */
    customerComment: text('customer_comment').notNull().default(''),
    poReference: text('po_reference').notNull().default(''),
    /** Raised by every change of a placed order (staff's version check, issue 42). */
    version: integer('version').notNull().default(0),
    /**
     * What finance must look at: 'refund' (a paid order canceled) or 'underpaid' (a paid order
     * raised above what was paid), until finance marks it handled.
     */
    financeCheck: text('finance_check', { enum: ['refund', 'underpaid'] }),
    financeCheckedAt: moment('finance_checked_at'),
    createdAt: stamped('created_at'),
    changedAt: stamped('changed_at'),
  },
  (t) => [
    uniqueIndex('orders_erp_export_seq').on(t.erpExportSeq),
    index('orders_erp_unexported').on(t.placedAt, t.id).where(sql`${t.placedAt} is not null and ${t.erpExportSeq} is null`),
    // One cart per user and relation.
    uniqueIndex('orders_one_draft').on(t.userId, t.relationId).where(sql`${t.state} = 'draft'`),
    index('orders_user_placed').on(t.userId, t.placedAt),
    index('orders_relation').on(t.relationId),
    // The staff's orders board: placed orders by delivery date, newest first.
    index('orders_board').on(t.reqDlvDate, t.placedAt, t.id).where(sql`${t.placedAt} is not null`),
    // The board's search (issue 42 point 11): order numbers and PO references by their start, of placed orders.
    index('orders_board_number').using('btree', sql`${t.orderNumber} text_pattern_ops`).where(sql`${t.placedAt} is not null`),
    index('orders_board_po_reference').using('btree', sql`lower(${t.poReference}) text_pattern_ops`).where(sql`${t.placedAt} is not null and ${t.poReference} <> ''`),
    // The board's counts per state (and a state's delivery dates), read from the index alone.
    index('orders_board_state').on(t.state, t.reqDlvDate).where(sql`${t.placedAt} is not null`),
    // The staff dashboard's weeks, this month's top products and the customers' rhythm: placed orders by their moment.
    index('orders_placed_at').on(t.placedAt).where(sql`${t.placedAt} is not null`),
    check('orders_state', sql`${t.state} in (${sql.raw(ORDER_STATES.map((s) => `'${s}'`).join(', '))})`),
  ],
);

/**
 * Order lines. While the order is a draft only the quantity counts (prices are worked out on
 * every read and change); placing fills in the snapshot columns.
 */
export const orderItems = pgTable(
  'order_items',
  {
    ...idAndUuid(),
    orderId: refersTo('order_id', () => orders.id, 'cascade'),
    variationId: integer('variation_id').references(() => variations.id, { onDelete: 'set null' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    // Snapshot at placing.
    title: text('title'),
    sku: text('sku'),
    unitPriceCents: integer('unit_price_cents'),
    totalCents: integer('total_cents'),
    /** VAT rate in basis points (900 = 9%). */
    taxRate: integer('tax_rate'),
    /** Of the quantity, what was not in stock at placing and is delivered later (decision 030). */
    backorderQuantity: integer('backorder_quantity').notNull().default(0),
    /** When the backorder was expected at placing, as the ERP's stock said then; null: not known. */
    backorderExpectedDate: date('backorder_expected_date', { mode: 'string' }),
    /** What the quantity counted at placing (decision 029): the sales unit and its content per language; null: placed before units were kept. */
    salesUnit: text('sales_unit', { enum: SALES_UNITS }),
    unitContentNl: text('unit_content_nl'),
    unitContentEn: text('unit_content_en'),
    /** The pieces one unit held at placing (the ERP export tells it); null: not counted in pieces, or placed before it was kept. */
    piecesPerUnit: integer('pieces_per_unit'),
    createdAt: stamped('created_at'),
  },
  (t) => [
    uniqueIndex('order_items_order_variation').on(t.orderId, t.variationId),
    index('order_items_variation').on(t.variationId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
