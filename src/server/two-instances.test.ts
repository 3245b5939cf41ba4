import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { type Database, openDatabase } from './db/client';
import { cashInvoices, payments } from './db/schema';
import { call } from './modules/ordering/cart/test-support';
import { API, login, memoryMailer, testConfig, useTestApp } from './test/app';
import { testClock } from './test/clock';
import { testDatabase } from './test/database';

/**
 * Two server instances on one database (issue 9, point 8): a session made on one works on the
 * other and ends on both, flood counters count attempts on both (also in a burst), and the payment
 * reconciliation run by both at once handles every payment once. On PostgreSQL the second
 * instance has its own connection pool; on PGlite (one connection) it shares the handle.
 */

const clock = testClock('2026-11-23T09:00:00+01:00');
const t = useTestApp({}, { now: clock.now });
let other: FastifyInstance | undefined;
let ownDatabase: Database | undefined;

async function secondInstance(): Promise<FastifyInstance> {
  if (!other) {
    const shared = await testDatabase();
    ownDatabase = shared.url ? await openDatabase({ url: shared.url }) : undefined;
    other = await buildApp(testConfig(), { database: ownDatabase ?? shared, mailer: memoryMailer(), logger: false, jobs: false, now: clock.now });
    await other.ready();
  }
  return other;
}

afterAll(async () => {
  await other?.close();
  await ownDatabase?.close();
});

beforeEach(() => clock.reset());

describe('two instances on one database', () => {
  it('share sessions: made on one, used and ended on the other', async () => {
    const b = await secondInstance();
    const session = await login(t.app, 'demo');
    let res = await b.inject({ method: 'GET', url: `${API}/jsonapi/current-user?jsonapi_include=1`, headers: { cookie: session.cookie } });
    expect(res.statusCode).toBe(200);
    res = await b.inject({ method: 'GET', url: `${API}/user/cb-logout?_format=json`, headers: { cookie: session.cookie } });
    expect(res.statusCode).toBeLessThan(300);
    res = await t.app.inject({ method: 'GET', url: `${API}/jsonapi/current-user?jsonapi_include=1`, headers: { cookie: session.cookie } });
    expect(res.statusCode).toBe(403);
  });

  it('share flood counters: failed logins on both count together', async () => {
    const b = await secondInstance();
    for (let i = 0; i < 5; i++) {
      const app = i % 2 === 0 ? t.app : b;
      const res = await app.inject({ method: 'POST', url: `${API}/user/login?_format=json`, payload: { name: 'grooth', pass: 'wrong' } });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await b.inject({ method: 'POST', url: `${API}/user/login?_format=json`, payload: { name: 'grooth', pass: 'demo1234' } });
    expect(blocked.statusCode).toBe(429);
  });

  it('share the IP limit under a burst: 80 failed logins at once over both check at most 50 passwords', async () => {
    const b = await secondInstance();
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        (i % 2 === 0 ? t.app : b).inject({
          method: 'POST',
          url: `${API}/user/login?_format=json`,
          remoteAddress: '203.0.113.81',
          payload: { name: `nobody-${i}`, pass: 'wrong' },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(50);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
  });

  it('run the payment reconciliation at once without handling a payment twice', async () => {
    const b = await secondInstance();
    const demo = await login(t.app, 'demo');
    const open = await t.app.database.db
      .select()
      .from(cashInvoices)
      .where(and(eq(cashInvoices.relationId, 1), isNull(cashInvoices.orderId)));
    const payable = open.filter((i) => i.outstandingCents > 0);
    for (const invoice of payable) {
      expect((await call(t.app, demo, 'POST', `/api/cash-invoice/${invoice.id}/create-payment`)).statusCode).toBe(200);
    }
    clock.advance(17 * 60_000);
    const [handledA, handledB] = await Promise.all([t.app.payments.reconcile(), b.payments.reconcile()]);
    expect(handledA + handledB).toBe(payable.length);
    const rows = await t.app.database.db.select().from(payments);
    expect(rows.map((p) => p.status)).toEqual(payable.map(() => 'expired'));
    expect(await Promise.all([t.app.payments.reconcile(), b.payments.reconcile()])).toEqual([0, 0]);
  });
});
