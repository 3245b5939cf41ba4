import { eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { orderItems, orders, variationStock } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { pricedProducts } from '../ordering/cart/test-support';
import type { ProductRef } from '../catalog/test-support';
import { takeStockForOrder } from './stock.service';

/*
 * Decision 030: placing notes on each line how much of it is a backorder. The cart merges lines per
 * article (and order_items holds one line per article), but placing must not count on it: two lines
 * of one article take the stock in their order, and only what is left over is a backorder, never
 * the article's whole backorder on both. The database's unique line per article is why the service
 * is handed the two lines directly here; the second line's row stands for the article's second line.
 */
const t = useTestApp({}, { now: () => new Date('2026-11-23T09:00:00+01:00') });
const db = () => t.app.database.db;

let tortillas: ProductRef;
let other: ProductRef;

beforeEach(async () => {
  [tortillas, other] = (await pricedProducts(db(), [
    { taxRate: 900, scaled: [[1, 2320]] },
    { taxRate: 900, scaled: [[1, 450]] },
  ])) as [ProductRef, ProductRef];
  await db().insert(variationStock).values({ variationId: tortillas.variationId, onHand: 5, backorder: true, expectedDate: '2026-12-15', fewLeftAt: 10 });
});

async function orderWithTwoLines() {
  const [order] = await db().insert(orders).values({ userId: 1, relationId: 1, state: 'draft', subtotalCents: 0, totalCents: 0 }).returning();
  const items = await db()
    .insert(orderItems)
    .values([
      { orderId: order!.id, variationId: tortillas.variationId, productId: tortillas.id, quantity: 3, sku: tortillas.sku, title: 'Tortilla’s', unitPriceCents: 2320, totalCents: 6960, taxRate: 900 },
      { orderId: order!.id, variationId: other.variationId, productId: other.id, quantity: 4, sku: tortillas.sku, title: 'Tortilla’s', unitPriceCents: 2320, totalCents: 9280, taxRate: 900 },
    ])
    .returning({ id: orderItems.id });
  return { orderId: order!.id, first: items[0]!.id, second: items[1]!.id };
}

describe('placing two lines of one article', () => {
  it('lets the first line take the stock and notes only the rest of the second as a backorder', async () => {
    const { orderId, first, second } = await orderWithTwoLines();
    const lines = [
      { itemId: first, variationId: tortillas.variationId, sku: tortillas.sku, quantity: 3 },
      { itemId: second, variationId: tortillas.variationId, sku: tortillas.sku, quantity: 4 },
    ];
    const backorders = await db().transaction((tx) => takeStockForOrder(tx, orderId, lines, '2026-11-23'));

    // The article's backorder as a whole: 7 ordered, 5 in stock.
    expect(backorders.get(tortillas.variationId)).toEqual({ quantity: 2, expected_date: '2026-12-15' });
    const noted = await db()
      .select({ id: orderItems.id, backorder: orderItems.backorderQuantity, expected: orderItems.backorderExpectedDate })
      .from(orderItems)
      .where(inArray(orderItems.id, [first, second]));
    expect(Object.fromEntries(noted.map((n) => [n.id, [n.backorder, n.expected]]))).toEqual({ [first]: [0, null], [second]: [2, '2026-12-15'] });
    const [stock] = await db().select({ onHand: variationStock.onHand }).from(variationStock).where(eq(variationStock.variationId, tortillas.variationId));
    expect(stock?.onHand).toBe(-2);
  });
});
