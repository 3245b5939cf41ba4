import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import {
  type AddressSnapshot,
  type AdjustmentSnapshot,
  orderItems,
  orders,
  paymentMethods,
  shippingMethods,
} from '../../../db/schema';
import { variationSalesUnits } from '../../catalog/catalog-sql.service';
import type { LineBackorder } from '../../../../shared/api/availability';
import type { PlacedLineInfo } from '../history/placed-line';
import type { Lang } from '../../../plugins/language';
import type { OrderState } from '../order-state';

export async function activeShippingMethods(db: DbOrTx, lang: Lang) {
  return db
    .select({
      id: shippingMethods.id,
      label: lang === 'en' ? shippingMethods.labelEn : shippingMethods.labelNl,
      rateCents: shippingMethods.rateCents,
      franco: shippingMethods.franco,
    })
    .from(shippingMethods)
    .where(eq(shippingMethods.active, true))
    .orderBy(asc(shippingMethods.weight), asc(shippingMethods.id));
}

export async function activePaymentMethods(db: DbOrTx, lang: Lang) {
  return db
    .select({ id: paymentMethods.id, label: lang === 'en' ? paymentMethods.labelEn : paymentMethods.labelNl, online: paymentMethods.online })
    .from(paymentMethods)
    .where(eq(paymentMethods.active, true))
    .orderBy(asc(paymentMethods.weight), asc(paymentMethods.id));
}

export async function findPaymentMethod(db: DbOrTx, id: string, lang: Lang) {
  const [row] = await db
    .select({ id: paymentMethods.id, label: lang === 'en' ? paymentMethods.labelEn : paymentMethods.labelNl, online: paymentMethods.online })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.active, true)));
  return row;
}

export type DraftChoice =
  | { shippingMethodId: string }
  | { paymentMethodId: string }
  | { reqDlvDate: string }
  | { deliveryAddressId: number }
  | { poReference: string; customerComment: string };

export async function setDraftChoice(db: DbOrTx, orderId: number, choice: DraftChoice, at: Date): Promise<void> {
  await db
    .update(orders)
    .set({ ...choice, changedAt: at })
    .where(and(eq(orders.id, orderId), eq(orders.state, 'draft')));
}

export interface OwnOrderRow {
  id: number;
  uuid: string;
  state: OrderState;
  orderNumber: string | null;
}

/** The user's order by id whatever its state, locked: placing decides on it. */
export async function lockOwnOrder(db: DbOrTx, orderId: number, userId: number, relationId: number): Promise<OwnOrderRow | undefined> {
  const [row] = await db
    .select({ id: orders.id, uuid: orders.uuid, state: orders.state, orderNumber: orders.orderNumber })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId), eq(orders.relationId, relationId)))
    .for('update');
  return row;
}

/** What placing keeps of the order; its state the state machine wrote just before (order-transition.ts). */
export interface PlacedSnapshot {
  orderNumber: string;
  placedAt: Date;
  mail: string;
  billingAddress: AddressSnapshot;
  deliveryAddress: AddressSnapshot;
  shippingMethodLabel: string;
  paymentMethodLabel: string;
  subtotalCents: number;
  adjustments: AdjustmentSnapshot[];
  totalCents: number;
  paymentState: string;
  langcode: string;
}

export async function markPlaced(db: DbOrTx, orderId: number, snapshot: PlacedSnapshot): Promise<void> {
  await db
    .update(orders)
    .set({ ...snapshot, changedAt: snapshot.placedAt })
    .where(eq(orders.id, orderId));
}

/** Whole numbers as one text parameter read as int[] (both drivers, any length). */
const intArray = (values: readonly number[]) => sql`string_to_array(${values.join(',')}, ',')::int[]`;

/**
 * Notes on the order's lines (by line id) how much of each is a backorder and when it was expected
 * then (kept with the order, so the order pages and the mail tell it as placed; the export tells
 * the ERP).
 */
/** A changed order's backorders are worked out anew: first none. */
export async function clearBackorders(db: DbOrTx, orderId: number): Promise<void> {
  await db.update(orderItems).set({ backorderQuantity: 0, backorderExpectedDate: null }).where(eq(orderItems.orderId, orderId));
}

export async function markBackorders(db: DbOrTx, orderId: number, backorders: ReadonlyArray<LineBackorder & { itemId: number }>): Promise<void> {
  if (backorders.length === 0) return;
  // Dates are YYYY-MM-DD (no commas); an unknown one is the empty string, null after nullif.
  const dates = sql`string_to_array(${backorders.map((l) => l.expected_date ?? '').join(',')}, ',')`;
  await db.execute(sql`
    update order_items i set backorder_quantity = t.quantity, backorder_expected_date = nullif(t.expected, '')::date
    from unnest(${intArray(backorders.map((l) => l.itemId))}, ${intArray(backorders.map((l) => l.quantity))}, ${dates}) as t(item_id, quantity, expected)
    where i.order_id = ${orderId} and i.id = t.item_id`);
}

export interface LineSnapshot {
  itemId: number;
  variationId: number;
  title: string;
  sku: string;
  unitPriceCents: number;
  totalCents: number;
  taxRate: number;
}

/**
 * Keeps what every line was when placed, in one statement for all lines: the title, prices and
 * VAT rate worked out, and the sales unit (with its pieces) the variation has now (decision 029; a later change of
 * the article must not rewrite the order). Answers each line's unit and backorder (noted just
 * before by the stock) for the confirmation mail.
 */
export async function snapshotLines(db: DbOrTx, lines: LineSnapshot[]): Promise<Map<number, PlacedLineInfo>> {
  if (lines.length === 0) return new Map();
  const values = sql.join(
    lines.map((l) => sql`(${l.itemId}::int, ${l.variationId}::int, ${l.title}::text, ${l.sku}::text, ${l.unitPriceCents}::int, ${l.totalCents}::int, ${l.taxRate}::int)`),
    sql`, `,
  );
  const result = await db.execute(sql`update ${orderItems} i set title = v.title, sku = v.sku, unit_price_cents = v.unit, total_cents = v.total, tax_rate = v.rate,
      sales_unit = var.sales_unit, unit_content_nl = var.unit_content_nl, unit_content_en = var.unit_content_en, pieces_per_unit = var.pieces_per_unit
    from (values ${values}) as v(id, variation, title, sku, unit, total, rate)
    left join ${variationSalesUnits()} var on var.id = v.variation
    where i.id = v.id
    returning i.id as "itemId", i.sales_unit as "salesUnit", i.unit_content_nl as "unitContentNl", i.unit_content_en as "unitContentEn",
      i.backorder_quantity as "backorderQuantity", i.backorder_expected_date::text as "backorderExpectedDate"`);
  const rows = (result as unknown as { rows: Array<PlacedLineInfo & { itemId: number }> }).rows;
  return new Map(rows.map(({ itemId, ...info }) => [itemId, info]));
}

