// `npm run bench -- --abuse` (issue 39 point 9): can one customer stall the shop for the others?
// Starts the shop on embedded PGlite with the demo data, and for each costly request sends it as
// fast as one client can (BENCH_ABUSE_CLIENTS requests in flight, each sent again as soon as it is
// answered) for BENCH_SECONDS, while another customer browses (the assortment, a product, the cart,
// one request after another). Reports the browsing customer's p50/p99 against a quiet run of the
// same browsing (the ratio: the machine's speed cancels out), what the abuser was answered, and the
// server's peak resident memory (sampled from /proc) during each run. The shop runs with its own
// default rate limits (decision 034), as a customer meets them. With BENCH_BASELINE (another
// checkout, e.g. `git worktree add ../base <commit>` with node_modules) the same runs follow on it,
// rows marked with its commit. Writes its section of docs/benchmarks.md. Asserts nothing.
//
//   BENCH_SECONDS        seconds per request kind and for the quiet run (default 5)
//   BENCH_ABUSE_CLIENTS  requests in flight from the abuser (default 2)
//   BENCH_ABUSE_KINDS    only the kinds whose names contain one of these comma-separated parts
//   BENCH_PORT, BENCH_OUT, BENCH_BASELINE
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { abuseKinds } from './bench-abuse-files.mjs';
import { API, customerNames, listPath, loadAverage, numberFrom, percentile, session, settle, startShop, writeSection } from './bench-lib.mjs';

const port = numberFrom('BENCH_PORT', 3903);
const seconds = numberFrom('BENCH_SECONDS', 5);
const inFlight = numberFrom('BENCH_ABUSE_CLIENTS', 2);
const outFile = process.env.BENCH_OUT ?? 'docs/benchmarks.md';
const only = process.env.BENCH_ABUSE_KINDS?.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean) ?? null;
const base = `http://127.0.0.1:${port}`;
/** A request of the abuser that has not been answered after this long counts as timed out. */
const REQUEST_TIMEOUT_MS = 120_000;
// Each client its own address (the shop trusts X-Forwarded-For in this bench only), as two
// customers on two connections: a limit per address of one never meets the other.
const ABUSER_ADDRESS = '203.0.113.7';
const BROWSER_ADDRESS = '198.51.100.20';
// The browsing client asks for a page as soon as the last one is there, far more than a person
// does: the API-wide limit per address is raised out of its way; the costly routes keep theirs.
const BROWSING_LIMIT = '10000000';

/** The server's resident memory in bytes (0 once it is gone). */
function residentBytes(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** Samples the resident memory every 50 ms until stopped; answers the highest seen. */
function peakMemory(pid) {
  let peak = residentBytes(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, residentBytes(pid));
  }, 50);
  return () => {
    clearInterval(timer);
    return Math.max(peak, residentBytes(pid));
  };
}

/** The browsing customer's pages, one after another: a list page, a product, the cart. */
async function browsePaths(who) {
  const res = await fetch(`${base}${listPath(0, 45)}`, { headers: { cookie: who.cookie, 'x-forwarded-for': BROWSER_ADDRESS } });
  if (!res.ok) throw new Error(`product list: ${res.status}`);
  const ids = (await res.json()).data.map((p) => p.id);
  return Array.from({ length: 30 }, (_, i) =>
    [listPath((i % 5) * 15, 15), `${API}/jsonapi/commerce_product/default/${ids[i % ids.length]}?include=variations,images`, `${API}/cart?_format=json`][i % 3],
  );
}

/** Browses until `until`; the latency of each request in ms, and how many did not answer 200. */
async function browse(who, paths, until) {
  const latencies = [];
  let failed = 0;
  for (let i = 0; Date.now() < until; i++) {
    const started = performance.now();
    try {
      const res = await fetch(`${base}${paths[i % paths.length]}`, { headers: { cookie: who.cookie, 'x-forwarded-for': BROWSER_ADDRESS, 'accept-encoding': 'gzip, br' } });
      await res.arrayBuffer();
      if (res.status !== 200) failed++;
    } catch {
      failed++;
    }
    latencies.push(performance.now() - started);
  }
  return { latencies: latencies.sort((a, b) => a - b), failed };
}

/** Sends `kind`'s request, `inFlight` at a time, until `until`; counts the answers by status. */
async function abuse(who, kind, until) {
  const statuses = {};
  let sent = 0;
  const client = async () => {
    for (let i = 0; Date.now() < until; i++) {
      const { path, method = 'GET', body, type } = kind.request(sent++);
      let status;
      try {
        const res = await fetch(`${base}${API}${path}`, {
          method,
          body,
          headers: { cookie: who.cookie, 'x-csrf-token': who.csrf, 'x-forwarded-for': ABUSER_ADDRESS, ...(type ? { 'content-type': type } : {}) },
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        await res.arrayBuffer();
        status = String(res.status);
      } catch (error) {
        status = error?.name === 'TimeoutError' ? 'timeout' : 'no answer';
      }
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status === 'no answer') return;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, client));
  return statuses;
}

const ms = (value) => value.toLocaleString('en-US', { maximumFractionDigits: value < 10 ? 1 : 0 });
const mb = (bytes) => Math.round(bytes / 1024 / 1024).toLocaleString('en-US');

/** The quiet run and one run per kind against the shop in `cwd`; a table row per run. */
async function measure(cwd, label) {
  console.log(`${label}: starting the shop (PGlite, demo data) ...`);
  const shop = await startShop({ port, scale: '1', env: { TRUST_PROXY: 'true', LOG_LEVEL: 'error', RATE_LIMIT_API_PER_MINUTE: BROWSING_LIMIT }, cwd, rateLimits: 'shop' });
  const rows = [];
  try {
    const browser = await session(base, 'demo');
    const kinds = (await abuseKinds()).filter((k) => only === null || only.some((part) => k.name.toLowerCase().includes(part)));
    // A customer of its own for each kind: the limit one kind reached (per user and minute) does
    // not carry over to the next, which then shows what its own requests cost.
    const abusers = ['demo-en', ...(await customerNames(base, kinds.length - 1))];
    const paths = await browsePaths(browser);
    await browse(browser, paths, Date.now() + 1000);
    const stopQuiet = peakMemory(shop.pid);
    const quiet = await browse(browser, paths, Date.now() + seconds * 1000);
    const quietPeak = stopQuiet();
    const q50 = percentile(quiet.latencies, 50);
    const q99 = percentile(quiet.latencies, 99);
    rows.push(`| ${label} | quiet | – | ${ms(q50)} / ${ms(q99)} | 1 / 1 | ${mb(quietPeak)} |`);
    console.log(`  quiet: p50 ${ms(q50)} ms, p99 ${ms(q99)} ms, ${quiet.latencies.length} requests, peak ${mb(quietPeak)} MB`);
    for (const [i, kind] of kinds.entries()) {
      const abuser = await session(base, abusers[i]);
      const stop = peakMemory(shop.pid);
      const until = Date.now() + seconds * 1000;
      const [answers, seen] = await Promise.all([abuse(abuser, kind, until), browse(browser, paths, until)]);
      const peak = stop();
      const alive = residentBytes(shop.pid) > 0;
      const p50 = percentile(seen.latencies, 50);
      const p99 = percentile(seen.latencies, 99);
      const told = Object.entries(answers).map(([status, count]) => `${count} × ${status}`).join(', ');
      const failed = seen.failed > 0 ? ` (${seen.failed} of ${seen.latencies.length} failed)` : '';
      rows.push(`| ${label} | ${kind.name} | ${told}${alive ? '' : ', **the shop died**'} | ${ms(p50)} / ${ms(p99)}${failed} | ${(p50 / q50).toFixed(1)} / ${(p99 / q99).toFixed(1)} | ${mb(peak)} |`);
      console.log(`  ${kind.name}: abuser ${told}; browsing p50 ${ms(p50)} ms, p99 ${ms(p99)} ms${failed}; peak ${mb(peak)} MB`);
      if (!alive) break;
      await settle(base);
    }
  } finally {
    await shop.stop();
  }
  return rows;
}

export async function runAbuse() {
  const load = loadAverage();
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
  const rows = await measure(process.cwd(), commit);
  if (process.env.BENCH_BASELINE) {
    const baseCommit = spawnSync('git', ['-C', process.env.BENCH_BASELINE, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
    rows.push(...(await measure(process.env.BENCH_BASELINE, `baseline ${baseCommit}`)));
  }
  writeSection(
    outFile,
    'abuse',
    `## One customer's costly requests and the others (issue 39 point 9, \`npm run bench -- --abuse\`)

Written on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by scripts/bench-abuse.mjs on ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown'},
load average ${load} before the start; PGlite, demo data. For ${seconds} s per kind one customer (a customer of its own for each kind, all from one
address of their own) sends the request ${inFlight} at a time, each again as soon as it is answered, while another (\`demo\`) browses: a list page, a
product, the cart, one after another. Browsing p50 / p99 in ms, and as a ratio to the quiet run; the server's peak resident
memory during the run.

| shop | abuser's request | answers | browsing p50 / p99 | ratio to quiet | peak MB |
| --- | --- | --- | ---: | ---: | ---: |
${rows.join('\n')}
`,
  );
  console.log(`Written to ${outFile}.`);
}
