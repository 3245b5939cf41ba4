import { count, eq, isNotNull } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { cartResponse } from '../../../shared/api/cart';
import { type ErpOrderRecord, type ErpPaymentRecord, erpOrdersResponse, erpPaymentsResponse } from '../../../shared/api/erp-export';
import { cashInvoices, orders, paymentInvoices, payments as paymentsTable, relations, variations } from '../../db/schema';
import { API, login, useTestApp } from '../../test/app';
import { testClock } from '../../test/clock';
import { addLine, call, cartIdOf, chooseCheckout, pricedProducts } from '../ordering/cart/test-support';
import type { ProductRef } from '../catalog/test-support';
import { ERP_TOKEN, importExample } from './test-support';

// Monday 23 November 2026, 09:00 in Amsterdam; demo's relation delivers on Tuesday.
const clock = testClock('2026-11-23T09:00:00+01:00');
const t = useTestApp({ erpApiToken: ERP_TOKEN }, { now: clock.now });
beforeEach(() => clock.reset());

async function page(after: string | undefined, limit: number) {
  const query = new URLSearchParams({ limit: String(limit), ...(after ? { after } : {}) });
  const res = await t.app.inject({ url: `${API}/api/erp/orders?${query}`, headers: { authorization: `Bearer ${ERP_TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  return erpOrdersResponse.parse(res.json());
}

/** A consumer: reads from its stored cursor to the end, page by page, and stores the new cursor. */
function consumer(limit: number) {
  const seen: ErpOrderRecord[] = [];
  let cursor: string | undefined;
  return {
    seen,
    get cursor() {
      return cursor;
    },
    async run() {
      const got: ErpOrderRecord[] = [];
      for (;;) {
        const answer = await page(cursor, limit);
        got.push(...answer.records);
        cursor = answer.next_cursor;
        if (!answer.has_more) break;
      }
      seen.push(...got);
      return got;
    },
  };
}

async function placeOrder(products: ProductRef[]) {
  const demo = await login(t.app, 'demo');
  for (const [i, p] of products.entries()) {
    const res = await call(t.app, demo, 'POST', '/cart/add?_format=json', [addLine(p.variationId, 4 + i)]);
    expect(res.statusCode, res.body).toBe(200);
  }
  const orderId = await cartIdOf(t.app, demo);
  await chooseCheckout(t.app, demo, orderId, { shipping: 'delivery', payment: 'on_account', date: '2026-11-24', profileId: 2 });
  const placed = await call(t.app, demo, 'POST', `/api/checkout/${orderId}/place`, { terms_accepted: true });
  expect(placed.statusCode, placed.body).toBe(200);
  return orderId;
}

describe('ERP export of placed orders', () => {
  it('gives every placed order once per consumer, in placing order, whatever the page size, and the same records again for the same cursor', async () => {
    const placed = (await t.app.database.db.select({ n: count() }).from(orders).where(isNotNull(orders.placedAt)))[0]!.n;
    expect(placed).toBeGreaterThan(5);
    const a = consumer(5);
    const b = consumer(7);
    await a.run();
    await b.run();
    expect(a.seen).toHaveLength(placed);
    expect(b.seen).toEqual(a.seen);
    const cursors = a.seen.map((r) => Number(r.cursor));
    expect(cursors).toEqual([...cursors].sort((x, y) => x - y));
    expect(new Set(a.seen.map((r) => r.order_number)).size).toBe(placed);
    const placedAt = a.seen.map((r) => r.placed_at);
    expect(placedAt).toEqual([...placedAt].sort());

    // A consumer that broke off after its third record asks again from there: the same records follow.
    const again = await page(a.seen[2]!.cursor, 4);
    expect(again.records).toEqual(a.seen.slice(3, 7));
    // Nothing new: an empty page and the same cursor.
    expect(await page(a.cursor, 10)).toEqual({ records: [], next_cursor: a.cursor, has_more: false });

    const [food, tool] = (await pricedProducts(t.app.database.db, [
      { taxRate: 900, scaled: [[1, 250], [10, 200]] },
      { taxRate: 2100, scaled: [[1, 1299]] },
    ])) as [ProductRef, ProductRef];
    await placeOrder([food, tool]);
    const [fresh] = await a.run();
    expect(await a.run()).toEqual([]);
    expect(fresh).toMatchObject({
      state: 'placed',
      relation: { erp_number: '1000' },
      user: { name: 'demo' },
      requested_delivery_date: '2026-11-24',
      shipping_method: { id: 'delivery', label: 'Bezorgen' },
      payment_method: { id: 'on_account', label: 'Op rekening' },
      payment_status: 'on_account',
      placed_at: '2026-11-23T08:00:00.000Z',
      lines: [
        { sku: food.sku, quantity: 4, unit_price_cents: 250, total_cents: 1000, tax_rate: 900 },
        { sku: tool.sku, quantity: 5, unit_price_cents: 1299, total_cents: 6495, tax_rate: 2100 },
      ],
      subtotal_cents: 7495,
    });
    expect(fresh!.delivery_address).toMatchObject({ erp_code: expect.any(String), address_line1: expect.any(String) });
    expect(fresh!.total_cents).toBe(fresh!.subtotal_cents! + fresh!.shipping_cents + fresh!.tax.reduce((s, x) => s + x.amount_cents, 0));

    // The other consumer, which had not asked since, gets the same new record.
    expect(await b.run()).toEqual([fresh]);
  });

  it('does not lose an order whose placing commits after a later-placed one was exported', async () => {
    const a = consumer(100);
    await a.run();
    // An order that was placed (by its placed_at) long ago but only now becomes visible as placed.
    const [draft] = await t.app.database.db.select({ id: orders.id }).from(orders).where(eq(orders.state, 'draft')).limit(1);
    const id = draft?.id ?? (await placeDraft());
    await t.app.database.db
      .update(orders)
      .set({ state: 'placed', orderNumber: `LATE-${id}`, placedAt: new Date('2020-01-01T10:00:00Z') })
      .where(eq(orders.id, id));
    const late = await a.run();
    expect(late.map((r) => r.order_number)).toEqual([`LATE-${id}`]);
  });
});

/** A draft to place by hand when the demo data has none: demo's cart. */
async function placeDraft(): Promise<number> {
  const demo = await login(t.app, 'demo');
  const [product] = await pricedProducts(t.app.database.db, [{ taxRate: 900, scaled: [[1, 100]] }]);
  await call(t.app, demo, 'POST', '/cart/add?_format=json', [addLine(product!.variationId, 1)]);
  return cartResponse.parse((await call(t.app, demo, 'GET', '/cart?_format=json')).json())[0]!.order_id;
}

describe('ERP round trip', () => {
  it('imports the examples, a customer orders an imported product at its imported price, and the export hands that order to the ERP', async () => {
    for (const kind of ['categories', 'products', 'prices'] as const) await importExample(t.app, kind, 'csv');
    const a = consumer(100);
    await a.run();
    const [variation] = await t.app.database.db.select().from(variations).where(eq(variations.sku, '880001'));
    await placeOrder([{ variationId: variation!.id, sku: '880001' } as ProductRef]);
    const [record] = await a.run();
    expect(record?.relation.erp_number).toBe('1000');
    // Four at the STANDAARD list's scaled price from 1 (4,95), food VAT.
    expect(record?.lines).toEqual([{ sku: '880001', title: 'Salsa Habanero "Fuego" 250 ml', quantity: 4, unit_price_cents: 495, total_cents: 1980, tax_rate: 900, backorder_quantity: 0, sales_unit: 'piece', pieces_per_unit: null }]);
  });
});

describe('ERP export of payments', () => {
  async function payments(after: string | undefined) {
    const query = new URLSearchParams({ limit: '2', ...(after ? { after } : {}) });
    const res = await t.app.inject({ url: `${API}/api/erp/payments?${query}`, headers: { authorization: `Bearer ${ERP_TOKEN}` } });
    expect(res.statusCode, res.body).toBe(200);
    return erpPaymentsResponse.parse(res.json());
  }
  async function readAll(after: string | undefined) {
    const got: ErpPaymentRecord[] = [];
    let cursor = after;
    for (;;) {
      const answer = await payments(cursor);
      got.push(...answer.records);
      cursor = answer.next_cursor;
      if (!answer.has_more) return { got, cursor };
    }
  }

  it('gives each paid, applied payment once, with the invoices it paid, and nothing that is not paid yet', async () => {
    const { db } = t.app.database;
    const start = await readAll(undefined);
    const [relation] = await db.select().from(relations).where(eq(relations.erpNumber, '1000'));
    const [invoice] = await db.select().from(cashInvoices).where(eq(cashInvoices.relationId, relation!.id)).limit(1);
    const [paid] = await db
      .insert(paymentsTable)
      .values({ kind: 'cash_invoice', provider: 'sandbox', providerId: 'tr_erp_1', relationId: relation!.id, amountCents: 1234, description: 'Factuur', status: 'paid', appliedAt: new Date('2026-11-23T08:30:00Z') })
      .returning();
    await db.insert(paymentInvoices).values({ paymentId: paid!.id, invoiceId: invoice!.id, amountCents: 1234 });
    const [open] = await db
      .insert(paymentsTable)
      .values({ kind: 'bulk', provider: 'sandbox', providerId: 'tr_erp_2', relationId: relation!.id, amountCents: 500, description: 'Link', status: 'open' })
      .returning();

    const first = await readAll(start.cursor);
    expect(first.got).toEqual([
      expect.objectContaining({
        uuid: paid!.uuid,
        kind: 'cash_invoice',
        provider_id: 'tr_erp_1',
        paid_at: '2026-11-23T08:30:00.000Z',
        amount_cents: 1234,
        relation: { erp_number: '1000', name: relation!.name },
        user: null,
        order_number: null,
        invoices: [{ invoice_number: invoice!.invoiceNumber, cash_order_number: invoice!.cashOrderId, amount_cents: 1234 }],
      }),
    ]);
    expect((await readAll(first.cursor)).got).toEqual([]);
    await db.update(paymentsTable).set({ status: 'paid', appliedAt: new Date('2026-11-20T08:00:00Z') }).where(eq(paymentsTable.id, open!.id));
    const second = await readAll(first.cursor);
    expect(second.got.map((p) => p.uuid)).toEqual([open!.uuid]);
    // Another consumer from the start sees all of them once, in the same order.
    const all = await readAll(undefined);
    expect(all.got.map((p) => p.uuid)).toEqual([...start.got, ...first.got, ...second.got].map((p) => p.uuid));
  });
});
