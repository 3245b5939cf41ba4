// The cart and checkout scenarios of `npm run bench` (issue 5): add to cart at 20 connections
// (autocannon, each request as one of many customers) and placing orders (a custom loop: every
// order needs a cart and checkout choices first; only the place call is timed).
//
// Used by scripts/bench.mjs; asserts nothing.
import autocannon from 'autocannon';
import { acceptedDate, API, BROWSER_HEADERS, call, customerNames, percentile, session, settle } from './bench-lib.mjs';

/** Variation ids the customers can buy from one piece (the first page of the assortment). */
async function buyableVariations(base, who) {
  const res = await fetch(
    `${base}${API}/jsonapi/index/products/?jsonapi_include=1&filter[entity_type]=commerce_product&page[offset]=0&page[limit]=200`,
    { headers: { cookie: who.cookie } },
  );
  const { data } = await res.json();
  return data
    .filter((p) => p.scaled_prices.length > 0 && p.scaled_prices[0].quantity === 1)
    .map((p) => p.variations[0].drupal_internal__variation_id);
}

/**
 * Runs both scenarios against a started shop. Answers rows in the shape of scripts/bench.mjs.
 */
export async function cartScenarios(base, { seconds, customers = 40, addConnections = 20, placeConnections = 10 }) {
  const names = await customerNames(base, customers, { pricelists: ['STANDAARD'] });
  if (names.length < 4) throw new Error(`only ${names.length} STANDAARD customers to bench the cart with`);
  const sessions = [];
  for (const name of names) sessions.push(await session(base, name));
  const variations = await buyableVariations(base, sessions[0]);
  if (variations.length === 0) throw new Error('no product to add to a cart');
  const rows = [];

  // Add to cart: each request one customer adding one of 50 products, round robin. A first run
  // of 2 s is not counted: it makes the customers' carts and prepares the cart statements on
  // each pooled database connection, as a shop that has been running has done long before (the
  // catalogue routes get the same from their run at 10 connections before the one at 50).
  let n = 0;
  const addRun = (duration) => autocannon({
    url: `${base}${API}/cart/add?_format=json`,
    method: 'POST',
    connections: addConnections,
    duration,
    requests: [
      {
        setupRequest: (request) => {
          const who = sessions[n % sessions.length];
          const variation = variations[(n * 7) % Math.min(50, variations.length)];
          n += 1;
          request.headers = { ...request.headers, ...BROWSER_HEADERS, cookie: who.cookie, 'x-csrf-token': who.csrf, 'content-type': 'application/json' };
          request.body = JSON.stringify([{ purchased_entity_type: 'commerce_product_variation', purchased_entity_id: variation, quantity: 1, combine: true }]);
          return request;
        },
      },
    ],
  });
  await settle(base);
  const warm = await addRun(2);
  await settle(base);
  const add = await addRun(seconds);
  rows.push({
    route: `add to cart (${sessions.length} customers, 50 products, after 2 s not counted)`,
    connections: addConnections,
    rps: Math.round(add.requests.average),
    p50: add.latency.p50,
    p975: add.latency.p97_5,
    p99: add.latency.p99,
    // errors of the first run count too
    errors: add.errors + add.timeouts + add.non2xx + warm.errors + warm.timeouts + warm.non2xx,
  });

  // Place order: each worker is one customer at a time, preparing a cart of 5 lines and its
  // checkout choices (not timed), then placing it (timed), for `seconds` of placing.
  await settle(base);
  const latencies = [];
  let errors = 0;
  const deadline = Date.now() + seconds * 1000;
  async function worker(w) {
    for (let round = 0; Date.now() < deadline; round++) {
      const who = sessions[(w + round * placeConnections) % sessions.length];
      const lines = [0, 1, 2, 3, 4].map((i) => ({
        purchased_entity_type: 'commerce_product_variation',
        purchased_entity_id: variations[(w * 5 + i + round) % variations.length],
        quantity: 1 + ((round + i) % 12),
        combine: true,
      }));
      const added = await call(base, who, 'POST', '/cart/add?_format=json', lines);
      if (added.status !== 200) {
        errors += 1;
        continue;
      }
      const orderId = added.body[0]?.order_id;
      await call(base, who, 'POST', `/api/checkout/${orderId}/set-shipping`, { method: 'delivery' });
      await call(base, who, 'POST', `/api/checkout/${orderId}/set-payment`, { method: 'on_account' });
      who.date ??= await acceptedDate(base, who, orderId);
      await call(base, who, 'POST', `/api/checkout/${orderId}/set-delivery-date`, { date: who.date });
      const started = performance.now();
      const placed = await call(base, who, 'POST', `/api/checkout/${orderId}/place`, { terms_accepted: true });
      const ms = performance.now() - started;
      if (placed.status === 200) latencies.push(ms);
      else errors += 1;
    }
  }
  const began = Date.now();
  await Promise.all(Array.from({ length: placeConnections }, (_, w) => worker(w)));
  const sorted = latencies.sort((a, b) => a - b);
  const elapsed = (Date.now() - began) / 1000;
  rows.push({
    // req/s here: orders placed per second, each with its cart and checkout choices made first.
    route: `place order (5 lines, on account; ${latencies.length} orders, carts made first)`,
    connections: placeConnections,
    rps: Math.round(latencies.length / elapsed),
    p50: Math.round(percentile(sorted, 50)),
    p975: Math.round(percentile(sorted, 97.5)),
    p99: Math.round(percentile(sorted, 99)),
    errors,
  });
  return rows;
}
