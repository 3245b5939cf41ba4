// Issue 20: search with terms the shop has never seen, each used once per run (scripts/bench.mjs).
// The terms are made from the product names the way customers type them: whole words, word
// starts, a typing error (two letters swapped, one left out or doubled), two words, sizes and
// pack sizes ('15 cm', '6 x 50') and article number starts. No term is asked twice in a run, so
// no answer comes from a cache of an earlier identical request; each run takes its own slice.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { BROWSER_HEADERS, listPath, session, settle, startShop } from './bench-lib.mjs';

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

/** CPU time the process has used, in ms (Linux /proc; null elsewhere). */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, fields 14 and 15 of stat, in clock ticks (100 a second).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** CPU time so far of each PostgreSQL backend serving `databaseUrl`'s database, by pid. */
async function backendsCpu(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return new Map(rows.map((r) => [r.pid, cpuMs(r.pid) ?? 0]));
  } finally {
    await client.end();
  }
}

/** PostgreSQL's CPU time between two readings (backends that ended between them are missed). */
const backendsSpent = (before, after) => [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

/**
 * One run: each term once (autocannon stops after the last), at `connections`. With the shop's
 * `pid`, also the shop's CPU time per request: unlike req/s and latency, hardly moved by other
 * work on a shared machine.
 */
export async function searchRun(base, cookie, terms, connections, name, pid, databaseUrl) {
  await settle(base);
  const cpuBefore = pid ? cpuMs(pid) : null;
  const databaseBefore = databaseUrl ? await backendsCpu(databaseUrl) : null;
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
  const cpuAfter = pid ? cpuMs(pid) : null;
  const databaseSpent = databaseBefore ? backendsSpent(databaseBefore, await backendsCpu(databaseUrl)) : null;
  const answered = result.requests.total;
  return {
    route: name,
    connections,
    cpuPerRequest: cpuBefore !== null && cpuAfter !== null && answered > 0 ? Math.round(((cpuAfter - cpuBefore) / answered) * 100) / 100 : null,
    databaseCpuPerRequest: databaseSpent !== null && answered > 0 ? Math.round((databaseSpent / answered) * 100) / 100 : null,
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
export async function searchRuns(base, cookie, terms, connectionCounts, { perRun, label, pid, databaseUrl }) {
  const rows = [];
  for (const [k, connections] of connectionCounts.entries()) {
    const slice = terms.slice(k * perRun, (k + 1) * perRun);
    const row = await searchRun(base, cookie, slice, connections, `search, fresh terms, ${label} (${slice.length.toLocaleString('en-US')} distinct, each once)`, pid, databaseUrl);
    rows.push(row);
    console.log(`  ${row.route}, ${connections} conn: ${row.rps} req/s, p99 ${row.p99} ms, errors ${row.errors} ${JSON.stringify(row.errorKinds)}, CPU a request: shop ${row.cpuPerRequest} ms, PostgreSQL ${row.databaseCpuPerRequest} ms`);
  }
  return rows;
}

/**
 * The same fresh terms (the first `legacyTerms` of each run's slice) on the PostgreSQL full-text
 * search that the index replaced (SEARCH_ENGINE=legacy), side by side in the same bench run: a
 * second shop on the same PostgreSQL database, or on PGlite a fresh one.
 */
export async function legacySearchRuns({ port, scale, env, terms, perRun, legacyTerms, connectionCounts }) {
  console.log('  the replaced full-text search (SEARCH_ENGINE=legacy): starting a second shop ...');
  const base = `http://127.0.0.1:${port}`;
  const shop = await startShop({ port, scale, env: { ...env, SEARCH_ENGINE: 'legacy' } });
  try {
    const { cookie } = await session(base, 'demo');
    const slices = connectionCounts.flatMap((_, k) => terms.slice(k * perRun, k * perRun + legacyTerms));
    return await searchRuns(base, cookie, slices, connectionCounts, {
      perRun: legacyTerms,
      label: 'PostgreSQL full-text (before)',
      pid: shop.pid,
      databaseUrl: env.DATABASE_URL,
    });
  } finally {
    await shop.stop();
  }
}
