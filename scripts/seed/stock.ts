import type * as schema from '../../src/server/db/schema';
import { addDays } from '../../src/shared/delivery-date';
import type { CatalogueRows } from './catalogue';

/**
 * Stock of the demo data (issue 21 point 4, decision 030): a few articles on the first page of the
 * assortment (by article number, as it opens) kept in stock, so `demo` and `demo-en` see each
 * level: in stock, few left, out of stock with an expected date, and one out of stock that may be
 * backordered. The first five articles are left as every other one (not kept in stock): the
 * browser specs of other features order those.
 */

export type VariationStockRow = typeof schema.variationStock.$inferInsert;

/** By position on the first page (0 is the first article): what the demo keeps of it. */
const PLAN: ReadonlyArray<{ at: number; onHand: number; expectedInDays?: number; backorder?: boolean }> = [
  { at: 5, onHand: 240 },
  { at: 6, onHand: 4, expectedInDays: 21 },
  { at: 7, onHand: 0, expectedInDays: 18 },
  { at: 8, onHand: 0, expectedInDays: 25, backorder: true },
  { at: 9, onHand: 80 },
  { at: 10, onHand: 6 },
  { at: 11, onHand: 0, expectedInDays: 40 },
  { at: 12, onHand: 500 },
];

export function generateStock(catalogue: Pick<CatalogueRows, 'variations' | 'prices'>, today: string): { variationStock: VariationStockRow[] } {
  // Orderable by the demo customers (a price of their list from one piece), in the list's order.
  const priced = new Set(catalogue.prices.filter((p) => p.pricelist === 'STANDAARD' && (p.minQuantity ?? 1) === 1).map((p) => p.variationId));
  const firstPage = catalogue.variations
    .filter((v) => v.active !== false)
    .sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0))
    .slice(0, 15);
  const variationStock = PLAN.flatMap((plan) => {
    const variation = firstPage[plan.at];
    if (!variation || !priced.has(variation.id)) return [];
    return [{
      variationId: variation.id,
      onHand: plan.onHand,
      expectedDate: plan.expectedInDays === undefined ? null : addDays(today, plan.expectedInDays),
      backorder: plan.backorder ?? false,
    }];
  });
  return { variationStock };
}
