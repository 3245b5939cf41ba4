// What the benchmark scripts share (scripts/bench.mjs, bench-cart.mjs, bench-mixed.mjs): a fresh
// PostgreSQL database, starting and stopping the production build on a fresh data folder, waiting
// until the shop is idle, logging customers in, API calls with session and CSRF token.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const API = '/backend';

/** Search terms a customer types: product words in both languages, prefixes and article numbers. */
export const searchTerms = ['tortilla', 'tort', 'bonen', 'beans', 'salsa', 'jalapeño', 'chipotle', 'mais', 'tequila', 'nacho', '1010', '2010', 'avocado', 'kaas'];

/** A page of the assortment as the web asks for it (spec section 7), with `extra` filters; `relation` is page[u]. */
export const listPath = (offset, limit, extra = '', relation = 1) =>
  `${API}/jsonapi/index/products/?jsonapi_include=1&include=images,variations&filter[entity_type]=commerce_product` +
  `&sort[artnr][path]=sku&sort[artnr][direction]=ASC&page[offset]=${offset}&page[limit]=${limit}&page[u]=${relation}${extra}`;

/**
 * A bench sends from one address and one user far more than a customer does: the rate limits
 * (decision 034) are raised out of its way but stay on, so every request still pays for its
 * counter. A bench that measures the limits themselves starts the shop with `rateLimits: 'shop'`
 * (the shop's own defaults) or passes its own values in `env`.
 */
export const BENCH_RATE_LIMITS = Object.fromEntries(
  ['API', 'SEARCH', 'QUICK_ORDER', 'UPLOADS', 'FOOD_OVERVIEW'].map((name) => [`RATE_LIMIT_${name}_PER_MINUTE`, '10000000']),
);

/** Stops the bench on a setting it cannot use: one line, no stack trace, exit code 2. */
function refuse(message) {
  console.error(message);
  process.exit(2);
}

/**
 * A number from the environment variable `name` (the default when unset): positive, or with
 * `zero` also 0; anything else stops the bench with a clear message instead of running with NaN.
 */
export function numberFrom(name, fallback, { zero = false } = {}) {
  const raw = process.env[name];
  const value = raw === undefined || raw.trim() === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value < 0 || (value === 0 && !zero)) {
    refuse(`${name} must be a ${zero ? 'number of 0 or more' : 'positive number'}, not "${raw}"`);
  }
  return value;
}

/** Comma-separated positive numbers from the environment variable `name` (the default when unset). */
export function numbersFrom(name, fallback) {
  const raw = process.env[name] ?? fallback;
  const values = raw.split(',').map((part) => Number(part.trim()));
  if (values.some((v) => !Number.isInteger(v) || v <= 0)) refuse(`${name} must be comma-separated whole numbers above 0, not "${raw}"`);
  return values;
}

/** What a browser sends with every request that changes the answer: it takes compressed answers. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

/** The password of every demo account (scripts/seed/demo-data.ts). */
const DEMO_PASSWORD = 'demo1234';

/**
 * A fresh database named `name` on the PostgreSQL server of `serverUrl` (dropped first when it
 * exists), or null when the server cannot be reached.
 */
export async function freshPostgres(serverUrl, name) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL at ${serverUrl} cannot be reached (${error.message}); skipping it.`);
    return null;
  }
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const version = (await admin.query('show server_version')).rows[0].server_version;
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), version };
}

/**
 * Starts `npm start` (scripts/start.mjs: builds when the sources are newer, then runs the server
 * in that process) on a fresh data folder with demo data at `scale`. With `memoryProbe` the server
 * process also loads scripts/bench-memory-probe.mjs (and --expose-gc), and `memory()` asks it for
 * process.memoryUsage(); nothing about memory is served over HTTP. `cwd`: the checkout to start
 * (another one measures an earlier commit side by side: BENCH_BASELINE in scripts/bench.mjs).
 */
/**
 * Pins this process (every thread, and the threads and processes it starts later) to the cores
 * in `cpus` with taskset (a list as `taskset -c` takes it, e.g. "0"); false where taskset is missing.
 */
export function pinCpus(cpus) {
  return spawnSync('taskset', ['-a', '-p', '-c', cpus, String(process.pid)], { stdio: 'ignore' }).status === 0;
}

export async function startShop({ port, scale, env = {}, memoryProbe = false, cwd = process.cwd(), rateLimits = 'raised' }) {
  // BENCH_PGLITE_DATA_DIR: a PGlite data folder kept between runs (seeded by the first), to try a
  // change without seeding 20,000 products again; only for one's own trials, never for figures to keep.
  const keptDir = env.DATABASE_URL ? undefined : process.env.BENCH_PGLITE_DATA_DIR;
  const dataDir = keptDir ?? mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const started = Date.now();
  // BENCH_NODE_ARGS: extra node options for the shop, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' (not allowed in NODE_OPTIONS).
  const extraArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const nodeArgs = [...extraArgs, ...(memoryProbe ? ['--expose-gc', '--import', './scripts/bench-memory-probe.mjs'] : [])];
  // BENCH_SHOP_CPUS: the cores the shop may run on (`taskset -c`, e.g. 1), apart from the load generator's (pinCpus).
  const shopCpus = process.env.BENCH_SHOP_CPUS;
  const command = [process.execPath, ...nodeArgs, 'scripts/start.mjs'];
  const [program, ...args] = shopCpus ? ['taskset', '-c', shopCpus, ...command] : command;
  const server = spawn(program, args, {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO_SCALE: String(scale), LOG_LEVEL: 'warn', ...(rateLimits === 'raised' ? BENCH_RATE_LIMITS : {}), ...env },
    stdio: ['ignore', 'pipe', 'inherit', ...(memoryProbe ? ['ipc'] : [])],
    cwd,
  });
  await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      if (out.includes('Stop with Ctrl-C.')) resolve();
    });
    server.on('exit', (code) => reject(new Error(`the shop exited with ${code} before it was ready`)));
  });
  const startSeconds = (Date.now() - started) / 1000;
  let asked = 0;
  const waiting = new Map();
  if (memoryProbe) {
    server.on('message', (message) => {
      if (message?.type !== 'bench-memory') return;
      waiting.get(message.id)?.(message.usage);
      waiting.delete(message.id);
    });
  }
  return {
    startSeconds,
    pid: server.pid,
    /** The server's process.memoryUsage() in bytes (after a full collection when `gc`). */
    memory(gc = false) {
      if (!memoryProbe) throw new Error('the shop was started without the memory probe');
      const id = ++asked;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error('the memory probe did not answer within 10 s'));
        }, 10_000);
        waiting.set(id, (usage) => {
          clearTimeout(timer);
          resolve(usage);
        });
        server.send({ type: 'bench-memory', id, gc });
      });
    },
    async stop() {
      // A shop that died under a benchmark (out of memory) has nothing left to stop.
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((resolve) => server.on('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until the shop has worked off what the previous run left queued: autocannon stops
 * sending after its duration, but requests still in flight keep the server (and, on PGlite, the
 * one database connection) busy for a while. Without this wait a slow route's backlog is
 * charged to the next route (it once showed the PGlite product detail at 0 req/s).
 */
export async function settle(base) {
  const deadline = Date.now() + 120_000;
  let quick = 0;
  while (quick < 3 && Date.now() < deadline) {
    const started = Date.now();
    await fetch(`${base}${API}/health`).then((r) => r.arrayBuffer());
    quick = Date.now() - started < 50 ? quick + 1 : 0;
    if (quick === 0) await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Logs a user in with the demo password: the session cookie and the CSRF token. */
export async function session(base, name) {
  const res = await fetch(`${base}${API}/user/login?_format=json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, pass: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login as ${name}: ${res.status}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  const { csrf_token: csrf } = await res.json();
  return { name, cookie, csrf };
}

/** One API call as `who` (cookie and CSRF token); the answer's status and parsed JSON body. */
export async function call(base, who, method, path, body) {
  const res = await fetch(`${base}${API}${path}`, {
    method,
    headers: { cookie: who.cookie, 'x-csrf-token': who.csrf, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed };
}

/**
 * Customer login names (`r<erp number>-<role>`) from the staff customer list, in its order;
 * with `pricelists`, only customers whose relation has one of those price lists.
 */
export async function customerNames(base, count, { pricelists = null } = {}) {
  const staff = await session(base, 'staff');
  const names = [];
  for (let page = 1; names.length < count; page++) {
    const res = await fetch(`${base}${API}/api/staff/customers?page=${page}`, { headers: { cookie: staff.cookie } });
    if (!res.ok) throw new Error(`staff customer list: ${res.status}`);
    const { data } = await res.json();
    if (data.length === 0) break;
    for (const customer of data) {
      if (!/^r\d+-/.test(customer.name) || !customer.relation) continue;
      if (pricelists && !pricelists.includes(customer.relation.pricelist)) continue;
      names.push(customer.name);
    }
  }
  return names.slice(0, count);
}

/** The p-th percentile of ascending numbers (nearest rank); 0 for none. */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** The first delivery date the server accepts for this cart, tried day by day from tomorrow. */
export async function acceptedDate(base, who, orderId) {
  for (let days = 1; days <= 10; days++) {
    const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const res = await call(base, who, 'POST', `/api/checkout/${orderId}/set-delivery-date`, { date });
    if (res.status === 200) return date;
  }
  throw new Error(`no delivery date accepted for ${who.name}`);
}

/** The load averages, for the record: other work on the machine lowers every figure. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');

/** Replaces a mode's marked section of the benchmarks file (or adds it before the ERP section). */
export function writeSection(outFile, mode, markdown) {
  const start = `<!-- bench-${mode}:start -->`;
  const end = `<!-- bench-${mode}:end -->`;
  const block = `${start}\n${markdown.trimEnd()}\n${end}\n`;
  const previous = existsSync(outFile) ? readFileSync(outFile, 'utf8') : '# Benchmarks\n';
  const marked = new RegExp(`${start}[\\s\\S]*?${end}\\n?`);
  let next;
  if (marked.test(previous)) next = previous.replace(marked, () => block);
  else if (previous.includes('\n## ERP imports')) next = previous.replace('\n## ERP imports', () => `\n${block}\n## ERP imports`);
  else next = `${previous.trimEnd()}\n\n${block}`;
  writeFileSync(outFile, next);
}
