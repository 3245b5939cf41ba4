import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { placeOrderResponse } from '../../../shared/api/checkout';
import { orders } from '../../db/schema';
import { login, useSmtpTestApp } from '../../test/app';
import { MINUTE, testClock } from '../../test/clock';
import { readMail } from '../../test/mime';
import { addLine, call, cartIdOf, chooseCheckout, pricedProducts } from '../cart/test-support';

/**
 * The mail server down when an order is placed (issue 16, point 8): the order is placed all the
 * same, and its confirmation goes out once the mail server is back, once.
 */

// Monday 23 November 2026, 09:00 in Amsterdam; demo's relation delivers on Tuesday.
const clock = testClock('2026-11-23T09:00:00+01:00');
const t = useSmtpTestApp({ publicUrl: 'https://shop.example' }, { jobs: false, now: clock.now });

beforeEach(async () => {
  clock.reset();
  await t.smtp.start();
});

async function placeOrder(): Promise<{ orderId: number; orderNumber: string }> {
  const [food] = await pricedProducts(t.app.database.db, [{ taxRate: 900, scaled: [[1, 250]] }]);
  const demo = await login(t.app, 'demo');
  expect((await call(t.app, demo, 'POST', '/cart/add?_format=json', [addLine(food!.variationId, 3)])).statusCode).toBe(200);
  const orderId = await cartIdOf(t.app, demo);
  await chooseCheckout(t.app, demo, orderId, { shipping: 'delivery', payment: 'on_account', date: '2026-11-24', profileId: 2 });
  const res = await call(t.app, demo, 'POST', `/api/checkout/${orderId}/place`, { terms_accepted: true });
  expect(res.statusCode, res.body).toBe(200);
  return { orderId, orderNumber: placeOrderResponse.parse(res.json()).order_number };
}

const orderRow = async (id: number) => (await t.app.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('order confirmations with the mail server down', () => {
  it('places the order, and sends its confirmation once when the mail server is back', async () => {
    await t.smtp.stop();
    const { orderId, orderNumber } = await placeOrder();
    expect((await orderRow(orderId)).state).toBe('placed');

    // Within the first minute the job leaves the order to the attempt made when it was placed.
    expect(await t.app.confirmations.retry()).toBe(0);
    clock.advance(MINUTE + 1000);
    // Still down: the job fails quietly and the order waits.
    expect(await t.app.confirmations.retry()).toBe(0);
    expect((await orderRow(orderId)).confirmationSentAt).toBeNull();
    // Taken a moment ago: no instance takes it again within the minute.
    await t.smtp.start();
    expect(await t.app.confirmations.retry()).toBe(0);
    expect(t.smtp.received).toHaveLength(0);

    clock.advance(MINUTE);
    // Two runs at once (two instances): one mail.
    const [a, b] = await Promise.all([t.app.confirmations.retry(), t.app.confirmations.retry()]);
    expect(a + b).toBe(1);
    expect(t.smtp.received).toHaveLength(1);
    expect(t.smtp.received[0]!.to).toEqual(['demo@example.nl']);
    const mail = readMail(t.smtp.received[0]!.raw);
    expect(mail.subject).toBe(`Orderbevestiging ${orderNumber} | Casa Maíz`);
    expect(mail.text).toContain('Gewenste leverdatum: 24-11-2026');
    expect(mail.text).toContain(`https://shop.example/nl/account/orders/${orderId}`);
    expect((await orderRow(orderId)).confirmationSentAt).not.toBeNull();

    clock.advance(10 * MINUTE);
    expect(await t.app.confirmations.retry()).toBe(0);
    expect(t.smtp.received).toHaveLength(1);
  });

  it('sends nothing again for an order whose confirmation went out when it was placed', async () => {
    const { orderId } = await placeOrder();
    await expect.poll(async () => (await orderRow(orderId)).confirmationSentAt).not.toBeNull();
    clock.advance(5 * MINUTE);
    expect(await t.app.confirmations.retry()).toBe(0);
    expect(t.smtp.received).toHaveLength(1);
  });

  it('gives up on orders placed more than three days ago', async () => {
    await t.smtp.stop();
    const { orderId } = await placeOrder();
    await t.smtp.start();
    clock.advance(3 * 24 * 60 * MINUTE + MINUTE);
    expect(await t.app.confirmations.retry()).toBe(0);
    expect((await orderRow(orderId)).confirmationSentAt).toBeNull();
    expect(t.smtp.received).toHaveLength(0);
  });
});
