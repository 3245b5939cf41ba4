import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { erpPaymentsResponse } from '../../../shared/api/erp-export';
import { createPaymentResponse, paymentReturnResponse, paymentReviewResponse } from '../../../shared/api/payments';
import { cashInvoices, orders, payments, prices } from '../../db/schema';
import { API, login, type Session, useTestApp } from '../../test/app';
import { testClock } from '../../test/clock';
import { testProvider } from '../../test/payment-provider';
import type { ProductRef } from '../catalog/test-support';
import { idealCart } from './test-support';
import { addLine, call } from '../ordering/cart/test-support';
import { ERP_TOKEN } from '../erp/test-support';
import { PAYMENT_MESSAGES } from './payments.messages';

// The payment rule of decision 010: the cart is locked from the moment a payment row exists, and
// a paid payment places its order only when it covers exactly what is placed. Monday 23 November
// 2026, 09:00 in Amsterdam; demo's relation has invoices of € 487,65 and € 129,50 and a credit of
// € 25,00 (scripts/seed/invoices.ts): € 592,15 with the order's € 54,50 on top.
const clock = testClock('2026-11-23T09:00:00+01:00');
const provider = testProvider(clock.now);
const t = useTestApp({ erpApiToken: ERP_TOKEN }, { now: clock.now, paymentProvider: provider });

const INVOICES_CENTS = 48_765 + 12_950 - 2_500;
let demo: Session;
let food: ProductRef;
let orderId: number;

beforeEach(async () => {
  clock.reset();
  provider.payments.clear();
  ({ demo, food, orderId } = await idealCart(t.app));
});

const createPayment = () => call(t.app, demo, 'POST', `/api/checkout/${orderId}/create-payment`, { terms_accepted: true });
const addToCart = (quantity = 1) => call(t.app, demo, 'POST', '/cart/add?_format=json', [addLine(food.variationId, quantity)]);
const webhook = (id: string) =>
  t.app.inject({ method: 'POST', url: `${API}/api/payments/webhook`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `id=${encodeURIComponent(id)}` });
const paymentRows = () => t.app.database.db.select().from(payments).orderBy(payments.id);
const orderRow = async () => (await t.app.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const openInvoiceCents = async () =>
  (await t.app.database.db.select().from(cashInvoices).where(eq(cashInvoices.relationId, 1)).orderBy(cashInvoices.id)).map((i) => i.outstandingCents);
const returnPage = async (prefix = '') => paymentReturnResponse.parse((await call(t.app, demo, 'GET', `${prefix}/api/mollie_return/${orderId}`)).json());

async function startPaid(): Promise<string> {
  expect(createPaymentResponse.parse((await createPayment()).json()).paymentUrl).toMatch(/^https:\/\/pay\.example\//);
  return provider.single().id;
}

async function staffReview() {
  const staff = await login(t.app, 'staff');
  const res = await call(t.app, staff, 'GET', '/api/staff/payments/review');
  expect(res.statusCode, res.body).toBe(200);
  return { staff, list: paymentReviewResponse.parse(res.json()).data };
}

async function erpPayments() {
  const res = await t.app.inject({ url: `${API}/api/erp/payments?limit=50`, headers: { authorization: `Bearer ${ERP_TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  return erpPaymentsResponse.parse(res.json()).records;
}

describe('the cart is locked from the moment the payment row exists', () => {
  it('answers 409 to adding to the cart while the provider is still creating the payment, and the paid amount is what is placed', async () => {
    const held = provider.holdCreates();
    const creating = createPayment();
    await held.started;
    // The payment row exists, the provider has not answered: the cart must not change now.
    expect(await paymentRows()).toMatchObject([{ status: 'open', providerId: null, amountCents: 5_450 + INVOICES_CENTS }]);
    const during = await addToCart(100);
    expect(during.statusCode).toBe(409);
    expect(during.json()).toMatchObject({ code: 'payment_underway' });
    // A second click on 'Pay' while the first is being created starts no second payment.
    const again = await createPayment();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'payment_underway' });
    held.release();
    expect((await creating).statusCode).toBe(200);
    expect((await addToCart(100)).statusCode).toBe(409);

    const { id } = provider.single();
    provider.set(id, { status: 'paid' });
    expect((await webhook(id)).statusCode).toBe(200);
    const order = await orderRow();
    expect(order).toMatchObject({ state: 'placed', paymentState: 'paid', totalCents: 5_450 });
    expect((await paymentRows())[0]).toMatchObject({ status: 'paid', amountCents: order.totalCents! + INVOICES_CENTS, reviewReason: null });
    expect(await openInvoiceCents()).toEqual([0, 0, 0]);
  });

  it('frees the cart with a clear message in the customer’s language when the provider fails or does not answer', async () => {
    const held = provider.holdCreates();
    const creating = call(t.app, demo, 'POST', `/en/api/checkout/${orderId}/create-payment`, { terms_accepted: true });
    await held.started;
    held.release('fail');
    const res = await creating;
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'payment_not_created', message: 'Something went wrong' });
    expect((await paymentRows())[0]).toMatchObject({ status: 'failed', appliedAt: expect.any(Date) });
    expect((await addToCart()).statusCode).toBe(200);

    const dutch = provider.holdCreates();
    const creatingNl = createPayment();
    await dutch.started;
    dutch.release('fail');
    const nl = await creatingNl;
    expect(nl.statusCode).toBe(502);
    expect(nl.json().message).toBe(PAYMENT_MESSAGES.nl.payment_not_created);
  });

  it('closes a payment row whose provider call never came back, so the cart is not locked for good', async () => {
    const held = provider.holdCreates();
    void createPayment();
    await held.started;
    // The shop stops here (a crash during the provider call): the row stays without a provider id.
    expect((await addToCart()).statusCode).toBe(409);
    clock.advance(11 * 60_000);
    expect(await t.app.payments.reconcile()).toBe(1);
    expect((await paymentRows())[0]).toMatchObject({ status: 'failed', providerId: null, appliedAt: expect.any(Date) });
    expect((await addToCart()).statusCode).toBe(200);
    held.release('fail');
  });
});

describe('a paid payment places its order only when it covers exactly what is placed', () => {
  it('keeps a payment for staff when a price changed between starting and paying; the order stays a cart and nothing is lost', async () => {
    const id = await startPaid();
    await t.app.database.db.update(prices).set({ unitPriceCents: 1_100 }).where(and(eq(prices.variationId, food.variationId), eq(prices.pricelist, 'STANDAARD')));
    provider.set(id, { status: 'paid' });
    await Promise.all(Array.from({ length: 10 }, () => webhook(id)));

    expect(await orderRow()).toMatchObject({ state: 'draft', paymentState: null, orderNumber: null });
    // € 55,00 + 9 % = € 59,95 now, plus the invoices: what should have been paid.
    expect(await paymentRows()).toMatchObject([{ status: 'paid', amountCents: 5_450 + INVOICES_CENTS, reviewReason: 'amount_mismatch', reviewExpectedCents: 5_995 + INVOICES_CENTS, appliedAt: expect.any(Date) }]);
    expect(await openInvoiceCents()).toEqual([48_765, 12_950, -2_500]);
    expect(t.mailer.sent).toHaveLength(0);

    expect(await returnPage()).toEqual({ status: 0, waiting: false, message: PAYMENT_MESSAGES.nl.review_amount_mismatch, order: { id: orderId, uuid: expect.any(String), order_number: null } });
    expect((await returnPage('/en')).message).toBe(PAYMENT_MESSAGES.en.review_amount_mismatch);
    // The payment is final: the cart is the customer's again.
    expect((await addToCart()).statusCode).toBe(200);

    const { staff, list } = await staffReview();
    expect(list).toEqual([
      expect.objectContaining({ kind: 'checkout', reason: 'amount_mismatch', paid: 646.65, expected: 652.1, relation: expect.objectContaining({ erp_number: expect.any(String) }), order: { id: orderId, order_number: null }, provider_id: id }),
    ]);
    const [record] = await erpPayments();
    expect(record).toMatchObject({ amount_cents: 64_665, order_number: null, review: { reason: 'amount_mismatch', expected_cents: 65_210 } });

    const uuid = list[0]!.uuid;
    expect((await call(t.app, demo, 'POST', `/api/staff/payments/${uuid}/reviewed`)).statusCode).toBe(403);
    expect((await call(t.app, staff, 'POST', `/api/staff/payments/${uuid}/reviewed`)).statusCode).toBe(204);
    expect((await call(t.app, staff, 'POST', `/api/staff/payments/${uuid}/reviewed`)).statusCode).toBe(404);
    expect((await staffReview()).list).toEqual([]);
  });

  it('keeps a payment for staff when the provider reports another amount than was asked', async () => {
    const id = await startPaid();
    provider.set(id, { status: 'paid', amountCents: 100 });
    await webhook(id);
    expect((await orderRow()).state).toBe('draft');
    expect((await paymentRows())[0]).toMatchObject({ status: 'paid', reviewReason: 'amount_mismatch' });
    expect(await openInvoiceCents()).toEqual([48_765, 12_950, -2_500]);
  });

  it('places the order once and mails once for ten duplicate webhooks at the same moment', async () => {
    const id = await startPaid();
    provider.set(id, { status: 'paid' });
    const answers = await Promise.all(Array.from({ length: 10 }, () => webhook(id)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(await orderRow()).toMatchObject({ state: 'placed', paymentState: 'paid', totalCents: 5_450 });
    expect(await paymentRows()).toMatchObject([{ status: 'paid', reviewReason: null }]);
    expect(await openInvoiceCents()).toEqual([0, 0, 0]);
    expect(t.mailer.sent).toHaveLength(1);
    expect((await staffReview()).list).toEqual([]);
    expect((await erpPayments()).map((r) => r.review)).toEqual([null]);
  });

  it('a payment still open past its expiry frees the cart; paid after the cart changed it is kept for staff', async () => {
    const id = await startPaid();
    expect((await addToCart()).statusCode).toBe(409);
    clock.advance(16 * 60_000);
    // Still 'open' at the provider, but past the time it gave: the cart is free again.
    expect((await returnPage()).waiting).toBe(true);
    expect((await addToCart()).statusCode).toBe(200);
    provider.set(id, { status: 'paid' });
    for (let i = 0; i < 3; i++) await webhook(id);
    expect(await t.app.payments.reconcile()).toBe(0);
    expect((await orderRow()).state).toBe('draft');
    // Six at € 10,00 + 9 % = € 65,40 now, plus the invoices.
    expect((await paymentRows())[0]).toMatchObject({ status: 'paid', reviewReason: 'amount_mismatch', reviewExpectedCents: 6_540 + INVOICES_CENTS });
  });

  it('a payment open past its expiry and paid without a change to the cart places the order', async () => {
    const id = await startPaid();
    clock.advance(16 * 60_000);
    provider.set(id, { status: 'paid' });
    await webhook(id);
    expect(await orderRow()).toMatchObject({ state: 'placed', paymentState: 'paid' });
  });

  it('closes a payment the provider still calls open an hour after its expiry, and keeps it for staff when it is paid after all', async () => {
    const id = await startPaid();
    clock.advance(15 * 60_000 + 61_000);
    expect(await t.app.payments.reconcile()).toBe(1);
    expect((await paymentRows())[0]).toMatchObject({ status: 'open', appliedAt: null });
    clock.advance(60 * 60_000);
    expect(await t.app.payments.reconcile()).toBe(1);
    expect((await paymentRows())[0]).toMatchObject({ status: 'expired', appliedAt: expect.any(Date) });
    expect((await returnPage()).message).toBe(PAYMENT_MESSAGES.nl.expired);

    provider.set(id, { status: 'paid' });
    await webhook(id);
    await webhook(id);
    expect((await orderRow()).state).toBe('draft');
    expect((await paymentRows())[0]).toMatchObject({ status: 'paid', reviewReason: 'paid_after_final' });
    expect((await returnPage('/en')).message).toBe(PAYMENT_MESSAGES.en.review_paid_after_final);
    expect((await staffReview()).list.map((p) => p.reason)).toEqual(['paid_after_final']);
    expect((await erpPayments()).map((r) => r.review?.reason)).toEqual(['paid_after_final']);
  });

  it('keeps the second of two paid payments of one order for staff (paid twice)', async () => {
    const first = await startPaid();
    // A price change: the customer starts a new payment for the new amount and pays both.
    await t.app.database.db.update(prices).set({ unitPriceCents: 1_100 }).where(and(eq(prices.variationId, food.variationId), eq(prices.pricelist, 'STANDAARD')));
    expect((await createPayment()).statusCode).toBe(200);
    const second = [...provider.payments.keys()].find((k) => k !== first)!;
    provider.set(second, { status: 'paid' });
    await webhook(second);
    expect(await orderRow()).toMatchObject({ state: 'placed', paymentState: 'paid', totalCents: 5_995 });
    provider.set(first, { status: 'paid' });
    await webhook(first);
    expect((await paymentRows()).map((p) => [p.status, p.reviewReason])).toEqual([
      ['paid', 'order_already_placed'],
      ['paid', null],
    ]);
    expect(t.mailer.sent).toHaveLength(1);
  });
});

describe('the staff list of payments to check', () => {
  it('is for staff only', async () => {
    expect((await call(t.app, demo, 'GET', '/api/staff/payments/review')).statusCode).toBe(403);
    expect((await call(t.app, null, 'GET', '/api/staff/payments/review')).statusCode).toBe(403);
    const { staff } = await staffReview();
    const bad = await call(t.app, staff, 'POST', '/api/staff/payments/not-a-uuid/reviewed');
    expect(bad.statusCode).toBe(400);
  });
});
