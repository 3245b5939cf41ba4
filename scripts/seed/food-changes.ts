import type * as schema from '../../src/server/db/schema';
import { type AllergenChange } from '../../src/shared/api/food';
import { dayBefore } from '../../src/shared/delivery-date';
import type { CatalogueRows } from './catalogue';
import type { OrderRows } from './orders';

export type FoodChangeRow = typeof schema.foodChanges.$inferInsert & { id: number };
export type FoodChangeNoticeRow = typeof schema.foodChangeNotices.$inferInsert;

export interface FoodChangeRows {
  foodChanges: FoodChangeRow[];
  foodChangeNotices: FoodChangeNoticeRow[];
}

/** The relations of demo and demo-en (customers.ts inserts them first). */
const DEMO_RELATIONS = [1, 2];
/** The change is this many days old: its notice shows on the product page for 27 more days. */
const DAYS_AGO = 3;
/** The import that made it, for the record (seeded changes are mailed to nobody: no outbox rows). */
const DEMO_IMPORT = '00000000-0000-4000-8000-000000000024';

/**
 * A food change announced three days ago (issue 19 point 6; decision 024) of a product that demo
 * and demo-en each bought in the 90 days before, so their product page shows the notice: per demo
 * relation, the food product of its newest order before the change (one with an allergen if any). The product's present food
 * information is the new one; the change says which allergen it newly contains (or may contain):
 * before, that was "free of". Its ingredients changed with it.
 */
export function generateFoodChanges(catalogue: CatalogueRows, orders: OrderRows, today: string): FoodChangeRows {
  const changedAt = new Date(`${dayBefore(today, DAYS_AGO)}T09:30:00Z`);
  const from = changedAt.getTime() - 90 * 24 * 3600_000;
  const withFood = new Set(catalogue.productFood.map((f) => f.productId));
  const rows: FoodChangeRows = { foodChanges: [], foodChangeNotices: [] };
  for (const relationId of DEMO_RELATIONS) {
    const recent = orders.orders
      .filter((o) => o.relationId === relationId && o.placedAt instanceof Date && o.placedAt.getTime() > from && o.placedAt < changedAt)
      .sort((a, b) => (b.placedAt as Date).getTime() - (a.placedAt as Date).getTime());
    const bought = recent
      .flatMap((o) => orders.orderItems.filter((i) => i.orderId === o.id).map((i) => i.productId))
      .filter((id): id is number => typeof id === 'number' && withFood.has(id));
    // Preferably one with an allergen, so the notice shows both kinds of change.
    const productId = bought.find((id) => catalogue.productAllergens.some((a) => a.productId === id && a.level !== 'free')) ?? bought[0];
    if (productId === undefined) continue;
    let change = rows.foodChanges.find((c) => c.productId === productId);
    if (!change) {
      const levels = catalogue.productAllergens.filter((a) => a.productId === productId);
      const now = levels.find((a) => a.level === 'contains') ?? levels.find((a) => a.level === 'may_contain');
      const allergens: AllergenChange[] = now ? [{ allergen: now.allergen, from: 'free', to: now.level }] : [];
      change = { id: rows.foodChanges.length + 1, productId, importId: DEMO_IMPORT, changedAt, ingredientsChanged: true, allergens };
      rows.foodChanges.push(change);
    }
    rows.foodChangeNotices.push({ relationId, foodChangeId: change.id });
  }
  return rows;
}
