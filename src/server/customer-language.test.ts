import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { prices } from './db/schema';
import { addLine, call, itemRows, orderRows, pricedProducts } from './modules/ordering/cart/test-support';
import type { ProductRef } from './modules/catalog/test-support';
import { login, type Session, useTestApp } from './test/app';

/**
 * A Dutch customer (demo, no prefix) reads every refusal in Dutch, an English one (demo-en, whose
 * web calls carry the /en prefix) in English: the texts come from the module's message table.
 */

// Monday 23 November 2026, 09:00 in Amsterdam.
const t = useTestApp({}, { now: () => new Date('2026-11-23T09:00:00+01:00') });

let demo: Session;
let demoEn: Session;
let food: ProductRef;

beforeEach(async () => {
  [food] = (await pricedProducts(t.app.database.db, [{ taxRate: 900, scaled: [[6, 300]] }])) as [ProductRef];
  demo = await login(t.app, 'demo');
  demoEn = await login(t.app, 'demo-en');
});

const db = () => t.app.database.db;

describe('a customer reads refusals in their own language', () => {
  it('the minimum quantity of a cart line: Dutch for demo, English for demo-en, and nothing is stored', async () => {
    const nl = await call(t.app, demo, 'POST', '/cart/add?_format=json', [addLine(food.variationId, 5)]);
    expect(nl.statusCode).toBe(400);
    expect(nl.json()).toEqual({
      code: 'below_minimum',
      message: `Artikel ${food.sku} wordt verkocht vanaf 6 stuks.`,
      errors: [{ field: '0.purchased_entity_id', message: `Artikel ${food.sku} wordt verkocht vanaf 6 stuks.` }],
    });
    const en = await call(t.app, demoEn, 'POST', '/en/cart/add?_format=json', [addLine(food.variationId, 5)]);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({ code: 'below_minimum', message: `Article ${food.sku} is sold from 6 pieces.` });
    expect(await orderRows(db())).toEqual([]);
  });

  it('the minimum quantity when a line in the cart is changed: the line keeps its quantity', async () => {
    expect((await call(t.app, demo, 'POST', '/cart/add?_format=json', [addLine(food.variationId, 6)])).statusCode).toBe(200);
    const [cart] = await orderRows(db());
    const [line] = await itemRows(db(), cart!.id);
    const nl = await call(t.app, demo, 'PATCH', `/cart/${cart!.id}/items?_format=json`, { [line!.id]: { quantity: 2 } });
    expect(nl.statusCode).toBe(400);
    expect(nl.json()).toMatchObject({ code: 'invalid_quantity', message: `Artikel ${food.sku} wordt verkocht vanaf 6 stuks.` });
    const en = await call(t.app, demo, 'PATCH', `/en/cart/${cart!.id}/items?_format=json`, { [line!.id]: { quantity: 2 } });
    expect(en.json()).toMatchObject({ code: 'invalid_quantity', message: `Article ${food.sku} is sold from 6 pieces.` });
    expect((await itemRows(db(), cart!.id)).map((l) => l.quantity)).toEqual([6]);
  });

  it('a product without a price yet (price on request)', async () => {
    await db().delete(prices).where(eq(prices.variationId, food.variationId));
    const nl = await call(t.app, demo, 'POST', '/cart/add?_format=json', [addLine(food.variationId, 1)]);
    expect(nl.json().message).toBe(`Artikel ${food.sku} heeft nog geen prijs voor je: vraag een prijs aan.`);
    const en = await call(t.app, demo, 'POST', '/en/cart/add?_format=json', [addLine(food.variationId, 1)]);
    expect(en.json().message).toBe(`Article ${food.sku} has no price for you yet: ask for a price instead.`);
    expect(await orderRows(db())).toEqual([]);
  });

  it('a validation error names the field in the language of the request, and nothing is stored', async () => {
    const word = [{ ...addLine(food.variationId, 1), quantity: 'veel' }];
    const nl = await call(t.app, demo, 'POST', '/cart/add?_format=json', word);
    expect(nl.statusCode).toBe(400);
    expect(nl.json()).toEqual({
      code: 'invalid_input',
      message: 'Het verzoek is niet geldig. 0.quantity: quantity moet een geheel getal zijn.',
      errors: [{ field: '0.quantity', message: 'quantity moet een geheel getal zijn.' }],
    });
    const en = await call(t.app, demoEn, 'POST', '/en/cart/add?_format=json', word);
    expect(en.json()).toEqual({
      code: 'invalid_input',
      message: 'The request is not valid. 0.quantity: quantity must be a whole number.',
      errors: [{ field: '0.quantity', message: 'quantity must be a whole number.' }],
    });
    // A path parameter, and a message zod writes itself (no text in the schema), are Dutch too.
    const path = await call(t.app, demo, 'POST', `/api/checkout/${'1'.repeat(12)}/set-shipping`, { method: 'pickup' });
    expect(path.statusCode).toBe(400);
    expect(path.json().errors).toEqual([{ field: 'order', message: 'Het id van de bestelling is een getal.' }]);
    const own = await call(t.app, demo, 'GET', `/jsonapi/index/products/?filter[entity_type]=commerce_product&page[u]=${'x'.repeat(41)}`);
    expect(own.statusCode).toBe(400);
    expect(own.json().errors[0].detail).toMatch(/^page\[u\]: Te lang/);
    expect(await orderRows(db())).toEqual([]);
  });

  it('404: an order that is not yours, and an API path that does not exist', async () => {
    const uuid = '00000000-0000-4000-8000-000000000000';
    const nl = await call(t.app, demo, 'GET', `/jsonapi/commerce_order/default/${uuid}`);
    expect(nl.statusCode).toBe(404);
    expect(nl.json().message).toBe('Geen bestelling gevonden');
    const en = await call(t.app, demoEn, 'GET', `/en/jsonapi/commerce_order/default/${uuid}`);
    expect(en.json().message).toBe('No order found');
    expect((await call(t.app, demo, 'GET', '/no/such/route')).json()).toEqual({ code: 'not_found', message: 'Er is geen API-route GET /backend/no/such/route.' });
    expect((await call(t.app, demo, 'GET', '/en/no/such/route')).json()).toEqual({ code: 'not_found', message: 'No API route GET /backend/no/such/route.' });
  });

  it('not logged in (the API answers 403, the web then logs out): Dutch without the prefix, English with it', async () => {
    const nl = await call(t.app, null, 'GET', '/cart?_format=json');
    expect(nl.statusCode).toBe(403);
    expect(nl.json()).toEqual({ code: 'login_required', message: 'Log in om verder te gaan.' });
    const en = await call(t.app, null, 'GET', '/en/cart?_format=json');
    expect(en.json()).toEqual({ code: 'login_required', message: 'Log in to continue.' });
  });

  it('the checkout: the spec’s English texts for English, Dutch for Dutch', async () => {
    expect((await call(t.app, demo, 'POST', '/cart/add?_format=json', [addLine(food.variationId, 6)])).statusCode).toBe(200);
    const [cart] = await orderRows(db());
    const nl = await call(t.app, demo, 'POST', `/api/checkout/${cart!.id}/set-delivery-date`, { date: '2026-11-25' });
    expect(nl.json().message).toBe('Op die dag van de week leveren we niet bij je.');
    const en = await call(t.app, demo, 'POST', `/en/api/checkout/${cart!.id}/set-delivery-date`, { date: '2026-11-25' });
    expect(en.json().message).toBe('We do not deliver to you on that day of the week.');
    const place = await call(t.app, demo, 'POST', `/en/api/checkout/${cart!.id}/place`, { terms_accepted: false });
    expect(place.json().errors[0]).toEqual({ field: 'terms_accepted', message: 'Please confirm you accept our delivery terms' });
    expect((await orderRows(db()))[0]).toMatchObject({ state: 'draft', reqDlvDate: null });
  });
});
