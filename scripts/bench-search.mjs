// Issue 20: search with terms the shop has never seen, each used once per run (scripts/bench.mjs).
// The terms are made from the product names the way customers type them: whole words, word
// starts, a typing error (two letters swapped, one left out or doubled), two words, sizes and
// pack sizes ('15 cm', '6 x 50') and article number starts. No term is asked twice in a run, so
// no answer comes from a cache of an earlier identical request; each run takes its own slice.
import autocannon from 'autocannon';
import { BROWSER_HEADERS, listPath, settle } from './bench-lib.mjs';

/** Typing errors of a word of 5 letters or more: swapped, left out, doubled. */
function typos(word) {
  if (word.length < 5) return [];
  const i = Math.floor(word.length / 2);
  return [
    word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1),
    word.slice(0, 2) + word.slice(3),
    word.slice(0, i) + word[i] + word.slice(i),
  ];
}

/** A fixed shuffle (the same terms in the same order in every run of the bench). */
function shuffled(values) {
  const out = [...values];
  let seed = 20;
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Distinct search terms from products of the list answer (title, sku). */
export function freshTerms(products) {
  const terms = new Set();
  for (const product of products) {
    const title = product.title.toLowerCase();
    const words = title.split(/[^\p{L}]+/u).filter((w) => w.length >= 3);
    words.forEach((word, i) => {
      terms.add(word);
      for (let n = 3; n < Math.min(8, word.length); n++) terms.add(word.slice(0, n));
      for (const typo of typos(word)) terms.add(typo);
      const next = words[i + 1];
      if (next) {
        terms.add(`${word} ${next}`);
        terms.add(`${word} ${next.slice(0, 4)}`);
      }
    });
    for (const size of title.matchAll(/\d+(?:[.,]\d+)? ?(?:x \d+|cm|g|kg|ml|l)\b/g)) terms.add(`${words[words.length - 1] ?? ''} ${size[0]}`.trim());
    for (let n = 3; n <= product.sku.length; n++) terms.add(product.sku.slice(0, n));
  }
  return shuffled([...terms]);
}

/** One run: each term once (autocannon stops after the last), at `connections`. */
export async function searchRun(base, cookie, terms, connections, name) {
  await settle(base);
  let i = 0;
  const paths = terms.map((t) => listPath(0, 15, `&filter[fulltext]=${encodeURIComponent(t)}`));
  const result = await autocannon({
    url: `${base}${paths[0]}`,
    headers: { ...BROWSER_HEADERS, cookie },
    requests: [
      {
        setupRequest: (request) => {
          request.path = paths[i++ % paths.length];
          return request;
        },
      },
    ],
    connections,
    amount: paths.length,
  });
  return {
    route: name,
    connections,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    // What the errors were: timeouts (autocannon gives up after 10 s) or answers other than 2xx.
    errorKinds: { timeouts: result.timeouts, socket: result.errors - result.timeouts, statuses: Object.keys(result.statusCodeStats ?? {}).filter((code) => !code.startsWith('2')) },
  };
}

/**
 * The runs of one engine: per connection count its own slice of `terms` (`perRun` terms, at
 * least 600), so that no term comes back within the server's life either.
 */
export async function searchRuns(base, cookie, terms, connectionCounts, { perRun, label }) {
  const rows = [];
  for (const [k, connections] of connectionCounts.entries()) {
    const slice = terms.slice(k * perRun, (k + 1) * perRun);
    const row = await searchRun(base, cookie, slice, connections, `search, fresh terms, ${label} (${slice.length.toLocaleString('en-US')} distinct, each once)`);
    rows.push(row);
    console.log(`  ${row.route}, ${connections} conn: ${row.rps} req/s, p99 ${row.p99} ms, errors ${row.errors} ${JSON.stringify(row.errorKinds)}`);
  }
  return rows;
}
