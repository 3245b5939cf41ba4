// `npm run bench -- --food-overview` (issue 19 point 5: the allergen overview of 300 products in
// under 10 s, in each format): on PostgreSQL, a fresh shop at demo scale 1 (400 products) whose
// first 300 products get full food information (a legal name, ~300 characters of ingredients with
// three allergens in bold, 10 or 11 of the 14 allergens given) and one order of the demo relation
// with all of them, written by SQL after the shop has loaded its demo data. Then the whole request
// GET /food-overview as `demo` (session, period, queries, rendering), each format in turn, a few
// rounds (the first one cold), each round a period of its own so that every request renders.
// Then repeated downloads (issue 39 point 4): per format, the same overview asked again and again
// (served from the remembered overviews after the first) against a new period each time (each one
// rendered: what every request cost before the overviews were remembered). Writes its section of
// docs/benchmarks.md. The tests check what the overview holds at this volume
// (food-overview-volume.test.ts) and that a repeated download is not rendered again
// (food-overview-memory.test.ts), not how long it takes.
//
//   BENCH_OVERVIEW_ROUNDS   rounds of the three formats (default 3)
//   BENCH_OVERVIEW_REPEATS  repeated downloads per format, with and without a remembered overview (default 10)
//   BENCH_DATABASE_URL, BENCH_DB_NAME (default shop_bench_food_overview), BENCH_PORT, BENCH_OUT
import os from 'node:os';
import pg from 'pg';
import { API, freshPostgres, loadAverage, numberFrom, session, startShop, writeSection } from './bench-lib.mjs';

const COUNT = 300;
const TARGET_MS = 10_000;
const FORMATS = ['pdf', 'csv', 'xlsx'];
const port = numberFrom('BENCH_PORT', 3902);
const rounds = numberFrom('BENCH_OVERVIEW_ROUNDS', 3);
const repeats = numberFrom('BENCH_OVERVIEW_REPEATS', 10);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = process.env.BENCH_DB_NAME ?? 'shop_bench_food_overview';
const outFile = process.env.BENCH_OUT ?? 'docs/benchmarks.md';
const base = `http://127.0.0.1:${port}`;

const ALLERGENS = ['gluten', 'crustaceans', 'eggs', 'fish', 'peanuts', 'soybeans', 'milk', 'nuts', 'celery', 'mustard', 'sesame', 'sulphites', 'lupin', 'molluscs'];
const ingredients = (share) =>
  `<strong>Tarwebloem</strong> (${share}%), water, tomaat, ui, knoflook, <strong>melk</strong>poeder, plantaardige olie (zonnebloem, raapzaad), zout, suiker, gerookte paprika, komijn, koriander, oregano, zuurteregelaar (citroenzuur), conserveermiddel (kaliumsorbaat), kan sporen van <strong>sesam</strong> bevatten.`;

/** Food information for the first 300 products and one order of the demo relation with all of them. */
async function seedOverview(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    const { rows: wanted } = await client.query(
      'select p.id, v.id as variation_id, v.sku from products p join variations v on v.product_id = p.id order by p.id limit $1',
      [COUNT],
    );
    if (wanted.length < COUNT) throw new Error(`only ${wanted.length} products; the overview needs ${COUNT}`);
    const ids = wanted.map((r) => r.id);
    await client.query('delete from product_allergens where product_id = any($1)', [ids]);
    await client.query('delete from product_food where product_id = any($1)', [ids]);
    await client.query(
      `insert into product_food (product_id, legal_name_nl, legal_name_en, ingredients_nl, ingredients_en)
       select id, 'Product ' || id || ' naar Mexicaans recept', 'Product ' || id || ' Mexican style', text, text
       from unnest($1::int[], $2::text[]) as t(id, text)`,
      [ids, ids.map((id) => ingredients(40 + (id % 30)))],
    );
    await client.query(
      `insert into product_allergens (product_id, allergen, level)
       select p.id, a.name, (array['contains', 'may_contain', 'free'])[1 + (p.id + a.ord) % 3]
       from unnest($1::int[]) as p(id) cross join unnest($2::text[]) with ordinality as a(name, ord)
       where (p.id + a.ord) % 4 <> 0`,
      [ids, ALLERGENS],
    );
    const { rows: users } = await client.query("select id, relation_id from users where name = 'demo'");
    const { rows: orders } = await client.query(
      `insert into orders (user_id, relation_id, state, placed_at, subtotal_cents, total_cents, payment_state)
       values ($1, $2, 'placed', now() - interval '2 days', 100, 109, 'on_account') returning id`,
      [users[0].id, users[0].relation_id],
    );
    await client.query(
      `insert into order_items (order_id, variation_id, product_id, quantity, sku, title, unit_price_cents, total_cents, tax_rate)
       select $1, variation_id, id, 1, sku, 'Artikel ' || sku, 100, 100, 900 from unnest($2::int[], $3::int[], $4::text[]) as t(id, variation_id, sku)`,
      [orders[0].id, ids, wanted.map((r) => r.variation_id), wanted.map((r) => r.sku)],
    );
    await client.query('commit');
  } finally {
    await client.end();
  }
}

/** A day `daysBack` days before today (UTC; the order lies two days back, well inside any of these periods). */
const dayBefore = (daysBack) => new Date(Date.now() - daysBack * 86_400_000).toISOString().slice(0, 10);

/** One download: its time in milliseconds and its size in bytes. */
async function download(cookie, format, from) {
  const started = performance.now();
  const res = await fetch(`${base}${API}/food-overview?format=${format}&from=${from}`, { headers: { cookie } });
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`food overview (${format}): ${res.status} ${body.toString().slice(0, 200)}`);
  return { ms, bytes: body.length };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => (value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US'));

/**
 * Per format: `repeats` downloads of one period (the first renders, the rest are remembered) and
 * `repeats` downloads of a new period each (each renders). Periods not asked in the rounds before.
 */
async function repeatedDownloads(cookie) {
  const result = {};
  let daysBack = 200;
  for (const format of FORMATS) {
    const samePeriod = dayBefore(daysBack++);
    const same = [];
    for (let i = 0; i < repeats; i++) same.push((await download(cookie, format, samePeriod)).ms);
    const fresh = [];
    for (let i = 0; i < repeats; i++) fresh.push((await download(cookie, format, dayBefore(daysBack++))).ms);
    result[format] = { first: same[0], again: median(same.slice(1)), fresh: median(fresh) };
    console.log(`  ${format}: asked again ${ms(result[format].again)} ms (first ${ms(same[0])}), a new period each time ${ms(result[format].fresh)} ms (medians)`);
  }
  return result;
}

export async function runFoodOverview() {
  const database = await freshPostgres(serverUrl, databaseName);
  if (!database) return;
  const load = loadAverage();
  console.log(`PostgreSQL ${database.version}: starting the shop at scale 1 ...`);
  const shop = await startShop({ port, scale: '1', env: { DATABASE_URL: database.url } });
  const timings = Object.fromEntries(FORMATS.map((f) => [f, []]));
  const sizes = {};
  let repeated;
  try {
    await seedOverview(database.url);
    const { cookie } = await session(base, 'demo');
    for (let round = 0; round < rounds; round++) {
      // A period of its own per round: a remembered overview would not measure the rendering.
      const from = dayBefore(89 + round);
      for (const format of FORMATS) {
        const { ms: took, bytes } = await download(cookie, format, from);
        timings[format].push(Math.round(took));
        sizes[format] = bytes;
        console.log(`  ${format}, round ${round + 1}: ${Math.round(took)} ms, ${bytes.toLocaleString('en-US')} bytes`);
      }
    }
    console.log(`Repeated downloads, ${repeats} per format and way ...`);
    repeated = await repeatedDownloads(cookie);
  } finally {
    await shop.stop();
  }
  const rows = FORMATS.map((format) => {
    const [first, ...warm] = timings[format];
    const slowest = Math.max(...timings[format]);
    return `| ${format.toUpperCase()} | ${first.toLocaleString('en-US')} | ${warm.map((ms) => ms.toLocaleString('en-US')).join(' / ') || '–'} | ${Math.round(sizes[format] / 1024)} kB | ${slowest < TARGET_MS ? 'met' : '**not met**'} |`;
  });
  writeSection(
    outFile,
    'food-overview',
    `## Allergen overview: ${COUNT} products (issue 19 point 5, \`npm run bench -- --food-overview\`)

Written on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by scripts/bench-food-overview.mjs on ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown'},
PostgreSQL ${database.version}, load average ${load} before the start. One order of the demo relation with ${COUNT} products, each
with a legal name, ~300 characters of ingredients (three allergens in bold) and 10 or 11 of the 14 allergens; the whole request
GET /food-overview as \`demo\` (session, period, queries, rendering), milliseconds. Target: under ${TARGET_MS / 1000} s in each format.

| format | first request (cold) | then | size | target |
| --- | ---: | ---: | ---: | --- |
${rows.join('\n')}

Repeated downloads (issue 39 point 4, \`BENCH_OVERVIEW_REPEATS\`=${repeats}): the same overview asked again and again, served
from the remembered overviews after the first request, against a new period each time (the same products, rendered every time:
what each request cost before overviews were remembered). Medians in milliseconds.

| format | asked again (remembered) | a new period each time (rendered) | first of the same period |
| --- | ---: | ---: | ---: |
${FORMATS.map((f) => `| ${f.toUpperCase()} | ${ms(repeated[f].again)} | ${ms(repeated[f].fresh)} | ${ms(repeated[f].first)} |`).join('\n')}
`,
  );
  console.log(`Written to ${outFile}.`);
}
