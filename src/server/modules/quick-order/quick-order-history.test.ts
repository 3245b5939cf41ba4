import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { beforeEach, describe, expect, it } from 'vitest';
import { cartResponse } from '../../../shared/api/cart';
import { QUICK_ORDER_UPLOAD_TYPES, quickOrderAddResponse, quickOrderPreview, usualProductsResponse } from '../../../shared/api/quick-order';
import { favorites, orderItems, orders, variations } from '../../db/schema';
import { API, login, type Session, useTestApp } from '../../test/app';
import type { ProductRef } from '../catalog/test-support';
import { call, orderRows, pricedProducts } from '../ordering/cart/test-support';

// Monday 23 November 2026, 09:00 in Amsterdam.
const t = useTestApp({}, { now: () => new Date('2026-11-23T09:00:00+01:00') });

let demo: Session;
let food: ProductRef; // € 2,50 from 1, € 2,00 from 10
let tool: ProductRef; // € 12,99
let old: ProductRef; // ordered long ago only
let fav: ProductRef; // a favourite, never ordered

/** A placed order of the relation with these lines, placed at `at`. */
async function placed(userId: number, relationId: number, at: string, lines: Array<[ProductRef, number]>, state: 'placed' | 'completed' | 'canceled' = 'placed') {
  const db = t.app.database.db;
  const [order] = await db.insert(orders).values({ userId, relationId, state, placedAt: new Date(at), subtotalCents: 100, totalCents: 109, paymentState: 'on_account' }).returning();
  await db.insert(orderItems).values(lines.map(([ref, quantity]) => ({ orderId: order!.id, variationId: ref.variationId, productId: ref.id, quantity, sku: ref.sku, title: `Artikel ${ref.sku}`, unitPriceCents: 100, totalCents: 100 * quantity, taxRate: 900 })));
  return order!;
}

beforeEach(async () => {
  const db = t.app.database.db;
  [food, tool, old, fav] = (await pricedProducts(db, [
    { taxRate: 900, scaled: [[1, 250], [10, 200]] },
    { taxRate: 2100, scaled: [[1, 1299]] },
    { taxRate: 900, scaled: [[1, 100]] },
    { taxRate: 900, scaled: [[1, 100]] },
  ])) as [ProductRef, ProductRef, ProductRef, ProductRef];
  await db.delete(orders);
  await db.delete(favorites).where(eq(favorites.relationId, 1));
  demo = await login(t.app, 'demo');
});

const usual = (session: Session, query = '', prefix = '') => call(t.app, session, 'GET', `${prefix}/quick-order/usual${query}`);

describe('GET /quick-order/usual (my usual products)', () => {
  it('lists what the relation ordered in the last 90 days: how often, the last quantity and day, sorted as asked', async () => {
    await placed(1, 1, '2026-10-01T10:00:00Z', [[food, 4], [tool, 1]]);
    await placed(1, 1, '2026-11-20T10:00:00Z', [[food, 12]], 'completed');
    await placed(1, 1, '2026-11-21T10:00:00Z', [[tool, 3]], 'canceled');
    await placed(1, 1, '2026-07-01T10:00:00Z', [[old, 5]]); // more than 90 days ago
    await placed(3, 3, '2026-11-22T10:00:00Z', [[old, 7]]); // another relation (grooth)
    const res = await usual(demo);
    expect(res.statusCode, res.body).toBe(200);
    const answer = usualProductsResponse.parse(res.json());
    expect(answer.items.map((i) => [i.product.sku, i.times_ordered, i.last_quantity, i.last_ordered, i.status, i.unit_price?.number])).toEqual([
      [food.sku, 2, 12, '2026-11-20', 'ok', '2.00'],
      [tool.sku, 1, 1, '2026-10-01', 'ok', '12.99'],
    ]);
    const bySku = usualProductsResponse.parse((await usual(demo, '?sort=sku')).json());
    expect(bySku.items.map((i) => i.product.sku)).toEqual([food.sku, tool.sku].sort());
    expect((await usual(demo, '?sort=price')).statusCode).toBe(400);
    expect((await usual(demo, '?sort=price', '/en')).json().message).toMatch(/sort is 'frequency', 'name' or 'sku'/);
  });

  it('shows the relation’s favourites with what it knows of them, and is empty for a relation without orders', async () => {
    expect(usualProductsResponse.parse((await usual(demo)).json()).items).toEqual([]);
    await t.app.database.db.insert(favorites).values([{ relationId: 1, productId: fav.id }, { relationId: 1, productId: food.id }]);
    await placed(1, 1, '2026-11-20T10:00:00Z', [[food, 3]]);
    const answer = usualProductsResponse.parse((await usual(demo, '?source=favourites')).json());
    expect(answer.items.map((i) => [i.product.sku, i.times_ordered, i.last_quantity])).toEqual([
      [food.sku, 1, 3],
      [fav.sku, 0, null],
    ]);
    // Another relation's favourites stay its own.
    const grooth = await login(t.app, 'grooth');
    expect(usualProductsResponse.parse((await usual(grooth, '?source=favourites')).json()).items).toEqual([]);
  });
});

describe('POST /quick-order/order-again', () => {
  it('adds what can still be ordered and names the lines it left out and why', async () => {
    await t.app.database.db.update(variations).set({ active: false }).where(eq(variations.id, tool.variationId));
    const order = await placed(1, 1, '2026-11-20T10:00:00Z', [[food, 12], [tool, 2]]);
    await t.app.database.db.insert(orderItems).values({ orderId: order.id, variationId: null, productId: null, quantity: 1, sku: 'WEG-001', title: 'Een oud artikel' });
    const res = await call(t.app, demo, 'POST', '/quick-order/order-again', { order: order.uuid });
    expect(res.statusCode, res.body).toBe(200);
    const answer = quickOrderAddResponse.parse(res.json());
    expect(answer).toMatchObject({ added_count: 1, left_out_count: 2, cart_quantity_total: 12 });
    expect(answer.lines.map((l) => [l.article, l.status, l.added, l.message])).toEqual([
      [food.sku, 'ok', true, null],
      [tool.sku, 'not_orderable', false, `Artikel ${tool.sku} wordt niet meer verkocht.`],
      ['WEG-001', 'not_orderable', false, 'Artikel WEG-001 wordt niet meer verkocht.'],
    ]);
    const [cart] = cartResponse.parse((await call(t.app, demo, 'GET', '/cart?_format=json')).json());
    expect(cart?.order_items.map((i) => [i.purchased_entity.sku, i.quantity, i.total_price.number])).toEqual([[food.sku, '12', '24.00']]);
  });

  it('never orders again from another user’s order, and refuses a bad order id in the caller’s language', async () => {
    const theirs = await placed(3, 3, '2026-11-20T10:00:00Z', [[food, 1]]);
    const res = await call(t.app, demo, 'POST', '/quick-order/order-again', { order: theirs.uuid });
    expect(res.statusCode).toBe(404);
    expect(await orderRows(t.app.database.db)).toHaveLength(0);
    const bad = await call(t.app, demo, 'POST', '/en/quick-order/order-again', { order: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/order is a UUID/);
  });
});

const upload = (session: Session, type: string, payload: Buffer, prefix = '') =>
  t.app.inject({ method: 'POST', url: `${API}${prefix}/quick-order/upload`, headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, 'content-type': type }, payload });

describe('POST /quick-order/upload', () => {
  it('previews a CSV file (BOM, header, semicolons) and an Excel workbook’s first sheet with their row numbers', async () => {
    const csv = await upload(demo, QUICK_ORDER_UPLOAD_TYPES.csv, Buffer.from(`\uFEFFArtikelnummer;Aantal\r\n${food.sku};12\r\n${tool.sku};1\r\n`));
    expect(csv.statusCode, csv.body).toBe(200);
    expect(quickOrderPreview.parse(csv.json()).lines.map((l) => [l.lines, l.article, l.quantity, l.status])).toEqual([
      [[2], food.sku, 12, 'ok'],
      [[3], tool.sku, 1, 'ok'],
    ]);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Bestelling');
    sheet.addRow(['Article number', 'Description', 'Quantity']);
    sheet.addRow([Number(food.sku), 'Tortilla', 3]);
    sheet.addRow([]);
    sheet.addRow([tool.sku, 'Pers', { formula: '1+1', result: 2 }]);
    const xlsx = await upload(demo, QUICK_ORDER_UPLOAD_TYPES.xlsx, Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const answer = quickOrderPreview.parse(xlsx.json());
    expect(answer.lines.map((l) => [l.lines, l.article, l.quantity, l.total_price?.number])).toEqual([
      [[2], food.sku, 3, '7.50'],
      [[4], tool.sku, 2, '25.98'],
    ]);
  });

  it('refuses a broken workbook, a zip bomb, a file that is not UTF-8 text and an unknown type, with nothing stored', async () => {
    const bomb = Buffer.from(zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(60 * 1024 * 1024) }, { level: 9 }));
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    for (const [type, body] of [
      [QUICK_ORDER_UPLOAD_TYPES.xlsx, Buffer.from('not a zip at all')],
      [QUICK_ORDER_UPLOAD_TYPES.xlsx, bomb],
      [QUICK_ORDER_UPLOAD_TYPES.csv, Buffer.from([0xff, 0xfe, 0x31, 0x00])],
    ] as const) {
      const res = await upload(demo, type, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'unreadable_file', message: 'Dit bestand konden we niet lezen. Gebruik een CSV- of Excel-bestand (.xlsx) zoals het voorbeeld.' });
    }
    const en = await upload(demo, QUICK_ORDER_UPLOAD_TYPES.xlsx, bomb, '/en');
    expect(en.json().message).toBe('This file could not be read. Use a CSV or Excel file (.xlsx) like the example.');
    const pdf = await upload(demo, 'application/pdf', Buffer.from('%PDF'));
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().code).toBe('unsupported_content_type');
    expect((await upload(demo, QUICK_ORDER_UPLOAD_TYPES.csv, Buffer.alloc(3 * 1024 * 1024, 0x31))).statusCode).toBe(413);
    expect(await orderRows(t.app.database.db)).toHaveLength(0);
  });

  it('gives an example file in the caller’s language whose lines the demo catalogue knows', async () => {
    const nl = await call(t.app, demo, 'GET', '/quick-order/example.csv');
    expect(nl.statusCode).toBe(200);
    expect(nl.headers['content-type']).toMatch(/^text\/csv/);
    expect(nl.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Artikelnummer;Aantal');
    const en = await call(t.app, demo, 'GET', '/en/quick-order/example.csv');
    expect(en.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Article number;Quantity');
    const checked = quickOrderPreview.parse((await call(t.app, demo, 'POST', '/quick-order/preview', { text: nl.body })).json());
    expect(checked.lines.map((l) => l.status)).toEqual(['ok', 'ok', 'ok']);
  });
});
