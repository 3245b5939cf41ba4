// `npm run bench`: starts the production build on a fresh data folder with a generated data set
// and measures API routes with autocannon on loopback, once on embedded PGlite and once on
// PostgreSQL (BENCH_DATABASE_URL, default the local server; skipped when it cannot be reached).
// Writes the figures to docs/benchmarks.md (BENCH_OUT to write elsewhere; scripts/bench-report.mjs)
// and prints them.
// Asserts nothing: the figures are for people to read.
//
//   BENCH_SCALE        demo scale; 50 gives 20,000 products and 1,000 customers (default 50)
//   BENCH_SECONDS      seconds per route and connection count (default 5)
//   BENCH_CONNECTIONS  comma-separated connection counts for the catalogue routes (default 10,50)
//   BENCH_ENGINES      pglite,postgres (default both)
//   BENCH_DATABASE_URL a PostgreSQL server database to create the bench database next to
//   BENCH_DB_NAME      the bench database (default shop_bench)
//   BENCH_ROUTES       only the routes whose names contain one of these comma-separated parts
//                      (e.g. "product list"); default all
//   BENCH_SEARCH_ALONE 0: skip measuring the search index alone (scripts/bench-search-index.ts)
//   BENCH_CACHE_MAX_MB the shop's CACHE_MAX_MB when the fresh-term searches are measured (default:
//                      enough for every product's parts in both languages, 3 MB a 100 products;
//                      the server's own default of 256 MB holds the texts of ~11,000 in one
//                      language, and the searches ask for any product in Dutch and English)
//   BENCH_REPEATS      runs of the fresh-term searches per connection count, each on terms of its
//                      own (default 3; the terms are shared out, at least 600 a run)
//   BENCH_BASELINE     a second checkout (e.g. `git worktree add ../base main`, with node_modules):
//                      the same routes and fresh terms on it right after, on the same data, rows
//                      marked "baseline <commit>" (today's implementation side by side); on
//                      PGlite it loads its own demo data of the same scale
//   BENCH_LOAD_CPUS    cores for this process, the load generator (`taskset -c` list, e.g. 0);
//   BENCH_SHOP_CPUS    cores for the shop(s) (e.g. 1): the generator then never takes the shop's
//                      core. PostgreSQL's server is not pinned (a system service)
//   BENCH_LOAD         the load generator of the search runs (fresh terms, suggestions): lean
//                      (default; scripts/bench-lean.mjs: a fifth of autocannon's CPU a request,
//                      connections opened before the timing starts), autocannon, or wrk
//                      (`apt-get install wrk`); both of these open their connections as a run
//                      starts, which a busy shop accepts one per event-loop turn (bench-load.mjs)
//
// `npm run bench -- --mixed` and `npm run bench -- --soak` run the mixed scenario instead
// (scripts/bench-mixed.mjs), on PostgreSQL only; `npm run bench -- --outage` the database going
// away under load and coming back (scripts/bench-outage.mjs); `npm run bench -- --memory` the
// server's memory under large pages (scripts/bench-memory.mjs); `npm run bench -- --stock` the ERP
// stock import and the product list during it (scripts/bench-stock.mjs); `npm run bench --
// --food-overview` the allergen overview of 300 products in each format (scripts/bench-food-overview.mjs);
// `npm run bench -- --abuse` one customer's costly requests as fast as it can send them while another
// browses (scripts/bench-abuse.mjs); `npm run bench -- --board` the staff orders board and dashboard
// with 100,000 orders (scripts/bench-board.mjs).
//
// Issue 41 point 4, this tree beside the commit the issue started from, in one run (docs/benchmarks.md):
//   git worktree add /tmp/bench-base 470599f && (cd /tmp/bench-base && npm ci --no-audit --no-fund)
//   BENCH_ENGINES=postgres BENCH_CONNECTIONS=50 BENCH_SECONDS=10 BENCH_LEGACY_TERMS=0 BENCH_SEARCH_ALONE=0 \
//     BENCH_ROUTES='product list (15,product detail,fresh terms' BENCH_BASELINE=/tmp/bench-base \
//     BENCH_LOAD_CPUS=0 BENCH_SHOP_CPUS=1 BENCH_OUT=/tmp/side-by-side.md npm run bench
import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import { cartScenarios } from './bench-cart.mjs';
import { foodFilterPaths, seedFood } from './bench-food.mjs';
import { everyProduct, freshTerms, searchRuns } from './bench-search.mjs';
import { pathsRun } from './bench-load.mjs';
import { API, BROWSER_HEADERS, freshPostgres, listPath, loadAverage, numberFrom, numbersFrom, pinCpus, searchTerms, session, settle, startShop } from './bench-lib.mjs';
import { writeReport } from './bench-report.mjs';

const options = process.argv.slice(2);
if (options.some((o) => !['--mixed', '--soak', '--outage', '--memory', '--stock', '--food-overview', '--abuse', '--board'].includes(o)) || options.length > 1) {
  console.error('Usage: npm run bench [-- --mixed | -- --soak | -- --outage | -- --memory | -- --stock | -- --food-overview | -- --abuse | -- --board]');
  process.exit(2);
}
if (options[0] === '--board') {
  const { runBoard } = await import('./bench-board.mjs');
  await runBoard();
  process.exit(0);
}
if (options[0] === '--abuse') {
  const { runAbuse } = await import('./bench-abuse.mjs');
  await runAbuse();
  process.exit(0);
}
if (options[0] === '--food-overview') {
  const { runFoodOverview } = await import('./bench-food-overview.mjs');
  await runFoodOverview();
  process.exit(0);
}
if (options[0] === '--stock') {
  const { runStock } = await import('./bench-stock.mjs');
  await runStock();
  process.exit(0);
}
if (options[0] === '--outage') {
  const { runOutage } = await import('./bench-outage.mjs');
  process.exit((await runOutage()) ? 0 : 1);
}
if (options[0] === '--memory') {
  const { runMemory } = await import('./bench-memory.mjs');
  await runMemory();
  process.exit(0);
}
if (options.length === 1) {
  const { runMixed } = await import('./bench-mixed.mjs');
  const consistent = await runMixed({ soak: options[0] === '--soak' });
  process.exit(consistent ? 0 : 1);
}

if (process.env.BENCH_LOAD_CPUS && !pinCpus(process.env.BENCH_LOAD_CPUS)) {
  console.error(`BENCH_LOAD_CPUS=${process.env.BENCH_LOAD_CPUS}: taskset could not pin the load generator (is util-linux installed?)`);
  process.exit(2);
}

const port = numberFrom('BENCH_PORT', 3900);
const seconds = numberFrom('BENCH_SECONDS', 5);
const connectionCounts = numbersFrom('BENCH_CONNECTIONS', '10,50');
const scale = process.env.BENCH_SCALE ?? '50';
const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const outFile = process.env.BENCH_OUT ?? 'docs/benchmarks.md';
const databaseName = process.env.BENCH_DB_NAME ?? 'shop_bench';
const base = `http://127.0.0.1:${port}`;
/** Only the routes whose names contain one of these (comma-separated); unset: all of them. */
const only = process.env.BENCH_ROUTES?.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean) ?? null;
const wanted = (name) => only === null || only.some((part) => name.toLowerCase().includes(part));
const repeats = numberFrom('BENCH_REPEATS', 3);
/** An earlier checkout (built) measured right after this one on the same data, its rows marked with its commit. */
const baseline = process.env.BENCH_BASELINE
  ? { dir: process.env.BENCH_BASELINE, name: `baseline ${spawnSync('git', ['-C', process.env.BENCH_BASELINE, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim()}` }
  : null;

const login = async (name) => (await session(base, name)).cookie;

/** Cycles through a list of paths, one per request. */
function rotating(paths) {
  let i = 0;
  return (request) => {
    request.path = paths[i++ % paths.length];
    return request;
  };
}

async function catalogueRoutes(cookie) {
  const first = await fetch(`${base}${listPath(0, 1000)}`, { headers: { cookie } });
  if (!first.ok) throw new Error(`product list: ${first.status}`);
  const body = await first.json();
  const count = body.meta.count;
  const ids = body.data.map((p) => p.id);
  // 200 pages across the catalogue for each of the web's page sizes (spec: 15, 30 or 45).
  const pagesOf = (size) => Array.from({ length: 200 }, (_, i) => listPath(((i * 7919) % Math.max(1, Math.floor(count / size))) * size, size));
  const searches = searchTerms.map((t) => listPath(0, 15, `&filter[fulltext]=${encodeURIComponent(t)}`));
  // Searches the shop has not seen yet: word starts of 3 to 6 letters from the product names and
  // article number starts, more of them than the match cache holds, so (almost) every one is
  // answered from the database.
  // The fresh-term searches are made from every product (everyProduct); the other routes keep
  // their terms from 8 pages spread over the catalogue.
  const fresh = new Set();
  const titles = await everyProduct(base, cookie, count);
  const spread = [];
  for (let offset = 0; offset < count; offset += Math.max(1000, Math.ceil(count / 8))) spread.push(...titles.nl.slice(offset, offset + 1000));
  for (const product of spread) {
    for (const word of product.title.toLowerCase().split(/[^\p{L}]+/u).filter((w) => w.length >= 3)) {
      for (let n = 3; n <= Math.min(6, word.length); n++) fresh.add(word.slice(0, n));
    }
    fresh.add(product.sku.slice(0, 3 + (fresh.size % 3)));
  }
  const coldSearches = [...fresh].map((t) => listPath(0, 15, `&filter[fulltext]=${encodeURIComponent(t)}`));
  // What customers type in the header box: starts of 2 to 5 letters of the names' words, and of
  // article numbers (issue 20 point 4).
  const typed = new Set();
  for (const product of spread) {
    for (const word of product.title.toLowerCase().split(/[^\p{L}]+/u).filter((w) => w.length >= 2)) {
      for (let n = 2; n <= Math.min(5, word.length); n++) typed.add(word.slice(0, n));
    }
    for (let n = 2; n <= 4; n++) typed.add(product.sku.slice(0, n));
  }
  const suggestions = [...typed].map((t) => `${API}/api/search/suggestions?q=${encodeURIComponent(t)}`);
  const filtered = foodFilterPaths();
  const details = ids.map((id) => `${API}/jsonapi/commerce_product/default/${id}?jsonapi_include=1&include=cb_product,images,variations,is_favorite`);
  return {
    count,
    titles,
    routes: [
      ...[15, 30, 45].map((size) => ({ name: `product list (${size} per page, pages across the catalogue)`, setupRequest: rotating(pagesOf(size)) })),
      { name: 'full-text search (15 per page, 14 terms)', setupRequest: rotating(searches) },
      { name: `full-text search, uncached (${coldSearches.length.toLocaleString('en-US')} distinct terms)`, setupRequest: rotating(coldSearches) },
      { name: 'product detail (1,000 products)', setupRequest: rotating(details) },
      { name: `search suggestions (${suggestions.length.toLocaleString('en-US')} distinct prefixes)`, paths: suggestions, connections: [20] },
      // The same prefixes once each asked before: what the endpoint costs around a search that answers from memory.
      { name: `search suggestions, warm (${suggestions.length.toLocaleString('en-US')} prefixes asked once before)`, paths: suggestions, connections: [20], warmUp: suggestions },
      { name: `filtered list (food filters with counts, 15 per page, ${filtered.length} combinations)`, setupRequest: rotating(filtered) },
    ],
  };
}

const otherRoutes = (cookie) => [
  { name: 'health', path: `${API}/health` },
  { name: 'SPA index.html', path: '/nl/assortment' },
  { name: 'footer menu', path: `${API}/jsonapi/menu_items/webshop-footer-order` },
  { name: 'current user', path: `${API}/jsonapi/current-user?jsonapi_include=1&include=active_relation`, cookie },
  { name: 'category tree', path: `${API}/jsonapi/index/products?filter[entity_type]=taxonomy_term`, cookie },
  {
    name: 'login (argon2id)',
    path: `${API}/user/login?_format=json`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'r1006-inkoop', pass: 'demo1234' }),
  },
];

async function measure(route, cookie, connections) {
  await settle(base);
  // Issue 20's suggestions: the search runs' load generator (BENCH_LOAD, bench-load.mjs).
  if (route.paths) {
    const run = await pathsRun({ base, paths: route.paths, headers: { ...BROWSER_HEADERS, ...(cookie ? { cookie } : {}) }, connections, once: false, seconds, openPath: `${API}/health` });
    return {
      route: `${route.name}, ${run.generator}`,
      connections,
      rps: Math.round(run.answered / run.seconds),
      p50: run.p50,
      p975: run.p975,
      p99: run.p99,
      errors: run.errors,
      generatorCpuPerRequest: run.generatorCpuPerRequest,
    };
  }
  const result = await autocannon({
    url: `${base}${route.path ?? '/'}`,
    method: route.method ?? 'GET',
    headers: { ...BROWSER_HEADERS, ...(route.headers ?? {}), ...(cookie ? { cookie } : {}) },
    body: route.body,
    requests: route.setupRequest ? [{ setupRequest: route.setupRequest }] : undefined,
    connections,
    duration: seconds,
  });
  return {
    route: route.name,
    connections,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * The wanted routes on a started shop; with `earlier` (the baseline), the same catalogue routes
 * and fresh terms as the shop before it, each row's name marked with the baseline's name.
 */
async function measureShop(shop, env, earlier) {
  const rows = [];
  const mark = (row) => (earlier ? { ...row, route: `${row.route} — ${baseline.name}` } : row);
  const cookie = await login('demo');
  // The search index is built at start in the background (decision 025): the first search waits for it, not a measured one.
  await fetch(`${base}${listPath(0, 15, '&filter[fulltext]=warm')}`, { headers: { cookie } });
  const catalogue = earlier?.catalogue ?? (await catalogueRoutes(cookie));
  if (earlier) await everyProduct(base, cookie, catalogue.count);
  for (const route of catalogue.routes.filter((r) => wanted(r.name))) {
    for (const path of route.warmUp ?? []) {
      const answer = await fetch(`${base}${path}`, { headers: { cookie } });
      if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
    }
    for (const connections of route.connections ?? connectionCounts) {
      const row = mark(await measure(route, cookie, connections));
      rows.push(row);
      console.log(`  ${row.route}, ${connections} conn: ${row.rps} req/s, p99 ${row.p99} ms, errors ${row.errors}`);
    }
  }
  for (const route of otherRoutes(cookie).filter((r) => wanted(r.name))) {
    const row = mark(await measure(route, route.cookie, 10));
    rows.push(row);
    console.log(`  ${row.route}, 10 conn: ${row.rps} req/s, p99 ${row.p99} ms, errors ${row.errors}`);
  }
  let terms = earlier?.terms ?? null;
  let perRun = earlier?.perRun ?? 0;
  if (wanted('search, fresh terms')) {
    if (!terms) {
      const made = freshTerms(catalogue.titles);
      terms = made.terms;
      console.log(`  fresh terms: ${terms.length.toLocaleString('en-US')} (${Object.entries(made.mix).map(([kind, n]) => `${kind} ${n.toLocaleString('en-US')}`).join(', ')})`);
    }
    perRun ||= Math.max(600, Math.floor(terms.length / (connectionCounts.length * repeats)));
    rows.push(...(await searchRuns(base, cookie, terms, connectionCounts, { perRun, repeats, label: 'search index', pid: shop.pid, databaseUrl: env.DATABASE_URL })).map(mark));
  }
  // Issue 5: add to cart at 20 connections, placing orders at 10 (each with its cart first).
  for (const row of !earlier && (wanted('add to cart') || wanted('place order')) ? await cartScenarios(base, { seconds }) : []) {
    rows.push(row);
    console.log(`  ${row.route}, ${row.connections} conn: ${row.rps} req/s, p99 ${row.p99} ms, errors ${row.errors}`);
  }
  return { rows, products: catalogue.count, terms, perRun, catalogue };
}

async function benchEngine(engine) {
  let env = {};
  let label = 'PGlite (embedded, WASM)';
  if (engine === 'postgres') {
    const database = await freshPostgres(serverUrl, databaseName);
    if (!database) return null;
    env = { DATABASE_URL: database.url };
    label = `PostgreSQL ${database.version}`;
  }
  console.log(`\n${label}: starting the shop at scale ${scale} ...`);
  if (wanted('search, fresh terms')) {
    // A running shop that serves the whole catalogue in both languages keeps its parts warm:
    // room for them, so that the fresh-term runs do not measure the cache's size (BENCH_CACHE_MAX_MB).
    env.CACHE_MAX_MB = process.env.BENCH_CACHE_MAX_MB ?? String(Math.max(256, Math.ceil(Number(scale) * 400 * 0.03)));
    console.log(`  CACHE_MAX_MB=${env.CACHE_MAX_MB} (the fresh-term searches use every product's parts in both languages)`);
  }
  const load = loadAverage();
  const shop = await startShop({ port, scale, env });
  let measured;
  try {
    // The demo data has no food information yet: synthetic rows for the filtered list (bench-food.mjs).
    if (env.DATABASE_URL) console.log(`  food information for ${await seedFood(env.DATABASE_URL)} products (synthetic)`);
    measured = await measureShop(shop, env, null);
  } finally {
    await shop.stop();
  }
  const { rows, products, terms, perRun, catalogue } = measured;
  if (baseline) {
    // The same routes and fresh terms on the earlier checkout, same data, right after (side by side).
    console.log(`  ${baseline.name} (BENCH_BASELINE): starting it ...`);
    const before = await startShop({ port, scale, env, cwd: baseline.dir });
    try {
      rows.push(...(await measureShop(before, env, { terms, perRun, catalogue })).rows);
    } finally {
      await before.stop();
    }
  }
  if (baseline) sideBySide(label, rows);
  return { label, rows, products, startSeconds: shop.startSeconds, load };
}

/** Each row of this tree beside the baseline's row of the same route and connections: req/s and p99, and the share of the baseline's req/s. */
function sideBySide(label, rows) {
  const marked = new Map(rows.map((r) => [`${r.route}|${r.connections}`, r]));
  console.log(`\n${label}, this tree beside ${baseline.name} (req/s, p99 ms):`);
  for (const row of rows.filter((r) => !r.route.endsWith(` — ${baseline.name}`))) {
    const before = marked.get(`${row.route} — ${baseline.name}|${row.connections}`);
    if (!before) continue;
    const share = before.rps > 0 ? `${Math.round((100 * row.rps) / before.rps)} %` : '–';
    console.log(`  ${row.route}, ${row.connections} conn: ${row.rps} req/s, p99 ${row.p99} | baseline ${before.rps} req/s, p99 ${before.p99} | ${share} of its throughput`);
  }
}

/** Issue 20: the search index alone at this scale (scripts/bench-search-index.ts), or null. */
function searchIndexAlone() {
  if (!wanted('search, fresh terms') || process.env.BENCH_SEARCH_ALONE === '0') return null;
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-search-index.ts', scale], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`bench-search-index.ts: ${run.stderr}`);
  const figures = JSON.parse(run.stdout.trim().split('\n').pop());
  console.log(`\nSearch index alone: ${JSON.stringify(figures)}`);
  return figures;
}

const results = [];
const indexAlone = searchIndexAlone();
for (const engine of engines) {
  const result = await benchEngine(engine.trim());
  if (result) results.push(result);
}

writeReport(outFile, { seconds, scale, indexAlone, results });
console.log(`\nWritten to ${outFile}.`);
