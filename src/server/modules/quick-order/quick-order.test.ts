import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { cartResponse } from '../../../shared/api/cart';
import { quickOrderAddResponse, quickOrderPreview } from '../../../shared/api/quick-order';
import { prices, quoteLines, quotes, variations } from '../../db/schema';
import { login, type Session, sessionCookie, useTestApp } from '../../test/app';
import { clearPrices, type ProductRef } from '../catalog/test-support';
import { call, orderRows, pricedProducts } from '../ordering/cart/test-support';

// Monday 23 November 2026, 09:00 in Amsterdam.
const t = useTestApp({}, { now: () => new Date('2026-11-23T09:00:00+01:00') });

let demo: Session;
let food: ProductRef; // 9%: € 2,50 from 1, € 2,00 from 10
let tool: ProductRef; // 21%: € 12,99
let boxed: ProductRef; // 9%: sold from 6, € 1,15
let gone: ProductRef;
let noPrice: ProductRef;

beforeEach(async () => {
  const db = t.app.database.db;
  [food, tool, boxed, gone, noPrice] = (await pricedProducts(db, [
    { taxRate: 900, scaled: [[1, 250], [10, 200]] },
    { taxRate: 2100, scaled: [[1, 1299]] },
    { taxRate: 900, scaled: [[6, 115]] },
    { taxRate: 900, scaled: [[1, 100]] },
    { taxRate: 900, scaled: [[1, 100]] },
  ])) as [ProductRef, ProductRef, ProductRef, ProductRef, ProductRef];
  await db.update(variations).set({ active: false }).where(eq(variations.id, gone.variationId));
  await clearPrices(db, noPrice.variationId, ['STANDAARD']);
  demo = await login(t.app, 'demo');
});

const preview = (session: Partial<Session> | null, body: unknown, prefix = '') => call(t.app, session, 'POST', `${prefix}/quick-order/preview`, body);
const add = (session: Partial<Session> | null, body: unknown, prefix = '') => call(t.app, session, 'POST', `${prefix}/quick-order/add`, body);

async function cartOf(session: Session) {
  const [cart] = cartResponse.parse((await call(t.app, session, 'GET', '/cart?_format=json')).json());
  return cart;
}

describe('POST /quick-order/preview', () => {
  it('reads a pasted list and gives every line its status, its line numbers and the customer’s own price in cents', async () => {
    const text = [
      'Artikelnummer;Aantal',
      `${food.sku};5`,
      `${tool.sku}\t2`,
      `3 x ${boxed.sku}`,
      '999999;4',
      `${gone.sku};1`,
      `${noPrice.sku};1`,
      `${food.sku} 5 st`,
      `${tool.sku}`,
      'dit is geen regel',
    ].join('\n');
    const res = await preview(demo, { text });
    expect(res.statusCode, res.body).toBe(200);
    const answer = quickOrderPreview.parse(res.json());
    const brief = answer.lines.map((l) => [l.lines, l.article, l.quantity, l.status, l.unit_price?.number ?? null, l.total_price?.number ?? null]);
    expect(brief).toEqual([
      // Lines 2 and 8 are the same article: merged to 10, which reaches the scaled price.
      [[2, 8], food.sku, 10, 'ok', '2.00', '20.00'],
      [[3], tool.sku, 2, 'ok', '12.99', '25.98'],
      [[4], boxed.sku, 3, 'below_minimum', null, null],
      [[5], '999999', 4, 'unknown_article', null, null],
      [[6], gone.sku, 1, 'not_orderable', null, null],
      [[7], noPrice.sku, 1, 'price_on_request', null, null],
      [[9], tool.sku, null, 'no_quantity', null, null],
      [[10], 'dit is geen regel', null, 'unreadable', null, null],
    ]);
    expect(answer.lines[0]).toMatchObject({ merged: true, message: 'Regels 2, 8 gaan over hetzelfde artikel en zijn samengevoegd.' });
    expect(answer.lines[2]?.product?.minimum_quantity).toBe(6);
    expect(answer.lines[2]?.message).toBe(`Artikel ${boxed.sku} wordt verkocht vanaf 6 stuks.`);
    expect(answer.lines[3]?.message).toBe('Regel 5: artikel 999999 kennen we niet.');
    expect(answer.lines[0]?.product).toMatchObject({ sku: food.sku, variation_id: food.variationId, tax_percentage: '0.09' });
    // 20.00 at 9% = 1.80; 25.98 at 21% = 5.4558 → 5.46.
    expect(answer).toMatchObject({ ok_count: 2, problem_count: 6, subtotal: { number: '45.98' }, total: { number: '53.24' } });
    expect(answer.taxes.map((tax) => [tax.label, tax.amount.number])).toEqual([
      ['BTW 21%', '5.46'],
      ['BTW 9%', '1.80'],
    ]);
    expect(await orderRows(t.app.database.db)).toHaveLength(0);
  });

  it('takes typed rows, speaks English under /en, and reads two numbers the way the catalogue knows', async () => {
    const res = await preview(demo, { rows: [{ line: 1, article: '999999', quantity: 2 }, { line: 2, article: food.sku.toLowerCase(), quantity: 1 }] }, '/en');
    const answer = quickOrderPreview.parse(res.json());
    expect(answer.lines.map((l) => [l.status, l.message])).toEqual([
      ['unknown_article', 'Line 1: we do not know article 999999.'],
      ['ok', null],
    ]);
    // "12;<article>": the quantity first.
    const swapped = quickOrderPreview.parse((await preview(demo, { text: `12;${food.sku}` })).json());
    expect(swapped.lines[0]).toMatchObject({ article: food.sku, quantity: 12, status: 'ok', total_price: { number: '24.00' } });
  });

  it('names a pasted code without digits that the catalogue does not know an unknown article, in both languages', async () => {
    const nl = quickOrderPreview.parse((await preview(demo, { text: 'ZZZ-NOPE 3' })).json());
    expect(nl.lines.map((l) => [l.status, l.message])).toEqual([['unknown_article', 'Regel 1: artikel ZZZ-NOPE kennen we niet.']]);
    const en = quickOrderPreview.parse((await preview(demo, { text: 'ZZZ-NOPE 3' }, '/en')).json());
    expect(en.lines.map((l) => l.message)).toEqual(['Line 1: we do not know article ZZZ-NOPE.']);
  });

  it('finds an article by its EAN as well as by its article number', async () => {
    await t.app.database.db.update(variations).set({ ean: '8712345678906' }).where(eq(variations.id, tool.variationId));
    const answer = quickOrderPreview.parse((await preview(demo, { text: `8712345678906\t2\n${food.sku}\t1` })).json());
    expect(answer.lines.map((l) => [l.article, l.product?.sku, l.status])).toEqual([
      ['8712345678906', tool.sku, 'ok'],
      [food.sku, food.sku, 'ok'],
    ]);
  });

  it('uses a valid quote when it is cheaper, as the cart does', async () => {
    const db = t.app.database.db;
    const [quote] = await db.insert(quotes).values({ erpId: 'QO-TEST', relationId: 1, label: 'Deal' }).returning();
    await db.insert(quoteLines).values({ quoteId: quote!.id, variationId: food.variationId, quotePriceCents: 180, quantity: 4 });
    const answer = quickOrderPreview.parse((await preview(demo, { rows: [{ line: 1, article: food.sku, quantity: 4 }] })).json());
    expect(answer.lines[0]).toMatchObject({ unit_price: { number: '1.80' }, total_price: { number: '7.20' } });
    await add(demo, { rows: [{ line: 1, article: food.sku, quantity: 4 }] });
    expect((await cartOf(demo))?.order_items[0]?.unit_price.number).toBe('1.80');
  });

  it('prices for the caller’s own price list: GROOTH sees price on request where its list has no price', async () => {
    await clearPrices(t.app.database.db, tool.variationId, ['GROOTH']);
    const grooth = await login(t.app, 'grooth');
    const answer = quickOrderPreview.parse((await preview(grooth, { rows: [{ line: 1, article: tool.sku, quantity: 1 }] })).json());
    expect(answer.lines[0]?.status).toBe('price_on_request');
    const mine = quickOrderPreview.parse((await preview(demo, { rows: [{ line: 1, article: tool.sku, quantity: 1 }] })).json());
    expect(mine.lines[0]?.status).toBe('ok');
  });

  it('refuses bad input with a clear 4xx in the caller’s language and stores nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, ''],
      [{ rows: [] }, ''],
      [{ rows: [{ line: 1, article: food.sku, quantity: 0 }] }, ''],
      [{ rows: [{ line: 1, article: food.sku, quantity: 10_000 }] }, ''],
      [{ rows: [{ line: 1, article: '', quantity: 1 }] }, ''],
      [{ rows: Array.from({ length: 1001 }, (_, i) => ({ line: i + 1, article: food.sku, quantity: 1 })) }, ''],
      [{ text: '' }, ''],
      [{ text: 'Artikelnummer;Aantal\n\n' }, 'empty_list'],
      [{ text: Array.from({ length: 1001 }, () => `${food.sku};1`).join('\n') }, 'too_many_lines'],
    ];
    for (const [body, code] of cases) {
      for (const [prefix, words] of [['', /[a-z]/], ['/en', /[a-z]/]] as const) {
        const res = await add(demo, body, prefix);
        expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(res.json().message).toMatch(words);
        if (code) expect(res.json().code).toBe(code);
      }
    }
    expect((await add(demo, { text: Array.from({ length: 1001 }, () => `${food.sku};1`).join('\n') })).json().message).toBe('Je kunt maximaal 1000 regels tegelijk bestellen.');
    expect((await add(demo, { text: Array.from({ length: 1001 }, () => `${food.sku};1`).join('\n') }, '/en')).json().message).toBe('You can order at most 1000 lines at once.');
    expect(await orderRows(t.app.database.db)).toHaveLength(0);
  });

  it('is for logged-in customers with a relation', async () => {
    expect((await preview(null, { rows: [{ line: 1, article: food.sku, quantity: 1 }] })).statusCode).toBe(403);
    const norelation = await login(t.app, 'norelation');
    const res = await add(norelation, { rows: [{ line: 1, article: food.sku, quantity: 1 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('no_relation');
  });
});

describe('POST /quick-order/add', () => {
  it('adds every ok line in one call, leaves the others out, and the cart shows exactly the preview’s totals', async () => {
    const text = `${food.sku};5\n${tool.sku};2\n${boxed.sku};3\n999999;1\n${food.sku};5`;
    const before = quickOrderPreview.parse((await preview(demo, { text })).json());
    const res = await add(demo, { text });
    expect(res.statusCode, res.body).toBe(200);
    const answer = quickOrderAddResponse.parse(res.json());
    expect(answer).toMatchObject({ added_count: 2, left_out_count: 2, cart_quantity_total: 12 });
    expect(answer.lines.map((l) => [l.article, l.added])).toEqual([
      [food.sku, true],
      [tool.sku, true],
      [boxed.sku, false],
      ['999999', false],
    ]);
    const cart = await cartOf(demo);
    expect(cart?.order_items.map((i) => [i.purchased_entity.sku, i.quantity, i.total_price.number])).toEqual([
      [food.sku, '10', '20.00'],
      [tool.sku, '2', '25.98'],
    ]);
    expect(cart?.order_total.subtotal.number).toBe(before.subtotal.number);
    expect(cart?.total_price.number).toBe(before.total.number);
    expect(cart?.order_total.adjustments.map((a) => a.amount.number)).toEqual(before.taxes.map((tax) => tax.amount.number));
  });

  it('adds nothing and says so when no line can be ordered; refuses the whole call when a line would pass 9,999 with the cart', async () => {
    const none = quickOrderAddResponse.parse((await add(demo, { text: '999999;1' })).json());
    expect(none).toMatchObject({ added_count: 0, left_out_count: 1, cart_quantity_total: 0 });
    expect(await orderRows(t.app.database.db)).toHaveLength(0);
    await add(demo, { rows: [{ line: 1, article: food.sku, quantity: 9000 }] });
    const res = await add(demo, { rows: [{ line: 1, article: food.sku, quantity: 1000 }, { line: 2, article: tool.sku, quantity: 1 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Er passen maximaal 9999 stuks van artikel ${food.sku} op één bestelregel.`);
    expect((await cartOf(demo))?.order_items.map((i) => i.quantity)).toEqual(['9000']);
  });

  it('works while staff masquerade as the customer, with the customer’s prices and cart', async () => {
    const db = t.app.database.db;
    await db.delete(prices).where(eq(prices.variationId, tool.variationId));
    await db.insert(prices).values([
      { pricelist: 'STANDAARD', variationId: tool.variationId, minQuantity: 1, unitPriceCents: 1299 },
      { pricelist: 'GROOTH', variationId: tool.variationId, minQuantity: 1, unitPriceCents: 999 },
    ]);
    const staff = await login(t.app, 'staff');
    const started = await call(t.app, staff, 'POST', '/api/staff/masquerade/1');
    expect(started.statusCode, started.body).toBe(200);
    const asDemo: Session = { cookie: sessionCookie(started), csrf: started.json().csrf_token };
    const answer = quickOrderAddResponse.parse((await add(asDemo, { rows: [{ line: 1, article: tool.sku, quantity: 1 }] })).json());
    expect(answer.lines[0]).toMatchObject({ status: 'ok', unit_price: { number: '12.99' }, added: true });
    expect((await cartOf(demo))?.order_items.map((i) => i.purchased_entity.sku)).toEqual([tool.sku]);
  });
});
