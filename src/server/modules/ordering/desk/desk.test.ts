import { and, eq, gt } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { placeOrderResponse } from '../../../../shared/api/checkout';
import { staffOrder, staffOrderChangePreview } from '../../../../shared/api/staff-order';
import { auditLog, mailOutbox, orderItems, orders, variationStock, vatRates } from '../../../db/schema';
import { API, login, type Session, useTestApp } from '../../../test/app';
import { HOUR, MINUTE, testClock } from '../../../test/clock';
import { databaseState, stateDiff } from '../../../test/db-state';
import type { ProductRef } from '../../catalog/test-support';
import { addLine, cartIdOf, call, chooseCheckout, pricedProducts } from '../cart/test-support';
import { systemActor } from '../../../context/actor';
import { transitionOrder } from '../order-transition';
import type { MailOutbox } from '../../mail/mail-outbox.service';
import { createCartService } from '../cart/cart.service';
import { createDeskService } from './desk.service';

// Monday 23 November 2026, 09:00 in Amsterdam: delivery from Tuesday on.
const clock = testClock('2026-11-23T09:00:00+01:00');
const t = useTestApp({}, { now: clock.now });
const db = () => t.app.database.db;

let demo: Session;
let desk: Session;
let food: ProductRef;
let drink: ProductRef;
let order: { id: number; uuid: string };

/** Demo places 3 × € 10,00 (9%) and 2 × € 2,50 (21%) for Thursday, on account, picked up. */
beforeEach(async () => {
  clock.reset();
  [food, drink] = (await pricedProducts(db(), [
    { taxRate: 900, scaled: [[1, 1000], [10, 900]] },
    { taxRate: 2100, scaled: [[1, 250]] },
  ])) as [ProductRef, ProductRef];
  demo = await login(t.app, 'demo');
  desk = await login(t.app, 'orderdesk');
  expect((await call(t.app, demo, 'POST', '/cart/add?_format=json', [addLine(food.variationId, 3), addLine(drink.variationId, 2)])).statusCode).toBe(200);
  const cartId = await cartIdOf(t.app, demo);
  await chooseCheckout(t.app, demo, cartId, { shipping: 'pickup', payment: 'on_account', date: '2026-11-26' });
  const placed = placeOrderResponse.parse((await call(t.app, demo, 'POST', `/api/checkout/${cartId}/place`, { terms_accepted: true })).json());
  order = { id: placed.orderId, uuid: placed.uuid };
});

const page = async (session: Session = desk, prefix = '') => call(t.app, session, 'GET', `${API}${prefix}/api/staff/orders/${order.uuid}`);
const act = (action: string, body: unknown, prefix = '') => call(t.app, desk, 'POST', `${API}${prefix}/api/staff/orders/${order.uuid}/actions/${action}`, body);
const change = (body: unknown, preview = false, prefix = '') => call(t.app, desk, 'POST', `${API}${prefix}/api/staff/orders/${order.uuid}/changes${preview ? '/preview' : ''}`, body);
const mails = () => db().select().from(mailOutbox);
const auditOf = () => db().select().from(auditLog).where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(order.id))));
const lines = (food: number, drink?: number) => [
  { variation_id: foodId(), quantity: food },
  ...(drink === undefined ? [] : [{ variation_id: drinkId(), quantity: drink }]),
];
const foodId = () => food.variationId;
const drinkId = () => drink.variationId;

describe('GET /api/staff/orders/{order}', () => {
  it('shows the order desk an order with its lines, VAT per rate, customer, version, change window and steps', async () => {
    const res = await page();
    expect(res.statusCode, res.body).toBe(200);
    const body = staffOrder.parse(res.json());
    expect(body).toMatchObject({
      uuid: order.uuid,
      state: 'placed',
      version: 0,
      delivery_date: '2026-11-26',
      payment_status: 'on_account',
      finance_check: null,
      customer: { relation_number: expect.any(String), user: { name: 'demo' }, langcode: 'nl' },
      // Changeable until 14:00 in Amsterdam the day before delivery.
      change: { allowed: true, until: '2026-11-25T13:00:00.000Z', closed: null },
      actions: ['cancel'],
    });
    expect(body.lines.map((l) => [l.quantity, l.unit_price_cents, l.total_cents, l.tax_rate])).toEqual([
      [3, 1000, 3000, 900],
      [2, 250, 500, 2100],
    ]);
    // 9% of € 30,00 and 21% of € 5,00.
    expect(body.totals).toMatchObject({ subtotal_cents: 3500, vat: [{ rate: 2100, amount_cents: 105 }, { rate: 900, amount_cents: 270 }], total_cents: 3875 });
  });

  it('lets finance read it, refuses customers, and answers 404 for an order that is not there', async () => {
    expect((await page(await login(t.app, 'finance'))).statusCode).toBe(200);
    expect((await page(demo)).statusCode).toBe(403);
    const res = await call(t.app, desk, 'GET', `${API}/api/staff/orders/00000000-0000-4000-8000-000000000000`);
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/staff/orders/{order}/actions/{action}', () => {
  it('cancels with a reason: the state, the version, the audit entry and the customer mail in their language, together', async () => {
    const res = await act('cancel', { version: 0, reason: 'Klant belde: dubbel besteld' });
    expect(res.statusCode, res.body).toBe(200);
    expect(staffOrder.parse(res.json())).toMatchObject({ state: 'canceled', version: 1, actions: [], finance_check: null });
    expect((await auditOf()).filter((e) => e.action === 'state.cancel')).toMatchObject([{ action: 'state.cancel', reason: 'Klant belde: dubbel besteld', userName: 'orderdesk', before: { state: 'placed' }, after: { state: 'canceled' } }]);
    const canceled = (await mails()).filter((m) => m.kind === 'order_canceled');
    expect(canceled).toHaveLength(1);
    expect(canceled[0]).toMatchObject({ recipient: 'demo@example.nl', subject: expect.stringContaining('is geannuleerd') });
    expect(canceled[0]!.text).toContain('Reden: Klant belde: dubbel besteld');
  });

  it('flags a paid order that is canceled as a refund for finance', async () => {
    await db().update(orders).set({ paymentState: 'paid' }).where(eq(orders.id, order.id));
    const res = await act('cancel', { version: 0, reason: 'Out of stock' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().finance_check).toBe('refund');
    expect((await mails()).find((m) => m.kind === 'order_canceled')!.text).toContain('we storten het bedrag terug');
  });

  it('refuses a cancel without a reason in Dutch and English, and stores nothing', async () => {
    const before = await databaseState(db());
    const nl = await act('cancel', { version: 0, reason: '  ' });
    expect(nl.statusCode).toBe(400);
    expect(nl.json()).toMatchObject({ code: 'cancel_reason_required', message: 'Geef een reden voor de annulering.' });
    const en = await act('cancel', { version: 0 }, '/en');
    expect(en.json()).toMatchObject({ code: 'cancel_reason_required', message: 'Give a reason for the cancellation.' });
    expect(stateDiff(before, await databaseState(db()))).toEqual([]);
  });

  it('answers 409 when another staff user changed the order meanwhile, and stores nothing', async () => {
    expect((await act('cancel', { version: 0, reason: 'first' })).statusCode).toBe(200);
    const before = await databaseState(db());
    const nl = await act('cancel', { version: 0, reason: 'second' });
    expect(nl.statusCode).toBe(409);
    expect(nl.json()).toMatchObject({ code: 'order_changed_elsewhere', message: expect.stringContaining('Iemand anders heeft deze bestelling intussen gewijzigd') });
    expect((await act('confirm', { version: 0 }, '/en')).json().message).toMatch(/^Someone else changed this order meanwhile/);
    expect(stateDiff(before, await databaseState(db()))).toEqual([]);
  });

  it('answers 409 in both languages for a step the state does not allow', async () => {
    const before = await databaseState(db());
    const nl = await act('confirm', { version: 0 });
    expect(nl.statusCode).toBe(409);
    expect(nl.json()).toMatchObject({ code: 'invalid_transition', message: 'Een bestelling die geplaatst is, kan niet worden bevestigd.' });
    expect((await act('ship', { version: 0 }, '/en')).json().message).toBe('An order that has been placed cannot be shipped.');
    expect(stateDiff(before, await databaseState(db()))).toEqual([]);
  });

  it('confirms, ships and delivers an exported order, each step on the version before it', async () => {
    await db().transaction((tx) => transitionOrder(tx, order.id, 'export', systemActor('erp_export')));
    for (const [action, state, version] of [['confirm', 'confirmed', 1], ['ship', 'shipped', 2], ['deliver', 'delivered', 3]] as const) {
      const res = await act(action, { version: version - 1 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ state, version });
    }
    expect((await auditOf()).map((e) => e.action)).toEqual(['state.place', 'state.export', 'state.confirm', 'state.ship', 'state.deliver']);
  });
});

describe('changing an order', () => {
  it('previews the difference, re-priced to the cent, and stores nothing', async () => {
    const before = await databaseState(db());
    const res = await change({ version: 0, lines: lines(10), delivery_date: '2026-11-26' }, true);
    expect(res.statusCode, res.body).toBe(200);
    const preview = staffOrderChangePreview.parse(res.json());
    // 10 from € 9,00 = € 90,00 at 9% (8,10); the drink removed.
    expect(preview.after.totals).toMatchObject({ subtotal_cents: 9000, vat: [{ rate: 900, amount_cents: 810 }], total_cents: 9810 });
    expect(preview.difference_cents).toBe(9810 - 3875);
    expect(preview.changes.map((c) => [c.kind, c.quantity_before, c.quantity_after])).toEqual([
      ['quantity', 3, 10],
      ['removed', 2, null],
    ]);
    expect(preview.finance_check).toBe(false);
    expect(stateDiff(before, await databaseState(db()))).toEqual([]);
  });

  it('saves a change: new lines and sums, version raised, audit entry with before and after, mail to the customer, shown on their order page', async () => {
    const res = await change({ version: 0, lines: lines(4, 2), delivery_date: '2026-11-27' });
    expect(res.statusCode, res.body).toBe(200);
    expect(staffOrder.parse(res.json())).toMatchObject({ version: 1, delivery_date: '2026-11-27', totals: { subtotal_cents: 4500, total_cents: 4500 + 360 + 105 } });
    const [entry] = (await auditOf()).filter((e) => e.action === 'order.change');
    expect(entry).toMatchObject({
      userName: 'orderdesk',
      before: { delivery_date: '2026-11-26', total_cents: 3875, lines: [{ quantity: 3 }, { quantity: 2 }] },
      after: { delivery_date: '2026-11-27', total_cents: 4965, lines: [{ quantity: 4 }, { quantity: 2 }] },
    });
    const changed = (await mails()).filter((m) => m.kind === 'order_changed');
    expect(changed).toHaveLength(1);
    expect(changed[0]!.text).toContain('3 → 4');
    expect(changed[0]!.text).toContain('Leverdatum: 26-11-2026 wordt 27-11-2026');
    const own = await call(t.app, demo, 'GET', `/jsonapi/commerce_order/default/${order.uuid}`);
    expect(own.json().data.order_items.map((i: { quantity: string }) => i.quantity)).toEqual(['4', '2']);
    expect(own.json().data.total_price.number).toBe('49.65');
  });

  it('adds a line by its article number, and refuses one it does not know', async () => {
    const [extra] = (await pricedProducts(db(), [{ taxRate: 900, scaled: [[1, 199]] }], 2)) as [ProductRef];
    const res = await change({ version: 0, lines: [...lines(3, 2), { sku: extra.sku.toLowerCase(), quantity: 4 }], delivery_date: '2026-11-26' }, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().changes).toMatchObject([{ kind: 'added', variation_id: extra.variationId, quantity_after: 4, total_after_cents: 796 }]);
    const unknown = await change({ version: 0, lines: [...lines(3, 2), { sku: 'NOPE-123', quantity: 4 }], delivery_date: '2026-11-26' }, true);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'invalid_lines', errors: [{ field: 'lines.2.sku', message: 'Artikelnummer NOPE-123 kennen we niet.' }] });
  });

  it('prices with the VAT of the new delivery date', async () => {
    await db().delete(vatRates).where(gt(vatRates.validFrom, '2020-01-01'));
    await db().insert(vatRates).values({ vatClass: 'food', validFrom: '2026-12-01', rate: 1100 });
    const res = await change({ version: 0, lines: lines(3, 2), delivery_date: '2026-12-01' }, true);
    expect(res.statusCode, res.body).toBe(200);
    // 11% of € 30,00 from 1 December.
    expect(res.json().after.totals.vat).toEqual([
      { label: 'BTW 21%', rate: 2100, amount_cents: 105 },
      { label: 'BTW 11%', rate: 1100, amount_cents: 330 },
    ]);
  });

  it('flags a paid order raised above what was paid for finance, and saves it', async () => {
    await db().update(orders).set({ paymentState: 'paid' }).where(eq(orders.id, order.id));
    const res = await change({ version: 0, lines: lines(5, 2), delivery_date: '2026-11-26' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ finance_check: 'underpaid', version: 1 });
  });

  it('refuses bad input in Dutch and English and stores nothing', async () => {
    const before = await databaseState(db());
    const zero = await change({ version: 0, lines: [{ variation_id: foodId(), quantity: 0 }], delivery_date: '2026-11-26' });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors).toEqual([{ field: 'lines.0.quantity', message: 'quantity is een geheel getal vanaf 1.' }]);
    const unknown = await change({ version: 0, lines: [{ variation_id: 99_999_999, quantity: 1 }], delivery_date: '2026-11-26' }, false, '/en');
    expect(unknown.json()).toMatchObject({ code: 'invalid_lines', message: 'Article 99999999 does not exist or is not for sale to this customer.' });
    const sunday = await change({ version: 0, lines: lines(3), delivery_date: '2026-11-29' });
    expect(sunday.statusCode).toBe(400);
    expect(sunday.json().code).toBe('delivery_date_not_a_delivery_day');
    const nothing = await change({ version: 0, lines: lines(3, 2), delivery_date: '2026-11-26' });
    expect(nothing.json()).toMatchObject({ code: 'no_change', message: 'Er is niets gewijzigd.' });
    const stale = await change({ version: 3, lines: lines(4, 2), delivery_date: '2026-11-26' });
    expect(stale.statusCode).toBe(409);
    expect(stateDiff(before, await databaseState(db()))).toEqual([]);
  });

  it('closes at the cut-off: 14:00 in Amsterdam the day before delivery', async () => {
    clock.advance(52 * HOUR + 59 * MINUTE); // Wednesday 13:59
    expect((await page()).json().change.allowed).toBe(true);
    expect((await change({ version: 0, lines: lines(4, 2), delivery_date: '2026-11-26' }, true)).statusCode).toBe(200);
    clock.advance(MINUTE); // Wednesday 14:00
    expect((await page()).json().change).toMatchObject({ allowed: false, closed: 'cut_off' });
    const res = await change({ version: 0, lines: lines(4, 2), delivery_date: '2026-11-26' }, true);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'change_closed_cut_off', message: 'Deze bestelling kan niet meer worden gewijzigd: dat kon tot 25 november 2026 om 14:00.' });
  });

  it('closes once the order went to the ERP', async () => {
    await db().transaction((tx) => transitionOrder(tx, order.id, 'export', systemActor('erp_export')));
    const res = await change({ version: 0, lines: lines(4, 2), delivery_date: '2026-11-26' }, false, '/en');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This order has gone to the ERP already and can no longer be changed.');
  });
});

describe('stock of a changed or canceled order', () => {
  const setStock = async (ref: ProductRef, onHand: number, backorder = false) => {
    const values = { onHand, backorder, expectedDate: backorder ? '2026-12-07' : null };
    await db().insert(variationStock).values({ variationId: ref.variationId, ...values }).onConflictDoUpdate({ target: variationStock.variationId, set: values });
  };
  const onHand = async (ref: ProductRef) => (await db().select({ onHand: variationStock.onHand }).from(variationStock).where(eq(variationStock.variationId, ref.variationId)))[0]?.onHand;

  it('gives back what a change lowers and takes what it raises, before the ERP has the order', async () => {
    await setStock(food, 10);
    await setStock(drink, 5);
    const res = await change({ version: 0, lines: lines(6), delivery_date: '2026-11-26' });
    expect(res.statusCode, res.body).toBe(200);
    // What is left after placing: 3 more food taken, the 2 drinks (removed) put back.
    expect([await onHand(food), await onHand(drink)]).toEqual([7, 7]);
  });

  it('refuses a change beyond what is left with the lines named, and takes nothing', async () => {
    await setStock(food, 2);
    await setStock(drink, 5);
    const res = await change({ version: 0, lines: lines(6, 2), delivery_date: '2026-11-26' }, false, '/en');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('stock_ran_out');
    expect([await onHand(food), await onHand(drink)]).toEqual([2, 5]);
  });

  it('notes the backorder part of a raised line anew', async () => {
    await setStock(food, 4, true);
    const res = await change({ version: 0, lines: lines(9, 2), delivery_date: '2026-11-26' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await onHand(food)).toBe(-2);
    const items = await db().select({ variationId: orderItems.variationId, backorder: orderItems.backorderQuantity }).from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items.find((i) => i.variationId === food.variationId)?.backorder).toBe(2);
  });

  it('puts a canceled order back on the shelf, but not once the ERP has it', async () => {
    await setStock(food, 10);
    expect((await act('cancel', { version: 0, reason: 'Dubbel besteld' })).statusCode).toBe(200);
    expect(await onHand(food)).toBe(13);
  });

  it('leaves stock to the ERP for an exported order that is canceled', async () => {
    await setStock(food, 10);
    await db().update(orders).set({ erpExportSeq: 1 }).where(eq(orders.id, order.id));
    expect((await act('cancel', { version: 0, reason: 'Dubbel besteld' })).statusCode).toBe(200);
    expect(await onHand(food)).toBe(10);
  });
});

describe("finance's orders to check", () => {
  it('lists a paid order canceled as a refund until finance marks it checked, audited', async () => {
    await db().update(orders).set({ paymentState: 'paid' }).where(eq(orders.id, order.id));
    expect((await act('cancel', { version: 0, reason: 'Out of stock' })).statusCode).toBe(200);
    const finance = await login(t.app, 'finance');
    const list = await call(t.app, finance, 'GET', '/api/staff/finance/orders');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toMatchObject([{ uuid: order.uuid, reason: 'refund', state: 'canceled', total_cents: 3875, paid_cents: null }]);
    expect((await call(t.app, desk, 'GET', '/api/staff/finance/orders')).statusCode).toBe(403);
    const checked = await call(t.app, finance, 'POST', `/api/staff/finance/orders/${order.uuid}/checked`);
    expect(checked.statusCode, checked.body).toBe(204);
    expect((await call(t.app, finance, 'GET', '/api/staff/finance/orders')).json().data).toEqual([]);
    expect((await auditOf()).filter((e) => e.action === 'order.finance_checked')).toMatchObject([{ userName: 'finance', before: { finance_check: 'refund' } }]);
    const again = await call(t.app, finance, 'POST', `${API}/en/api/staff/finance/orders/${order.uuid}/checked`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('There is nothing (left) for finance to check on this order.');
  });
});

describe('one transaction', () => {
  it('rolls back the step or the change with its audit entry when the mail cannot be written', async () => {
    const outbox = { enqueue: () => Promise.reject(new Error('the outbox is down')), deliver: () => Promise.resolve() } as unknown as MailOutbox;
    const failing = createDeskService(db(), { cart: createCartService(db(), { apiBase: API, now: clock.now }), outbox, now: clock.now, shopName: 'Shop', publicUrl: 'http://shop.test' });
    const actor = { kind: 'user', userId: 7, userName: 'orderdesk', masqueradeFromUserId: null } as const;
    const before = await databaseState(db());
    await expect(failing.takeAction(order.uuid, 'cancel', { version: 0, reason: 'asked by phone' }, actor, 'nl')).rejects.toThrow('the outbox is down');
    await expect(failing.saveChange(order.uuid, { version: 0, lines: lines(4, 2), delivery_date: '2026-11-26' }, actor, 'nl')).rejects.toThrow('the outbox is down');
    expect(stateDiff(before, await databaseState(db()))).toEqual([]);
    expect((await auditOf()).map((e) => e.action)).toEqual(['state.place']);
  });
});
