// Issue 20: search with terms the shop has never seen, each used once per run (scripts/bench.mjs).
// The terms are made from the names of the whole catalogue, in Dutch and English, the way
// customers type them (`freshTerms`: words, word starts, typing errors, two and three words,
// sizes and pack sizes, article number starts). No term is asked twice in the server's life, so
// no answer comes from a cache of an earlier identical request; each run takes its own slice.
import os from 'node:os';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { API, BROWSER_HEADERS, listPath, settle } from './bench-lib.mjs';
import { cpuMs, cpuYardstick, pathsRun, stolenMs } from './bench-load.mjs';

/** Typing errors of a word of 5 letters or more, at every inner position: swapped, left out, doubled. */
function typos(word) {
  if (word.length < 5) return [];
  const out = [];
  for (let i = 1; i < word.length - 1; i++) {
    out.push(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2), word.slice(0, i) + word.slice(i + 1), word.slice(0, i) + word[i] + word.slice(i));
  }
  return out;
}

/** A fixed shuffle (the same terms in the same order in every run of the bench). */
function shuffled(values, seed = 20) {
  const out = [...values];
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The shop's own reading of a search (search-text.ts), loaded through tsx from the plain-JavaScript bench. */
const { queryWords } = await tsImport('../src/server/modules/search/search-text.ts', import.meta.url);

/** Two terms with the same words would be one search to the shop's match cache, so only one of them is used. */
const searchKey = (term) => queryWords(term).join(' ');

/** Full article numbers: at most this share of all terms (they find one product, the cheapest page). */
const FULL_ARTICLE_NUMBER_SHARE = 0.08;

/**
 * Distinct search terms from the whole catalogue, as customers type them, per language (`titles`:
 * { nl: [{ title, sku }], en: [...] } from the list answers): whole words, word starts, one
 * typing error (at any inner position), two words of a name (the second whole or its start, or
 * one of them with a typing error), three words in a row (the last whole or its start), a word
 * (whole, its start or with a typing error) with a size or pack size ('tortilla 15 cm',
 * 'tort 6 x 50'), article number starts, and a few full article numbers. A term is kept once
 * per language by the words the shop compares (`searchKey`), so no two requests of the server's
 * life ask the same search. Returns `{ terms: [{ lang, term }], mix }`, shuffled
 * (the same order in every run of the bench), `mix` counting the terms per kind.
 */
export function freshTerms(titles) {
  const pools = new Map();
  for (const [lang, products] of Object.entries(titles)) {
    const seen = new Set();
    const add = (kind, term) => {
      const key = searchKey(term);
      if (!key || seen.has(key)) return;
      seen.add(key);
      if (!pools.has(kind)) pools.set(kind, []);
      pools.get(kind).push({ lang, term });
    };
    for (const product of products) {
      const title = product.title.toLowerCase();
      const words = title.split(/[^\p{L}]+/u).filter((w) => w.length >= 3);
      words.forEach((word, i) => {
        add('word', word);
        for (let n = 3; n < Math.min(8, word.length); n++) add('word start', word.slice(0, n));
        for (const typo of typos(word)) add('word with a typo', typo);
        for (let j = i + 1; j < words.length; j++) {
          const other = words[j];
          add('two words', `${word} ${other}`);
          add('two words, the second a start', `${word} ${other.slice(0, 4)}`);
          const [wrongFirst, wrongSecond] = [typos(word), typos(other)];
          if (wrongFirst.length) add('two words, one with a typo', `${wrongFirst[(i * 7 + j) % wrongFirst.length]} ${other}`);
          if (wrongSecond.length) add('two words, one with a typo', `${word} ${wrongSecond[(i * 5 + j) % wrongSecond.length]}`);
        }
        const [second, third] = [words[i + 1], words[i + 2]];
        if (third) {
          add('three words', `${word} ${second} ${third}`);
          add('three words, the last a start', `${word} ${second} ${third.slice(0, 3)}`);
        }
      });
      for (const size of title.matchAll(/\d+(?:[.,]\d+)? ?(?:x \d+|cm|g|kg|ml|l)\b/g)) {
        words.forEach((word, i) => {
          add('a word and a size', `${word} ${size[0]}`);
          add('a word start and a size', `${word.slice(0, 4)} ${size[0]}`);
          const wrong = typos(word);
          if (wrong.length) add('a word with a typo and a size', `${wrong[i % wrong.length]} ${size[0]}`);
        });
      }
      for (let n = 3; n < product.sku.length; n++) add('article number start', product.sku.slice(0, n));
      add('full article number', product.sku);
    }
  }
  const full = shuffled(pools.get('full article number') ?? []);
  pools.delete('full article number');
  const others = [...pools.values()].reduce((sum, pool) => sum + pool.length, 0);
  pools.set('full article number', full.slice(0, Math.floor((others * FULL_ARTICLE_NUMBER_SHARE) / (1 - FULL_ARTICLE_NUMBER_SHARE))));
  const mix = Object.fromEntries([...pools].map(([kind, pool]) => [kind, pool.length]));
  return { terms: shuffled([...pools.values()].flat()), mix };
}

/**
 * Every product's name and article number in both languages, read as pages of 1,000: the
 * fresh-term searches are made from them (scripts/bench-search.mjs), and reading them warms the
 * product parts that a running shop has warm (a baseline shop reads them too, for the same start).
 */
export async function everyProduct(base, cookie, count) {
  const titles = { nl: [], en: [] };
  for (const lang of ['nl', 'en']) {
    for (let offset = 0; offset < count; offset += 1000) {
      const page = await fetch(`${base}${lang === 'en' ? `${API}/en` : API}${listPath(offset, 1000).slice(API.length)}`, { headers: { cookie } });
      if (!page.ok) throw new Error(`product list (${lang}) at ${offset}: ${page.status}`);
      titles[lang].push(...(await page.json()).data.map(({ title, sku }) => ({ title, sku })));
    }
  }
  return titles;
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
 * One run: each term once (the load generator stops after the last, bench-load.mjs), at `connections`. With the shop's
 * `pid`, also the shop's CPU time per request: unlike req/s and latency, hardly moved by other
 * work on a shared machine.
 */
export async function searchRun(base, cookie, terms, connections, name, pid, databaseUrl) {
  await settle(base);
  const yardstick = cpuYardstick();
  const cpuBefore = pid ? cpuMs(pid) : null;
  const stolenBefore = stolenMs();
  const databaseBefore = databaseUrl ? await backendsCpu(databaseUrl) : null;
  const paths = terms.map(({ lang, term }) => `${lang === 'en' ? `${API}/en` : API}${listPath(0, 15, `&filter[fulltext]=${encodeURIComponent(term)}`).slice(API.length)}`);
  const result = await pathsRun({ base, paths, headers: { ...BROWSER_HEADERS, cookie }, connections, once: true, openPath: `${API}/health` });
  const cpuAfter = pid ? cpuMs(pid) : null;
  const stolenAfter = stolenMs();
  const databaseSpent = databaseBefore ? backendsSpent(databaseBefore, await backendsCpu(databaseUrl)) : null;
  const { answered, seconds } = result;
  return {
    route: `${name}, ${result.generator}`,
    connections,
    cpuPerRequest: cpuBefore !== null && cpuAfter !== null && answered > 0 ? Math.round(((cpuAfter - cpuBefore) / answered) * 100) / 100 : null,
    databaseCpuPerRequest: databaseSpent !== null && answered > 0 ? Math.round((databaseSpent / answered) * 100) / 100 : null,
    generatorCpuPerRequest: result.generatorCpuPerRequest,
    // The lean generator's own garbage collection pauses in the run (a pause holds every answer in flight).
    generatorGcMaxMs: result.generatorGc?.maxMs ?? null,
    yardstick,
    // The share of the cores' time in the run that the host took away (steal), in percent.
    stolen:
      stolenBefore !== null && stolenAfter !== null && result.seconds > 0
        ? Math.round(((stolenAfter - stolenBefore) / (result.seconds * 1000 * os.cpus().length)) * 1000) / 10
        : null,
    rps: seconds > 0 ? Math.round(answered / seconds) : 0,
    seconds,
    p50: result.p50,
    p975: result.p975,
    p99: result.p99,
    errors: result.errors,
    errorKinds: result.errorKinds,
  };
}

/**
 * The runs of one engine: per connection count `repeats` runs, each on its own slice of `terms`
 * (`perRun` terms, at least 600), so that no term comes back within the server's life either.
 * One run's p99 moves by 20 % and more between runs of the same code on this shared machine
 * (docs/benchmarks.md): several runs per count show the spread.
 */
export async function searchRuns(base, cookie, terms, connectionCounts, { perRun, repeats = 1, label, pid, databaseUrl }) {
  const rows = [];
  for (const [k, connections] of connectionCounts.entries()) {
    for (let r = 0; r < repeats; r++) {
      const at = (k * repeats + r) * perRun;
      const slice = terms.slice(at, at + perRun);
      const which = repeats > 1 ? `; run ${r + 1} of ${repeats}` : '';
      const row = await searchRun(base, cookie, slice, connections, `search, fresh terms, ${label} (${slice.length.toLocaleString('en-US')} distinct, each once${which})`, pid, databaseUrl);
      rows.push(row);
      console.log(`  ${row.route}, ${connections} conn: ${row.rps} req/s over ${row.seconds?.toFixed(1)} s, p99 ${row.p99} ms, errors ${row.errors} ${JSON.stringify(row.errorKinds)}, CPU a request: shop ${row.cpuPerRequest} ms${row.databaseCpuPerRequest === null ? '' : `, PostgreSQL ${row.databaseCpuPerRequest} ms`}, load generator ${row.generatorCpuPerRequest} ms${row.generatorGcMaxMs === null ? '' : ` (its longest GC pause ${row.generatorGcMaxMs} ms)`}; yardstick ${row.yardstick} µs; stolen ${row.stolen} %`);
    }
  }
  return rows;
}
