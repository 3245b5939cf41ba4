import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { cartResponse } from '../../../../shared/api/cart';
import { orderResponse } from '../../../../shared/api/checkout';
import { variations, variationStock } from '../../../db/schema';
import { login, type Session, useTestApp } from '../../../test/app';
import type { ProductRef } from '../../catalog/test-support';
import { addLine, call, cartIdOf, chooseCheckout, pricedProducts } from '../cart/test-support';

/*
 * What a placed order keeps of its lines' sales units and backorders (decisions 029 and 030), on
 * the order placed page, My orders and in the mail, and the cart line over stock after someone
 * else bought it, in Dutch and English. Monday 23 November 2026, 09:00 in Amsterdam.
 */
const t = useTestApp({}, { now: () => new Date('2026-11-23T09:00:00+01:00') });
const db = () => t.app.database.db;

let demo: Session;
let demoEn: Session;
let cases: ProductRef; // sold by the case, in stock
let later: ProductRef; // by the piece, 2 in stock, backorders allowed (expected 12 December)
let free: ProductRef; // by the piece, not kept in stock

async function setStock(ref: ProductRef, onHand: number, options: { backorder?: boolean; expectedDate?: string | null } = {}) {
  const values = { onHand, backorder: options.backorder ?? false, expectedDate: options.expectedDate ?? null, fewLeftAt: 10 };
  await db().insert(variationStock).values({ variationId: ref.variationId, ...values }).onConflictDoUpdate({ target: variationStock.variationId, set: values });
}

async function place(session: Session, lines: Array<[ProductRef, number]>, prefix = ''): Promise<{ uuid: string; orderId: number }> {
  const added = await call(t.app, session, 'POST', '/cart/add?_format=json', lines.map(([ref, quantity]) => addLine(ref.variationId, quantity)));
  expect(added.statusCode, added.body).toBe(200);
  const orderId = await cartIdOf(t.app, session);
  await chooseCheckout(t.app, session, orderId, { shipping: 'pickup', payment: 'on_account', date: '2026-11-24' });
  const res = await call(t.app, session, 'POST', `${prefix}/api/checkout/${orderId}/place`, { terms_accepted: true });
  expect(res.statusCode, res.body).toBe(200);
  return { uuid: res.json().uuid, orderId };
}

const orderLines = async (session: Session, id: string | number, prefix = '') => {
  const res = await call(t.app, session, 'GET', `${prefix}/jsonapi/commerce_order/default/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return orderResponse.parse(res.json()).data.order_items.map((i) => [i.purchased_entity?.sku, i.quantity, i.sales_unit, i.backorder]);
};

beforeEach(async () => {
  [cases, later, free] = (await pricedProducts(db(), [
    { taxRate: 900, scaled: [[1, 2320]] },
    { taxRate: 900, scaled: [[1, 450]] },
    { taxRate: 900, scaled: [[1, 100]] },
  ])) as [ProductRef, ProductRef, ProductRef];
  await db()
    .update(variations)
    .set({ salesUnit: 'case', unitContentNl: 'doos van 6 × 50', unitContentEn: 'case of 6 × 50', piecesPerUnit: 300 })
    .where(eq(variations.id, cases.variationId));
  await setStock(cases, 5);
  await setStock(later, 2, { backorder: true, expectedDate: '2026-12-12' });
  demo = await login(t.app, 'demo');
  demoEn = await login(t.app, 'demo-en');
});

describe('a placed order keeps its sales units and backorders', () => {
  it('answers them on the order (placed page and My orders) in Dutch and English, also after the ERP changed the article', async () => {
    const { uuid, orderId } = await place(demo, [[cases, 2], [later, 5], [free, 1]]);
    // The ERP sells the article by the crate now, and new stock is expected later: the order keeps what it was sold as.
    await db().update(variations).set({ salesUnit: 'crate', unitContentNl: 'krat', unitContentEn: 'crate' }).where(eq(variations.id, cases.variationId));
    await setStock(later, 0, { backorder: true, expectedDate: '2027-01-05' });

    const backorder = { quantity: 3, expected_date: '2026-12-12' };
    expect(await orderLines(demo, uuid)).toEqual([
      [cases.sku, '2', { code: 'case', content: 'doos van 6 × 50' }, null],
      [later.sku, '5', null, backorder],
      [free.sku, '1', null, null],
    ]);
    expect(await orderLines(demo, orderId, '/en')).toEqual([
      [cases.sku, '2', { code: 'case', content: 'case of 6 × 50' }, null],
      [later.sku, '5', null, backorder],
      [free.sku, '1', null, null],
    ]);
    // One customer never sees another's order, nor its lines.
    for (const id of [uuid, orderId]) expect((await call(t.app, demoEn, 'GET', `/jsonapi/commerce_order/default/${id}`)).statusCode).toBe(404);
  });

  it('tells them in the Dutch confirmation mail', async () => {
    await place(demo, [[cases, 2], [later, 5], [free, 1]]);
    // Sent right after the commit; the answer does not wait for it.
    await expect.poll(() => t.mailer.sent.length).toBe(1);
    const mail = t.mailer.sent.at(-1)!;
    expect(mail.text).toContain('\n  2 dozen · doos van 6 × 50\n');
    expect(mail.text).toContain(`\n  3 van artikel ${later.sku} zijn niet op voorraad en worden later geleverd (verwacht op 12 december 2026).\n`);
    expect(mail.html).toContain('2 dozen · doos van 6 × 50');
    // A piece says nothing more.
    expect(mail.text).not.toContain('1 stuk');
  });

  it('tells them in the English confirmation mail, without a date when none was expected', async () => {
    await setStock(later, 0, { backorder: true });
    await place(demoEn, [[cases, 1], [later, 1]], '/en');
    await expect.poll(() => t.mailer.sent.length).toBe(1);
    const mail = t.mailer.sent.at(-1)!;
    expect(mail.subject).toContain('Order confirmation');
    expect(mail.text).toContain('\n  1 case · case of 6 × 50\n');
    expect(mail.text).toContain(`\n  1 of article ${later.sku} is not in stock and will be delivered later.\n`);
    expect(await orderLines(demoEn, (await call(t.app, demoEn, 'GET', '/jsonapi/commerce_order/default')).json().data[0].id, '/en')).toEqual([
      [cases.sku, '1', { code: 'case', content: 'case of 6 × 50' }, null],
      [later.sku, '1', null, { quantity: 1, expected_date: null }],
    ]);
  });
});

describe('a cart line over stock', () => {
  const cartLines = async (session: Session, prefix = '') => {
    const [cart] = cartResponse.parse((await call(t.app, session, 'GET', `${prefix}/cart?_format=json`)).json());
    return cart!.order_items.map((i) => [i.purchased_entity.sku, i.stock_short]);
  };

  it('says what is left once another customer bought the stock, in both languages, and the checkout still refuses it', async () => {
    await setStock(cases, 5, { expectedDate: '2027-01-12' });
    const added = await call(t.app, demo, 'POST', '/cart/add?_format=json', [addLine(cases.variationId, 4), addLine(later.variationId, 5), addLine(free.variationId, 1)]);
    expect(added.statusCode, added.body).toBe(200);
    expect(await cartLines(demo)).toEqual([
      [cases.sku, null],
      [later.sku, null],
      [free.sku, null],
    ]);

    await place(demoEn, [[cases, 3]], '/en');
    const short = [
      [cases.sku, { available: 2, expected_date: '2027-01-12' }],
      // A backorder is no refusal: the line can be placed.
      [later.sku, null],
      [free.sku, null],
    ];
    expect(await cartLines(demo)).toEqual(short);
    expect(await cartLines(demo, '/en')).toEqual(short);
    // The other customer's cart is not touched by it.
    expect((await call(t.app, demoEn, 'GET', '/cart?_format=json')).json()).toEqual([]);

    const orderId = await cartIdOf(t.app, demo);
    await chooseCheckout(t.app, demo, orderId, { shipping: 'pickup', payment: 'on_account', date: '2026-11-24' });
    expect((await call(t.app, demo, 'POST', `/api/checkout/${orderId}/place`, { terms_accepted: true })).statusCode).toBe(409);
    // Lowered to what is left, the warning goes.
    expect((await call(t.app, demo, 'POST', '/cart/add?_format=json', [addLine(cases.variationId, -2)])).statusCode).toBe(200);
    expect((await cartLines(demo))[0]).toEqual([cases.sku, null]);
  });
});
