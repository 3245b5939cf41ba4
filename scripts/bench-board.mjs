// `npm run bench -- --board` (issue 42 point 11: a busy Monday): on PostgreSQL, a fresh shop at
// demo scale 1 whose database is then filled with 100,000 orders (three lines each) of every
// customer over the last two years, in every state from placing on, written by SQL. Then the
// orders board's filtered pages (a state, a delivery date range, searches on order number,
// customer and PO reference, a customer, deep pages) and the staff dashboard, each at 10
// connections with autocannon, as the order desk. Prints the plans of the board's statements
// (EXPLAIN ANALYZE) and writes its section of docs/benchmarks.md. Targets: the board under
// 200 ms p99, the dashboard under 500 ms.
//
//   BENCH_BOARD_ORDERS     orders to add (default 100000)
//   BENCH_SECONDS          seconds per route (default 10)
//   BENCH_DATABASE_URL, BENCH_DB_NAME (default shop_bench_board), BENCH_PORT (default 3903), BENCH_OUT
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { API, BROWSER_HEADERS, freshPostgres, loadAverage, numberFrom, session, settle, startShop, writeSection } from './bench-lib.mjs';

const ORDERS = numberFrom('BENCH_BOARD_ORDERS', 100_000);
const seconds = numberFrom('BENCH_SECONDS', 10);
const port = numberFrom('BENCH_PORT', 3903);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = process.env.BENCH_DB_NAME ?? 'shop_bench_board';
const outFile = process.env.BENCH_OUT ?? 'docs/benchmarks.md';
const base = `http://127.0.0.1:${port}`;
const CONNECTIONS = 10;
const TARGETS = { board: 200, dashboard: 500 };

/** 100,000 orders spread over every relation and the last two years, placed on working days' hours, with three lines each. */
async function fillOrders(client) {
  await client.query('begin');
  await client.query(
    `insert into orders (user_id, relation_id, state, order_number, langcode, req_dlv_date, placed_at, payment_method_id, payment_method_label,
       payment_state, po_reference, subtotal_cents, total_cents, erp_export_seq, created_at, changed_at)
     select u.user_id, u.relation_id,
       (array['placed','exported','confirmed','shipped','delivered','completed','completed','completed','completed','canceled'])[1 + i % 10],
       'B' || lpad(i::text, 7, '0'), 'nl',
       (p.at at time zone 'Europe/Amsterdam')::date + 1 + (i % 3),
       p.at, m.id, m.label, case when m.id = 'ideal' then 'paid' else 'on_account' end,
       case when i % 3 = 0 then 'PO-' || (10000 + i % 9000) else '' end,
       5000 + (i * 37) % 95000, 5450 + (i * 41) % 103000, null, p.at, p.at
     from generate_series(1, $1::int) as i
     cross join lateral (select now() - make_interval(secs => (i::bigint * 63072000 / $1)::double precision) as at) p
     cross join lateral (select (array['on_account','ideal'])[1 + (i % 4 = 0)::int] as id, (array['Op rekening','iDEAL'])[1 + (i % 4 = 0)::int] as label) m
     join (select row_number() over (order by id) - 1 as n, id as user_id, relation_id from users where relation_id is not null) u
       on u.n = i % (select count(*) from users where relation_id is not null)`,
    [ORDERS],
  );
  await client.query(
    `with v as (select array_agg(id order by id) as ids, array_agg(product_id order by id) as products, array_agg(sku order by id) as skus, count(*)::int as n
                from (select id, product_id, sku from variations order by id limit 300) t)
     insert into order_items (order_id, variation_id, product_id, quantity, sku, title, unit_price_cents, total_cents, tax_rate)
     select o.id, v.ids[1 + (o.id * 7 + k * 13) % v.n], v.products[1 + (o.id * 7 + k * 13) % v.n], 1 + o.id % 6,
       v.skus[1 + (o.id * 7 + k * 13) % v.n], 'Artikel ' || v.skus[1 + (o.id * 7 + k * 13) % v.n], 1000, (1 + o.id % 6) * 1000, 900
     from orders o cross join generate_series(0, 2) as k cross join v
     where o.order_number like 'B%'`,
  );
  await client.query('commit');
  // As autovacuum leaves a table that took 100,000 rows: its statistics and visibility map up to date.
  await client.query('vacuum analyze orders');
  await client.query('vacuum analyze order_items');
}

/** The board's pages as the order desk asks them on a Monday: one path per request, in turn. */
function boardPaths(relationUuids) {
  const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const paths = [];
  for (let i = 0; i < 40; i++) {
    paths.push(`${API}/api/staff/orders?state=placed`);
    paths.push(`${API}/api/staff/orders?state=placed,exported&delivery_from=${day(-i)}&delivery_until=${day(7 - i)}`);
    paths.push(`${API}/api/staff/orders?q=B${String(1000 + i * 997).padStart(7, '0')}`);
    paths.push(`${API}/api/staff/orders?q=${1000 + i * 997}`);
    paths.push(`${API}/api/staff/orders?q=PO-${10000 + i * 17}&state=placed`);
    paths.push(`${API}/api/staff/orders?customer=${relationUuids[i % relationUuids.length]}`);
    paths.push(`${API}/api/staff/orders?q=taco`);
    paths.push(`${API}/api/staff/orders?page=${1 + i * 5}`);
  }
  return paths;
}

async function run(name, paths, cookie) {
  await settle(base);
  let i = 0;
  const result = await autocannon({
    url: `${base}${paths[0]}`,
    headers: { ...BROWSER_HEADERS, cookie },
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[i++ % paths.length] }) }],
    connections: CONNECTIONS,
    duration: seconds,
  });
  const row = { name, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
  console.log(`  ${name}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}`);
  return row;
}

/** The plans of the board's statements for three filters, as the shop sends them (the page and its counts). */
async function explain(client) {
  const cols = `o.id, o.uuid, o.order_number, o.placed_at, o.req_dlv_date, o.state, r.uuid, r.name, r.erp_number, o.payment_method_id, o.payment_state, o.po_reference, o.total_cents`;
  // As the shop sends a search: the relations that match are looked up first (none here), then the starts of the numbers.
  const like = (text) => `(o.order_number like '${text.toUpperCase()}%' or (o.po_reference <> '' and lower(o.po_reference) like '${text.toLowerCase()}%'))`;
  const statements = [
    ['page, state=placed', `select ${cols} from orders o join relations r on r.id = o.relation_id where o.placed_at is not null and o.state in ('placed') order by o.req_dlv_date desc, o.placed_at desc, o.id desc limit 50`, []],
    ['page, a week of delivery dates', `select ${cols} from orders o join relations r on r.id = o.relation_id where o.placed_at is not null and o.req_dlv_date >= current_date and o.req_dlv_date <= current_date + 7 order by o.req_dlv_date desc, o.placed_at desc, o.id desc limit 50`, []],
    ['page, q search', `select ${cols} from orders o join relations r on r.id = o.relation_id where o.placed_at is not null and ${like('PO-1234')} order by o.req_dlv_date desc, o.placed_at desc, o.id desc limit 50`, []],
    ['page, q search that matches nothing', `select ${cols} from orders o join relations r on r.id = o.relation_id where o.placed_at is not null and ${like('XYZ')} order by o.req_dlv_date desc, o.placed_at desc, o.id desc limit 50`, []],
    ['counts, no filter', `select state, count(*) from orders o where o.placed_at is not null group by state`, []],
    ['counts, q search', `select state, count(*) from orders o where o.placed_at is not null and ${like('PO-1234')} group by state`, []],
    ['dashboard, weeks', `select date_trunc('week', placed_at at time zone 'Europe/Amsterdam') w, count(*) from orders where placed_at >= now() - interval '84 days' group by 1`, []],
  ];
  const plans = [];
  for (const [name, text, params] of statements) {
    const { rows } = await client.query(`explain (analyze, buffers off, timing off) ${text}`, params);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    console.log(`\n-- ${name}\n${plan}`);
    plans.push({ name, plan });
  }
  return plans;
}

export async function runBoard() {
  const database = await freshPostgres(serverUrl, databaseName);
  if (!database) return;
  const load = loadAverage();
  console.log(`PostgreSQL ${database.version}: starting the shop at scale 1 ...`);
  const shop = await startShop({ port, scale: '1', env: { DATABASE_URL: database.url } });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const rows = [];
  try {
    const started = Date.now();
    await fillOrders(client);
    const { rows: [{ n }] } = await client.query('select count(*)::int as n from orders where placed_at is not null');
    console.log(`${n.toLocaleString('en-US')} placed orders (${((Date.now() - started) / 1000).toFixed(0)} s to fill)`);
    const { rows: relations } = await client.query('select uuid::text from relations order by id limit 20');
    await explain(client);
    const { cookie } = await session(base, 'orderdesk');
    rows.push(await run('orders board (state, delivery dates, searches, customer, pages)', boardPaths(relations.map((r) => r.uuid)), cookie));
    rows.push(await run('staff dashboard', [`${API}/api/staff/dashboard`], cookie));
  } finally {
    await client.end();
    await shop.stop();
  }
  const target = (row, ms) => (row.p99 < ms && row.errors === 0 ? 'met' : '**not met**');
  writeSection(
    outFile,
    'board',
    `## Orders board and dashboard, 100,000 orders (issue 42 point 11)

\`npm run bench -- --board\` (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown'}, PostgreSQL ${database.version.split(' ')[0]}, load ${load} before the start):
${ORDERS.toLocaleString('en-US')} orders added to demo scale 1, as \`orderdesk\`, ${CONNECTIONS} connections, ${seconds} s per route, ms.

| route | req/s | p50 | p99 | errors | target |
| --- | ---: | ---: | ---: | ---: | --- |
| ${rows[0].name} | ${rows[0].rps} | ${rows[0].p50} | ${rows[0].p99} | ${rows[0].errors} | p99 < ${TARGETS.board} ms: ${target(rows[0], TARGETS.board)} |
| ${rows[1].name} | ${rows[1].rps} | ${rows[1].p50} | ${rows[1].p99} | ${rows[1].errors} | p99 < ${TARGETS.dashboard} ms: ${target(rows[1], TARGETS.dashboard)} |
`,
  );
  console.log(`Written to ${outFile}.`);
}
