import { asc } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { placeOrderResponse } from '../../../shared/api/checkout';
import { undeliveredMailsResponse } from '../../../shared/api/mail';
import { mailOutbox } from '../../db/schema';
import { API, login, useSmtpTestApp } from '../../test/app';
import { MINUTE, SECOND, testClock } from '../../test/clock';
import { readMail } from '../../test/mime';
import { addLine, call, cartIdOf, chooseCheckout, pricedProducts } from '../ordering/cart/test-support';

/**
 * The mail outbox never stalls (issue 39, point 6; decision 033): one refused address is that
 * mail's own, a deferred mail waits a growing backoff and is given up after a number of attempts,
 * an unreachable mail server stops the run and every waiting mail goes, oldest first, once it is
 * back; staff see what was not delivered.
 */

// Monday 23 November 2026, 09:00 in Amsterdam; demo's relation delivers on Tuesday.
const clock = testClock('2026-11-23T09:00:00+01:00');
const t = useSmtpTestApp({ publicUrl: 'https://shop.example' }, { jobs: false, now: clock.now });

beforeEach(async () => {
  clock.reset();
  t.smtp.refuse.clear();
  await t.smtp.start();
  // The demo data's mails given up (for staff's list on a fresh start): these tests count their own.
  await t.app.database.db.delete(mailOutbox);
});

const rows = () => t.app.database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
const rowTo = async (to: string) => (await rows()).find((r) => r.recipient === to)!;
const received = () => t.smtp.received.map((m) => m.to.join(','));

/** demo places an order: its confirmation is written with it and sent right away when it can be. */
async function placeOrder(): Promise<string> {
  const [food] = await pricedProducts(t.app.database.db, [{ taxRate: 900, scaled: [[1, 250]] }]);
  const demo = await login(t.app, 'demo');
  expect((await call(t.app, demo, 'POST', '/cart/add?_format=json', [addLine(food!.variationId, 3)])).statusCode).toBe(200);
  const orderId = await cartIdOf(t.app, demo);
  await chooseCheckout(t.app, demo, orderId, { shipping: 'delivery', payment: 'on_account', date: '2026-11-24', profileId: 2 });
  const res = await call(t.app, demo, 'POST', `/api/checkout/${orderId}/place`, { terms_accepted: true });
  expect(res.statusCode, res.body).toBe(200);
  // The answer does not wait for the attempt right after the commit: wait for it here.
  await expect.poll(async () => (await rows()).every((r) => r.lastAttemptAt !== null && (r.sentAt !== null || r.nextAttemptAt <= clock.now()))).toBe(true);
  return placeOrderResponse.parse(res.json()).order_number;
}

/** A password reset for a user (their mail is sent before the answer, when it can be). */
async function requestReset(name: string) {
  const res = await t.app.inject({ method: 'POST', url: `${API}/user/password?_format=json`, payload: { name } });
  expect(res.statusCode, res.body).toBe(200);
}

/** A mail written to the outbox as a module does, and sent right away. */
async function enqueueAndDeliver(to: string) {
  const ids = await t.app.mailOutbox.enqueue(t.app.database.db, [{ kind: 'welcome', to, subject: 'Welkom', text: 'Hallo' }]);
  return t.app.mailOutbox.deliver(ids);
}

/** Mails written, not sent yet: the mail server is away while they are made. */
async function waitingMails(count: number) {
  await t.smtp.stop();
  for (let i = 0; i < count; i += 1) {
    await requestReset(['demo', 'demo-en', 'grooth'][i]!);
    clock.advance(SECOND);
  }
  const waiting = await rows();
  expect(waiting.map((r) => [r.sentAt, r.failedAt, r.attempts])).toEqual(waiting.map(() => [null, null, 0]));
  return waiting;
}

describe('the mail outbox', () => {
  it('gives up at once on an address refused with 550 and delivers the mail behind it in the same run', async () => {
    const orderNumber = await (async () => {
      await t.smtp.stop();
      const n = await placeOrder();
      clock.advance(SECOND);
      await requestReset('demo-en');
      return n;
    })();
    await t.smtp.start();
    t.smtp.refuse.set('demo@example.nl', { code: 550, text: '5.1.1 <demo@example.nl>: no such user' });

    expect(await t.app.mailOutbox.deliverDue()).toEqual({ sent: 1, failed: 1, waiting: 0 });
    expect(received()).toEqual(['demo-en@example.nl']);
    const refused = await rowTo('demo@example.nl');
    expect(refused).toMatchObject({ kind: 'order_confirmation', attempts: 1, sentAt: null, failedAt: clock.now() });
    expect(refused.lastError).toContain('550');
    expect(refused.subject).toBe(`Orderbevestiging ${orderNumber} | Casa Maíz`);

    // Given up: no run tries it again; staff's list keeps it 90 days.
    clock.advance(2 * 60 * MINUTE);
    expect(await t.app.mailOutbox.deliverDue()).toEqual({ sent: 0, failed: 0, waiting: 0 });
    expect(t.smtp.received).toHaveLength(1);
    clock.advance(89 * 24 * 60 * MINUTE);
    await t.app.mailOutbox.deliverDue();
    expect((await rows()).map((r) => r.recipient)).toEqual(['demo@example.nl']);
    clock.advance(24 * 60 * MINUTE);
    await t.app.mailOutbox.deliverDue();
    expect(await rows()).toEqual([]);
  });

  it('gives up at once on a mail without a usable address and sends the one behind it', async () => {
    const ids = await t.app.mailOutbox.enqueue(t.app.database.db, [
      { kind: 'welcome', to: '', subject: 'Welkom', text: 'Hallo' },
      { kind: 'welcome', to: 'other@example.nl', subject: 'Welkom', text: 'Hallo' },
    ]);
    expect(await t.app.mailOutbox.deliver(ids)).toEqual({ sent: 1, failed: 1, waiting: 0 });
    expect(received()).toEqual(['other@example.nl']);
    expect(await rowTo('')).toMatchObject({ attempts: 1, failedAt: clock.now(), lastError: expect.stringContaining('recipient') });
  });

  it('tries a deferred mail again after 1, 5, 15 and 60 minutes, then hourly, and gives up after 8 attempts; the others go meanwhile', async () => {
    await waitingMails(1);
    await t.smtp.start();
    t.smtp.refuse.set('demo@example.nl', { code: 450, text: '4.2.1 mailbox busy' });
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      const before = clock.now().getTime();
      expect(await t.app.mailOutbox.deliverDue()).toEqual({ sent: 0, failed: 1, waiting: 0 });
      const row = await rowTo('demo@example.nl');
      expect(row.attempts).toBe(attempt);
      expect(row.lastError).toContain('450');
      if (attempt === 8) {
        expect(row.failedAt).toEqual(clock.now());
        break;
      }
      waits.push((row.nextAttemptAt.getTime() - before) / MINUTE);
      // Not due a moment before its time; another mail goes meanwhile.
      clock.advance(row.nextAttemptAt.getTime() - before - SECOND);
      expect(await enqueueAndDeliver('other@example.nl')).toEqual({ sent: 1, failed: 0, waiting: 0 });
      expect(await t.app.mailOutbox.deliverDue()).toEqual({ sent: 0, failed: 0, waiting: 0 });
      clock.advance(SECOND);
    }
    expect(waits).toEqual([1, 5, 15, 60, 60, 60, 60]);
    expect(received()).toEqual(Array(7).fill('other@example.nl'));
    expect((await rowTo('demo@example.nl')).sentAt).toBeNull();
  });

  it('stops the run while the mail server is unreachable, counting nothing, and sends every waiting mail oldest first once it is back', async () => {
    const waiting = await waitingMails(3);
    clock.advance(MINUTE);
    for (let run = 0; run < 3; run += 1) {
      expect(await t.app.mailOutbox.deliverDue()).toEqual({ sent: 0, failed: 0, waiting: 3 });
      clock.advance(MINUTE);
    }
    const during = await rows();
    expect(during.map((r) => [r.attempts, r.sentAt, r.failedAt])).toEqual(during.map(() => [0, null, null]));
    expect(during[0]!.lastError).toMatch(/ECONNREFUSED|ECONNECTION|connect/i);

    await t.smtp.start();
    // Two instances at once: each mail once.
    const [a, b] = await Promise.all([t.app.mailOutbox.deliverDue(), t.app.mailOutbox.deliverDue()]);
    expect(a.sent + b.sent).toBe(3);
    expect(received()).toEqual(waiting.map((r) => r.recipient));
    expect((await rows()).every((r) => r.sentAt !== null)).toBe(true);
  });

  it('sends an order confirmation once the mail server is back, once', async () => {
    await t.smtp.stop();
    const orderNumber = await placeOrder();
    expect(await t.app.mailOutbox.deliverDue()).toEqual({ sent: 0, failed: 0, waiting: 1 });
    await t.smtp.start();
    clock.advance(MINUTE);
    expect(await t.app.mailOutbox.deliverDue()).toEqual({ sent: 1, failed: 0, waiting: 0 });
    expect(readMail(t.smtp.received[0]!.raw).subject).toBe(`Orderbevestiging ${orderNumber} | Casa Maíz`);
    clock.advance(10 * MINUTE);
    expect(await t.app.mailOutbox.deliverDue()).toEqual({ sent: 0, failed: 0, waiting: 0 });
    expect(t.smtp.received).toHaveLength(1);
    // A sent mail is kept 30 days, then removed by the job.
    clock.advance(30 * 24 * 60 * MINUTE);
    await t.app.mailOutbox.deliverDue();
    expect(await rows()).toEqual([]);
  });

  it('shows staff the mails not delivered, in both languages of the API; a customer gets 403', async () => {
    await waitingMails(2);
    await t.smtp.start();
    t.smtp.refuse.set('demo-en@example.nl', { code: 550, text: '5.1.1 no such user' });
    await t.app.mailOutbox.deliverDue();

    const staff = await login(t.app, 'staff');
    for (const prefix of ['', '/en']) {
      const res = await t.app.inject({ url: `${API}${prefix}/api/staff/undelivered-mails`, headers: { cookie: staff.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      const { data } = undeliveredMailsResponse.strict().parse(res.json());
      expect(data).toEqual([
        {
          id: expect.any(Number),
          kind: 'password_reset',
          to: 'demo-en@example.nl',
          subject: expect.stringContaining('Replacement login information'),
          last_error: expect.stringContaining('550'),
          attempts: 1,
          created_at: expect.any(String),
          failed_at: clock.now().toISOString(),
        },
      ]);
    }
    const customer = await login(t.app, 'demo');
    expect((await t.app.inject({ url: `${API}/api/staff/undelivered-mails`, headers: { cookie: customer.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `${API}/api/staff/undelivered-mails` })).statusCode).toBe(403);
  });
});
