import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { erpOrdersResponse } from '../../../shared/api/erp-export';
import { orderItems, orders, variations } from '../../db/schema';
import { API, login, useTestApp } from '../../test/app';
import { addLine, call, cartIdOf, chooseCheckout, pricedProducts } from '../ordering/cart/test-support';
import type { ProductRef } from '../catalog/test-support';
import { ERP_TOKEN } from './test-support';

/*
 * Decision 029: the orders export tells the ERP what each line's quantity counts, as placing kept
 * it (migration 0020 and 0021): the sales unit's code and the pieces one unit holds. Monday 23
 * November 2026, 09:00 in Amsterdam; demo's relation delivers on Tuesday.
 */
const t = useTestApp({ erpApiToken: ERP_TOKEN }, { now: () => new Date('2026-11-23T09:00:00+01:00') });
const db = () => t.app.database.db;

async function exported() {
  const res = await t.app.inject({ url: `${API}/api/erp/orders?limit=1000`, headers: { authorization: `Bearer ${ERP_TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  return erpOrdersResponse.parse(res.json()).records;
}

describe('the orders export and sales units', () => {
  it('gives each line its unit code and pieces per unit as placed, also after the ERP changed the article', async () => {
    const [tortillas, salsa] = (await pricedProducts(db(), [
      { taxRate: 900, scaled: [[1, 2320]] },
      { taxRate: 900, scaled: [[1, 450]] },
    ])) as [ProductRef, ProductRef];
    await db().update(variations).set({ salesUnit: 'case', unitContentNl: 'doos van 6 × 50', piecesPerUnit: 300, orderMultiple: 2 }).where(eq(variations.id, tortillas.variationId));
    const demo = await login(t.app, 'demo');
    expect((await call(t.app, demo, 'POST', '/cart/add?_format=json', [addLine(tortillas.variationId, 4), addLine(salsa.variationId, 3)])).statusCode).toBe(200);
    const orderId = await cartIdOf(t.app, demo);
    await chooseCheckout(t.app, demo, orderId, { shipping: 'pickup', payment: 'on_account', date: '2026-11-24' });
    const placed = await call(t.app, demo, 'POST', `/api/checkout/${orderId}/place`, { terms_accepted: true });
    expect(placed.statusCode, placed.body).toBe(200);

    // The ERP sells the tortillas by the crate of 24 now: the order keeps the case of 300.
    await db().update(variations).set({ salesUnit: 'crate', piecesPerUnit: 24 }).where(eq(variations.id, tortillas.variationId));
    const record = (await exported()).find((r) => r.order_number === placed.json().order_number);
    expect(record?.lines.map((l) => [l.sku, l.quantity, l.sales_unit, l.pieces_per_unit])).toEqual([
      [tortillas.sku, 4, 'case', 300],
      [salsa.sku, 3, 'piece', null],
    ]);
  });

  it('gives no unit for the lines of an order placed before units were kept', async () => {
    const old = (await exported()).find((r) => r.lines.length > 0)!;
    const [order] = await db().select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, old.order_number));
    await db().update(orderItems).set({ salesUnit: null, unitContentNl: null, unitContentEn: null, piecesPerUnit: null }).where(eq(orderItems.orderId, order!.id));
    const again = (await exported()).find((r) => r.order_number === old.order_number)!;
    expect(again.lines.map((l) => [l.sales_unit, l.pieces_per_unit])).toEqual(old.lines.map(() => [null, null]));
  });

  it('refuses a cursor that is no number, in English (a machine client), and answers nothing', async () => {
    const res = await t.app.inject({ url: `${API}/api/erp/orders?after=abc`, headers: { authorization: `Bearer ${ERP_TOKEN}` } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('after is a cursor from an earlier answer (digits).');
  });
});
