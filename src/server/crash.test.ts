import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * A crash loses nothing acknowledged (issue 16, point 8): the real server, a burst of 200 'add to
 * cart' calls, each answered 200, then `kill -9` right after the last answer; started again on the
 * same data, the cart holds every one of them. On the embedded PGlite and, with TEST_DATABASE_URL,
 * on PostgreSQL.
 */

const ADDS = 200;
const AT_ONCE = 10;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts the real entry point as main.test.ts does; resolves once it serves. */
async function startShop(env: Record<string, string>): Promise<{ child: ChildProcess; exited: Promise<unknown> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', DEMO_SCALE: '0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Stop with Ctrl-C.')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the shop exited with ${code}: ${err}`)));
  });
  return { child, exited };
}

async function loginDemo(api: string) {
  const res = await fetch(`${api}/user/login?_format=json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'demo', pass: 'demo1234' }),
  });
  expect(res.status).toBe(200);
  return { cookie: res.headers.get('set-cookie')!.split(';')[0]!, csrf: ((await res.json()) as { csrf_token: string }).csrf_token };
}

type Cart = Array<{ order_items: Array<{ quantity: string; purchased_entity: { variation_id: number } }> }>;

async function cartQuantities(api: string, who: { cookie: string }): Promise<Map<number, number>> {
  const res = await fetch(`${api}/cart?_format=json`, { headers: { cookie: who.cookie } });
  expect(res.status).toBe(200);
  const cart = (await res.json()) as Cart;
  return new Map((cart[0]?.order_items ?? []).map((i) => [i.purchased_entity.variation_id, Number(i.quantity)]));
}

async function crashAfterBurst(env: Record<string, string>) {
  const port = String(await freePort());
  const api = `http://127.0.0.1:${port}/backend`;
  const first = await startShop({ ...env, PORT: port });
  let demo = await loginDemo(api);
  const list = await fetch(`${api}/jsonapi/index/products/?jsonapi_include=1&filter[entity_type]=commerce_product&page[offset]=0&page[limit]=50`, {
    headers: { cookie: demo.cookie },
  });
  const { data } = (await list.json()) as { data: Array<{ scaled_prices: Array<{ quantity: number }>; variations: Array<{ drupal_internal__variation_id: number }> }> };
  const variations = data.filter((p) => p.scaled_prices[0]?.quantity === 1).map((p) => p.variations[0]!.drupal_internal__variation_id).slice(0, 8);
  expect(variations.length).toBeGreaterThan(3);

  const acknowledged = new Map<number, number>();
  let next = 0;
  async function adder() {
    while (next < ADDS) {
      const variation = variations[next % variations.length]!;
      next += 1;
      const res = await fetch(`${api}/cart/add?_format=json`, {
        method: 'POST',
        headers: { cookie: demo.cookie, 'x-csrf-token': demo.csrf, 'content-type': 'application/json' },
        body: JSON.stringify([{ purchased_entity_type: 'commerce_product_variation', purchased_entity_id: variation, quantity: 1, combine: true }]),
      });
      await res.arrayBuffer();
      if (res.ok) acknowledged.set(variation, (acknowledged.get(variation) ?? 0) + 1);
    }
  }
  await Promise.all(Array.from({ length: AT_ONCE }, adder));
  first.child.kill('SIGKILL');
  await first.exited;
  expect([...acknowledged.values()].reduce((a, b) => a + b, 0)).toBe(ADDS);

  const again = await startShop({ ...env, PORT: port });
  try {
    demo = await loginDemo(api);
    expect(await cartQuantities(api, demo)).toEqual(acknowledged);
  } finally {
    again.child.kill('SIGTERM');
    await again.exited;
  }
}

const serverUrl = process.env.TEST_DATABASE_URL;
const dbName = `shop_faults_crash_${process.pid}`;
const onPostgres = serverUrl ? it : undefined;

afterAll(async () => {
  if (!serverUrl) return;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
});

describe('kill -9 right after a burst of answered writes', () => {
  it('loses none of them on the embedded PGlite', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'shop-crash-')), 'data');
    await crashAfterBurst({ DATA_DIR: dir });
  }, 120_000);

  onPostgres?.('loses none of them on PostgreSQL', async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${dbName}`;
    await crashAfterBurst({ DATA_DIR: path.join(mkdtempSync(path.join(tmpdir(), 'shop-crash-')), 'data'), DATABASE_URL: url.toString() });
  }, 120_000);
});
