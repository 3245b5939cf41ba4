import { sql } from 'drizzle-orm';
import type { LineBackorder } from '../../../shared/api/availability';
import type { DbOrTx } from '../../db/client';
import type { StockState } from './stock-rules';

/** Whole numbers as one text parameter read as int[] (both drivers, any length). */
const intArray = (values: readonly number[]) => sql`string_to_array(${values.join(',')}, ',')::int[]`;

/** The stock of placing an order (decision 030): locked, then taken, in the placing transaction. */

export interface LockedStock extends StockState {
  variationId: number;
}

/**
 * The stock rows of these variations, locked until the transaction ends, in variation order (the
 * order an ERP stock import locks them in too, so two never wait for each other in a circle). A
 * row locked by another placing is read as that one committed it: never more is sold than there is.
 */
export async function lockStock(db: DbOrTx, variationIds: number[]): Promise<LockedStock[]> {
  if (variationIds.length === 0) return [];
  const result = await db.execute(sql`
    select variation_id as "variationId", on_hand as "onHand", backorder, expected_date::text as "expectedDate", few_left_at as "fewLeftAt"
    from variation_stock where variation_id = any(${intArray(variationIds)}) order by variation_id for update`);
  return (result as unknown as { rows: LockedStock[] }).rows;
}

/**
 * Notes on the order's lines (by line id) how much of each is a backorder and when it was expected
 * then (kept with the order, so the order pages and the mail tell it as placed; the export tells
 * the ERP).
 */
export async function markBackorders(db: DbOrTx, orderId: number, backorders: ReadonlyArray<LineBackorder & { itemId: number }>): Promise<void> {
  if (backorders.length === 0) return;
  // Dates are YYYY-MM-DD (no commas); an unknown one is the empty string, null after nullif.
  const dates = sql`string_to_array(${backorders.map((l) => l.expected_date ?? '').join(',')}, ',')`;
  await db.execute(sql`
    update order_items i set backorder_quantity = t.quantity, backorder_expected_date = nullif(t.expected, '')::date
    from unnest(${intArray(backorders.map((l) => l.itemId))}, ${intArray(backorders.map((l) => l.quantity))}, ${dates}) as t(item_id, quantity, expected)
    where i.order_id = ${orderId} and i.id = t.item_id`);
}

/** Takes the quantities off the locked rows (one statement for all lines). */
export async function takeStock(db: DbOrTx, takes: Array<{ variationId: number; quantity: number }>): Promise<void> {
  if (takes.length === 0) return;
  await db.execute(sql`
    update variation_stock s set on_hand = s.on_hand - t.quantity
    from unnest(${intArray(takes.map((t) => t.variationId))}, ${intArray(takes.map((t) => t.quantity))}) as t(variation_id, quantity)
    where s.variation_id = t.variation_id`);
}
