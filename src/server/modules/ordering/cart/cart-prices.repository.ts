import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { orderItems } from '../../../db/schema';
import { joinSellable, type PriceContext, sellableColumns, type SellableVariation } from '../../catalog/catalog-sql.service';

// The cart's lines with what they cost the relation today (the prices are the catalogue's: catalog-sql.service.ts).

export { findSellableVariations, type PriceContext, type SellableVariation } from '../../catalog/catalog-sql.service';

export interface CartLineRow extends SellableVariation {
  itemId: number;
  itemUuid: string;
  quantity: number;
}

/** The cart's lines with their variations and prices, in the order they were added: one query. */
export async function findCartLines(db: DbOrTx, orderId: number, context: PriceContext): Promise<CartLineRow[]> {
  const lines = db
    .select({ itemId: orderItems.id, itemUuid: orderItems.uuid, quantity: orderItems.quantity, ...sellableColumns(context) })
    .from(orderItems)
    .$dynamic();
  return joinSellable(lines, orderItems.variationId).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}
