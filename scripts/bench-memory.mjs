// `npm run bench -- --memory` (issue 16, point 3): whether the server's memory stays bounded when a
// client asks for large pages. Starts the production build on a fresh data folder (PGlite, or
// PostgreSQL with BENCH_MEMORY_ENGINE=postgres), logs in as `demo`, and asks for the assortment
// with page[limit]=1000 at many different offsets (each a page of its own for the caches), as a
// browser does (brotli accepted). Reports the server's RSS, heap and external memory after a full
// collection before and after, and writes its own section of docs/benchmarks.md. Asserts nothing.
//
//   BENCH_MEMORY_SCALE     demo scale (default 1: about 400 products; 50: 20,000)
//   BENCH_MEMORY_REQUESTS  requests, at offsets 0, 1, 2, … (default 300)
//   BENCH_MEMORY_LIMIT     page[limit] (default 1000)
//   BENCH_MEMORY_ENGINE    pglite (default) or postgres (BENCH_DATABASE_URL, BENCH_DB_NAME as for
//                          scripts/bench.mjs; default database shop_bench_memory)
//   BENCH_NOTE             a line to print above the figures
//   CACHE_MAX_MB           passed on to the server (its cache budget; README)
//   BENCH_PORT, BENCH_OUT  as for scripts/bench.mjs
import os from 'node:os';
import { BROWSER_HEADERS, freshPostgres, listPath, loadAverage, numberFrom, session, startShop, writeSection } from './bench-lib.mjs';

const mb = (bytes) => (bytes / 2 ** 20).toFixed(1);

export async function runMemory() {
  const port = numberFrom('BENCH_PORT', 3900);
  const scale = process.env.BENCH_MEMORY_SCALE ?? '1';
  const requests = numberFrom('BENCH_MEMORY_REQUESTS', 300);
  const limit = numberFrom('BENCH_MEMORY_LIMIT', 1000);
  const engine = process.env.BENCH_MEMORY_ENGINE ?? 'pglite';
  const outFile = process.env.BENCH_OUT ?? 'docs/benchmarks.md';
  const base = `http://127.0.0.1:${port}`;
  let env = {};
  let label = 'PGlite';
  if (engine === 'postgres') {
    const database = await freshPostgres(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', process.env.BENCH_DB_NAME ?? 'shop_bench_memory');
    if (!database) throw new Error('PostgreSQL cannot be reached');
    env = { DATABASE_URL: database.url };
    label = `PostgreSQL ${database.version}`;
  }
  const load = loadAverage();
  console.log(`${label}: starting the shop at scale ${scale} ...`);
  const shop = await startShop({ port, scale, env, memoryProbe: true });
  try {
    const { cookie } = await session(base, 'demo');
    const get = async (path) => {
      const res = await fetch(`${base}${path}`, { headers: { ...BROWSER_HEADERS, cookie } });
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      return res.arrayBuffer();
    };
    // One ordinary page first, so that what every request needs (statements, modules) is there.
    await get(listPath(0, 15));
    const before = await shop.memory(true);
    const started = performance.now();
    let bytes = 0;
    for (let offset = 0; offset < requests; offset++) bytes += (await get(listPath(offset, limit))).byteLength;
    const seconds = (performance.now() - started) / 1000;
    const after = await shop.memory(true);
    const products = JSON.parse(new TextDecoder().decode(await fetch(`${base}${listPath(0, 1)}`, { headers: { cookie } }).then((r) => r.arrayBuffer()))).meta.count;
    const rows = [
      ['RSS', before.rss, after.rss],
      ['heap used', before.heapUsed, after.heapUsed],
      ['external (buffers)', before.external, after.external],
    ];
    const budget = process.env.CACHE_MAX_MB ? `CACHE_MAX_MB=${process.env.CACHE_MAX_MB}` : 'the default cache budget';
    const markdown = `## Memory under large pages

Written by \`npm run bench -- --memory\` (scripts/bench-memory.mjs) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${label},
${products.toLocaleString('en-US')} products (demo scale ${scale}), ${budget}. Logged in as \`demo\`, ${requests} requests for
\`page[limit]=${limit}\` at offsets 0 to ${requests - 1} one after the other (brotli accepted), answers of ${mb(bytes)} MB (uncompressed) in
${seconds.toFixed(1)} s. The server's memory after a full collection, before and after the requests, in MB.
Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, load average before the start ${load}.
${process.env.BENCH_NOTE ? `\n${process.env.BENCH_NOTE}\n` : ''}
| memory | before | after | growth |
| --- | ---: | ---: | ---: |
${rows.map(([name, a, b]) => `| ${name} | ${mb(a)} | ${mb(b)} | ${mb(b - a)} |`).join('\n')}
`;
    console.log(`\n${markdown}`);
    writeSection(outFile, 'memory', markdown);
    console.log(`Written to ${outFile}.`);
  } finally {
    await shop.stop();
  }
}
