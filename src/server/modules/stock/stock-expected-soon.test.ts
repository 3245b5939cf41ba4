import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { quickOrderPreview } from '../../../shared/api/quick-order';
import { variationStock } from '../../db/schema';
import { login, type Session, useTestApp } from '../../test/app';
import type { ProductRef } from '../catalog/test-support';
import { addLine, call, cartIdOf, chooseCheckout, pricedProducts } from '../ordering/cart/test-support';

/*
 * Decision 030: an expected stock date that has passed (the goods are late, the ERP sent no new
 * date yet) is never told as a day gone by, but as "expected soon", in the refusals and backorder
 * texts of every way into the cart and of the confirmation mail. The shop's day decides: Monday 23
 * November 2026, 09:00 in Amsterdam; the ERP expected new stock on 3 November.
 */
const t = useTestApp({}, { now: () => new Date('2026-11-23T09:00:00+01:00') });
const db = () => t.app.database.db;

let demo: Session;
let gone: ProductRef; // out of stock, no backorders, expected on 3 November
let later: ProductRef; // 2 in stock, backorders allowed, expected on 3 November

async function setStock(ref: ProductRef, onHand: number, backorder: boolean, expectedDate: string | null) {
  const values = { onHand, backorder, expectedDate, fewLeftAt: 10 };
  await db().insert(variationStock).values({ variationId: ref.variationId, ...values }).onConflictDoUpdate({ target: variationStock.variationId, set: values });
}

const add = (ref: ProductRef, quantity: number, prefix = '') => call(t.app, demo, 'POST', `${prefix}/cart/add?_format=json`, [addLine(ref.variationId, quantity)]);

beforeEach(async () => {
  [gone, later] = (await pricedProducts(db(), [
    { taxRate: 900, scaled: [[1, 2320]] },
    { taxRate: 900, scaled: [[1, 450]] },
  ])) as [ProductRef, ProductRef];
  await setStock(gone, 0, false, '2026-11-03');
  await setStock(later, 2, true, '2026-11-03');
  demo = await login(t.app, 'demo');
});

describe('an expected stock date that has passed', () => {
  it('is "expected soon" when adding is refused, in Dutch and English, and nothing is stored', async () => {
    let res = await add(gone, 1);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'out_of_stock', message: `Artikel ${gone.sku} is niet op voorraad (nieuwe voorraad binnenkort verwacht).` });
    res = await add(gone, 1, '/en');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Article ${gone.sku} is out of stock (new stock expected soon).`);
    expect((await call(t.app, demo, 'GET', '/cart?_format=json')).json()).toEqual([]);
  });

  it('keeps naming a date of today (the shop\'s day) or later', async () => {
    await setStock(gone, 0, false, '2026-11-23');
    expect((await add(gone, 1)).json().message).toBe(`Artikel ${gone.sku} is niet op voorraad (nieuwe voorraad verwacht op 23 november 2026).`);
  });

  it('is "expected soon" in quick order\'s backorder and refusal texts, in both languages', async () => {
    const rows = { rows: [{ line: 1, article: gone.sku, quantity: 1 }, { line: 2, article: later.sku, quantity: 3 }] };
    let preview = quickOrderPreview.parse((await call(t.app, demo, 'POST', '/quick-order/preview', rows)).json());
    expect(preview.lines.map((l) => [l.status, l.message])).toEqual([
      ['out_of_stock', `Artikel ${gone.sku} is niet op voorraad (nieuwe voorraad binnenkort verwacht).`],
      ['ok', `1 van artikel ${later.sku} is niet op voorraad en wordt later geleverd (binnenkort verwacht).`],
    ]);
    preview = quickOrderPreview.parse((await call(t.app, demo, 'POST', '/en/quick-order/preview', rows)).json());
    expect(preview.lines.map((l) => l.message)).toEqual([
      `Article ${gone.sku} is out of stock (new stock expected soon).`,
      `1 of article ${later.sku} is not in stock and will be delivered later (expected soon).`,
    ]);
  });

  it('is "expected soon" in the confirmation mail of an order with a backorder', async () => {
    expect((await add(later, 5)).statusCode).toBe(200);
    const orderId = await cartIdOf(t.app, demo);
    await chooseCheckout(t.app, demo, orderId, { shipping: 'pickup', payment: 'on_account', date: '2026-11-24' });
    const res = await call(t.app, demo, 'POST', `/api/checkout/${orderId}/place`, { terms_accepted: true });
    expect(res.statusCode, res.body).toBe(200);
    // Sent right after the commit; the answer does not wait for it.
    await expect.poll(() => t.mailer.sent.length).toBe(1);
    expect(t.mailer.sent.at(-1)!.text).toContain(`\n  3 van artikel ${later.sku} zijn niet op voorraad en worden later geleverd (binnenkort verwacht).\n`);
    // The order keeps the ERP's date; the words are made where it is told.
    const [row] = await db().select({ expected: variationStock.expectedDate }).from(variationStock).where(eq(variationStock.variationId, later.variationId));
    expect(row?.expected).toBe('2026-11-03');
  });
});
