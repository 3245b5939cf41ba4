import { isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cashInvoices } from '../../db/schema';
import { login } from '../../test/app';
import type { ProductRef } from '../catalog/test-support';
import { addLine, call, cartIdOf, chooseCheckout, pricedProducts } from '../ordering/cart/test-support';

/**
 * The demo's cart ready to pay online: five of a food product at € 10,00 (€ 50,00 + 9% = € 54,50),
 * picked up, iDEAL, delivered on Tuesday 24 November 2026. Only the invoices outside the webshop
 * are kept: the demo's past orders bring invoices of their own.
 */
export async function idealCart(app: FastifyInstance) {
  await app.database.db.delete(cashInvoices).where(isNotNull(cashInvoices.orderId));
  const [food] = (await pricedProducts(app.database.db, [{ taxRate: 900, scaled: [[1, 1000]] }])) as [ProductRef];
  const demo = await login(app, 'demo');
  await call(app, demo, 'POST', '/cart/add?_format=json', [addLine(food.variationId, 5)]);
  const orderId = await cartIdOf(app, demo);
  await chooseCheckout(app, demo, orderId, { shipping: 'pickup', payment: 'ideal', date: '2026-11-24' });
  return { demo, food, orderId };
}
