import { and, eq, gt } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { type CartOrder, cartResponse } from '../../../../shared/api/cart';
import { orderResponse, placeOrderResponse } from '../../../../shared/api/checkout';
import { erpOrdersResponse } from '../../../../shared/api/erp-export';
import { orderItems, orders, relations, variationDeposits, vatRates } from '../../../db/schema';
import { API, login, type Session, useTestApp } from '../../../test/app';
import { testClock } from '../../../test/clock';
import type { ProductRef } from '../../catalog/test-support';
import { addLine, call, chooseCheckout, pricedProducts } from '../cart/test-support';
import { ERP_TOKEN } from '../../erp/test-support';

/*
 * Issue 21, points 2 and 3 (decision 028): a basket of 24 cans of soft drink at the low rate with
 * a can deposit each, a crate of 12 beers at the standard rate with a crate and 12 bottle
 * deposits, and one tequila. Monday 23 November 2026, 09:00 in Amsterdam; demo's relation
 * delivers on Tuesday, Thursday and Friday.
 */
const clock = testClock('2026-11-23T09:00:00+01:00');
const t = useTestApp({ erpApiToken: ERP_TOKEN }, { now: clock.now });

let demo: Session;
let soda: ProductRef;
let beer: ProductRef;
let tequila: ProductRef;
let orderId: number;

const db = () => t.app.database.db;

beforeEach(async () => {
  clock.reset();
  [soda, beer, tequila] = (await pricedProducts(db(), [
    { taxRate: 900, scaled: [[1, 89]] },
    { taxRate: 2100, scaled: [[1, 1549]] },
    { taxRate: 2100, scaled: [[1, 2495]] },
  ])) as [ProductRef, ProductRef, ProductRef];
  // The test's own rates: the demo data's announced change is left out, a change to 11 % on 1 December is in.
  await db().delete(vatRates).where(gt(vatRates.validFrom, '2020-01-01'));
  await db().insert(vatRates).values({ vatClass: 'food', validFrom: '2026-12-01', rate: 1100 });
  await db().delete(variationDeposits);
  await db().insert(variationDeposits).values([
    { variationId: soda.variationId, kind: 'can', amountCents: 15, quantity: 1 },
    { variationId: beer.variationId, kind: 'crate', amountCents: 150, quantity: 1 },
    { variationId: beer.variationId, kind: 'bottle', amountCents: 10, quantity: 12 },
  ]);
  demo = await login(t.app, 'demo');
  const res = await call(t.app, demo, 'POST', '/cart/add?_format=json', [addLine(soda.variationId, 24), addLine(beer.variationId, 1), addLine(tequila.variationId, 1)]);
  expect(res.statusCode, res.body).toBe(200);
  orderId = (await cart()).order_id;
});

async function cart(prefix = ''): Promise<CartOrder> {
  const res = await call(t.app, demo, 'GET', `${prefix}/cart?_format=json`);
  expect(res.statusCode, res.body).toBe(200);
  return cartResponse.parse(res.json())[0]!;
}

/** Labels as written here: Intl puts a no-break space after the euro sign. */
const plain = (label: string) => label.replace(/\u00a0/g, ' ');
const adjustmentsOf = (order: Pick<CartOrder, 'order_total'>) => order.order_total.adjustments.map((a) => [a.type, plain(a.label), a.amount.number]);
const post = (path: string, body: unknown) => call(t.app, demo, 'POST', `/api/checkout/${orderId}/${path}`, body);

describe('the cart with deposits and two VAT rates', () => {
  it('adds VAT per rate over the goods and deposits without VAT as lines of their own, to the cent', async () => {
    const order = await cart();
    expect(order.order_items.map((i) => [i.purchased_entity.sku, i.quantity, i.total_price.number, i.tax_percentage])).toEqual([
      [soda.sku, '24', '21.36', '0.09'],
      [beer.sku, '1', '15.49', '0.21'],
      [tequila.sku, '1', '24.95', '0.21'],
    ]);
    expect(order.order_total.subtotal.number).toBe('61.80');
    // 21 %: (15,49 + 24,95) × 0,21 = 8,4924 → 8,49; 9 %: 21,36 × 0,09 = 1,9224 → 1,92.
    expect(adjustmentsOf(order)).toEqual([
      ['tax', 'BTW 21%', '8.49'],
      ['tax', 'BTW 9%', '1.92'],
      ['deposit', 'Emballage krat 1 × € 1,50', '1.50'],
      ['deposit', 'Statiegeld fles 12 × € 0,10', '1.20'],
      ['deposit', 'Statiegeld blik 24 × € 0,15', '3.60'],
    ]);
    expect(order.total_price.number).toBe('78.51');
    expect((await cart('/en')).order_total.adjustments.filter((a) => a.type === 'deposit').map((a) => plain(a.label))).toEqual([
      'Deposit crate 1 × € 1,50',
      'Deposit bottle 12 × € 0,10',
      'Deposit can 24 × € 0,15',
    ]);
  });

  it('adds up the same deposit of several lines and sales units: two crates are 24 bottles', async () => {
    await call(t.app, demo, 'POST', '/cart/add?_format=json', [addLine(beer.variationId, 1)]);
    const order = await cart();
    expect(adjustmentsOf(order).filter(([type]) => type === 'deposit')).toEqual([
      ['deposit', 'Emballage krat 2 × € 1,50', '3.00'],
      ['deposit', 'Statiegeld fles 24 × € 0,10', '2.40'],
      ['deposit', 'Statiegeld blik 24 × € 0,15', '3.60'],
    ]);
    // 21 %: (2 × 15,49 + 24,95) × 0,21 = 11,7453 → 11,75.
    expect(order.total_price.number).toBe((61.8 + 15.49 + 11.75 + 1.92 + 9).toFixed(2));
  });

  it('counts deposits towards free delivery only when the relation’s terms say so', async () => {
    await db().update(relations).set({ freeDeliveryAmount: 'Franco vanaf € 65,-' }).where(eq(relations.id, 1));
    await chooseCheckout(t.app, demo, orderId, { shipping: 'delivery', payment: 'on_account', date: '2026-11-24' });
    let order = await cart();
    // 61,80 of goods is below 65: shipping 14,95, split over the rates (9,78 at 21 %, 5,17 at 9 %).
    expect(order.free_delivery).toMatchObject({ threshold: { number: '65.00' }, remaining: { number: '3.20' } });
    expect(adjustmentsOf(order).slice(0, 3)).toEqual([
      ['shipping', 'Bezorgen', '14.95'],
      ['tax', 'BTW 21%', '10.55'],
      ['tax', 'BTW 9%', '2.39'],
    ]);
    expect(order.total_price.number).toBe('95.99');

    await db().update(relations).set({ depositsCountFreeDelivery: true }).where(eq(relations.id, 1));
    order = await cart();
    // 61,80 + 6,30 of deposits reaches 65: free delivery.
    expect(order.free_delivery).toMatchObject({ remaining: { number: '0.00' } });
    expect(order.shipments[0]?.amount.number).toBe('0.00');
    expect(order.total_price.number).toBe('78.51');
  });
});

describe('VAT by the delivery date', () => {
  it('uses the rate valid on the delivery date: the first possible date before one is chosen, the new rate from its day on', async () => {
    // No date chosen: the first possible one is Tuesday 24 November, at 9 %.
    expect(adjustmentsOf(await cart())[1]).toEqual(['tax', 'BTW 9%', '1.92']);
    expect((await post('set-delivery-date', { date: '2026-11-27' })).statusCode).toBe(200);
    expect(adjustmentsOf(await cart())[1]).toEqual(['tax', 'BTW 9%', '1.92']);
    // Tuesday 1 December, the day of the change: 21,36 × 0,11 = 2,3496 → 2,35.
    const res = await post('set-delivery-date', { date: '2026-12-01' });
    expect(res.statusCode, res.body).toBe(200);
    const order = await cart();
    expect(adjustmentsOf(order)[1]).toEqual(['tax', 'BTW 11%', '2.35']);
    expect(order.order_items[0]?.tax_percentage).toBe('0.11');
    expect(order.total_price.number).toBe('78.94');
  });

  it('keeps the rates a placed order was placed with, whatever the rates do later', async () => {
    await chooseCheckout(t.app, demo, orderId, { shipping: 'pickup', payment: 'on_account', date: '2026-12-01', profileId: 2 });
    const placed = placeOrderResponse.parse((await post('place', { terms_accepted: true })).json());
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(items.map((i) => [i.sku, i.taxRate])).toEqual([
      [soda.sku, 1100],
      [beer.sku, 2100],
      [tequila.sku, 2100],
    ]);
    await db().update(vatRates).set({ rate: 1200 }).where(and(eq(vatRates.vatClass, 'food'), eq(vatRates.validFrom, '2026-12-01')));
    const res = await call(t.app, demo, 'GET', `/jsonapi/commerce_order/default/${placed.uuid}`);
    const order = orderResponse.parse(res.json()).data;
    expect(order.order_total.adjustments.map((a) => [a.label, a.amount.number])).toContainEqual(['BTW 11%', '2.35']);
    expect(order.total_price.number).toBe('78.94');
  });
});

describe('deposits in the placed order, the mail and the ERP export', () => {
  it('shows the deposit lines on the order in the reader’s language, mails them and exports them with each line’s rate', async () => {
    await chooseCheckout(t.app, demo, orderId, { shipping: 'pickup', payment: 'on_account', date: '2026-11-24', profileId: 2 });
    const placed = placeOrderResponse.parse((await post('place', { terms_accepted: true })).json());
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ subtotalCents: 6180, totalCents: 7851 });

    const nl = orderResponse.parse((await call(t.app, demo, 'GET', `/jsonapi/commerce_order/default/${placed.uuid}`)).json()).data;
    expect(nl.order_total.adjustments.filter((a) => a.type === 'deposit').map((a) => [plain(a.label), a.amount.number])).toEqual([
      ['Emballage krat 1 × € 1,50', '1.50'],
      ['Statiegeld fles 12 × € 0,10', '1.20'],
      ['Statiegeld blik 24 × € 0,15', '3.60'],
    ]);
    const en = orderResponse.parse((await call(t.app, demo, 'GET', `/en/jsonapi/commerce_order/default/${placed.uuid}`)).json()).data;
    expect(en.order_total.adjustments.filter((a) => a.type === 'deposit').map((a) => plain(a.label))).toEqual(['Deposit crate 1 × € 1,50', 'Deposit bottle 12 × € 0,10', 'Deposit can 24 × € 0,15']);

    await expect.poll(() => t.mailer.sent.length).toBe(1);
    const mail = t.mailer.sent[0]!;
    expect(mail.text).toMatch(/Statiegeld blik 24 × €\s0,15: €\s3,60/);
    expect(mail.text).toMatch(/Emballage krat 1 × €\s1,50: €\s1,50/);
    expect(mail.html).toContain('Statiegeld fles 12');

    const res = await t.app.inject({ url: `${API}/api/erp/orders`, headers: { authorization: `Bearer ${ERP_TOKEN}` } });
    expect(res.statusCode, res.body).toBe(200);
    const record = erpOrdersResponse.parse(res.json()).records.find((r) => r.order_number === placed.order_number)!;
    expect(record.lines.map((l) => [l.sku, l.total_cents, l.tax_rate])).toEqual([
      [soda.sku, 2136, 900],
      [beer.sku, 1549, 2100],
      [tequila.sku, 2495, 2100],
    ]);
    expect(record.deposits).toEqual([
      { kind: 'crate', quantity: 1, unit_cents: 150, total_cents: 150 },
      { kind: 'bottle', quantity: 12, unit_cents: 10, total_cents: 120 },
      { kind: 'can', quantity: 24, unit_cents: 15, total_cents: 360 },
    ]);
    expect(record.tax.map((x) => x.amount_cents)).toEqual([849, 192]);
    expect(record.total_cents).toBe(6180 + 849 + 192 + 630);
  });

  it('writes the mail’s VAT and deposit lines in the customer’s language, also for an order placed on the English pages', async () => {
    await chooseCheckout(t.app, demo, orderId, { shipping: 'pickup', payment: 'on_account', date: '2026-11-24', profileId: 2 });
    const res = await call(t.app, demo, 'POST', `/en/api/checkout/${orderId}/place`, { terms_accepted: true });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(() => t.mailer.sent.length).toBe(1);
    const text = plain(t.mailer.sent[0]!.text);
    expect(text).toContain('Statiegeld blik 24 × € 0,15: € 3,60');
    expect(text).toContain('BTW 9%: € 1,92');
    expect(text).not.toContain('Deposit');
  });
});
