import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { startJobs } from '../jobs';
import { addLine, call } from '../modules/ordering/cart/test-support';
import errorsPlugin from '../plugins/errors';
import languagePlugin, { languageRewriter } from '../plugins/language';
import { API, login, type Session, testConfig } from '../test/app';
import { TEST_SCALE } from '../test/database';
import { loadDemoData } from '../../../scripts/seed/demo-data';
import { tcpProxy } from '../test/tcp-proxy';
import { type Database, openDatabase } from './client';
import { isDatabaseUnavailable } from './unavailable';

/**
 * The database restarting, or its connections ended by an administrator, a failover or a pooler
 * (issue 16, point 8): the process stays up, requests answer 503 in the customer's language in
 * the meantime, a transaction cut off rolls back, and every route answers again within seconds
 * of the database being back, without a restart. On PostgreSQL (TEST_DATABASE_URL) a real pool
 * goes through a TCP proxy that the test stops and starts, and its connections are terminated.
 */

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });

describe('recognising a database that cannot be reached', () => {
  it('tells a lost or refused connection from a fault in a statement', () => {
    expect(isDatabaseUnavailable(pgError('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('57P03', 'the database system is starting up'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('08006', 'connection failure'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    // drizzle wraps the driver's error
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: new Error('Client was closed and is not queryable') }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]))).toBe(true);

    expect(isDatabaseUnavailable(pgError('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('40001', 'could not serialize access'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it('answers 503 database_unavailable in the language of the request, with Retry-After', async () => {
    const app = Fastify({ rewriteUrl: languageRewriter(API) });
    await app.register(errorsPlugin);
    await app.register(languagePlugin);
    app.get(`${API}/boom`, async () => {
      throw new Error('Failed query: select 1', { cause: pgError('57P01', 'terminating connection due to administrator command') });
    });
    let res = await app.inject({ method: 'GET', url: `${API}/boom` });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      code: 'database_unavailable',
      message: 'De webshop kan de database even niet bereiken. Probeer het over een paar seconden opnieuw.',
    });
    res = await app.inject({ method: 'GET', url: `${API}/en/boom` });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 'database_unavailable', message: 'The shop cannot reach its database for a moment. Please try again in a few seconds.' });
    await app.close();
  });
});

describe('background jobs', () => {
  it('log a run that fails, and run again at their next turn', async () => {
    const logged: Array<{ level: string; message: string }> = [];
    const log = {
      warn: (_: unknown, message: string) => logged.push({ level: 'warn', message }),
      error: (_: unknown, message: string) => logged.push({ level: 'error', message }),
    } as unknown as FastifyBaseLogger;
    const outcomes = [pgError('57P01', 'terminating connection'), new Error('a bug'), null];
    let runs = 0;
    const stop = startJobs(
      [
        {
          name: 'test job',
          everyMs: 10,
          run: async () => {
            const outcome = outcomes[Math.min(runs, outcomes.length - 1)];
            runs += 1;
            if (outcome) throw outcome;
          },
        },
      ],
      log,
    );
    await expect.poll(() => runs, { timeout: 5000 }).toBeGreaterThanOrEqual(4);
    await stop();
    expect(logged).toEqual([
      { level: 'warn', message: 'test job: the database is unavailable; trying again later' },
      { level: 'error', message: 'test job failed' },
    ]);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
const describeOnPostgres = serverUrl ? describe : undefined;
const APP_NAME = 'shop_outage_test';

const OWN_DB = `shop_faults_outage_${process.pid}`;

let own: { app: FastifyInstance; database: Database; proxy: Awaited<ReturnType<typeof tcpProxy>> } | undefined;
let admin: pg.Client | undefined;

/** A URL of the TEST_DATABASE_URL server for another database. */
function urlOf(database: string): URL {
  const url = new URL(serverUrl!);
  url.pathname = `/${database}`;
  return url;
}

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * An app with a pool of its own, through a proxy, on a database of this file's own with the demo
 * data (not the worker's: a test run from another worktree on the same server may drop those).
 */
async function appThroughProxy() {
  if (own) return own;
  await onServer(`DROP DATABASE IF EXISTS ${OWN_DB} WITH (FORCE)`);
  await onServer(`CREATE DATABASE ${OWN_DB}`);
  const setup = await openDatabase({ url: urlOf(OWN_DB).toString() });
  await setup.migrate();
  await loadDemoData(setup.db, { scale: TEST_SCALE });
  await setup.close();
  const url = urlOf(OWN_DB);
  const proxy = await tcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.host = `127.0.0.1:${proxy.port}`;
  url.searchParams.set('application_name', APP_NAME);
  const database = await openDatabase({ url: url.toString() });
  const app = await buildApp(testConfig(), { database, logger: false, jobs: false });
  await app.ready();
  own = { app, database, proxy };
  return own;
}

/** A connection of the test's own to that database, straight to the server. */
async function adminClient(): Promise<pg.Client> {
  if (!admin) {
    admin = new pg.Client({ connectionString: urlOf(OWN_DB).toString() });
    await admin.connect();
  }
  return admin;
}

/** Ends the app's connections as `pg_terminate_backend` by an administrator does. */
async function terminateAppConnections(): Promise<number> {
  const { rows } = await (await adminClient()).query<{ n: number }>(
    `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and application_name = $1`,
    [APP_NAME],
  );
  return rows[0]!.n;
}

afterAll(async () => {
  await own?.app.close();
  await own?.database.close();
  await own?.proxy.stop();
  await admin?.end();
  if (serverUrl) await onServer(`DROP DATABASE IF EXISTS ${OWN_DB} WITH (FORCE)`);
});

/** Polls until `check` holds, at most `seconds`; answers how long it took. */
async function within(seconds: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > seconds * 1000) throw new Error(`not within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return (Date.now() - started) / 1000;
}

describeOnPostgres?.('a PostgreSQL server that goes away and comes back', () => {
  it('answers 503 while it is down, and normally again within seconds of it being back', async () => {
    const { app, proxy } = await appThroughProxy();
    const demo = await login(app, 'demo');
    const variation = await firstVariation(app, demo);
    const add = () => call(app, demo, 'POST', '/cart/add?_format=json', [addLine(variation, 1)]);
    // Several pooled connections open (idle afterwards).
    expect((await Promise.all([add(), add(), add(), add()])).map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);

    await proxy.stop();
    const during = await Promise.all([add(), call(app, demo, 'GET', '/en/cart?_format=json'), app.inject({ method: 'GET', url: `${API}/health` })]);
    expect(during.map((r) => r.statusCode)).toEqual([503, 503, 503]);
    expect(during[0]!.json()).toMatchObject({ code: 'database_unavailable', message: expect.stringContaining('database even niet bereiken') });
    expect(during[1]!.json()).toMatchObject({ code: 'database_unavailable', message: expect.stringContaining('cannot reach its database') });
    expect(during[2]!.json()).toEqual({ status: 'unavailable', database: 'unavailable' });
    // The background jobs' runs fail as an outage (the job runner logs a warning and runs them again).
    await expect(app.payments.reconcile()).rejects.toSatisfy(isDatabaseUnavailable);
    await expect(app.mailOutbox.deliverDue()).rejects.toSatisfy(isDatabaseUnavailable);
    await expect(app.sessions.purgeExpired()).rejects.toSatisfy(isDatabaseUnavailable);

    await proxy.start();
    await within(10, async () => (await add()).statusCode === 200);
    expect((await app.inject({ method: 'GET', url: `${API}/health` })).statusCode).toBe(200);
    expect(await app.payments.reconcile()).toBe(0);
    expect(await app.mailOutbox.deliverDue()).toEqual({ sent: 0, failed: 0, waiting: 0 });
    const cart = (await call(app, demo, 'GET', '/cart?_format=json')).json<Array<{ order_items: Array<{ quantity: string }> }>>();
    // The four adds before and the one that got through after; none of those during the outage.
    expect(cart[0]!.order_items[0]!.quantity).toBe('5');
  });

  it('stays up when an administrator ends its connections, and serves the next requests', async () => {
    const { app } = await appThroughProxy();
    const demo = await login(app, 'demo');
    const variation = await firstVariation(app, demo);
    const add = () => call(app, demo, 'POST', '/cart/add?_format=json', [addLine(variation, 1)]);
    expect((await Promise.all([add(), add(), add()])).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await terminateAppConnections()).toBeGreaterThan(0);
    // Idle connections hear of it at once and leave the pool; at worst one request meets a dead one.
    const statuses: number[] = [];
    await within(10, async () => {
      const res = await add();
      statuses.push(res.statusCode);
      return res.statusCode === 200;
    });
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect((await call(app, demo, 'GET', '/jsonapi/index/products/?jsonapi_include=1&page[limit]=5')).statusCode).toBe(200);
  });

  it('gives back connections that died while idle in the pool, so it never runs out of them', async () => {
    const { database, proxy } = await appThroughProxy();
    const { db } = database;
    // The pool's ten connections open, idle afterwards.
    await Promise.all(Array.from({ length: 10 }, () => db.transaction(async (tx) => tx.execute(sql`select pg_sleep(0.05)`))));
    proxy.breakOpenConnections();
    // Each transaction takes a dead connection and fails at its BEGIN (which drizzle never releases).
    for (let i = 0; i < 10; i++) {
      await expect(db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toSatisfy(isDatabaseUnavailable);
    }
    await within(5, async () => {
      try {
        await db.transaction(async (tx) => tx.execute(sql`select 1`));
        return true;
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        return false;
      }
    });
  });

  it('rolls back a transaction cut off mid-way', async () => {
    const { database } = await appThroughProxy();
    const client = await adminClient();
    await client.query('create table if not exists outage_probe (n int)');
    const attempt = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into outage_probe values (1)`);
      await terminateAppConnections();
      await tx.execute(sql`select 1`);
    });
    await expect(attempt).rejects.toSatisfy(isDatabaseUnavailable);
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from outage_probe');
    expect(rows[0]!.n).toBe(0);
    await client.query('drop table outage_probe');
  });
});

/** A product demo can buy from one piece. */
async function firstVariation(app: FastifyInstance, session: Session): Promise<number> {
  const res = await call(app, session, 'GET', '/jsonapi/index/products/?jsonapi_include=1&filter[entity_type]=commerce_product&page[offset]=0&page[limit]=50');
  const { data } = res.json<{ data: Array<{ scaled_prices: Array<{ quantity: number }>; variations: Array<{ drupal_internal__variation_id: number }> }> }>();
  const product = data.find((p) => p.scaled_prices[0]?.quantity === 1);
  if (!product) throw new Error('no product to add');
  return product.variations[0]!.drupal_internal__variation_id;
}
