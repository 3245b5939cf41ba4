import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { cartResponse } from '../../../shared/api/cart';
import { checkoutInvoicesResponse, createPaymentLinkResponse, createPaymentResponse, paymentReturnResponse } from '../../../shared/api/payments';
import { cashInvoices, orders, payments, sandboxPayments } from '../../db/schema';
import { API, login, type Session, useTestApp } from '../../test/app';
import { testClock } from '../../test/clock';
import type { ProductRef } from '../catalog/test-support';
import { idealCart } from './test-support';
import { addLine, call } from '../ordering/cart/test-support';
import { historyOf } from '../ordering/order-history.repository';

// Monday 23 November 2026, 09:00 in Amsterdam. Demo's relation has invoices of € 487,65 and
// € 129,50 and a credit of € 25,00 (scripts/seed/invoices.ts).
const clock = testClock('2026-11-23T09:00:00+01:00');
const t = useTestApp({}, { now: clock.now });

let demo: Session;
let food: ProductRef;
let orderId: number;

beforeEach(async () => {
  clock.reset();
  ({ demo, food, orderId } = await idealCart(t.app));
});

const createPayment = (session = demo, id = orderId) => call(t.app, session, 'POST', `/api/checkout/${id}/create-payment`, { terms_accepted: true });
const webhook = (id: string) =>
  t.app.inject({ method: 'POST', url: `${API}/api/payments/webhook`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `id=${encodeURIComponent(id)}` });
const paymentRows = () => t.app.database.db.select().from(payments);
const orderRow = async () => (await t.app.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const invoiceRows = () => t.app.database.db.select().from(cashInvoices).where(eq(cashInvoices.relationId, 1)).orderBy(cashInvoices.id);

/** The payer's choice on the sandbox page (its own webhook call cannot reach an app under inject). */
async function payInSandbox(outcome: string): Promise<string> {
  const [payment] = await paymentRows();
  const providerId = payment!.providerId!;
  const res = await t.app.inject({
    method: 'POST',
    url: `${API}/payment-sandbox/${providerId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
  expect(res.statusCode, res.body).toBe(303);
  expect(res.headers.location).toMatch(new RegExp(`/nl/cart/checkout/${orderId}/update$`));
  return providerId;
}

describe('outstanding invoices at checkout', () => {
  it('lists the relation’s open invoices and credits and what the payment takes', async () => {
    const res = await call(t.app, demo, 'GET', `/api/checkout/${orderId}/invoices`);
    expect(res.statusCode, res.body).toBe(200);
    const body = checkoutInvoicesResponse.parse(res.json());
    expect(body.invoices.map((i) => i.outstandingAmount)).toEqual([487.65, 129.5, -25]);
    expect(body.total.number).toBe(592.15);
    expect(body.order_total.number).toBe('54.50');
    expect(body.to_pay.number).toBe('646.65');
    const grooth = await login(t.app, 'grooth');
    expect((await call(t.app, grooth, 'GET', `/api/checkout/${orderId}/invoices`)).statusCode).toBe(404);
  });
});

describe('paying at checkout with iDEAL (sandbox)', () => {
  it('creates one payment for the order plus the invoices, with the order number in the description', async () => {
    const res = await createPayment();
    expect(res.statusCode, res.body).toBe(200);
    const body = createPaymentResponse.parse(res.json());
    expect(body.paymentUrl).toMatch(/\/backend\/payment-sandbox\/tr_sbx[0-9a-f]{16}$/);
    const [payment] = await paymentRows();
    expect(payment).toMatchObject({ kind: 'checkout', provider: 'sandbox', status: 'open', amountCents: 64_665, orderId, description: `Casa Maíz bestelling W${String(orderId).padStart(7, '0')}` });
    // A second click offers the same payment.
    expect(createPaymentResponse.parse((await createPayment()).json()).paymentUrl).toBe(body.paymentUrl);
    expect(await paymentRows()).toHaveLength(1);
    // The sandbox page shows the amount and description.
    const page = await t.app.inject({ method: 'GET', url: new URL(body.paymentUrl!).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('€\u00a0646,65');
    expect(page.body).toContain(payment!.description);
  });

  it('places the order only when paid, settles the invoices, and mails once however often the webhook comes', async () => {
    await createPayment();
    // While the payer is at the bank the cart cannot change.
    const locked = await call(t.app, demo, 'POST', '/cart/add?_format=json', [addLine(food.variationId, 1)]);
    expect(locked.statusCode).toBe(409);
    let ret = paymentReturnResponse.parse((await call(t.app, demo, 'GET', `/api/mollie_return/${orderId}`)).json());
    expect(ret).toMatchObject({ status: 0, waiting: true });
    expect((await orderRow()).state).toBe('draft');

    const providerId = await payInSandbox('paid');
    const deliveries = await Promise.all(Array.from({ length: 10 }, () => webhook(providerId)));
    expect(deliveries.map((d) => d.statusCode)).toEqual(Array(10).fill(200));

    expect(await orderRow()).toMatchObject({ state: 'placed', paymentState: 'paid', totalCents: 5450 });
    // Placed by the payment through the state machine, once however often the webhook came (decision 035).
    expect(await historyOf(t.app.database.db, orderId)).toMatchObject([
      { fromState: 'draft', toState: 'placed', event: 'pay', system: 'payments', userId: null, reason: `payment ${(await paymentRows())[0]!.uuid}` },
    ]);
    expect((await invoiceRows()).map((i) => [i.outstandingCents, i.paidAt !== null])).toEqual([
      [0, true],
      [0, true],
      [0, true],
    ]);
    expect(t.mailer.sent).toHaveLength(1);
    expect((await paymentRows())[0]).toMatchObject({ status: 'paid', appliedAt: expect.any(Date) });

    ret = paymentReturnResponse.parse((await call(t.app, demo, 'GET', `/api/mollie_return/${orderId}`)).json());
    expect(ret).toMatchObject({ status: 1, waiting: false, order: { id: orderId, order_number: `W${String(orderId).padStart(7, '0')}` } });
    // A new cart is free to change.
    expect((await call(t.app, demo, 'POST', '/cart/add?_format=json', [addLine(food.variationId, 1)])).statusCode).toBe(200);
  });

  for (const outcome of ['failed', 'canceled', 'expired'] as const) {
    it(`leaves the cart as it was when the payment is ${outcome}`, async () => {
      await createPayment();
      await webhook(await payInSandbox(outcome));
      const ret = paymentReturnResponse.parse((await call(t.app, demo, 'GET', `/en/api/mollie_return/${orderId}`)).json());
      expect(ret).toMatchObject({ status: 0, waiting: false });
      expect(ret.message).toMatch(outcome === 'failed' ? /failed/ : outcome === 'canceled' ? /canceled/ : /expired/);
      expect((await orderRow()).state).toBe('draft');
      expect((await invoiceRows()).map((i) => i.outstandingCents)).toEqual([48_765, 12_950, -2_500]);
      const cart = cartResponse.parse((await call(t.app, demo, 'GET', '/cart?_format=json')).json())[0]!;
      expect(cart.order_items.map((i) => i.quantity)).toEqual(['5']);
      // Another try: a new payment.
      expect((await call(t.app, demo, 'POST', '/cart/add?_format=json', [addLine(food.variationId, 1)])).statusCode).toBe(200);
      expect(createPaymentResponse.parse((await createPayment()).json()).paymentUrl).toBeTruthy();
      expect(await paymentRows()).toHaveLength(2);
      expect(t.mailer.sent).toHaveLength(0);
    });
  }

  it('keeps the order placed when the webhook of an earlier, failed try comes after the paid one', async () => {
    await createPayment();
    const first = await payInSandbox('failed');
    // The first webhook is lost for now; the payer tries again and pays.
    await t.app.database.db.update(payments).set({ status: 'failed', appliedAt: null }).where(eq(payments.providerId, first));
    clock.advance(60_000);
    const res = await call(t.app, demo, 'GET', `/api/mollie_return/${orderId}`);
    expect(paymentReturnResponse.parse(res.json())).toMatchObject({ status: 0, waiting: false });
    expect(createPaymentResponse.parse((await createPayment()).json()).paymentUrl).toBeTruthy();
    const rows = await paymentRows();
    const second = rows.find((p) => p.providerId !== first)!;
    await t.app.inject({ method: 'POST', url: `${API}/payment-sandbox/${second.providerId}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=paid' });
    await webhook(second.providerId!);
    await webhook(first);
    await webhook(second.providerId!);
    expect(await orderRow()).toMatchObject({ state: 'placed', paymentState: 'paid' });
    expect((await paymentRows()).map((p) => p.status).sort()).toEqual(['failed', 'paid']);
    expect(t.mailer.sent).toHaveLength(1);
  });

  it('says plainly on the sandbox page that it is a test page, in the payer’s language', async () => {
    await createPayment();
    const [payment] = await paymentRows();
    const page = await t.app.inject({ url: `${API}/payment-sandbox/${payment!.providerId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="nl">');
    expect(page.body).toContain('Dit is een testpagina');
    expect(page.body).toContain('er wordt geen geld overgemaakt');
  });

  it('answers 200 to an unknown webhook id and changes nothing', async () => {
    await createPayment();
    const before = await paymentRows();
    expect((await webhook('tr_unknown123')).statusCode).toBe(200);
    expect((await webhook('')).statusCode).toBe(400);
    expect(await paymentRows()).toEqual(before);
  });

  it('places the order at once when credits cover the order and the invoices', async () => {
    await t.app.database.db.update(cashInvoices).set({ outstandingCents: -70_000 }).where(eq(cashInvoices.invoiceNumber, 'F260003'));
    const body = createPaymentResponse.parse((await createPayment()).json());
    expect(body).toMatchObject({ status: 'success', orderId, paymentUrl: null, uuid: expect.any(String) });
    expect(await paymentRows()).toEqual([]);
    expect(await orderRow()).toMatchObject({ state: 'placed', paymentState: 'credit' });
    // 70,000 credit − 5,450 order − 48,765 − 12,950 = 2,835 credit left.
    expect((await invoiceRows()).map((i) => i.outstandingCents)).toEqual([0, 0, -2_835]);
    expect(t.mailer.sent).toHaveLength(1);
  });

  it('refuses a payment for another method, without the terms, or for another customer’s order', async () => {
    let res = await call(t.app, demo, 'POST', `/api/checkout/${orderId}/create-payment`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Bevestig dat je akkoord gaat met onze leveringsvoorwaarden');
    const grooth = await login(t.app, 'grooth');
    res = await createPayment(grooth);
    expect(res.statusCode).toBe(404);
    expect((await call(t.app, grooth, 'GET', `/api/mollie_return/${orderId}`)).statusCode).toBe(404);
    await call(t.app, demo, 'POST', `/api/checkout/${orderId}/set-payment`, { method: 'on_account' });
    res = await createPayment();
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('not_online');
    expect(await paymentRows()).toEqual([]);
  });
});

describe('reconciliation', () => {
  it('places the order of a payment that was paid but never applied (a crash in between)', async () => {
    await createPayment();
    const [payment] = await paymentRows();
    // The provider says paid, the shop never heard: no webhook, no return visit.
    await t.app.database.db.update(sandboxPayments).set({ status: 'paid' }).where(eq(sandboxPayments.id, payment!.providerId!));
    await t.app.database.db.update(payments).set({ status: 'paid' }).where(eq(payments.id, payment!.id));
    expect(await t.app.payments.reconcile()).toBe(1);
    expect(await orderRow()).toMatchObject({ state: 'placed', paymentState: 'paid' });
    expect(t.mailer.sent).toHaveLength(1);
    expect(await t.app.payments.reconcile()).toBe(0);
  });

  it('closes a payment left open after its expiry, which frees the cart', async () => {
    await createPayment();
    clock.advance(15 * 60_000 + 61_000);
    expect(await t.app.payments.reconcile()).toBe(1);
    expect((await paymentRows())[0]).toMatchObject({ status: 'expired', appliedAt: expect.any(Date) });
    expect((await orderRow()).state).toBe('draft');
    expect((await call(t.app, demo, 'POST', '/cart/add?_format=json', [addLine(food.variationId, 1)])).statusCode).toBe(200);
  });
});

describe('payment links for anonymous payers', () => {
  const linkFor = (session: Session | null, body: unknown) => call(t.app, session, 'POST', '/api/payment-links', body);

  it('lets staff make a link that pays the open invoices without logging in, once', async () => {
    const staff = await login(t.app, 'staff');
    let res = await linkFor(staff, { relation_id: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const link = createPaymentLinkResponse.parse(res.json());
    expect(link.amount.number).toBe('592.15');
    expect(link.invoices.map((i) => i.outstandingAmount)).toEqual([487.65, 129.5, -25]);
    const path = new URL(link.url).pathname;

    res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/\/payment-sandbox\/tr_sbx/);
    const [payment] = await paymentRows();
    expect(payment).toMatchObject({ kind: 'bulk', amountCents: 59_215, userId: null, orderId: null });
    // Opened again while unfinished: the same payment.
    expect((await t.app.inject({ method: 'GET', url: path })).headers.location).toBe(res.headers.location);

    const pay = await t.app.inject({
      method: 'POST',
      url: new URL(String(res.headers.location)).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=paid',
    });
    expect(pay.headers.location).toBe(`http://localhost:3000/nl/bulk/payment/${payment!.uuid}/update/anonymous`);
    await webhook(payment!.providerId!);
    const status = await t.app.inject({ method: 'POST', url: `${API}/api/mollie_return/bulk/${payment!.uuid}` });
    expect(paymentReturnResponse.parse(status.json())).toMatchObject({ status: 1, waiting: false, order: null });
    expect((await invoiceRows()).map((i) => i.outstandingCents)).toEqual([0, 0, 0]);

    // Paid: the link says so and takes no money.
    const again = await t.app.inject({ method: 'GET', url: path });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('Deze facturen zijn al betaald');
    expect(await paymentRows()).toHaveLength(1);
  });

  it('lets staff masquerading as the customer make one for that customer; customers cannot', async () => {
    const demoUser = (await t.app.inject({ method: 'GET', url: `${API}/jsonapi/current-user?jsonapi_include=1`, headers: { cookie: demo.cookie } })).json().data.drupal_internal__uid;
    expect((await linkFor(demo, { relation_id: 1 })).statusCode).toBe(403);
    const staff = await login(t.app, 'staff');
    const masquerade = await call(t.app, staff, 'POST', `/api/staff/masquerade/${demoUser}`);
    expect(masquerade.statusCode, masquerade.body).toBe(200);
    const cookie = String(masquerade.headers['set-cookie']).split(';')[0]!;
    const acting = { cookie, csrf: masquerade.json().csrf_token as string };
    const res = await linkFor(acting, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(createPaymentLinkResponse.parse(res.json()).amount.number).toBe('592.15');
  });

  it('refuses a relation without anything to pay, and answers an unknown link with a page', async () => {
    const staff = await login(t.app, 'staff');
    const res = await linkFor(staff, { relation_id: 4 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Deze relatie heeft geen openstaande facturen om te betalen.');
    expect((await linkFor(staff, { relation_id: 99_999 })).statusCode).toBe(404);
    const unknown = await t.app.inject({ method: 'GET', url: `${API}/pay/00000000-0000-4000-8000-000000000000` });
    expect(unknown.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `${API}/api/mollie_return/bulk/00000000-0000-4000-8000-000000000000` })).statusCode).toBe(404);
  });
});
