import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cartResponse } from '../../../shared/api/cart';
import { createPaymentResponse } from '../../../shared/api/payments';
import { cashInvoices, orders } from '../../db/schema';
import { addLine, call, pricedProducts } from '../../modules/ordering/cart/test-support';
import type { ProductRef } from '../../modules/catalog/test-support';
import { API, login, useTestApp } from '../../test/app';
import { testClock } from '../../test/clock';
import { createMollieProvider } from './mollie';
import { type MollieStandIn, startMollieStandIn } from '../../test/mollie-stand-in';
import type { PaymentProvider } from './provider';

const API_KEY = 'test_standinstandinstandinstandin';
let standIn: MollieStandIn;
let tlsSetting: string | undefined;
// The app is built once per file: the provider forwards to the one made for the stand-in.
let mollie: PaymentProvider;
const provider: PaymentProvider = { name: 'mollie', create: (input) => mollie.create(input), get: (id) => mollie.get(id) };

beforeAll(async () => {
  standIn = await startMollieStandIn();
  // The stand-in's certificate is self-signed: accepted in this file only, restored after.
  tlsSetting = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  mollie = createMollieProvider({ apiKey: API_KEY, endpoint: standIn.endpoint });
});

afterAll(async () => {
  if (tlsSetting === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  else process.env.NODE_TLS_REJECT_UNAUTHORIZED = tlsSetting;
  await standIn.close();
});

describe('the Mollie adapter (the official client against a stand-in of the v2 API)', () => {
  it('creates an iDEAL payment with the amount as a two-decimal string, the URLs and the metadata', async () => {
    const created = await mollie.create({
      amountCents: 64_665,
      description: 'Casa Maíz bestelling W0000012',
      redirectUrl: 'https://shop.example/nl/cart/checkout/12/update',
      webhookUrl: 'https://shop.example/backend/api/payments/webhook',
      metadata: { paymentId: '6b1f0c3e-0000-4000-8000-000000000001', orderId: '12' },
    });
    const request = standIn.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: '/v2/payments', authorization: `Bearer ${API_KEY}` });
    expect(request.body).toMatchObject({
      amount: { currency: 'EUR', value: '646.65' },
      description: 'Casa Maíz bestelling W0000012',
      method: 'ideal',
      redirectUrl: 'https://shop.example/nl/cart/checkout/12/update',
      webhookUrl: 'https://shop.example/backend/api/payments/webhook',
      metadata: { paymentId: '6b1f0c3e-0000-4000-8000-000000000001', orderId: '12' },
    });
    expect(created).toMatchObject({ id: expect.stringMatching(/^tr_/), status: 'open', amountCents: 64_665, checkoutUrl: expect.stringContaining('mollie.com/checkout') });
    expect(created.expiresAt).toBeInstanceOf(Date);
  });

  it('leaves the webhook out when there is none, and reads every status back', async () => {
    const created = await mollie.create({ amountCents: 100, description: 'x', redirectUrl: 'https://shop.example/r', webhookUrl: null, metadata: { paymentId: 'p' } });
    expect(standIn.requests.at(-1)?.body).not.toHaveProperty('webhookUrl');
    for (const status of ['open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired']) {
      standIn.payments.get(created.id)!.status = status;
      const read = await mollie.get(created.id);
      expect(read?.status).toBe(status);
      expect(read?.checkoutUrl === null).toBe(status !== 'open');
    }
    expect(await mollie.get('tr_doesnotexist')).toBeNull();
  });
});

describe('checkout paid through Mollie', () => {
  const clock = testClock('2026-11-23T09:00:00+01:00');
  const t = useTestApp({ publicUrl: 'https://shop.example' }, { now: clock.now, paymentProvider: provider });
  let food: ProductRef;

  beforeEach(async () => {
    await t.app.database.db.delete(cashInvoices).where(isNotNull(cashInvoices.orderId));
    [food] = (await pricedProducts(t.app.database.db, [{ taxRate: 900, scaled: [[1, 1000]] }])) as [ProductRef];
  });

  it('sends the payer to Mollie and places the order when the webhook reports it paid', async () => {
    const demo = await login(t.app, 'demo');
    await call(t.app, demo, 'POST', '/cart/add?_format=json', [addLine(food.variationId, 1)]);
    const orderId = cartResponse.parse((await call(t.app, demo, 'GET', '/cart?_format=json')).json())[0]!.order_id;
    for (const [path, body] of [
      ['set-shipping', { method: 'pickup' }],
      ['set-payment', { method: 'ideal' }],
      ['set-delivery-date', { date: '2026-11-24' }],
    ] as const) {
      await call(t.app, demo, 'POST', `/api/checkout/${orderId}/${path}`, body);
    }
    const res = await call(t.app, demo, 'POST', `/api/checkout/${orderId}/create-payment`, { terms_accepted: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(createPaymentResponse.parse(res.json()).paymentUrl).toContain('mollie.com/checkout');
    const sent = standIn.requests.at(-1)!.body as { webhookUrl: string; redirectUrl: string; amount: { value: string } };
    expect(sent.webhookUrl).toBe('https://shop.example/backend/api/payments/webhook');
    expect(sent.redirectUrl).toBe(`https://shop.example/nl/cart/checkout/${orderId}/update`);
    // € 10,90 for the order plus the demo relation's invoices (€ 487,65 + € 129,50 − € 25,00).
    expect(sent.amount.value).toBe('603.05');

    const payment = [...standIn.payments.values()].at(-1)!;
    payment.status = 'paid';
    const hook = await t.app.inject({
      method: 'POST',
      url: `${API}/api/payments/webhook`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${payment.id}`,
    });
    expect(hook.statusCode).toBe(200);
    const [order] = await t.app.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ state: 'placed', paymentState: 'paid' });
    // Without Mollie configured there is no sandbox page.
    expect((await t.app.inject({ method: 'GET', url: `${API}/payment-sandbox/tr_sbx0123456789abcdef` })).statusCode).toBe(404);
  });
});
