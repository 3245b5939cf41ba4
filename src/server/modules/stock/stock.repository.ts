import { sql } from 'drizzle-orm';
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

/** Puts the quantities back on the locked rows: an order the ERP has not seen yet, canceled or changed. */
export async function putBackStock(db: DbOrTx, puts: Array<{ variationId: number; quantity: number }>): Promise<void> {
  if (puts.length === 0) return;
  await db.execute(sql`
    update variation_stock s set on_hand = s.on_hand + t.quantity
    from unnest(${intArray(puts.map((t) => t.variationId))}, ${intArray(puts.map((t) => t.quantity))}) as t(variation_id, quantity)
    where s.variation_id = t.variation_id`);
}

/** Takes the quantities off the locked rows (one statement for all lines). */
export async function takeStock(db: DbOrTx, takes: Array<{ variationId: number; quantity: number }>): Promise<void> {
  if (takes.length === 0) return;
  await db.execute(sql`
    update variation_stock s set on_hand = s.on_hand - t.quantity
    from unnest(${intArray(takes.map((t) => t.variationId))}, ${intArray(takes.map((t) => t.quantity))}) as t(variation_id, quantity)
    where s.variation_id = t.variation_id`);
}
