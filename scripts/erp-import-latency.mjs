// `node scripts/erp-import-latency.mjs`: does the shop keep answering while the ERP imports?
// On PostgreSQL, in a database of its own, it starts the production build with small demo data,
// logs in as the customer `demo`, and measures the product list and the full-text search with
// autocannon at a fixed request rate (so the figures show waiting on the database, not a queue
// the load generator builds itself): for a while before, for as long as the CLI imports the
// generated 100,000-row products file (scripts/erp-bench-files.ts), and for a while after it.
// Prints p50/p97.5/p99 per phase as a Markdown table (for docs/benchmarks.md) with the load average.
// Asserts nothing: the figures are for people to read.
//
//   LATENCY_DATABASE_URL  the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
//                         the database erprest_bench is dropped and created next to it
//   LATENCY_PRODUCTS      rows in the products file (default 100000)
//   LATENCY_CONNECTIONS   connections per route (default 5: list and search each)
//   LATENCY_RATE          requests per second per route (default 20)
//   LATENCY_BEFORE        seconds measured before the import, and again after it (default 20)
//   LATENCY_PORT          (default 3910)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { API, freshPostgres, session, startShop } from './bench-lib.mjs';

const serverUrl = process.env.LATENCY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const productRows = Number(process.env.LATENCY_PRODUCTS ?? 100_000);
const connections = Number(process.env.LATENCY_CONNECTIONS ?? 5);
const rate = Number(process.env.LATENCY_RATE ?? 20);
const beforeSeconds = Number(process.env.LATENCY_BEFORE ?? 20);
const port = Number(process.env.LATENCY_PORT ?? 3910);
const base = `http://127.0.0.1:${port}`;
const DB_NAME = 'erprest_bench';

const loadavg = () => os.loadavg().map((n) => n.toFixed(1)).join(', ');

function run(command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${out}`))));
  });
}

const listPath = (offset, extra = '') =>
  `${API}/jsonapi/index/products/?jsonapi_include=1&include=images,variations&filter[entity_type]=commerce_product` +
  `&sort[artnr][path]=sku&sort[artnr][direction]=ASC&page[offset]=${offset}&page[limit]=15${extra}`;

const terms = ['tortilla', 'tort', 'bonen', 'beans', 'salsa', 'jalapeño', 'chipotle', 'mais', 'nacho', '1010', 'avocado', 'kaas'];
const routes = {
  'product list (15 per page)': Array.from({ length: 20 }, (_, i) => listPath(i * 15)),
  'full-text search (15 per page)': terms.map((t) => listPath(0, `&filter[fulltext]=${encodeURIComponent(t)}`)),
};

/** Starts autocannon on one route; `stop()` ends it and answers its result. */
function load(paths, cookie, seconds) {
  let i = 0;
  const instance = autocannon({
    url: base,
    connections,
    overallRate: rate,
    duration: seconds,
    headers: { cookie },
    requests: [{ setupRequest: (request) => Object.assign(request, { path: paths[i++ % paths.length] }) }],
  });
  const done = new Promise((resolve, reject) => instance.on('done', resolve).on('error', reject));
  return { done, stop: () => (instance.stop(), done) };
}

function row(label, phase, result) {
  const l = result.latency;
  const errors = result.errors + result.timeouts + result.non2xx;
  return `| ${label} | ${phase} | ${Math.round(result.requests.average)} | ${l.p50} | ${l.p97_5} | ${l.p99} | ${l.max} | ${errors} |`;
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'erp-latency-files-'));
const database = await freshPostgres(serverUrl, DB_NAME);
if (!database) process.exit(1);
const { url, version } = database;
console.log(`PostgreSQL ${version}, database ${DB_NAME}; writing the files to ${tmp}…`);
await run('npx', ['tsx', 'scripts/erp-bench-files.ts', tmp, String(productRows), '1']);
const shop = await startShop({ port, scale: 1, env: { DATABASE_URL: url } });
const lines = [];
try {
  const erp = (kind) => ['tsx', 'scripts/erp.ts', 'import', kind, path.join(tmp, `bench-${kind}.csv`), '--database-url', url];
  await run('npx', erp('categories'));
  const { cookie } = await session(base, 'demo');
  for (const paths of Object.values(routes)) for (const p of paths) await fetch(`${base}${p}`, { headers: { cookie } }); // warm

  const loadBefore = loadavg();
  const before = Object.values(routes).map((paths) => load(paths, cookie, beforeSeconds));
  const beforeResults = await Promise.all(before.map((b) => b.done));

  // During: as long as the import runs (autocannon's own limit is only a backstop).
  const loadDuring = loadavg();
  const during = Object.values(routes).map((paths) => load(paths, cookie, 3600));
  const started = Date.now();
  const printed = await run('npx', erp('products'));
  const importSeconds = (Date.now() - started) / 1000;
  const duringResults = await Promise.all(during.map((d) => d.stop()));
  const loadAfter = loadavg();
  // After: the same catalogue routes, now over 100,000 more products.
  const afterResults = await Promise.all(Object.values(routes).map((paths) => load(paths, cookie, beforeSeconds).done));

  const labels = Object.keys(routes);
  lines.push(
    `Products import of ${productRows.toLocaleString('en')} rows took ${importSeconds.toFixed(1)} s with the load running ` +
      `(CLI: ${printed.match(/in ([\d.]+ s)/)?.[1] ?? '?'}). Both routes at once, each at ${rate} requests/s over ${connections} connections, as the customer demo. ` +
      `Load average before: ${loadBefore}; at the import's start: ${loadDuring}; at its end: ${loadAfter}.`,
    '',
    '| route | phase | req/s | p50 ms | p97.5 ms | p99 ms | max ms | errors |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...labels.flatMap((label, i) => [
      row(label, `before (${beforeSeconds} s)`, beforeResults[i]),
      row(label, `during the import (${importSeconds.toFixed(0)} s)`, duringResults[i]),
      row(label, `after (${beforeSeconds} s)`, afterResults[i]),
    ]),
  );
} finally {
  await shop.stop();
  if (existsSync(tmp)) rmSync(tmp, { recursive: true, force: true });
}
console.log(lines.join('\n'));
