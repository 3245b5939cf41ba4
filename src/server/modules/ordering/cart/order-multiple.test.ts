import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { addToCartResponse, cartOrder, cartResponse } from '../../../../shared/api/cart';
import { productDetailResponse } from '../../../../shared/api/catalog';
import { QUICK_ORDER_UPLOAD_TYPES, quickOrderAddResponse, quickOrderPreview } from '../../../../shared/api/quick-order';
import { orderItems, orders, variations } from '../../../db/schema';
import { API, login, type Session, useTestApp } from '../../../test/app';
import type { ProductRef } from '../../catalog/test-support';
import { addLine, call, cartIdOf, chooseCheckout, itemRows, orderRows, pricedProducts } from './test-support';

// Order multiples in every way into the cart (decision 029). Monday 23 November 2026, 09:00 in Amsterdam.
const t = useTestApp({}, { now: () => new Date('2026-11-23T09:00:00+01:00') });
const db = () => t.app.database.db;

let demo: Session;
let pack: ProductRef; // per pack of 30 tortillas, in multiples of 6: € 2,20 a pack
let box: ProductRef; // a case of 6 × 50 tortillas, any quantity: € 23,20 a case

beforeEach(async () => {
  [pack, box] = (await pricedProducts(db(), [
    { taxRate: 900, scaled: [[1, 220], [12, 200]] },
    { taxRate: 900, scaled: [[1, 2320]] },
  ])) as [ProductRef, ProductRef];
  await db().delete(orders).where(eq(orders.userId, 1));
  await db()
    .update(variations)
    .set({ salesUnit: 'pack', unitContentNl: 'pak van 30 stuks', unitContentEn: 'pack of 30 pieces', piecesPerUnit: 30, orderMultiple: 6 })
    .where(eq(variations.id, pack.variationId));
  await db()
    .update(variations)
    .set({ salesUnit: 'case', unitContentNl: 'doos van 6 × 50 stuks', unitContentEn: 'case of 6 × 50 pieces', piecesPerUnit: 300, orderMultiple: 1 })
    .where(eq(variations.id, box.variationId));
  demo = await login(t.app, 'demo');
});

const nl = (quantity: number, next: number) => `Artikel ${pack.sku} bestel je in veelvouden van 6: ${quantity} kan niet, ${next} wel.`;
const en = (quantity: number, next: number) => `Article ${pack.sku} is sold in multiples of 6: ${quantity} is not one, ${next} is.`;
const add = (lines: unknown[], prefix = '') => call(t.app, demo, 'POST', `${prefix}/cart/add?_format=json`, lines);
const quantities = async () => {
  const [cart] = cartResponse.parse((await call(t.app, demo, 'GET', '/cart?_format=json')).json());
  return cart?.order_items.map((i) => [i.purchased_entity.sku, i.quantity]) ?? [];
};

describe('POST /cart/add with an order multiple', () => {
  it('refuses a quantity that is no multiple with the next multiple, in Dutch and English, and stores nothing', async () => {
    const refused = await add([addLine(pack.variationId, 7)]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'not_multiple', message: nl(7, 12) });
    expect((await add([addLine(pack.variationId, 7)], '/en')).json()).toMatchObject({ code: 'not_multiple', message: en(7, 12) });
    expect(await orderRows(db())).toEqual([]);

    const ok = await add([addLine(pack.variationId, 12), addLine(box.variationId, 1)]);
    expect(ok.statusCode, ok.body).toBe(200);
    const [packItem] = addToCartResponse.parse(ok.json());
    expect(packItem).toMatchObject({
      quantity: '12',
      unit_price: { number: '2.00' },
      sales_unit: { code: 'pack', content: 'pak van 30 stuks', pieces: 30, multiple: 6 },
      // € 2,00 for 30 pieces: 6.67 cents, 7 cents a piece.
      unit_price_per_piece: { number: '0.07' },
    });

    // What is in the cart counts: 12 and 3 more make 15.
    const more = await add([addLine(pack.variationId, 3)]);
    expect(more.statusCode).toBe(400);
    expect(more.json().message).toBe(nl(15, 18));
    // One bad line refuses the whole call.
    const mixed = await add([addLine(box.variationId, 2), addLine(pack.variationId, 1)], '/en');
    expect(mixed.json()).toMatchObject({ code: 'not_multiple', message: en(13, 18) });
    expect(await quantities()).toEqual([
      [pack.sku, '12'],
      [box.sku, '1'],
    ]);
    expect((await add([addLine(pack.variationId, -6)])).statusCode).toBe(200);
    expect(await quantities()).toEqual([
      [pack.sku, '6'],
      [box.sku, '1'],
    ]);
  });
});

describe('PATCH /cart/{order}/items with an order multiple', () => {
  it('refuses a quantity that is no multiple in Dutch and English and keeps the line as it was', async () => {
    await add([addLine(pack.variationId, 12)]);
    const orderId = await cartIdOf(t.app, demo);
    const [item] = await itemRows(db(), orderId);
    const patch = (quantity: number, prefix = '') => call(t.app, demo, 'PATCH', `${prefix}/cart/${orderId}/items?_format=json`, { [item!.id]: { quantity } });
    const refused = await patch(8);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'invalid_quantity', message: nl(8, 12) });
    expect((await patch(13, '/en')).json().message).toBe(en(13, 18));
    expect(await quantities()).toEqual([[pack.sku, '12']]);
    const ok = await patch(18);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(cartOrder.parse(ok.json()).order_items[0]).toMatchObject({ quantity: '18', total_price: { number: '36.00' } });
  });
});

describe('prices per sales unit and per piece', () => {
  it('the cart and the product page give the unit, its content in the request’s language and the price per piece in whole cents', async () => {
    await add([addLine(box.variationId, 2)]);
    const [cart] = cartResponse.parse((await call(t.app, demo, 'GET', '/cart?_format=json')).json());
    // € 23,20 for 300 pieces: 7.73 cents, 8 cents a piece; the line is 2 × € 23,20 exactly.
    expect(cart?.order_items[0]).toMatchObject({
      unit_price: { number: '23.20' },
      total_price: { number: '46.40' },
      unit_price_per_piece: { number: '0.08', formatted: expect.stringMatching(/^€\s0,08$/) },
      sales_unit: { code: 'case', content: 'doos van 6 × 50 stuks', pieces: 300, multiple: 1 },
    });
    const [cartEn] = cartResponse.parse((await call(t.app, demo, 'GET', '/en/cart?_format=json')).json());
    expect(cartEn?.order_items[0]?.sales_unit?.content).toBe('case of 6 × 50 pieces');

    const page = async (ref: ProductRef, prefix = '') => {
      const res = await t.app.inject({ method: 'GET', url: `${API}${prefix}/jsonapi/commerce_product/default/${ref.uuid}?jsonapi_include=1`, headers: { cookie: demo.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return productDetailResponse.parse(res.json()).data;
    };
    expect(await page(box)).toMatchObject({ price: { number: '23.20' }, price_per_piece: { number: '0.08' }, sales_unit: { code: 'case', content: 'doos van 6 × 50 stuks', pieces: 300, multiple: 1 } });
    expect(await page(pack, '/en')).toMatchObject({ price: { number: '2.20' }, price_per_piece: { number: '0.07' }, sales_unit: { code: 'pack', content: 'pack of 30 pieces', multiple: 6 } });
  });
});

describe('quick order with an order multiple', () => {
  const rows = (quantity: number) => ({
    rows: [
      { line: 1, article: pack.sku, quantity },
      { line: 2, article: box.sku, quantity: 2 },
    ],
  });

  it('the preview shows a line that is no multiple with its message; adding it is refused whole in Dutch and English and stores nothing', async () => {
    const preview = await call(t.app, demo, 'POST', '/quick-order/preview', rows(7));
    expect(preview.statusCode, preview.body).toBe(200);
    const lines = quickOrderPreview.parse(preview.json()).lines;
    expect(lines.map((l) => [l.status, l.message, l.total_price?.number ?? null])).toEqual([
      ['not_multiple', nl(7, 12), null],
      ['ok', null, '46.40'],
    ]);
    expect(lines[0]?.product?.sales_unit).toEqual({ code: 'pack', content: 'pak van 30 stuks', pieces: 30, multiple: 6 });
    const enPreview = quickOrderPreview.parse((await call(t.app, demo, 'POST', '/en/quick-order/preview', rows(7))).json());
    expect(enPreview.lines[0]?.message).toBe(en(7, 12));

    for (const [body, prefix, message] of [
      [rows(7), '', nl(7, 12)],
      [rows(7), '/en', en(7, 12)],
      [{ text: `${pack.sku};7\n${box.sku};2` }, '', nl(7, 12)],
      [{ text: `Article;Qty\n${box.sku};2\n${pack.sku} 9` }, '/en', en(9, 12)],
    ] as const) {
      const res = await call(t.app, demo, 'POST', `${prefix}/quick-order/add`, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'not_multiple', message });
    }
    expect(await orderRows(db())).toEqual([]);

    const ok = await call(t.app, demo, 'POST', '/quick-order/add', rows(12));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(quickOrderAddResponse.parse(ok.json())).toMatchObject({ added_count: 2, cart_quantity_total: 14 });
  });

  it('an uploaded CSV or workbook shows the line that is no multiple, in the caller’s language', async () => {
    const upload = (type: string, payload: Buffer, prefix = '') =>
      t.app.inject({ method: 'POST', url: `${API}${prefix}/quick-order/upload`, headers: { cookie: demo.cookie, 'x-csrf-token': demo.csrf, 'content-type': type }, payload });
    const csv = await upload(QUICK_ORDER_UPLOAD_TYPES.csv, Buffer.from(`Artikelnummer;Aantal\r\n${pack.sku};10\r\n${box.sku};1\r\n`));
    expect(csv.statusCode, csv.body).toBe(200);
    expect(quickOrderPreview.parse(csv.json()).lines.map((l) => [l.lines, l.status, l.message])).toEqual([
      [[2], 'not_multiple', nl(10, 12)],
      [[3], 'ok', null],
    ]);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Order');
    sheet.addRow(['Article number', 'Quantity']);
    sheet.addRow([Number(pack.sku), 5]);
    const xlsx = await upload(QUICK_ORDER_UPLOAD_TYPES.xlsx, Buffer.from(await workbook.xlsx.writeBuffer()), '/en');
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(quickOrderPreview.parse(xlsx.json()).lines.map((l) => [l.status, l.message])).toEqual([['not_multiple', en(5, 6)]]);
    expect(await orderRows(db())).toEqual([]);
  });
});

describe('order again with an order multiple', () => {
  it('refuses an order whose line is no multiple now, in Dutch and English, and stores nothing', async () => {
    const [order] = await db()
      .insert(orders)
      .values({ userId: 1, relationId: 1, state: 'placed', placedAt: new Date('2026-11-20T10:00:00Z'), subtotalCents: 100, totalCents: 109, paymentState: 'on_account' })
      .returning();
    await db()
      .insert(orderItems)
      .values([
        { orderId: order!.id, variationId: box.variationId, productId: box.id, quantity: 1, sku: box.sku, title: 'Tortilla’s', unitPriceCents: 2320, totalCents: 2320, taxRate: 900 },
        { orderId: order!.id, variationId: pack.variationId, productId: pack.id, quantity: 4, sku: pack.sku, title: 'Tortilla’s per pak', unitPriceCents: 220, totalCents: 880, taxRate: 900 },
      ]);
    const res = await call(t.app, demo, 'POST', '/quick-order/order-again', { order: order!.uuid });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'not_multiple', message: nl(4, 6) });
    const resEn = await call(t.app, demo, 'POST', '/en/quick-order/order-again', { order: order!.uuid });
    expect(resEn.json()).toMatchObject({ code: 'not_multiple', message: en(4, 6) });
    expect(await orderRows(db())).toEqual([]);
  });
});

describe('placing with a line that is no multiple any more', () => {
  it('is refused with the line named, in Dutch and English, and the cart stays a cart', async () => {
    await add([addLine(pack.variationId, 12)]);
    const orderId = await cartIdOf(t.app, demo);
    // The ERP made the multiple 5 after the line was added: the line stays as it was, placing refuses it.
    await db().update(variations).set({ orderMultiple: 5 }).where(eq(variations.id, pack.variationId));
    await chooseCheckout(t.app, demo, orderId, { shipping: 'delivery', payment: 'on_account', date: '2026-11-24', profileId: 2 });
    const place = (prefix = '') => call(t.app, demo, 'POST', `${prefix}/api/checkout/${orderId}/place`, { terms_accepted: true });
    const refused = await place();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'not_multiple', message: `Artikel ${pack.sku} bestel je in veelvouden van 5: 12 kan niet, 15 wel.` });
    expect((await place('/en')).json().message).toBe(`Article ${pack.sku} is sold in multiples of 5: 12 is not one, 15 is.`);
    expect((await orderRows(db())).map((o) => o.id)).toEqual([orderId]);
  });
});
