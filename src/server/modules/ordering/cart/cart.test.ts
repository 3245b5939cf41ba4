import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { addToCartResponse, cartOrder, cartResponse } from '../../../../shared/api/cart';
import { prices } from '../../../db/schema';
import { login, type Session, useTestApp } from '../../../test/app';
import type { ProductRef } from '../../catalog/test-support';
import { addLine, call, itemRows, orderRows, pricedProducts } from './test-support';

// Monday 23 November 2026, 09:00 in Amsterdam.
const t = useTestApp({}, { now: () => new Date('2026-11-23T09:00:00+01:00') });

let demo: Session;
let food: ProductRef; // 9% VAT: € 2,50 from 1, € 2,00 from 10
let tool: ProductRef; // 21% VAT: € 12,99
let pricey: ProductRef; // 9% VAT: € 349,99 / from 2: € 175,00

beforeEach(async () => {
  [food, tool, pricey] = (await pricedProducts(t.app.database.db, [
    { taxRate: 900, scaled: [[1, 250], [10, 200]] },
    { taxRate: 2100, scaled: [[1, 1299]] },
    { taxRate: 900, scaled: [[1, 34_999], [2, 17_500]] },
  ])) as [ProductRef, ProductRef, ProductRef];
  demo = await login(t.app, 'demo');
});

const add = (session: Partial<Session> | null, ...lines: unknown[]) => call(t.app, session, 'POST', '/cart/add?_format=json', lines);
async function cartOf(session: Session) {
  const res = await call(t.app, session, 'GET', '/cart?_format=json');
  expect(res.statusCode, res.body).toBe(200);
  return cartResponse.parse(res.json());
}
async function theCart(session: Session) {
  const [cart] = await cartOf(session);
  if (!cart) throw new Error('no cart');
  return cart;
}

describe('GET /cart', () => {
  it('answers an empty list without a cart, and 403 without a session', async () => {
    expect(await cartOf(demo)).toEqual([]);
    expect((await call(t.app, null, 'GET', '/cart?_format=json')).statusCode).toBe(403);
    expect((await add(null, addLine(food.variationId, 1))).statusCode).toBe(403);
  });

  it('answers the cart in the Commerce shape, with the English path prefix in English', async () => {
    await add(demo, addLine(food.variationId, 3));
    const cart = await theCart(demo);
    expect(cart).toMatchObject({ order_number: null, state: 'draft', payment_method: null, shipments: [], req_dlv_date: null, quantity_total: 3 });
    expect(cart.shipping_profile).toBe(1); // the relation's default delivery address
    const res = await call(t.app, demo, 'GET', '/en/cart?_format=json');
    const [en] = cartResponse.parse(res.json());
    expect(en?.order_total.adjustments[0]?.label).toBe('VAT 9%');
    expect(cart.order_total.adjustments[0]?.label).toBe('BTW 9%');
  });
});

describe('cart maths', () => {
  it('prices a line from the list, adds 9% VAT rounded to the cent, and totals in cents', async () => {
    const res = await add(demo, addLine(food.variationId, 3));
    expect(res.statusCode, res.body).toBe(200);
    const [item] = addToCartResponse.parse(res.json());
    expect(item).toMatchObject({ quantity: '3', unit_price: { number: '2.50' }, total_price: { number: '7.50' }, tax_percentage: '0.09' });
    const cart = await theCart(demo);
    expect(cart.order_total.subtotal.number).toBe('7.50');
    // 9% of 7.50 is 0.675: 0.68.
    expect(cart.order_total.adjustments).toEqual([
      { type: 'tax', label: 'BTW 9%', percentage: '0.09', amount: { number: '0.68', currency_code: 'EUR', formatted: expect.stringMatching(/^€\s0,68$/) } },
    ]);
    expect(cart.total_price.number).toBe('8.18');
    expect(cart.total_price.formatted).toMatch(/^€\s8,18$/);
  });

  it('switches to the scaled price at the quantity break, both ways, on every change', async () => {
    await add(demo, addLine(food.variationId, 9));
    expect((await theCart(demo)).order_items[0]?.unit_price.number).toBe('2.50');
    await add(demo, addLine(food.variationId, 1));
    let cart = await theCart(demo);
    expect(cart.order_items[0]).toMatchObject({ quantity: '10', unit_price: { number: '2.00' }, total_price: { number: '20.00' } });
    const res = await call(t.app, demo, 'PATCH', `/cart/${cart.order_id}/items?_format=json`, { [cart.order_items[0]!.order_item_id]: { quantity: 9 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(cartOrder.parse(res.json()).order_items[0]).toMatchObject({ quantity: '9', unit_price: { number: '2.50' } });
    await add(demo, addLine(food.variationId, -1));
    cart = await theCart(demo);
    expect(cart.order_items[0]).toMatchObject({ quantity: '8', total_price: { number: '20.00' } });
  });

  it('adds VAT per rate as separate adjustments with their percentage', async () => {
    await add(demo, addLine(food.variationId, 2), addLine(tool.variationId, 1));
    const cart = await theCart(demo);
    expect(cart.order_total.subtotal.number).toBe('17.99');
    expect(cart.order_total.adjustments.map((a) => [a.label, a.percentage, a.amount.number])).toEqual([
      ['BTW 21%', '0.21', '2.73'], // 12.99 × 0.21 = 2.7279
      ['BTW 9%', '0.09', '0.45'],
    ]);
    expect(cart.total_price.number).toBe('21.17');
  });

  it('charges shipping below the free-delivery threshold and nothing from exactly the threshold on', async () => {
    // Demo's relation: 'Franco vanaf € 350,-'.
    await add(demo, addLine(pricey.variationId, 1));
    let cart = await theCart(demo);
    expect(cart.free_delivery).toMatchObject({ threshold: { number: '350.00' }, remaining: { number: '0.01' } });
    const res = await call(t.app, demo, 'POST', `/api/checkout/${cart.order_id}/set-shipping`, { method: 'delivery' });
    expect(res.statusCode, res.body).toBe(200);
    cart = cartOrder.parse(res.json());
    expect(cart.shipments).toEqual([{ shipping_method: 'delivery', shipping_profile: 1, amount: expect.objectContaining({ number: '14.95' }) }]);
    expect(cart.order_total.adjustments.map((a) => [a.type, a.amount.number])).toEqual([
      ['shipping', '14.95'],
      ['tax', '32.84'], // (349.99 + 14.95) × 0.09 = 32.8446
    ]);
    expect(cart.total_price.number).toBe('397.78');

    // Exactly € 350,00: one cent more.
    await t.app.database.db.update(prices).set({ unitPriceCents: 35_000 }).where(eq(prices.variationId, pricey.variationId));
    cart = await theCart(demo);
    expect(cart.free_delivery?.remaining.number).toBe('0.00');
    expect(cart.order_total.adjustments.map((a) => [a.type, a.amount.number])).toEqual([
      ['shipping', '0.00'],
      ['tax', '31.50'],
    ]);
    expect(cart.total_price.number).toBe('381.50');
  });

  it('taxes shipping in proportion to the goods at each rate, the parts adding up to the cost', async () => {
    await add(demo, addLine(food.variationId, 4), addLine(tool.variationId, 1)); // 10.00 at 9%, 12.99 at 21%
    const { order_id } = await theCart(demo);
    const cart = cartOrder.parse((await call(t.app, demo, 'POST', `/api/checkout/${order_id}/set-shipping`, { method: 'delivery' })).json());
    // 14.95 split 10.00 : 12.99 → 6.50 + 8.45; tax 21%: (12.99 + 8.45) × 0.21 = 4.50; 9%: (10 + 6.50) × 0.09 = 1.49 (1.485).
    expect(cart.order_total.adjustments.map((a) => [a.label, a.amount.number])).toEqual([
      ['Bezorgen', '14.95'],
      ['BTW 21%', '4.50'],
      ['BTW 9%', '1.49'],
    ]);
    expect(cart.total_price.number).toBe('43.93');
  });
});

describe('POST /cart/add', () => {
  it('combines lines per variation, also within one call, and keeps one cart per user and relation', async () => {
    await add(demo, addLine(food.variationId, 2), addLine(food.variationId, 3));
    await add(demo, addLine(food.variationId, 1));
    const cart = await theCart(demo);
    expect(cart.order_items).toHaveLength(1);
    expect(cart.order_items[0]?.quantity).toBe('6');
    expect(cart.quantity_total).toBe(6);
    expect(await orderRows(t.app.database.db)).toHaveLength(1);
  });

  it('takes a line away when the minus button brings it to 0', async () => {
    await add(demo, addLine(food.variationId, 1), addLine(tool.variationId, 1));
    const res = await add(demo, addLine(food.variationId, -1));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([]);
    const cart = await theCart(demo);
    expect(cart.order_items.map((i) => i.purchased_entity.variation_id)).toEqual([tool.variationId]);
  });

  it('accepts the ids and quantities as strings, as Drupal clients send them', async () => {
    const res = await add(demo, { ...addLine(food.variationId, 1), purchased_entity_id: String(food.variationId), quantity: '2' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await theCart(demo)).order_items[0]?.quantity).toBe('2');
  });

  describe('refuses bad lines with a clear 4xx and changes nothing', () => {
    const cases: Array<[string, () => unknown[], number, RegExp]> = [
      ['quantity 0', () => [addLine(food.variationId, 0)], 400, /mag niet 0 zijn/],
      ['a fraction', () => [addLine(food.variationId, 1.5)], 400, /moet een geheel getal zijn/],
      ['a word', () => [{ ...addLine(food.variationId, 1), quantity: 'veel' }], 400, /moet een geheel getal zijn/],
      ['too many', () => [addLine(food.variationId, 10_000)], 400, /maximaal 9999/],
      ['an unknown variation', () => [addLine(99_999_999, 1)], 404, /geen productvariant 99999999/],
      ['another entity type', () => [{ ...addLine(food.variationId, 1), purchased_entity_type: 'commerce_product' }], 400, /commerce_product_variation/],
      ['minus on a line not in the cart', () => [addLine(tool.variationId, -1)], 400, /zit niet in je winkelwagen/],
      ['one good and one bad line', () => [addLine(tool.variationId, 1), addLine(food.variationId, 0)], 400, /mag niet 0 zijn/],
      ['an empty list', () => [], 400, /minstens één regel/],
    ];
    for (const [name, lines, status, message] of cases) {
      it(name, async () => {
        await add(demo, addLine(food.variationId, 2));
        const before = await theCart(demo);
        const res = await add(demo, ...lines());
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json().message).toMatch(message);
        expect(await theCart(demo)).toEqual(before);
      });
    }

    it('a body that is not a list, or not JSON', async () => {
      for (const body of [{ quantity: 1 }, '{"broken": ', 'null']) {
        const res = await call(t.app, demo, 'POST', '/cart/add?_format=json', body);
        expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(400);
        expect(res.json().message).toBeTruthy();
      }
      expect(await orderRows(t.app.database.db)).toEqual([]);
    });

    it('a product without a price for the customer (price on request), or below its minimum', async () => {
      await t.app.database.db.delete(prices).where(eq(prices.variationId, tool.variationId));
      let res = await add(demo, addLine(tool.variationId, 1));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'price_on_request' });
      await t.app.database.db.delete(prices).where(eq(prices.variationId, food.variationId));
      await t.app.database.db.insert(prices).values({ pricelist: 'STANDAARD', variationId: food.variationId, minQuantity: 6, unitPriceCents: 300 });
      res = await add(demo, addLine(food.variationId, 5));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'below_minimum', message: expect.stringMatching(/vanaf 6 stuks/) });
      expect(await orderRows(t.app.database.db)).toEqual([]);
      expect((await add(demo, addLine(food.variationId, 6))).statusCode).toBe(200);
    });

    it('a user without a relation', async () => {
      const none = await login(t.app, 'norelation');
      const res = await add(none, addLine(food.variationId, 1));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Geen relatie gevonden');
      expect(await cartOf(none)).toEqual([]);
    });
  });

  it('drops a line from the cart when its product can no longer be bought', async () => {
    await add(demo, addLine(food.variationId, 1), addLine(tool.variationId, 1));
    await t.app.database.db.delete(prices).where(eq(prices.variationId, tool.variationId));
    const cart = await theCart(demo);
    expect(cart.order_items.map((i) => i.purchased_entity.sku)).toEqual([food.sku]);
  });
});

describe('PATCH and DELETE of cart items', () => {
  it('sets quantities and deletes lines of the own cart', async () => {
    await add(demo, addLine(food.variationId, 1), addLine(tool.variationId, 1));
    const cart = await theCart(demo);
    const [a, b] = cart.order_items;
    let res = await call(t.app, demo, 'PATCH', `/cart/${cart.order_id}/items?_format=json`, { [a!.order_item_id]: { quantity: 12 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(cartOrder.parse(res.json()).order_items[0]).toMatchObject({ quantity: '12', unit_price: { number: '2.00' } });
    res = await call(t.app, demo, 'DELETE', `/cart/${cart.order_id}/items/${b!.order_item_id}?_format=json`);
    expect(res.statusCode).toBe(204);
    expect((await theCart(demo)).order_items).toHaveLength(1);
    res = await call(t.app, demo, 'DELETE', `/cart/${cart.order_id}/items/${b!.order_item_id}?_format=json`);
    expect(res.statusCode).toBe(404);
  });

  it('refuses bad quantities and unknown items, changing nothing', async () => {
    await add(demo, addLine(food.variationId, 3));
    const cart = await theCart(demo);
    const item = cart.order_items[0]!.order_item_id;
    for (const [body, status] of [
      [{ [item]: { quantity: 0 } }, 400],
      [{ [item]: { quantity: -2 } }, 400],
      [{ [item]: { quantity: 2.5 } }, 400],
      [{ [item]: { quantity: 10_000 } }, 400],
      [{ [item]: {} }, 400],
      [{}, 400],
      [{ abc: { quantity: 1 } }, 400],
      [{ 99999: { quantity: 1 } }, 404],
    ] as const) {
      const res = await call(t.app, demo, 'PATCH', `/cart/${cart.order_id}/items?_format=json`, body);
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(status);
      expect(res.json().message).toBeTruthy();
    }
    expect(await theCart(demo)).toEqual(cart);
  });
});

describe('one customer never reaches another customer’s cart', () => {
  it('answers 404 to PATCH and DELETE on another cart, and changes nothing', async () => {
    const grooth = await login(t.app, 'grooth');
    await add(grooth, addLine(food.variationId, 4));
    const theirs = await theCart(grooth);
    const item = theirs.order_items[0]!.order_item_id;
    await add(demo, addLine(tool.variationId, 1));
    const mine = await theCart(demo);

    let res = await call(t.app, demo, 'PATCH', `/cart/${theirs.order_id}/items?_format=json`, { [item]: { quantity: 1 } });
    expect(res.statusCode).toBe(404);
    res = await call(t.app, demo, 'DELETE', `/cart/${theirs.order_id}/items/${item}?_format=json`);
    expect(res.statusCode).toBe(404);
    // Their item through my own order id.
    res = await call(t.app, demo, 'PATCH', `/cart/${mine.order_id}/items?_format=json`, { [item]: { quantity: 1 } });
    expect(res.statusCode).toBe(404);
    res = await call(t.app, demo, 'DELETE', `/cart/${mine.order_id}/items/${item}?_format=json`);
    expect(res.statusCode).toBe(404);

    expect(await theCart(grooth)).toEqual(theirs);
    expect(await itemRows(t.app.database.db, theirs.order_id)).toHaveLength(1);
    // Prices are the caller's own list's: the cart shows GROOTH's cart to grooth only.
    expect((await theCart(demo)).order_items.map((i) => i.purchased_entity.variation_id)).toEqual([tool.variationId]);
  });

  it('needs the CSRF token for every change', async () => {
    const res = await call(t.app, { cookie: demo.cookie }, 'POST', '/cart/add?_format=json', [addLine(food.variationId, 1)]);
    expect(res.statusCode).toBe(403);
    expect(await orderRows(t.app.database.db)).toEqual([]);
  });
});
