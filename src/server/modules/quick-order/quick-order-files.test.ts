import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { QUICK_ORDER_UPLOAD_TYPES, quickOrderPreview } from '../../../shared/api/quick-order';
import { API, login, type Session, useTestApp } from '../../test/app';
import type { ProductRef } from '../catalog/test-support';
import { orderRows, pricedProducts } from '../ordering/cart/test-support';
import { classicBomb, hiddenEntryBomb, orderWorkbook, wideRowsWorkbook } from './test-workbooks';

// Issue 39: the files with which one customer could stall the shop for everyone.
const t = useTestApp();

let demo: Session;
let food: ProductRef;

beforeEach(async () => {
  [food] = (await pricedProducts(t.app.database.db, [{ taxRate: 900, scaled: [[1, 250]] }])) as [ProductRef];
  demo = await login(t.app, 'demo');
});

const upload = (type: string, payload: Buffer, prefix = '') =>
  t.app.inject({ method: 'POST', url: `${API}${prefix}/quick-order/upload`, headers: { cookie: demo.cookie, 'x-csrf-token': demo.csrf, 'content-type': type }, payload });

/**
 * Sends the upload and, right behind it, another customer's kind of request; answers the upload
 * and the order in which the two answers came. The other request must not wait for the file.
 */
async function uploadBesideAnother(type: string, payload: Buffer, prefix = '') {
  const order: string[] = [];
  const noted = (name: string) => (res: LightMyRequestResponse) => {
    order.push(name);
    return res;
  };
  const [res, other] = await Promise.all([upload(type, payload, prefix).then(noted('upload')), t.app.inject({ method: 'GET', url: `${API}/health` }).then(noted('other'))]);
  expect(other.statusCode).toBe(200);
  return { res, order };
}

const UNREADABLE = {
  nl: 'Dit bestand konden we niet lezen. Gebruik een CSV- of Excel-bestand (.xlsx) zoals het voorbeeld.',
  en: 'This file could not be read. Use a CSV or Excel file (.xlsx) like the example.',
};

describe('POST /quick-order/upload with the files of issue 39', () => {
  it('refuses rows that reach column XFD, in the caller’s language, while the shop answers others', async () => {
    const file = wideRowsWorkbook(food.sku);
    expect(file.length).toBeLessThan(4096);
    const { res, order } = await uploadBesideAnother(QUICK_ORDER_UPLOAD_TYPES.xlsx, file);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'sheet_too_large',
      message: 'Dit werkblad is te groot om te lezen. We lezen maximaal 1000 regels en 10 kolommen: zet de artikelnummers en aantallen bovenaan in de eerste kolommen.',
    });
    expect(order).toEqual(['other', 'upload']);
    const en = await upload(QUICK_ORDER_UPLOAD_TYPES.xlsx, file, '/en');
    expect(en.json().message).toBe('This sheet is too large to read. We read at most 1000 lines and 10 columns: put the article numbers and quantities at the top of the first columns.');
    expect(await orderRows(t.app.database.db)).toHaveLength(0);
  });

  it('refuses a classic zip bomb, whether its directory tells the size or lies about it', async () => {
    for (const lie of [false, true]) {
      const file = await classicBomb(food.sku, lie);
      expect(file.length).toBeLessThan(2 * 1024 * 1024);
      const { res, order } = await uploadBesideAnother(QUICK_ORDER_UPLOAD_TYPES.xlsx, file);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'unreadable_file', message: UNREADABLE.nl });
      expect(order).toEqual(['other', 'upload']);
      expect((await upload(QUICK_ORDER_UPLOAD_TYPES.xlsx, file, '/en')).json().message).toBe(UNREADABLE.en);
    }
    expect(await orderRows(t.app.database.db)).toHaveLength(0);
  });

  it('refuses a sheet hidden inside another entry’s data, which a check of the local headers let through', async () => {
    const { res, order } = await uploadBesideAnother(QUICK_ORDER_UPLOAD_TYPES.xlsx, await hiddenEntryBomb(food.sku), '/en');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'unreadable_file', message: UNREADABLE.en });
    expect(order).toEqual(['other', 'upload']);
    expect(await orderRows(t.app.database.db)).toHaveLength(0);
  });

  it('answers a CSV of one 2 MB line with one unreadable line, never splitting it', async () => {
    // Article; a description of 2 MB; quantity: split into its fields, it would read as an order line.
    const description = 'Tortilla, 15 cm '.repeat((2 * 1024 * 1024 - 64) / 16);
    const file = Buffer.from(`${food.sku};${description};12`);
    expect(file.length).toBeLessThanOrEqual(2 * 1024 * 1024);
    const { res, order } = await uploadBesideAnother(QUICK_ORDER_UPLOAD_TYPES.csv, file);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.body.length).toBeLessThan(2048);
    const answer = quickOrderPreview.parse(res.json());
    expect(answer.lines.map((l) => [l.lines, l.status, l.message])).toEqual([[[1], 'unreadable', 'Regel 1 konden we niet lezen als artikelnummer en aantal.']]);
    expect(order).toEqual(['other', 'upload']);
    expect(await orderRows(t.app.database.db)).toHaveLength(0);
  });

  it('still reads a sound workbook in the worker, with its row numbers', async () => {
    const res = await upload(QUICK_ORDER_UPLOAD_TYPES.xlsx, orderWorkbook([[food.sku, 12], ['999999', 1]]));
    expect(res.statusCode, res.body).toBe(200);
    expect(quickOrderPreview.parse(res.json()).lines.map((l) => [l.lines, l.article, l.quantity, l.status])).toEqual([
      [[1], food.sku, 12, 'ok'],
      [[2], '999999', 1, 'unknown_article'],
    ]);
  });
});
