import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { orderItems, orders, prices, products, variations, variationStock } from '../../../db/schema';
import { API, type Session } from '../../../test/app';
import { clearPrices, productRefs, type ProductRef } from '../../catalog/test-support';

/** Shared by the cart and checkout API tests. */

export async function call(app: FastifyInstance, session: Partial<Session> | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  return app.inject({
    method,
    url: url.startsWith('/') && !url.startsWith(API) ? `${API}${url}` : url,
    headers: {
      ...(session?.cookie ? { cookie: session.cookie } : {}),
      ...(session?.csrf ? { 'x-csrf-token': session.csrf } : {}),
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload !== undefined ? { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) } : {}),
  });
}

export const addLine = (variationId: number, quantity: number) => ({
  purchased_entity_type: 'commerce_product_variation',
  purchased_entity_id: variationId,
  quantity,
  combine: true,
});

const vatClassOf = (rate: number) => (rate === 2100 ? 'standard' : rate === 0 ? 'none' : 'food');

/**
 * Products with prices the test decides: every list gets the given scaled prices (from
 * quantity → cents, no dates) and the product the VAT class of the given rate (900: food,
 * 2100: standard, 0: none; decision 028); each is sold by the piece in any quantity.
 */
export async function pricedProducts(db: Db, specs: Array<{ taxRate: number; scaled: Array<[number, number]> }>, skip = 0): Promise<ProductRef[]> {
  const refs = (await productRefs(db)).slice(skip, skip + specs.length);
  for (const [i, spec] of specs.entries()) {
    const ref = refs[i]!;
    await clearPrices(db, ref.variationId, ['STANDAARD', 'GROOTH', 'GH-INT']);
    await db.update(products).set({ vatClass: vatClassOf(spec.taxRate) }).where(eq(products.id, ref.id));
    // Sold by the piece in any quantity, whatever the demo data's sales unit (decision 029).
    await db.update(variations).set({ salesUnit: 'piece', unitContentNl: null, unitContentEn: null, piecesPerUnit: null, orderMultiple: 1 }).where(eq(variations.id, ref.variationId));
    // Not kept in stock unless the test says so (the demo keeps a few articles in stock).
    await db.delete(variationStock).where(eq(variationStock.variationId, ref.variationId));
    for (const pricelist of ['STANDAARD', 'GROOTH', 'GH-INT']) {
      for (const [minQuantity, unitPriceCents] of spec.scaled) {
        await db.insert(prices).values({ pricelist, variationId: ref.variationId, minQuantity, unitPriceCents });
      }
    }
  }
  return refs;
}

/** The carts (draft orders); the demo data's past orders are left out. */
export async function orderRows(db: Db) {
  return db.select().from(orders).where(eq(orders.state, 'draft'));
}

export async function itemRows(db: Db, orderId: number) {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
}

/** The id of the caller's cart (its draft order). */
export async function cartIdOf(app: FastifyInstance, session: Session): Promise<number> {
  const res = await call(app, session, 'GET', '/cart?_format=json');
  const [cart] = res.json<Array<{ order_id: number }>>();
  if (!cart) throw new Error(`no cart: ${res.body}`);
  return cart.order_id;
}

/** The checkout choices, made one by one as the web makes them; each must answer 200. */
export async function chooseCheckout(
  app: FastifyInstance,
  session: Session,
  orderId: number,
  choices: { shipping: 'pickup' | 'delivery'; payment: 'ideal' | 'on_account'; date: string; profileId?: number },
): Promise<void> {
  const steps: Array<[string, unknown]> = [
    ['set-shipping', { method: choices.shipping }],
    ['set-payment', { method: choices.payment }],
    ['set-delivery-date', { date: choices.date }],
    ...(choices.profileId !== undefined ? [['set-profile', { profileId: choices.profileId }] as [string, unknown]] : []),
  ];
  for (const [path, body] of steps) {
    const res = await call(app, session, 'POST', `/api/checkout/${orderId}/${path}`, body);
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  }
}
