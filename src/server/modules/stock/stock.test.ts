import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { cartResponse } from '../../../shared/api/cart';
import { productListResponse } from '../../../shared/api/catalog';
import { quickOrderAddResponse, quickOrderPreview } from '../../../shared/api/quick-order';
import { erpOrdersResponse } from '../../../shared/api/erp-export';
import { orderItems, orders, variationStock } from '../../db/schema';
import { API, login, type Session, useTestApp } from '../../test/app';
import { getJson, indexUrl, type ProductRef } from '../catalog/test-support';
import { addLine, call, cartIdOf, chooseCheckout, pricedProducts } from '../ordering/cart/test-support';
import { ERP_TOKEN } from '../erp/test-support';

/*
 * Issue 21 point 4 (decision 030): what stock allows on every way into the cart, at placing, and
 * what the catalogue shows of it, in Dutch and English. Monday 23 November 2026, 09:00 in
 * Amsterdam; demo's relation delivers on Tuesday, Thursday and Friday.
 */
const t = useTestApp({ erpApiToken: ERP_TOKEN }, { now: () => new Date('2026-11-23T09:00:00+01:00') });
const db = () => t.app.database.db;

let demo: Session;
let cases: ProductRef; // kept in stock, no backorders
let later: ProductRef; // kept in stock, backorders allowed
let free: ProductRef; // not kept in stock

async function setStock(ref: ProductRef, onHand: number, options: { backorder?: boolean; expectedDate?: string | null; fewLeftAt?: number } = {}) {
  const values = { onHand, backorder: options.backorder ?? false, expectedDate: options.expectedDate ?? null, fewLeftAt: options.fewLeftAt ?? 10 };
  await db().insert(variationStock).values({ variationId: ref.variationId, ...values }).onConflictDoUpdate({ target: variationStock.variationId, set: values });
}

async function onHand(ref: ProductRef): Promise<number | undefined> {
  const [row] = await db().select({ onHand: variationStock.onHand }).from(variationStock).where(eq(variationStock.variationId, ref.variationId));
  return row?.onHand;
}

const add = (session: Session, ref: ProductRef, quantity: number, prefix = '') => call(t.app, session, 'POST', `${prefix}/cart/add?_format=json`, [addLine(ref.variationId, quantity)]);

beforeEach(async () => {
  [cases, later, free] = (await pricedProducts(db(), [
    { taxRate: 900, scaled: [[1, 2320]] },
    { taxRate: 900, scaled: [[1, 450]] },
    { taxRate: 900, scaled: [[1, 100]] },
  ])) as [ProductRef, ProductRef, ProductRef];
  await setStock(cases, 5, { expectedDate: '2027-01-12' });
  await setStock(later, 2, { backorder: true, expectedDate: '2026-12-15' });
  await db().delete(variationStock).where(eq(variationStock.variationId, free.variationId));
  demo = await login(t.app, 'demo');
});

describe('adding to the cart', () => {
  it('refuses more than is in stock, in Dutch and in English, and stores nothing', async () => {
    let res = await add(demo, cases, 6);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'out_of_stock', message: `Van artikel ${cases.sku} zijn er nog maar 5 op voorraad; meer kun je nu niet bestellen.` });
    res = await add(demo, cases, 6, '/en');
    expect(res.json().message).toBe(`Only 5 of article ${cases.sku} are in stock; you cannot order more now.`);
    expect((await call(t.app, demo, 'GET', '/cart?_format=json')).json()).toEqual([]);

    // Five fit; one more on top of them does not (the line's whole quantity counts).
    expect((await add(demo, cases, 5)).statusCode).toBe(200);
    res = await add(demo, cases, 1);
    expect(res.statusCode).toBe(400);
    const [cart] = cartResponse.parse((await call(t.app, demo, 'GET', '/cart?_format=json')).json());
    expect(cart!.order_items.map((i) => [i.purchased_entity.sku, i.quantity, i.backorder])).toEqual([[cases.sku, '5', null]]);
    // Taking off is always allowed, also when stock fell below the cart's quantity.
    await setStock(cases, 1);
    expect((await add(demo, cases, -2)).statusCode).toBe(200);
  });

  it('says when an article out of stock is expected, with the date as each language writes it', async () => {
    await setStock(cases, 0, { expectedDate: '2027-01-12' });
    expect((await add(demo, cases, 1)).json().message).toBe(`Artikel ${cases.sku} is niet op voorraad (nieuwe voorraad verwacht op 12 januari 2027).`);
    expect((await add(demo, cases, 1, '/en')).json().message).toBe(`Article ${cases.sku} is out of stock (new stock expected on 12 January 2027).`);
  });

  it('allows a backorder where the article allows it, and the cart line says how many come later', async () => {
    const res = await add(demo, later, 5);
    expect(res.statusCode, res.body).toBe(200);
    const [cart] = cartResponse.parse((await call(t.app, demo, 'GET', '/cart?_format=json')).json());
    expect(cart!.order_items.map((i) => [i.purchased_entity.sku, i.quantity, i.backorder])).toEqual([[later.sku, '5', { quantity: 3, expected_date: '2026-12-15' }]]);
    // An article not kept in stock takes any quantity and has no backorder.
    expect((await add(demo, free, 500)).statusCode).toBe(200);
  });

  it('refuses a higher quantity on the cart page (PATCH) the same way, and lowering it is fine', async () => {
    expect((await add(demo, cases, 4)).statusCode).toBe(200);
    const orderId = await cartIdOf(t.app, demo);
    const [cart] = cartResponse.parse((await call(t.app, demo, 'GET', '/cart?_format=json')).json());
    const itemId = cart!.order_items[0]!.order_item_id;
    let res = await call(t.app, demo, 'PATCH', `/cart/${orderId}/items?_format=json`, { [itemId]: { quantity: 8 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Van artikel ${cases.sku} zijn er nog maar 5 op voorraad; meer kun je nu niet bestellen.`);
    res = await call(t.app, demo, 'PATCH', `/en/cart/${orderId}/items?_format=json`, { [itemId]: { quantity: 8 } });
    expect(res.json().message).toBe(`Only 5 of article ${cases.sku} are in stock; you cannot order more now.`);
    res = await call(t.app, demo, 'PATCH', `/cart/${orderId}/items?_format=json`, { [itemId]: { quantity: 2 } });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('leaves out of quick order what is not in stock, and tells of a backorder, in both languages', async () => {
    const rows = { rows: [{ line: 1, article: cases.sku, quantity: 7 }, { line: 2, article: later.sku, quantity: 3 }] };
    const preview = quickOrderPreview.parse((await call(t.app, demo, 'POST', '/quick-order/preview', rows)).json());
    expect(preview.lines.map((l) => [l.article, l.status, l.message])).toEqual([
      [cases.sku, 'out_of_stock', `Van artikel ${cases.sku} zijn er nog maar 5 op voorraad; meer kun je nu niet bestellen.`],
      [later.sku, 'ok', `1 van artikel ${later.sku} is niet op voorraad en wordt later geleverd (verwacht op 15 december 2026).`],
    ]);
    const res = await call(t.app, demo, 'POST', '/en/quick-order/add', rows);
    expect(res.statusCode, res.body).toBe(200);
    const added = quickOrderAddResponse.parse(res.json());
    expect(added.lines.map((l) => [l.status, l.added, l.message])).toEqual([
      ['out_of_stock', false, `Only 5 of article ${cases.sku} are in stock; you cannot order more now.`],
      ['ok', true, `1 of article ${later.sku} is not in stock and will be delivered later (expected on 15 December 2026).`],
    ]);
    expect(added.cart_quantity_total).toBe(3);
  });

  it('tells no stock figure above the few-left mark, as the cards: a list of large quantities cannot read every level', async () => {
    await setStock(cases, 37, { fewLeftAt: 10 });
    const rows = { rows: [{ line: 1, article: cases.sku, quantity: 999 }] };
    const nl = quickOrderPreview.parse((await call(t.app, demo, 'POST', '/quick-order/preview', rows)).json());
    expect(nl.lines[0]!.message).toBe(`Zoveel van artikel ${cases.sku} hebben we niet op voorraad; bestel een kleiner aantal.`);
    const en = quickOrderPreview.parse((await call(t.app, demo, 'POST', '/en/quick-order/preview', rows)).json());
    expect(en.lines[0]!.message).toBe(`We do not have that many of article ${cases.sku} in stock; please order a smaller quantity.`);
    expect((await add(demo, cases, 38, '/en')).json().message).toBe(`We do not have that many of article ${cases.sku} in stock; please order a smaller quantity.`);
    // At the mark the cards say "few left", and the figure is told.
    await setStock(cases, 10, { fewLeftAt: 10 });
    const few = quickOrderPreview.parse((await call(t.app, demo, 'POST', '/en/quick-order/preview', rows)).json());
    expect(few.lines[0]!.message).toBe(`Only 10 of article ${cases.sku} are in stock; you cannot order more now.`);
  });

  it('leaves out of order again what is no longer in stock, saying why', async () => {
    const [order] = await db().insert(orders).values({ userId: 1, relationId: 1, state: 'placed', placedAt: new Date('2026-11-20T10:00:00Z'), subtotalCents: 100, totalCents: 109, paymentState: 'on_account' }).returning();
    await db().insert(orderItems).values([
      { orderId: order!.id, variationId: cases.variationId, productId: cases.id, quantity: 6, sku: cases.sku, title: 'Tortilla’s', unitPriceCents: 2320, totalCents: 13920, taxRate: 900 },
      { orderId: order!.id, variationId: free.variationId, productId: free.id, quantity: 2, sku: free.sku, title: 'Iets', unitPriceCents: 100, totalCents: 200, taxRate: 900 },
    ]);
    const res = await call(t.app, demo, 'POST', '/quick-order/order-again', { order: order!.uuid });
    expect(res.statusCode, res.body).toBe(200);
    const answer = quickOrderAddResponse.parse(res.json());
    expect(answer).toMatchObject({ added_count: 1, left_out_count: 1, cart_quantity_total: 2 });
    expect(answer.lines[0]).toMatchObject({ status: 'out_of_stock', added: false, message: `Van artikel ${cases.sku} zijn er nog maar 5 op voorraad; meer kun je nu niet bestellen.` });
  });
});

describe('placing an order', () => {
  const place = (session: Session, orderId: number, prefix = '') => call(t.app, session, 'POST', `${prefix}/api/checkout/${orderId}/place`, { terms_accepted: true });

  async function readyCart(session: Session, lines: Array<[ProductRef, number]>): Promise<number> {
    const res = await call(t.app, session, 'POST', '/cart/add?_format=json', lines.map(([ref, quantity]) => addLine(ref.variationId, quantity)));
    expect(res.statusCode, res.body).toBe(200);
    const orderId = await cartIdOf(t.app, session);
    await chooseCheckout(t.app, session, orderId, { shipping: 'pickup', payment: 'on_account', date: '2026-11-24' });
    return orderId;
  }

  it('takes the goods off stock, keeps how much of a line is a backorder and tells the ERP', async () => {
    const orderId = await readyCart(demo, [[cases, 3], [later, 5], [free, 1]]);
    const res = await place(demo, orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect([await onHand(cases), await onHand(later), await onHand(free)]).toEqual([2, -3, undefined]);
    const items = await db().select({ sku: orderItems.sku, backorder: orderItems.backorderQuantity }).from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(Object.fromEntries(items.map((i) => [i.sku, i.backorder]))).toEqual({ [cases.sku]: 0, [later.sku]: 3, [free.sku]: 0 });
    const exported = erpOrdersResponse.parse((await t.app.inject({ url: `${API}/api/erp/orders`, headers: { authorization: `Bearer ${ERP_TOKEN}` } })).json());
    const record = exported.records.find((r) => r.order_number === res.json().order_number);
    expect(record?.lines.map((l) => [l.sku, l.quantity, l.backorder_quantity])).toEqual([
      [cases.sku, 3, 0],
      [later.sku, 5, 3],
      [free.sku, 1, 0],
    ]);
  });

  it('checks again at placing and refuses clearly when stock ran out meanwhile, taking nothing', async () => {
    const orderId = await readyCart(demo, [[cases, 4], [later, 1]]);
    await setStock(cases, 3);
    let res = await place(demo, orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'stock_ran_out',
      message: `Terwijl je bestelde is de voorraad opgeraakt. Pas je winkelwagen aan en bestel opnieuw: Van artikel ${cases.sku} zijn er nog maar 3 op voorraad; meer kun je nu niet bestellen.`,
    });
    res = await place(demo, orderId, '/en');
    expect(res.json().message).toBe(`Stock ran out while you were ordering. Please change your cart and order again: Only 3 of article ${cases.sku} are in stock; you cannot order more now.`);
    expect([await onHand(cases), await onHand(later)]).toEqual([3, 2]);
    const [draft] = await db().select({ state: orders.state }).from(orders).where(eq(orders.id, orderId));
    expect(draft?.state).toBe('draft');
  });

  it('never sells more than the last five cases to two customers at once', async () => {
    const demoEn = await login(t.app, 'demo-en');
    const first = await readyCart(demo, [[cases, 5]]);
    const second = await readyCart(demoEn, [[cases, 5]]);
    const answers = await Promise.all([place(demo, first), place(demoEn, second, '/en')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await onHand(cases)).toBe(0);
    const placedCases = await db()
      .select({ quantity: orderItems.quantity })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orderItems.variationId, cases.variationId), eq(orders.state, 'placed')));
    expect(placedCases.reduce((sum, line) => sum + line.quantity, 0)).toBe(5);
  });
});

describe('what the catalogue shows', () => {
  it('shows in stock, few left and out of stock with the expected date on the list and the product page', async () => {
    await setStock(cases, 0, { expectedDate: '2027-01-12' });
    await setStock(later, 4, { backorder: true });
    const list = productListResponse.parse((await getJson(t.app, indexUrl({ 'page[limit]': 100 }), demo.cookie)).json());
    const bySku = new Map(list.data.map((p) => [p.sku, p.availability]));
    expect(bySku.get(cases.sku)).toEqual({ status: 'out_of_stock', expected_date: '2027-01-12', backorder: false });
    expect(bySku.get(later.sku)).toEqual({ status: 'few_left', expected_date: null, backorder: true });
    expect(bySku.get(free.sku)).toBeNull();
    const detail = await getJson(t.app, `${API}/en/jsonapi/commerce_product/default/${cases.uuid}?jsonapi_include=1`, demo.cookie);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.availability).toEqual({ status: 'out_of_stock', expected_date: '2027-01-12', backorder: false });
  });
});
