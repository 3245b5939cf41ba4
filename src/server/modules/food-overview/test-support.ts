import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PDFParse } from 'pdf-parse';
import type { Allergen, AllergenLevel } from '../../../shared/api/food';
import type { Db } from '../../db/client';
import { orderItems, orders, productAllergens, productFood, products } from '../../db/schema';
import { API, type Session } from '../../test/app';
import type { ProductRef } from '../catalog/test-support';

/** Shared by the allergen overview's tests: food rows of their own, orders, and reading the PDF. */

export interface FoodSpec {
  titles?: [string, string];
  legalName?: [string, string];
  ingredients?: [string, string] | null;
  allergens?: Partial<Record<Allergen, AllergenLevel>>;
}

/** Gives a product these titles and this food information (replacing whatever it had). */
export async function giveFood(db: Db, ref: ProductRef, spec: FoodSpec): Promise<void> {
  if (spec.titles) await db.update(products).set({ titleNl: spec.titles[0], titleEn: spec.titles[1] }).where(eq(products.id, ref.id));
  await db.delete(productFood).where(eq(productFood.productId, ref.id));
  await db.delete(productAllergens).where(eq(productAllergens.productId, ref.id));
  if (spec.legalName || spec.ingredients) {
    await db.insert(productFood).values({
      productId: ref.id,
      legalNameNl: spec.legalName?.[0] ?? null,
      legalNameEn: spec.legalName?.[1] ?? null,
      ingredientsNl: spec.ingredients?.[0] ?? null,
      ingredientsEn: spec.ingredients?.[1] ?? null,
    });
  }
  const levels = Object.entries(spec.allergens ?? {}) as Array<[Allergen, AllergenLevel]>;
  if (levels.length > 0) await db.insert(productAllergens).values(levels.map(([allergen, level]) => ({ productId: ref.id, allergen, level })));
}

/** Removes the food information of these products (a product without it: all unknown). */
export async function clearFood(db: Db, refs: readonly ProductRef[]): Promise<void> {
  const ids = refs.map((r) => r.id);
  await db.delete(productFood).where(inArray(productFood.productId, ids));
  await db.delete(productAllergens).where(inArray(productAllergens.productId, ids));
}

/** An order of the relation with these products (one piece each), placed at `at`. */
export async function placeOrder(db: Db, userId: number, relationId: number, at: string, refs: readonly ProductRef[], state: 'placed' | 'completed' | 'canceled' | 'draft' = 'placed') {
  const [order] = await db.insert(orders).values({ userId, relationId, state, placedAt: new Date(at), subtotalCents: 100, totalCents: 109, paymentState: 'on_account' }).returning();
  if (refs.length > 0) {
    await db.insert(orderItems).values(refs.map((ref) => ({ orderId: order!.id, variationId: ref.variationId, productId: ref.id, quantity: 1, sku: ref.sku, title: `Artikel ${ref.sku}`, unitPriceCents: 100, totalCents: 100, taxRate: 900 })));
  }
  return order!;
}

/** GET /food-overview as the session (or logged out). */
export function getOverview(app: FastifyInstance, session: Session | null, query = '', prefix = '') {
  return app.inject({ method: 'GET', url: `${API}${prefix}/food-overview${query}`, headers: session ? { cookie: session.cookie } : {} });
}

/** The text of a PDF, as a reader would get it, and its number of pages. */
export async function pdfText(body: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.total };
  } finally {
    await parser.destroy();
  }
}
