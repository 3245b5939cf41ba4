// `npm run bench -- --outage` (issue 16, point 8): on PostgreSQL only, customers browse, add to
// their carts and look at them over 20 connections while the database goes away twice: first an
// administrator ends every connection of the shop's database (pg_terminate_backend), then the
// server is unreachable for some seconds (a TCP proxy between the shop and PostgreSQL is stopped
// and started again: a restart or failover as the shop sees it). Per phase: answers by status,
// socket errors (the process dying would show here), seconds from the database being back until
// the health route and until every request answers normally again. Writes its section of
// docs/benchmarks.md; exits with 1 when the shop died or answered a 500.
//
//   BENCH_OUTAGE_SECONDS      seconds the server is unreachable (default 5)
//   BENCH_OUTAGE_CONNECTIONS  concurrent customers' requests (default 20)
//   BENCH_SCALE               demo scale (default 5)
//   BENCH_DATABASE_URL, BENCH_DB_NAME (default shop_bench_outage), BENCH_PORT, BENCH_OUT
import { connect, createServer } from 'node:net';
import os from 'node:os';
import pg from 'pg';
import { API, BROWSER_HEADERS, customerNames, freshPostgres, listPath, loadAverage, numberFrom, percentile, session, startShop, writeSection } from './bench-lib.mjs';

const port = numberFrom('BENCH_PORT', 3901);
const scale = process.env.BENCH_SCALE ?? '5';
const outageSeconds = numberFrom('BENCH_OUTAGE_SECONDS', 5);
const connections = numberFrom('BENCH_OUTAGE_CONNECTIONS', 20);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = process.env.BENCH_DB_NAME ?? 'shop_bench_outage';
const outFile = process.env.BENCH_OUT ?? 'docs/benchmarks.md';
const base = `http://127.0.0.1:${port}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP proxy to the PostgreSQL server; stop() cuts every connection and refuses new ones. */
async function proxyTo(host, targetPort) {
  const sockets = new Set();
  let server = null;
  let listenPort = 0;
  const listen = () =>
    new Promise((resolve) => {
      server = createServer((client) => {
        const upstream = connect(targetPort, host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.listen(listenPort, '127.0.0.1', () => {
        listenPort = server.address().port;
        resolve();
      });
    });
  await listen();
  return {
    port: () => listenPort,
    stop: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(() => resolve()));
    },
    start: listen,
  };
}

/** One phase's requests: [time, status or 'socket'] pairs, and latencies. */
function record() {
  return { answers: [], latencies: [] };
}

export async function runOutage() {
  const database = await freshPostgres(serverUrl, databaseName);
  if (!database) return false;
  const target = new URL(database.url);
  const proxy = await proxyTo(target.hostname, Number(target.port || 5432));
  const viaProxy = new URL(database.url);
  viaProxy.host = `127.0.0.1:${proxy.port()}`;
  console.log(`PostgreSQL ${database.version}: starting the shop at scale ${scale} through a proxy ...`);
  const load = loadAverage();
  const shop = await startShop({ port, scale, env: { DATABASE_URL: viaProxy.toString() } });
  let died = false;
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  const timeline = record();
  const t0 = Date.now();
  let stop = false;
  try {
    const names = await customerNames(base, connections, { pricelists: ['STANDAARD'] });
    const sessions = [];
    for (const name of names) sessions.push(await session(base, name));
    const first = await (await fetch(`${base}${listPath(0, 50)}`, { headers: { cookie: sessions[0].cookie } })).json();
    const variations = first.data.filter((p) => p.scaled_prices[0]?.quantity === 1).map((p) => p.variations[0].drupal_internal__variation_id);

    async function worker(w) {
      const who = sessions[w % sessions.length];
      for (let i = 0; !stop; i++) {
        const kind = i % 3;
        const started = Date.now();
        let status;
        try {
          const res =
            kind === 0
              ? await fetch(`${base}${listPath(((w * 31 + i) % 20) * 15, 15)}`, { headers: { ...BROWSER_HEADERS, cookie: who.cookie } })
              : kind === 1
                ? await fetch(`${base}${API}/cart/add?_format=json`, {
                    method: 'POST',
                    headers: { ...BROWSER_HEADERS, cookie: who.cookie, 'x-csrf-token': who.csrf, 'content-type': 'application/json' },
                    body: JSON.stringify([{ purchased_entity_type: 'commerce_product_variation', purchased_entity_id: variations[(w + i) % variations.length], quantity: 1, combine: true }]),
                  })
                : await fetch(`${base}${API}/cart?_format=json`, { headers: { ...BROWSER_HEADERS, cookie: who.cookie } });
          await res.arrayBuffer();
          status = res.status;
        } catch {
          status = 'socket';
          await sleep(50);
        }
        timeline.answers.push([Date.now() - t0, status]);
        timeline.latencies.push(Date.now() - started);
      }
    }
    const workers = Array.from({ length: connections }, (_, w) => worker(w));

    /** Polls the health route every 50 ms from `from` until it answers 200; ms after `from`. */
    async function healthyAfter(from) {
      for (;;) {
        try {
          if ((await fetch(`${base}${API}/health`)).status === 200) return Date.now() - from;
        } catch {
          died = true;
          return NaN;
        }
        await sleep(50);
      }
    }

    const marks = {};
    await sleep(5000);
    marks.terminate = Date.now() - t0;
    const ended = (await admin.query('select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [databaseName])).rows[0].n;
    marks.terminateHealthy = await healthyAfter(Date.now());
    await sleep(5000);
    marks.down = Date.now() - t0;
    await proxy.stop();
    await sleep(outageSeconds * 1000);
    await proxy.start();
    marks.back = Date.now() - t0;
    marks.backHealthy = await healthyAfter(Date.now());
    await sleep(8000);
    marks.end = Date.now() - t0;
    stop = true;
    await Promise.all(workers);
    died ||= (await fetch(`${base}${API}/health`).then((r) => r.status).catch(() => 'socket')) !== 200;

    const phases = [
      { name: 'before (5 s)', from: 0, to: marks.terminate },
      { name: `connections ended (${ended} backends), the next 5 s`, from: marks.terminate, to: marks.down, back: marks.terminate, healthy: marks.terminateHealthy },
      { name: `server unreachable (${outageSeconds} s)`, from: marks.down, to: marks.back },
      { name: 'server back, the next 8 s', from: marks.back, to: marks.end, back: marks.back, healthy: marks.backHealthy },
    ];
    const rows = phases.map((p) => {
      const answers = timeline.answers.filter(([t]) => t >= p.from && t < p.to);
      const count = (pred) => answers.filter(([, s]) => pred(s)).length;
      // Normal again: from the database being back until the last answer that was not 2xx.
      const lastBad = p.back === undefined ? null : Math.max(p.back, ...answers.filter(([, s]) => typeof s !== 'number' || s >= 300).map(([t]) => t));
      return {
        name: p.name,
        requests: answers.length,
        ok: count((s) => typeof s === 'number' && s < 300),
        unavailable: count((s) => s === 503),
        server: count((s) => typeof s === 'number' && s >= 500 && s !== 503),
        other: count((s) => typeof s === 'number' && s >= 300 && s < 500),
        socket: count((s) => s === 'socket'),
        healthy: p.healthy === undefined ? '' : (p.healthy / 1000).toFixed(2),
        normal: lastBad === null ? '' : ((lastBad - p.back) / 1000).toFixed(2),
      };
    });
    for (const r of rows) console.log(`  ${r.name}: ${r.requests} requests, ${r.ok} 2xx, ${r.unavailable} 503, ${r.server} other 5xx, ${r.other} 4xx, ${r.socket} socket errors; health ${r.healthy} s, normal ${r.normal} s`);
    const sorted = [...timeline.latencies].sort((a, b) => a - b);
    const cpus = os.cpus();
    const markdown = `## Database outage (PostgreSQL)

Written by \`npm run bench -- --outage\` (scripts/bench-outage.mjs) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC,
PostgreSQL ${database.version}, demo scale ${scale}, ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, load average before the start ${load}.
${connections} connections of ${names.length} customers, each looping over a product list page, an add to cart and
its cart, while the shop's database connections are ended by \`pg_terminate_backend\` and then the server is
unreachable for ${outageSeconds} s (a TCP proxy between the shop and PostgreSQL stopped and started). "health" is the
seconds from the database being back until \`/health\` answered 200; "normal" until the last answer that was
not 2xx. 503 is the intended answer while the database is away (\`database_unavailable\`, nl/en); other 5xx
and socket errors (the process dying) must be 0. Latency over the whole run: p50 ${percentile(sorted, 50)} ms,
p99 ${percentile(sorted, 99)} ms, max ${sorted.at(-1)} ms.

| phase | requests | 2xx | 503 | other 5xx | 4xx | socket errors | health s | normal s |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${rows.map((r) => `| ${r.name} | ${r.requests} | ${r.ok} | ${r.unavailable} | ${r.server} | ${r.other} | ${r.socket} | ${r.healthy} | ${r.normal} |`).join('\n')}

The shop ${died ? 'DIED during the run' : 'stayed up through the run (one process, never restarted)'}.
`;
    writeSection(outFile, 'outage', markdown);
    console.log(`Written to ${outFile}.`);
    return !died && rows.every((r) => r.server === 0 && r.socket === 0);
  } finally {
    stop = true;
    await admin.end();
    await shop.stop().catch(() => undefined);
    await proxy.stop().catch(() => undefined);
  }
}
