// `npm run bench -- --mixed` and `npm run bench -- --soak` (issue 9, point 5): customers browsing,
// searching, adding to their carts and placing orders at the same time, on PostgreSQL with the
// demo data at scale 50 (20,000 products, 1,000 relations). --mixed runs 60 s, --soak 10 minutes.
// Reports per step count, req/s, p50 / p97.5 / p99 and errors, the server's memory through the
// run, and afterwards checks in the database that every order the customers saw placed is there
// once, with lines and totals that add up. Writes its own section of docs/benchmarks.md (the
// other sections stay) and prints it. Asserts nothing, but exits with 1 when the consistency
// check finds a problem.
//
// Each virtual customer is logged in once at the start (argon2 is not part of the loop). Each of
// the connections is one browser working through its own customers in turn, one session at a
// time, without think time: an assortment page, a search, a product detail (each with the
// upcoming price changes the page asks for), 1-3 products added to the cart; every third session
// of a customer ends in the checkout (cart, relation, shipping and payment methods, the three
// choices, place on account, the completed order); a third of the others look at the cart.
// Custom loop rather than autocannon: the steps depend on earlier answers, and autocannon keeps
// one latency histogram per run, not one per step.
//
//   BENCH_MIXED_SECONDS      length of --mixed (default 60)
//   BENCH_SOAK_SECONDS       length of --soak (default 600)
//   BENCH_MIXED_CONNECTIONS  browsers at once (default 30)
//   BENCH_MIXED_CUSTOMERS    customers logged in (default 500)
//   BENCH_MIXED_ORDER_EVERY  a customer checks out every N-th session (default 3)
//   BENCH_MEMORY_SECONDS     memory sample interval (default 10)
//   BENCH_NOTE               a line to print above the figures (e.g. "trial on a shared machine")
//   BENCH_SCALE, BENCH_PORT, BENCH_DATABASE_URL, BENCH_OUT as for scripts/bench.mjs;
//   BENCH_DB_NAME            the database created for the run (default shop_bench_mixed; kept
//                            afterwards for inspection, dropped at the start of the next run)
import os from 'node:os';
import pg from 'pg';
import { acceptedDate, API, call, customerNames, freshPostgres, listPath, loadAverage, numberFrom, percentile, searchTerms, session, startShop, writeSection } from './bench-lib.mjs';

const ORDER_INCLUDE = 'uid,order_items,order_items.purchased_entity,order_items.purchased_entity.product_images';
const DETAIL_INCLUDE = 'cb_product,images,variations,is_favorite';
const PAGE_SIZE = 15;

/** mulberry32, seeded: the same choices on every run. */
function random(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min, max) => min + Math.floor(next() * (max - min + 1)), pick: (list) => list[Math.floor(next() * list.length)] };
}

/** Money as the API writes it ("36.25") in cents. */
const cents = (money) => Math.round(Number(money.number) * 100);

const mb = (bytes) => Math.round(bytes / 2 ** 20);

/** Least-squares slope of y over x. */
function slope(points) {
  if (points.length < 2) return 0;
  const n = points.length;
  const mx = points.reduce((a, p) => a + p.x, 0) / n;
  const my = points.reduce((a, p) => a + p.y, 0) / n;
  const sxx = points.reduce((a, p) => a + (p.x - mx) ** 2, 0);
  return sxx === 0 ? 0 : points.reduce((a, p) => a + (p.x - mx) * (p.y - my), 0) / sxx;
}

/** Per-step latencies, errors and a timeline of windows over the run. */
function recorder(windowSeconds) {
  const steps = new Map();
  const windows = [];
  const errorSamples = [];
  let began = 0;
  return {
    start() {
      began = performance.now();
    },
    get began() {
      return began;
    },
    step(name) {
      if (!steps.has(name)) steps.set(name, { name, latencies: [], errors: 0 });
      return steps.get(name);
    },
    record(name, ms, ok, detail) {
      const step = this.step(name);
      const at = Math.max(0, Math.floor((performance.now() - began) / 1000 / windowSeconds));
      windows[at] ??= { latencies: [], errors: 0, orders: 0 };
      if (ok) {
        step.latencies.push(ms);
        windows[at].latencies.push(ms);
      } else {
        step.errors += 1;
        windows[at].errors += 1;
        if (errorSamples.length < 20) errorSamples.push(`${name}: ${detail}`);
      }
    },
    placed() {
      const at = Math.max(0, Math.floor((performance.now() - began) / 1000 / windowSeconds));
      windows[at] ??= { latencies: [], errors: 0, orders: 0 };
      windows[at].orders += 1;
    },
    steps,
    windows,
    errorSamples,
  };
}

/**
 * Runs the mixed scenario (`soak`: the long one) on a fresh PostgreSQL database and writes its
 * section of the benchmarks file. Answers whether the consistency check passed.
 */
export async function runMixed({ soak }) {
  const seconds = soak ? numberFrom('BENCH_SOAK_SECONDS', 600) : numberFrom('BENCH_MIXED_SECONDS', 60);
  const connections = numberFrom('BENCH_MIXED_CONNECTIONS', 30);
  const customerCount = numberFrom('BENCH_MIXED_CUSTOMERS', 500);
  const orderEvery = numberFrom('BENCH_MIXED_ORDER_EVERY', 3);
  const memorySeconds = numberFrom('BENCH_MEMORY_SECONDS', 10);
  const scale = process.env.BENCH_SCALE ?? '50';
  const port = numberFrom('BENCH_PORT', 3900);
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const databaseName = process.env.BENCH_DB_NAME ?? 'shop_bench_mixed';
  const outFile = process.env.BENCH_OUT ?? 'docs/benchmarks.md';
  const base = `http://127.0.0.1:${port}`;
  // Minute windows for a long run, at least 10 s.
  const windowSeconds = Math.max(10, Math.round(seconds / 10));
  const mode = soak ? 'soak' : 'mixed';

  const database = await freshPostgres(serverUrl, databaseName);
  if (!database) throw new Error('the mixed scenario needs PostgreSQL (BENCH_DATABASE_URL)');
  const loadBefore = loadAverage();
  console.log(`\nMixed scenario (${mode}, ${seconds} s, ${connections} connections) on PostgreSQL ${database.version}: starting the shop at scale ${scale} ...`);
  const shop = await startShop({ port, scale, env: { DATABASE_URL: database.url }, memoryProbe: true });
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    const memoryAtStart = await shop.memory(true);
    const products = Number((await db.query('select count(*) as n from products')).rows[0].n);

    // Log everyone in once, a few at a time (argon2 is made to be costly per login).
    const names = await customerNames(base, customerCount);
    if (names.length < customerCount) console.log(`  only ${names.length} customers in the data set (asked for ${customerCount})`);
    const loginStarted = Date.now();
    const customers = [];
    for (let i = 0; i < names.length; i += 8) {
      customers.push(
        ...(await Promise.all(
          names.slice(i, i + 8).map(async (name, k) => {
            const who = await session(base, name);
            const me = await call(base, who, 'GET', '/jsonapi/current-user?jsonapi_include=1&include=active_relation');
            if (me.status !== 200) throw new Error(`current user of ${name}: ${me.status}`);
            const relation = me.body.data.active_relation;
            return { ...who, index: i + k, userId: me.body.data.drupal_internal__uid, relationId: relation.drupal_internal__id, relationUuid: relation.id, pricelist: relation.pricelist, sessions: 0 };
          }),
        )),
      );
    }
    const loginSeconds = (Date.now() - loginStarted) / 1000;
    console.log(`  ${customers.length} customers logged in in ${loginSeconds.toFixed(1)} s`);
    const memoryBeforeLoad = await shop.memory(true);
    const placedBefore = Number((await db.query("select count(*) as n from orders where state <> 'draft'")).rows[0].n);
    const wallClockStart = new Date();

    const rec = recorder(windowSeconds);
    const expected = [];
    const notes = { dateProbes: 0, dateRetries: 0, emptyCarts: 0, sessions: 0 };
    const dates = new Map();

    /** One timed call; non-2xx (or a network error) counts as an error of the step. */
    async function timed(name, who, method, path, body) {
      const started = performance.now();
      try {
        const res = await call(base, who, method, path, body);
        const ok = res.status >= 200 && res.status < 300;
        rec.record(name, performance.now() - started, ok, ok ? '' : `${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        return ok ? res.body : null;
      } catch (error) {
        rec.record(name, performance.now() - started, false, error.message);
        return null;
      }
    }

    /**
     * The first delivery date the checkout accepts for the customer's delivery days, asked of
     * the API once per pattern of days (by trying days from tomorrow on the customer's cart; not
     * timed) and asked again when the cut-off hour or midnight makes it too early.
     */
    function deliveryDate(who, orderId, days) {
      const key = [...days].sort().join(',');
      if (!dates.has(key)) {
        const asked = acceptedDate(base, who, orderId).then(
          (date) => date,
          (error) => {
            dates.delete(key);
            throw error;
          },
        );
        notes.dateProbes += 1;
        dates.set(key, asked);
      }
      return { key, date: dates.get(key) };
    }

    async function checkout(who, rng) {
      const carts = await timed('view cart', who, 'GET', '/cart?_format=json');
      if (!carts) return;
      if (carts.length === 0) {
        notes.emptyCarts += 1;
        return;
      }
      const orderId = carts[0].order_id;
      // The checkout page: the relation (cached by the web for 5 minutes), shipping and payment methods.
      if (!who.deliveryDays) {
        const relation = await timed('checkout: relation', who, 'GET', `/jsonapi/relation/relation/${who.relationUuid}`);
        if (!relation) return;
        who.deliveryDays = relation.data.attributes.delivery_days;
      }
      const [shipping, payment] = await Promise.all([
        timed('checkout: shipping methods', who, 'GET', `/api/checkout/${orderId}/shipping`),
        timed('checkout: payment methods', who, 'GET', `/api/checkout/${orderId}/payment`),
      ]);
      if (!shipping || !payment) return;
      const method = rng.next() < 0.8 ? (shipping.find((m) => m.id === 'delivery') ?? shipping[0]) : rng.pick(shipping);
      if (!(await timed('checkout: set shipping', who, 'POST', `/api/checkout/${orderId}/set-shipping`, { method: method.id }))) return;
      const onAccount = payment.find((m) => !m.online);
      if (!(await timed('checkout: set payment', who, 'POST', `/api/checkout/${orderId}/set-payment`, { method: onAccount.id }))) return;
      let cart = null;
      for (let attempt = 0; attempt < 2 && !cart; attempt++) {
        const { key, date } = deliveryDate(who, orderId, who.deliveryDays);
        const day = await date;
        const started = performance.now();
        const res = await call(base, who, 'POST', `/api/checkout/${orderId}/set-delivery-date`, { date: day });
        if (res.status === 200) {
          rec.record('checkout: set delivery date', performance.now() - started, true);
          cart = res.body;
        } else if (attempt === 0 && res.status === 400 && /^delivery_date_/.test(res.body?.code ?? '')) {
          // The earliest date moved on (14:00 or midnight in Amsterdam): ask again.
          notes.dateRetries += 1;
          if (dates.get(key) === date) dates.delete(key);
        } else {
          rec.record('checkout: set delivery date', performance.now() - started, false, `${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
          return;
        }
      }
      if (!cart) return;
      const placed = await timed('place order', who, 'POST', `/api/checkout/${orderId}/place`, { terms_accepted: true });
      if (!placed) return;
      rec.placed();
      // What the customer saw in the checkout just before placing: the order must be exactly this.
      expected.push({
        orderNumber: placed.order_number,
        orderId: placed.orderId,
        userId: who.userId,
        lines: new Map(cart.order_items.map((item) => [item.purchased_entity.variation_id, Number(item.quantity)])),
        subtotalCents: cents(cart.order_total.subtotal),
        totalCents: cents(cart.order_total.total),
      });
      await timed('completed order', who, 'GET', `/jsonapi/commerce_order/default/${placed.uuid}?jsonapi_include=1&include=${ORDER_INCLUDE}`);
    }

    /** Words customers type: the fixed terms and word starts from the product names they have seen. */
    const seenWords = [];
    function searchTerm(rng, list) {
      for (const product of list.slice(0, 3)) {
        const word = rng.pick(product.title.toLowerCase().split(/[^\p{L}]+/u).filter((w) => w.length >= 4));
        if (word && seenWords.length < 5000) seenWords.push(word.slice(0, rng.int(3, Math.min(8, word.length))));
      }
      return rng.next() < 0.5 || seenWords.length === 0 ? rng.pick(searchTerms) : rng.pick(seenWords);
    }

    const pages = Math.max(1, Math.ceil(products / PAGE_SIZE));
    async function browse(who, rng) {
      notes.sessions += 1;
      who.sessions += 1;
      // Most customers look at the first pages; some page far into the assortment.
      const page = rng.next() < 0.6 ? rng.int(0, Math.min(19, pages - 1)) : rng.int(0, pages - 1);
      const list = (await timed('product list', who, 'GET', listPath(page * PAGE_SIZE, PAGE_SIZE, '', who.relationId).slice(API.length)))?.data ?? [];
      if (list.length > 0) await timed('upcoming price changes', who, 'POST', '/api/upcoming-price-mutations', { products: list.map((p) => p.id) });
      const term = searchTerm(rng, list);
      const found =
        (await timed('search', who, 'GET', listPath(0, PAGE_SIZE, `&filter[fulltext]=${encodeURIComponent(term)}`, who.relationId).slice(API.length)))?.data ?? [];
      if (found.length > 0) await timed('upcoming price changes', who, 'POST', '/api/upcoming-price-mutations', { products: found.map((p) => p.id) });
      const shown = found.length > 0 ? found : list;
      if (shown.length === 0) return;
      const chosen = rng.pick(shown);
      const detail = (await timed('product detail', who, 'GET', `/jsonapi/commerce_product/default/${chosen.id}?jsonapi_include=1&include=${DETAIL_INCLUDE}`))?.data;
      if (detail) await timed('upcoming price changes', who, 'POST', '/api/upcoming-price-mutations', { products: [detail.id] });
      // 1-3 products with a price for this customer, each from its minimum quantity.
      const buyable = [...(detail ? [detail] : []), ...found, ...list].filter((p) => p.scaled_prices.length > 0);
      const adds = Math.min(buyable.length, rng.int(1, 3));
      for (let i = 0; i < adds; i++) {
        const product = buyable[i === 0 ? 0 : rng.int(0, buyable.length - 1)];
        const minimum = Math.min(...product.scaled_prices.map((s) => s.quantity));
        await timed('add to cart', who, 'POST', '/cart/add?_format=json', [
          { purchased_entity_type: 'commerce_product_variation', purchased_entity_id: product.variations[0].drupal_internal__variation_id, quantity: Math.max(1, minimum) * rng.int(1, 3), combine: true },
        ]);
      }
      // Staggered: customer i checks out in its session orderEvery - i % orderEvery first.
      if ((who.sessions + who.index) % orderEvery === 0) await checkout(who, rng);
      else if (rng.next() < 1 / 3) await timed('view cart', who, 'GET', '/cart?_format=json');
    }

    console.log(`  running ${seconds} s ...`);
    rec.start();
    // Memory through the run (no collection forced), with the time in seconds since the start.
    const memory = [];
    let sampling = true;
    let wake = () => {};
    const sampler = (async () => {
      while (sampling) {
        const at = (performance.now() - rec.began) / 1000;
        memory.push({ at, ...(await shop.memory()) });
        await new Promise((resolve) => {
          wake = resolve;
          setTimeout(resolve, memorySeconds * 1000);
        });
      }
    })();

    const deadline = Date.now() + seconds * 1000;
    const progress = setInterval(() => {
      const done = [...rec.steps.values()].reduce((a, s) => a + s.latencies.length, 0);
      const last = memory.at(-1);
      console.log(`  ${Math.round((performance.now() - rec.began) / 1000)} s: ${done} requests, ${expected.length} orders, RSS ${last ? mb(last.rss) : '?'} MB`);
    }, 30_000);
    await Promise.all(
      Array.from({ length: connections }, async (_, w) => {
        const mine = customers.filter((_, i) => i % connections === w);
        const rng = random(1000 + w);
        for (let turn = 0; Date.now() < deadline && mine.length > 0; turn++) {
          try {
            await browse(mine[turn % mine.length], rng);
          } catch (error) {
            // Only the delivery-date look-up throws (no date accepted within 10 days).
            rec.record('session aborted', 0, false, error.message);
          }
        }
      }),
    );
    const elapsed = (performance.now() - rec.began) / 1000;
    clearInterval(progress);
    sampling = false;
    wake();
    await sampler;
    memory.push({ at: elapsed, ...(await shop.memory()) });
    const memoryAtEnd = await shop.memory(true);
    const loadAfter = loadAverage();

    const consistency = await checkConsistency(db, expected, placedBefore, wallClockStart);
    const result = { mode, seconds, elapsed, connections, customers: customers.length, loginSeconds, orderEvery, products, scale, version: database.version, startSeconds: shop.startSeconds };
    const markdown = report({ result, rec, notes, memory, memoryAtStart, memoryBeforeLoad, memoryAtEnd, consistency, loadBefore, loadAfter, windowSeconds });
    console.log(`\n${markdown}`);
    if (rec.errorSamples.length > 0) console.log(`First errors:\n  ${rec.errorSamples.join('\n  ')}`);
    writeSection(outFile, mode, markdown);
    console.log(`\nWritten to ${outFile}. The database ${databaseName} is kept for inspection.`);
    return consistency.ok;
  } finally {
    await db.end();
    await shop.stop();
  }
}

/**
 * Every order the customers saw placed is in the database once, placed, theirs, with the lines
 * and sums they saw in the checkout; line totals are quantity × unit price, the subtotal their
 * sum, the total the subtotal plus shipping and VAT; no other order was placed during the run.
 */
export async function checkConsistency(db, expected, placedBefore, wallClockStart) {
  const problems = [];
  const numbers = expected.map((e) => e.orderNumber);
  const distinctSeen = new Set(numbers);
  if (distinctSeen.size !== numbers.length) problems.push(`${numbers.length - distinctSeen.size} order numbers were answered twice`);
  const { rows: orders } = await db.query(
    `select id, order_number, user_id, state, subtotal_cents, total_cents, adjustments from orders where order_number = any($1::text[])`,
    [numbers],
  );
  const { rows: items } = await db.query(
    `select order_id, variation_id, quantity, unit_price_cents, total_cents from order_items where order_id = any($1::int[])`,
    [orders.map((o) => o.id)],
  );
  const itemsOf = new Map();
  for (const item of items) {
    if (!itemsOf.has(item.order_id)) itemsOf.set(item.order_id, []);
    itemsOf.get(item.order_id).push(item);
  }
  const byNumber = new Map();
  for (const order of orders) byNumber.set(order.order_number, [...(byNumber.get(order.order_number) ?? []), order]);
  let lines = 0;
  for (const want of expected) {
    const found = byNumber.get(want.orderNumber) ?? [];
    if (found.length !== 1) {
      problems.push(`${want.orderNumber}: ${found.length} rows`);
      continue;
    }
    const order = found[0];
    const own = itemsOf.get(order.id) ?? [];
    lines += own.length;
    const where = `${want.orderNumber}`;
    if (order.id !== want.orderId) problems.push(`${where}: id ${order.id}, the customer was told ${want.orderId}`);
    if (order.state !== 'placed') problems.push(`${where}: state ${order.state}`);
    if (order.user_id !== want.userId) problems.push(`${where}: user ${order.user_id}, placed by ${want.userId}`);
    if (own.length === 0) problems.push(`${where}: no lines`);
    let sum = 0;
    for (const item of own) {
      if (item.unit_price_cents === null || item.total_cents !== item.quantity * item.unit_price_cents) {
        problems.push(`${where}: line of variation ${item.variation_id} totals ${item.total_cents}, not ${item.quantity} × ${item.unit_price_cents}`);
      }
      sum += item.quantity * (item.unit_price_cents ?? 0);
      if (want.lines.get(item.variation_id) !== item.quantity) problems.push(`${where}: variation ${item.variation_id} × ${item.quantity}, the checkout showed ${want.lines.get(item.variation_id) ?? 0}`);
    }
    if (own.length !== want.lines.size) problems.push(`${where}: ${own.length} lines, the checkout showed ${want.lines.size}`);
    if (sum !== order.subtotal_cents) problems.push(`${where}: subtotal ${order.subtotal_cents}, lines add up to ${sum}`);
    const adjustments = (order.adjustments ?? []).reduce((a, adj) => a + adj.amountCents, 0);
    if (order.total_cents !== order.subtotal_cents + adjustments) problems.push(`${where}: total ${order.total_cents}, subtotal + shipping + VAT is ${order.subtotal_cents + adjustments}`);
    if (order.subtotal_cents !== want.subtotalCents || order.total_cents !== want.totalCents) {
      problems.push(`${where}: ${order.subtotal_cents} / ${order.total_cents} cents, the checkout showed ${want.subtotalCents} / ${want.totalCents}`);
    }
  }
  const placedAfter = Number((await db.query("select count(*) as n from orders where state <> 'draft'")).rows[0].n);
  const { rows: strangers } = await db.query(`select order_number from orders where placed_at >= $1 and not (order_number = any($2::text[]))`, [wallClockStart, numbers]);
  if (placedAfter - placedBefore !== expected.length) problems.push(`${placedAfter - placedBefore} orders placed in the database during the run, ${expected.length} answered to the customers`);
  if (strangers.length > 0) problems.push(`placed during the run but not answered: ${strangers.map((r) => r.order_number).join(', ')}`);
  const { rows: duplicates } = await db.query(`select order_number from orders where order_number is not null group by order_number having count(*) > 1`);
  if (duplicates.length > 0) problems.push(`order numbers in the database more than once: ${duplicates.map((r) => r.order_number).join(', ')}`);
  return { ok: problems.length === 0, problems, orders: expected.length, found: orders.length, lines, newInDatabase: placedAfter - placedBefore };
}

function report({ result, rec, notes, memory, memoryAtStart, memoryBeforeLoad, memoryAtEnd, consistency, loadBefore, loadAfter, windowSeconds }) {
  const { elapsed } = result;
  const all = [];
  let errors = 0;
  const rows = [...rec.steps.values()].map((step) => {
    const sorted = step.latencies.sort((a, b) => a - b);
    all.push(...sorted);
    errors += step.errors;
    const count = sorted.length + step.errors;
    return `| ${step.name} | ${count.toLocaleString('en-US')} | ${(count / elapsed).toFixed(1)} | ${Math.round(percentile(sorted, 50))} | ${Math.round(percentile(sorted, 97.5))} | ${Math.round(percentile(sorted, 99))} | ${step.errors} |`;
  });
  all.sort((a, b) => a - b);
  const total = all.length + errors;
  const stepTable = [
    '| step | count | req/s | p50 ms | p97.5 ms | p99 ms | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    `| **all requests** | ${total.toLocaleString('en-US')} | ${(total / elapsed).toFixed(1)} | ${Math.round(percentile(all, 50))} | ${Math.round(percentile(all, 97.5))} | ${Math.round(percentile(all, 99))} | ${errors} |`,
  ].join('\n');

  // The timeline: per window the throughput, p99 over all steps and the last memory sample in it.
  const timeline = [
    '| from s | req/s | orders | p99 ms | errors | RSS MB | heap used MB |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...Array.from(rec.windows, (w, i) => {
      const from = i * windowSeconds;
      const length = Math.max(0.001, Math.min(windowSeconds, elapsed - from));
      const sorted = (w?.latencies ?? []).sort((a, b) => a - b);
      const sample = memory.filter((m) => m.at < from + windowSeconds).at(-1);
      return `| ${from} | ${Math.round(((w?.latencies.length ?? 0) + (w?.errors ?? 0)) / length)} | ${w?.orders ?? 0} | ${Math.round(percentile(sorted, 99))} | ${w?.errors ?? 0} | ${sample ? mb(sample.rss) : ''} | ${sample ? mb(sample.heapUsed) : ''} |`;
    }),
  ].join('\n');

  const perMinute = (key, points) => (slope(points.map((m) => ({ x: m.at, y: m[key] }))) * 60) / 2 ** 20;
  const secondHalf = memory.filter((m) => m.at >= elapsed / 2);
  const trend = (key) =>
    `${perMinute(key, memory) >= 0 ? '+' : ''}${perMinute(key, memory).toFixed(1)} MB/min over the run, ${perMinute(key, secondHalf) >= 0 ? '+' : ''}${perMinute(key, secondHalf).toFixed(1)} MB/min over its second half`;
  const during = (key) => `${mb(Math.min(...memory.map((m) => m[key])))}–${mb(Math.max(...memory.map((m) => m[key])))}`;

  const c = consistency;
  const consistencyText = c.ok
    ? `passed: all ${c.orders.toLocaleString('en-US')} orders the customers saw placed are in the database exactly once (${c.lines.toLocaleString('en-US')} lines), placed, by the customer who placed them, with the lines and quantities the checkout showed; every line total is quantity × unit price, every subtotal the sum of its lines, every total the subtotal plus shipping and VAT, and each equals what the checkout showed; ${c.newInDatabase.toLocaleString('en-US')} orders were placed in the database during the run (as many as answered), and no order number occurs twice.`
    : `**failed** (${c.problems.length} problems; ${c.orders} orders answered, ${c.found} found, ${c.newInDatabase} new in the database):\n\n${c.problems
        .slice(0, 20)
        .map((p) => `- ${p}`)
        .join('\n')}`;

  const title = result.mode === 'soak' ? 'Soak: mixed load for a long run' : 'Mixed load';
  const command = result.mode === 'soak' ? 'npm run bench -- --soak' : 'npm run bench -- --mixed';
  const short = result.mode === 'soak' && result.seconds < 600 ? ` **Shortened run (BENCH_SOAK_SECONDS=${result.seconds}), not the 10-minute soak.**` : '';
  const cpus = os.cpus();
  return `## ${title} (PostgreSQL)

Written by \`${command}\` (scripts/bench-mixed.mjs) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.${short}
${process.env.BENCH_NOTE ? `\n${process.env.BENCH_NOTE}\n` : ''}
PostgreSQL ${result.version}, demo scale ${result.scale}: ${result.products.toLocaleString('en-US')} products; the shop started in ${result.startSeconds.toFixed(1)} s.
${result.customers} customers of all price lists, logged in once before the run (${result.loginSeconds.toFixed(1)} s), then
${result.connections} connections without think time for ${Math.round(elapsed)} s, each a browser working through its
own customers one session at a time: an assortment page (60 % one of the first 20), a search (half the
fixed terms of the route benchmark, half word starts from product names seen), a product detail, each
with the upcoming price changes of its products, 1-3 products added to the cart; every ${ordinal(result.orderEvery)} session
of a customer (staggered over the customers) checks out (cart, relation once, shipping and payment
methods, the three choices, place on account, the completed order), a third of the others view the cart. ${notes.sessions.toLocaleString('en-US')} sessions, ${c.orders.toLocaleString('en-US')} orders
placed (${(c.orders / (elapsed / 60)).toFixed(1)} a minute). Latencies in milliseconds as the client measured them; errors count
non-2xx answers and failed requests.

Machine: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; the load generator shares the cores.
Load average before the start: ${loadBefore}; after the run: ${loadAfter}.

${stepTable}

Not in the table: ${notes.dateProbes} delivery-date look-ups (first accepted date per pattern of delivery days,
tried day by day on the set-delivery-date call, 400 answers expected), ${notes.dateRetries} delivery dates asked again after
the earliest date moved on, ${notes.emptyCarts} checkouts skipped for an empty cart.

Server memory (process.memoryUsage() over IPC from a probe loaded into the server process; no HTTP endpoint),
idle and after a full collection: RSS ${mb(memoryAtStart.rss)} MB after the start, ${mb(memoryBeforeLoad.rss)} MB with the customers logged in,
${mb(memoryAtEnd.rss)} MB after the run; heap used ${mb(memoryAtStart.heapUsed)}, ${mb(memoryBeforeLoad.heapUsed)} and ${mb(memoryAtEnd.heapUsed)} MB. During the run (every
${numberFrom('BENCH_MEMORY_SECONDS', 10)} s, no collection forced) RSS ${during('rss')} MB, ${trend('rss')};
heap used ${during('heapUsed')} MB, ${trend('heapUsed')} (heap used rises and falls with the
collections: compare the figures after a full collection).

${timeline}

Consistency check ${consistencyText}
`;
}

const ordinal = (n) => (n === 1 ? '' : n === 2 ? '2nd' : n === 3 ? '3rd' : `${n}th`);
