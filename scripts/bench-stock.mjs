// `npm run bench -- --stock`: the ERP's stock kind (issue 21 point 4, decision 030) at 20,000
// products. Per engine (PostgreSQL first, then PGlite): the time of a stock import of every
// article (first: all rows new; then: every row changed), and the product list's latency (15 per
// page, pages across the catalogue, warm) without an import and while stock imports run back to
// back. Target: 20,000 rows in under 5 s, and the list's p99 during imports at most twice its p99
// without. Writes its own section of docs/benchmarks.md (BENCH_OUT to write elsewhere).
//
//   BENCH_SCALE             demo scale (default 50: 20,000 products)
//   BENCH_STOCK_SECONDS     seconds of each list run (default 15)
//   BENCH_STOCK_CONNECTIONS connections of the list runs (default 10)
//   BENCH_ENGINES           postgres,pglite (default both)
//   BENCH_DATABASE_URL, BENCH_DB_NAME as in scripts/bench.mjs
import autocannon from 'autocannon';
import { API, BROWSER_HEADERS, freshPostgres, listPath, loadAverage, numberFrom, session, settle, startShop, writeSection } from './bench-lib.mjs';

const port = numberFrom('BENCH_PORT', 3900);
const scale = process.env.BENCH_SCALE ?? '50';
const seconds = numberFrom('BENCH_STOCK_SECONDS', 15);
const connections = numberFrom('BENCH_STOCK_CONNECTIONS', 10);
const gapMs = numberFrom('BENCH_STOCK_GAP_MS', 0, { zero: true });
const engines = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',').map((e) => e.trim());
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = process.env.BENCH_DB_NAME ?? 'shop_bench_stock';
const outFile = process.env.BENCH_OUT ?? 'docs/benchmarks.md';
const token = 'bench-stock-erp-token-0123456789abcdefghij';
const base = `http://127.0.0.1:${port}`;

/** Every article number of the catalogue, read a thousand at a time. */
async function allSkus(cookie) {
  const skus = [];
  for (let offset = 0; ; offset += 1000) {
    const res = await fetch(`${base}${listPath(offset, 1000)}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`product list at ${offset}: ${res.status}`);
    const { data } = await res.json();
    skus.push(...data.map((p) => p.sku));
    if (data.length < 1000) return skus;
  }
}

/** A stock file of every article; `round` changes every row's figures (and a tenth of the levels). */
const stockFile = (skus, round) =>
  ['sku;on_hand;expected_date;backorder;few_left_at', ...skus.map((sku, i) => `${sku};${(i + round * 7) % 10 === 0 ? 0 : 20 + ((i * 13 + round) % 500)};${i % 10 === 0 ? '2027-03-01' : ''};${i % 50 === 0 ? 'ja' : 'nee'};10`)].join('\n');

async function importStock(body) {
  const started = performance.now();
  const res = await fetch(`${base}${API}/api/erp/import/stock`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' }, body });
  const report = await res.json();
  if (!res.ok) throw new Error(`stock import: ${res.status} ${JSON.stringify(report).slice(0, 500)}`);
  return { ms: Math.round(performance.now() - started), report };
}

async function listRun(pages, cookie) {
  await settle(base);
  let i = 0;
  const result = await autocannon({
    url: base,
    headers: { ...BROWSER_HEADERS, cookie },
    requests: [{ setupRequest: (request) => ({ ...request, path: pages[i++ % pages.length] }) }],
    connections,
    duration: seconds,
  });
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
}

async function benchEngine(engine) {
  let env = { ERP_API_TOKEN: token };
  let label = 'PGlite (embedded, WASM)';
  if (engine === 'postgres') {
    const database = await freshPostgres(serverUrl, databaseName);
    if (!database) return null;
    env = { ...env, DATABASE_URL: database.url };
    label = `PostgreSQL ${database.version}`;
  }
  console.log(`\n${label}: starting the shop at scale ${scale} ...`);
  const shop = await startShop({ port, scale, env });
  try {
    const { cookie } = await session(base, 'demo');
    const skus = await allSkus(cookie);
    const pages = Array.from({ length: 200 }, (_, i) => listPath(((i * 7919) % Math.floor(skus.length / 15)) * 15, 15));
    // An ERP that sends stock reads the orders export too: the demo's past orders are numbered
    // (handed out), so the import does not subtract them as sales it has not seen (decision 030).
    const exported = await fetch(`${base}${API}/api/erp/orders?limit=1`, { headers: { authorization: `Bearer ${token}` } });
    if (!exported.ok) throw new Error(`orders export: ${exported.status}`);
    const load = loadAverage();
    const first = await importStock(stockFile(skus, 1));
    const changed = await importStock(stockFile(skus, 2));
    const again = await importStock(stockFile(skus, 2));
    console.log(`  ${skus.length} rows: first ${first.ms} ms, all changed ${changed.ms} ms, unchanged ${again.ms} ms`);
    // Warm the pages, then the list without an import, then while imports run back to back.
    for (const path of pages) await fetch(`${base}${path}`, { headers: { cookie, ...BROWSER_HEADERS } }).then((r) => r.arrayBuffer());
    const quiet = await listRun(pages, cookie);
    let importing = true;
    const during = [];
    const loop = (async () => {
      for (let round = 3; importing; round++) {
        during.push((await importStock(stockFile(skus, round))).ms);
        if (gapMs > 0 && importing) await new Promise((resolve) => setTimeout(resolve, gapMs));
      }
    })();
    const busy = await listRun(pages, cookie);
    importing = false;
    await loop;
    console.log(`  list without import: ${quiet.rps} req/s p99 ${quiet.p99} ms; during imports (${during.length}): ${busy.rps} req/s p99 ${busy.p99} ms`);
    return { label, rows: skus.length, first, changed, again, quiet, busy, during, load };
  } finally {
    await shop.stop();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function runStock() {
  const results = [];
  for (const engine of engines) {
    const result = await benchEngine(engine);
    if (result) results.push(result);
  }
  const ratio = (r) => (r.quiet.p99 > 0 ? (r.busy.p99 / r.quiet.p99).toFixed(1) : '–');
  const markdown = `## ERP stock import and the product list (issue 21 point 4)

Written by \`npm run bench -- --stock\` (scripts/bench-stock.mjs) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC at demo scale ${scale}.
A stock file of every article over HTTP (CSV): first import (every row new), then every row changed, then the same
file again (nothing written). The product list (15 per page, 200 pages across the catalogue, warm, ${connections} connections,
${seconds} s, logged in as \`demo\`) without an import, then while stock imports of every article (each changing every row) run back to
back. The machine is shared with other work (the load average is given); the ratio of the two p99 figures is what counts.
On PGlite the database has one connection: requests wait while an import runs (docs/erp-exchange.md), so the list's
latency during imports there is about the import's time; production runs on PostgreSQL.

| engine | rows | first import | all changed | unchanged | list p99 without / during (ms) | ratio | list req/s without / during | imports during | load average |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |
${results
  .map(
    (r) =>
      `| ${r.label} | ${r.rows.toLocaleString('en-US')} | ${(r.first.ms / 1000).toFixed(2)} s | ${(r.changed.ms / 1000).toFixed(2)} s | ${(r.again.ms / 1000).toFixed(2)} s | ${r.quiet.p99} / ${r.busy.p99} | ${ratio(r)} | ${r.quiet.rps} / ${r.busy.rps} | ${r.during.length} (median ${median(r.during)} ms, slowest ${Math.max(...r.during)} ms) | ${r.load} |`,
  )
  .join('\n')}
`;
  writeSection(outFile, 'stock', markdown);
  console.log(`\nWritten to ${outFile}.`);
}
