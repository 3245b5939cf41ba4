import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { cartOrder, cartResponse } from '../../../../shared/api/cart';
import { orderResponse, paymentMethodsResponse, placeOrderResponse, shippingMethodsResponse } from '../../../../shared/api/checkout';
import { orders, prices } from '../../../db/schema';
import { login, type Session, useTestApp } from '../../../test/app';
import { testClock } from '../../../test/clock';
import type { ProductRef } from '../../catalog/test-support';
import { addLine, call, chooseCheckout, itemRows, pricedProducts } from '../cart/test-support';

// Monday 23 November 2026, 09:00 in Amsterdam. Demo's relation delivers on Tuesday, Thursday and Friday.
const clock = testClock('2026-11-23T09:00:00+01:00');
const t = useTestApp({}, { now: clock.now });

let demo: Session;
let food: ProductRef;
let tool: ProductRef;
let orderId: number;

beforeEach(async () => {
  clock.reset();
  [food, tool] = (await pricedProducts(t.app.database.db, [
    { taxRate: 900, scaled: [[1, 250], [10, 200]] },
    { taxRate: 2100, scaled: [[1, 1299]] },
  ])) as [ProductRef, ProductRef];
  demo = await login(t.app, 'demo');
  const res = await call(t.app, demo, 'POST', '/cart/add?_format=json', [addLine(food.variationId, 4), addLine(tool.variationId, 1)]);
  expect(res.statusCode, res.body).toBe(200);
  orderId = cartResponse.parse((await call(t.app, demo, 'GET', '/cart?_format=json')).json())[0]!.order_id;
});

const post = (session: Session, path: string, body?: unknown) => call(t.app, session, 'POST', `/api/checkout/${orderId}/${path}`, body);

const completeChoices = (session = demo) => chooseCheckout(t.app, session, orderId, { shipping: 'delivery', payment: 'on_account', date: '2026-11-24', profileId: 2 });

const draftOf = async () => (await t.app.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

describe('checkout choices', () => {
  it('lists the shipping methods with their cost for this order and the payment methods', async () => {
    let res = await call(t.app, demo, 'GET', `/api/checkout/${orderId}/shipping`);
    expect(res.statusCode, res.body).toBe(200);
    expect(shippingMethodsResponse.parse(res.json()).map((m) => [m.id, m.label, m.amount.number])).toEqual([
      ['delivery', 'Bezorgen', '14.95'],
      ['pickup', 'Afhalen bij ons magazijn', '0.00'],
    ]);
    res = await call(t.app, demo, 'GET', `/en/api/checkout/${orderId}/payment`);
    expect(paymentMethodsResponse.parse(res.json())).toEqual([
      { id: 'ideal', label: 'iDEAL', online: true },
      { id: 'on_account', label: 'On account', online: false },
    ]);
  });

  it('keeps each choice on the cart and answers the cart', async () => {
    await completeChoices();
    const cart = cartOrder.parse((await post(demo, 'set-profile', { profileId: 3 })).json());
    expect(cart).toMatchObject({ payment_method: 'on_account', payment_gateway: 'on_account', req_dlv_date: '2026-11-24', shipping_profile: 3 });
    expect(cart.shipments).toEqual([{ shipping_method: 'delivery', shipping_profile: 3, amount: expect.objectContaining({ number: '14.95' }) }]);
  });

  it('refuses unknown methods, other relations’ addresses and bad bodies, changing nothing', async () => {
    await completeChoices();
    const before = await draftOf();
    const cases: Array<[string, unknown, number, RegExp]> = [
      ['set-shipping', { method: 'teleport' }, 400, /geen verzendmethode 'teleport'/],
      ['set-shipping', {}, 400, /method/],
      ['set-payment', { method: 'cash' }, 400, /geen betaalmethode 'cash'/],
      ['set-payment', { method: 'x'.repeat(65) }, 400, /maximaal 64/],
      ['set-profile', { profileId: 6 }, 404, /niet een van je adressen/], // grooth's
      ['set-profile', { profileId: 'one' }, 400, /profileId/],
      ['set-delivery-date', { date: 'tomorrow' }, 400, /JJJJ-MM-DD/],
      ['set-delivery-date', { date: '2026-11-23' }, 400, /vroegst mogelijke leverdatum is 24-11-2026/],
      ['set-delivery-date', { date: '2026-11-25' }, 400, /Op die dag van de week leveren we niet bij je/], // a Wednesday
      ['set-delivery-date', { date: '2027-06-01' }, 400, /te ver vooruit/],
      ['set-delivery-date', { date: '2026-02-30' }, 400, /geen geldige datum/],
    ];
    for (const [path, body, status, message] of cases) {
      const res = await post(demo, path, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body)} ${res.body}`).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    expect(await draftOf()).toEqual(before);
  });

  it('moves the earliest date at 14:00 in Amsterdam, also on the server', async () => {
    // Monday 13:59: Tuesday is allowed.
    clock.advance((4 * 60 + 59) * 60_000);
    expect((await post(demo, 'set-delivery-date', { date: '2026-11-24' })).statusCode).toBe(200);
    // Monday 14:00: Tuesday is too early, Wednesday is not a delivery day, Thursday is the earliest.
    clock.advance(60_000);
    const res = await post(demo, 'set-delivery-date', { date: '2026-11-24' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('De vroegst mogelijke leverdatum is 26-11-2026.');
    expect((await post(demo, 'set-delivery-date', { date: '2026-11-26' })).statusCode).toBe(200);
  });
});

describe('placing an order', () => {
  it('refuses with every missing choice named, and places nothing', async () => {
    const res = await post(demo, 'place', {});
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: { field: string; message: string }) => e.message);
    expect(fields).toEqual(['Bevestig dat je akkoord gaat met onze leveringsvoorwaarden', 'Kies een verzendmethode', 'Kies een betaalmethode', 'Kies een leverdatum']);
    // The spec's texts (section 5) for an English customer.
    const en = await call(t.app, demo, 'POST', `/en/api/checkout/${orderId}/place`, {});
    expect(en.json().errors.map((e: { message: string }) => e.message)).toEqual([
      'Please confirm you accept our delivery terms',
      'Please choose a shipping method',
      'Please choose a payment method',
      'Please choose a delivery date',
    ]);
    expect((await draftOf()).state).toBe('draft');
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('places the order: number, placed time, snapshot of lines, totals and addresses, a confirmation mail; the cart is empty', async () => {
    await completeChoices();
    const res = await post(demo, 'place', { terms_accepted: true });
    expect(res.statusCode, res.body).toBe(200);
    const placed = placeOrderResponse.parse(res.json());
    expect(placed).toEqual({ status: 'success', orderId, uuid: expect.any(String), order_number: `W${String(orderId).padStart(7, '0')}` });

    const row = await draftOf();
    expect(row).toMatchObject({ state: 'placed', subtotalCents: 2299, totalCents: 2299 + 1495 + 450 + 149, paymentState: 'on_account', shippingMethodLabel: 'Bezorgen', paymentMethodLabel: 'Op rekening' });
    expect(row.placedAt?.toISOString()).toBe('2026-11-23T08:00:00.000Z');
    expect(row.deliveryAddress).toMatchObject({ label: 'Keuken Centrum', address_line1: 'Nieuwezijds Voorburgwal 88', profile_id: 2 });
    expect(row.billingAddress).toMatchObject({ name: 'Restaurant La Catrina', address_line1: 'Prinsengracht 212' });
    const items = await itemRows(t.app.database.db, orderId);
    expect(items.map((i) => [i.sku, i.quantity, i.unitPriceCents, i.totalCents, i.taxRate])).toEqual([
      [food.sku, 4, 250, 1000, 900],
      [tool.sku, 1, 1299, 1299, 2100],
    ]);

    // Sent right after the commit, without the answer waiting for it.
    await expect.poll(() => t.mailer.sent.length).toBe(1);
    const mail = t.mailer.sent[0]!;
    expect(mail.subject).toContain(`Orderbevestiging ${placed.order_number}`);
    expect(mail.text).toContain(`4 × ${items[0]!.title} (${food.sku}) à € 2,50 = € 10,00`);
    expect(mail.text).toContain('Totaal (incl. btw): € 43,93');
    expect(mail.text).toContain('Gewenste leverdatum: 24-11-2026');
    expect(mail.text).toContain('Nieuwezijds Voorburgwal 88');
    expect(mail.html).toContain('€ 14,95');

    expect(cartResponse.parse((await call(t.app, demo, 'GET', '/cart?_format=json')).json())).toEqual([]);
  });

  it('is idempotent: placing again, or twice at once, gives one order and one mail', async () => {
    await completeChoices();
    const placedBefore = (await t.app.database.db.select().from(orders).where(eq(orders.state, 'placed'))).length;
    const [a, b] = await Promise.all([post(demo, 'place', { terms_accepted: true }), post(demo, 'place', { terms_accepted: true })]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(a.json()).toEqual(b.json());
    const again = await post(demo, 'place', { terms_accepted: true });
    expect(again.json()).toEqual(a.json());
    await expect.poll(() => t.mailer.sent.length).toBe(1);
    expect(await t.app.mailOutbox.deliverDue()).toEqual({ sent: 0, failed: 0, waiting: 0 });
    expect(t.mailer.sent).toHaveLength(1);
    const placed = await t.app.database.db.select().from(orders).where(eq(orders.state, 'placed'));
    expect(placed).toHaveLength(placedBefore + 1);
  });

  it('refuses an online payment method (that goes through create-payment) and a date that has passed', async () => {
    await completeChoices();
    await post(demo, 'set-payment', { method: 'ideal' });
    let res = await post(demo, 'place', { terms_accepted: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('online_payment');
    await post(demo, 'set-payment', { method: 'on_account' });
    // Tuesday 15:00: the saved Tuesday has passed.
    clock.advance(30 * 3600_000);
    res = await post(demo, 'place', { terms_accepted: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('delivery_date_too_early');
    expect((await draftOf()).state).toBe('draft');
  });

  it('keeps the order as placed whatever the catalogue does later, and shows it only to its user', async () => {
    await completeChoices();
    const { uuid } = placeOrderResponse.parse((await post(demo, 'place', { terms_accepted: true })).json());
    await t.app.database.db.update(prices).set({ unitPriceCents: 999 }).where(eq(prices.variationId, food.variationId));
    let res = await call(t.app, demo, 'GET', `/jsonapi/commerce_order/default/${uuid}?jsonapi_include=1&include=order_items,order_items.purchased_entity`);
    expect(res.statusCode, res.body).toBe(200);
    const order = orderResponse.parse(res.json()).data;
    expect(order.order_items.map((i) => [i.quantity, i.unit_price.number, i.total_price.number])).toEqual([
      ['4', '2.50', '10.00'],
      ['1', '12.99', '12.99'],
    ]);
    expect(order.order_total.adjustments.map((a) => [a.type, a.amount.number])).toEqual([
      ['shipping', '14.95'],
      ['tax', '4.50'],
      ['tax', '1.49'],
    ]);
    expect(order.total_price.number).toBe('43.93');
    expect(order).toMatchObject({ state: 'placed', req_dlv_date: '2026-11-24', mail: expect.stringContaining('@') });

    // By its numeric id too (the order detail page's address).
    res = await call(t.app, demo, 'GET', `/jsonapi/commerce_order/default/${orderId}`);
    expect(orderResponse.parse(res.json()).data.id).toBe(uuid);
    const grooth = await login(t.app, 'grooth');
    res = await call(t.app, grooth, 'GET', `/jsonapi/commerce_order/default/${uuid}`);
    expect(res.statusCode).toBe(404);
    res = await call(t.app, grooth, 'GET', `/jsonapi/commerce_order/default/${orderId}`);
    expect(res.statusCode).toBe(404);
    res = await call(t.app, null, 'GET', `/jsonapi/commerce_order/default/${uuid}`);
    expect(res.statusCode).toBe(403);
  });
});

describe('one customer never reaches another customer’s checkout', () => {
  it('answers 404 to every checkout call with another customer’s order id, and changes nothing', async () => {
    const grooth = await login(t.app, 'grooth');
    const before = await draftOf();
    for (const [method, path, body] of [
      ['GET', 'shipping', undefined],
      ['GET', 'payment', undefined],
      ['POST', 'set-shipping', { method: 'pickup' }],
      ['POST', 'set-payment', { method: 'ideal' }],
      ['POST', 'set-delivery-date', { date: '2026-11-25' }],
      ['POST', 'set-profile', { profileId: 6 }],
      ['POST', 'place', { terms_accepted: true }],
    ] as const) {
      const res = await call(t.app, grooth, method, `/api/checkout/${orderId}/${path}`, body);
      expect(res.statusCode, `${path} ${res.body}`).toBe(404);
    }
    expect(await draftOf()).toEqual(before);
    expect(t.mailer.sent).toHaveLength(0);
  });
});
