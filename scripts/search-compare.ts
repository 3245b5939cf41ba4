// Issue 41 point 3: the shop's search engine (decision 025) beside two simpler paths, on the demo
// catalogue as the shop makes it (search-source.ts):
//   - our engine (modules/search);
//   - minisearch, tuned: the shop's words (search-text.ts) and stems, typing errors only for
//     words of 5 letters and more (1, 2 from 8), a prefix only on the last word, exact matches
//     weighted above prefixes and typing errors, the title and article number boosted;
//   - PostgreSQL: each typed word expanded into the catalogue's words with pg_trgm (typing
//     errors, words of 5 letters and more, when the word is not in the catalogue), then one
//     tsvector query (title weight A, texts D), exact words first, article numbers by prefix.
// For each: precision on the relevance cases (modules/search/relevance-cases.ts: one expected
// product in the top 3) at the test scale they were written for and at the compared scale (an
// expected product there: one of the same title, expectedAt), the
// time of a search (the first page of 15 and the number of all matches) over fresh terms made
// as the bench makes them (bench-search.mjs freshTerms; 200 others first, untimed), and the
// memory the index takes.
//
//   npx tsx scripts/search-compare.ts
//
//   COMPARE_SCALE         demo scale of the timed catalogue (default 50: 20,000 products)
//   COMPARE_TERMS         fresh terms timed per engine (default 1,000)
//   COMPARE_DATABASE_URL  a PostgreSQL server database next to which `search_compare` is made and
//                         dropped again (default postgres://postgres@127.0.0.1:5432/test)
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import MiniSearch from 'minisearch';
import pg from 'pg';
import type { Lang } from '../src/server/plugins/language';
import { RELEVANCE_CASES } from '../src/server/modules/search/relevance-cases';
import { buildSearchIndex, indexBytes, type SearchDocument, type SearchSource } from '../src/server/modules/search/search-index';
import { bestAndAll } from '../src/server/modules/search/search-match';
import { htmlWords, isNumber, queryWords, stem, words } from '../src/server/modules/search/search-text';
import { newScratch } from '../src/server/modules/search/word-match';
import { TEST_SCALE } from '../src/server/test/database';
import { freshTerms } from './bench-search.mjs';
import { demoSearchSource } from './search-source';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const SCALE = Number(process.env.COMPARE_SCALE ?? 50);
const TERMS = Number(process.env.COMPARE_TERMS ?? 1000);
const SERVER_URL = process.env.COMPARE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DATABASE = 'search_compare';
const PAGE = 15;
const LANGS: Lang[] = ['nl', 'en'];

/** A search's first page (article numbers, best first) and the number of all matches. */
type Answer = { skus: string[]; count: number };
interface Engine {
  name: string;
  search(lang: Lang, term: string): Promise<Answer> | Answer;
  close?(): Promise<void>;
}

const texts = (d: SearchDocument, lang: Lang) => ({
  title: lang === 'en' ? d.titleEn : d.titleNl,
  body: [...htmlWords(lang === 'en' ? d.descriptionEn : d.descriptionNl), ...htmlWords(lang === 'en' ? d.specificationsEn : d.specificationsNl)].join(' '),
});

function heapUsed(): number {
  gc();
  gc();
  // Typed arrays (our posting lists) live outside the JavaScript heap.
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

async function ourEngine(source: SearchSource): Promise<Engine & { bytes: number; estimated: number }> {
  const before = heapUsed();
  const index = await buildSearchIndex(source);
  const bytes = heapUsed() - before;
  const skuOf = skuById(source);
  // One scratch for every search, as the search service keeps it.
  const scratch = newScratch(index.ids.length);
  return {
    name: 'our engine',
    bytes,
    estimated: indexBytes(index),
    search(lang, term) {
      const typed = queryWords(term);
      if (typed.length === 0) return { skus: [], count: 0 };
      const { all, best } = bestAndAll(index, { lang, words: typed, descending: false }, scratch, PAGE);
      return { skus: Array.from(best, (id) => skuOf.get(id) ?? ''), count: all.length };
    },
  };
}

const skuMaps = new WeakMap<SearchSource, Map<number, string>>();
function skuById(source: SearchSource): Map<number, string> {
  let map = skuMaps.get(source);
  if (!map) {
    map = new Map(source.documents.map((d) => [d.id, d.sku]));
    skuMaps.set(source, map);
  }
  return map;
}

const typoDistance = (term: string) => (term.length >= 8 ? 2 : term.length >= 5 ? 1 : false);

function miniSearch(source: SearchSource): Engine & { bytes: number } {
  const before = heapUsed();
  const byLang = new Map(
    LANGS.map((lang) => {
      const engine = new MiniSearch<{ id: number; title: string; body: string; sku: string; ean: string }>({
        fields: ['title', 'body', 'sku', 'ean'],
        // The shop's words (folded, letters and digits apart), each indexed also by its stem.
        tokenize: (text) => words(text),
        processTerm: (term) => {
          const stemmed = stem(term, lang);
          return stemmed === term ? term : [term, stemmed];
        },
        searchOptions: {
          combineWith: 'AND',
          tokenize: (text) => queryWords(text),
          processTerm: (term) => term,
          prefix: (_term, i, terms) => i === terms.length - 1,
          fuzzy: (term) => typoDistance(term),
          weights: { prefix: 0.4, fuzzy: 0.1 },
          boost: { title: 3, sku: 20, ean: 20 },
        },
      });
      engine.addAll(source.documents.map((d) => ({ id: d.id, ...texts(d, lang), sku: d.sku, ean: d.ean ?? '' })));
      return [lang, engine] as const;
    }),
  );
  const bytes = heapUsed() - before;
  const skuOf = skuById(source);
  return {
    name: 'minisearch (tuned)',
    bytes,
    search(lang, term) {
      const engine = byLang.get(lang)!;
      // A typed word is also found by its stem ('bonen' by the stem of 'boon'), as in our engine.
      const typed = queryWords(term);
      if (typed.length === 0) return { skus: [], count: 0 };
      const results = engine.search({
        combineWith: 'AND',
        queries: typed.map((word, i) => {
          const last = i === typed.length - 1;
          const stemmed = stem(word, lang);
          const forms = stemmed === word || isNumber(word) ? [word] : [word, stemmed];
          return { combineWith: 'OR', queries: forms, prefix: last, fuzzy: typoDistance(word) };
        }),
      });
      return { skus: results.slice(0, PAGE).map((r) => skuOf.get(r.id as number) ?? ''), count: results.length };
    },
  };
}

/** PostgreSQL: the catalogue in its own database, words expanded with pg_trgm, then one tsvector query. */
async function postgres(source: SearchSource): Promise<(Engine & { bytes: number }) | null> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  try {
    await admin.connect();
  } catch (err) {
    console.log(`PostgreSQL not reached (${(err as Error).message}): left out.`);
    return null;
  }
  await admin.query(`drop database if exists ${DATABASE}`);
  await admin.query(`create database ${DATABASE}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${DATABASE}`;
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  await db.query('create extension pg_trgm; create extension fuzzystrmatch');
  const config = (lang: Lang) => (lang === 'en' ? 'english' : 'dutch');
  for (const lang of LANGS) {
    await db.query(`create table docs_${lang} (id int primary key, sku text not null, ean text, doc tsvector not null)`);
    await db.query(`create table words_${lang} (word text primary key)`);
    const vocabulary = new Set<string>();
    for (let i = 0; i < source.documents.length; i += 2000) {
      const batch = source.documents.slice(i, i + 2000);
      const title = batch.map((d) => words(texts(d, lang).title).join(' '));
      const body = batch.map((d) => texts(d, lang).body);
      for (const text of [...title, ...body]) for (const word of text.split(' ')) if (word) vocabulary.add(word);
      await db.query(
        `insert into docs_${lang} (id, sku, ean, doc)
         select id, sku, ean, setweight(to_tsvector('${config(lang)}', title), 'A') || setweight(to_tsvector('${config(lang)}', body), 'D')
         from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[]) as t(id, sku, ean, title, body)`,
        [batch.map((d) => d.id), batch.map((d) => d.sku), batch.map((d) => d.ean), title, body],
      );
    }
    await db.query(`insert into words_${lang} select unnest($1::text[])`, [[...vocabulary]]);
    await db.query(`create index on docs_${lang} using gin (doc)`);
    await db.query(`create index on docs_${lang} (sku text_pattern_ops)`);
    await db.query(`create index on words_${lang} using gin (word gin_trgm_ops)`);
    await db.query(`create index on words_${lang} (word text_pattern_ops)`);
    await db.query(`analyze docs_${lang}; analyze words_${lang}`);
  }
  const { rows: sizes } = await db.query<{ bytes: string }>(
    `select sum(pg_total_relation_size(c.oid))::bigint as bytes from pg_class c where c.relname in ('docs_nl', 'docs_en', 'words_nl', 'words_en')`,
  );

  /** Per typed word of 5 letters and more that is not a catalogue word (or, the last, a start of one): its close catalogue words. */
  async function expansions(lang: Lang, typed: string[]): Promise<string[][]> {
    const { rows } = await db.query<{ i: number; word: string }>(
      `select t.i::int as i, w.word
       from unnest($1::text[]) with ordinality as t(typed, i)
       cross join lateral (
         select word from words_${lang}
         where length(t.typed) >= 5 and t.typed !~ '^[0-9]+$'
           and not exists (select 1 from words_${lang} x where x.word = t.typed or (t.i = $2 and x.word like t.typed || '%'))
           and word % t.typed
           and levenshtein_less_equal(word, t.typed, case when length(t.typed) >= 8 then 2 else 1 end) <= case when length(t.typed) >= 8 then 2 else 1 end
         order by word <-> t.typed
         limit 8) as w`,
      [typed, typed.length],
    );
    const out = typed.map(() => [] as string[]);
    for (const row of rows) out[row.i - 1]?.push(row.word);
    return out;
  }

  return {
    name: 'PostgreSQL (pg_trgm + tsvector)',
    bytes: Number(sizes[0]?.bytes ?? 0),
    async search(lang, term) {
      const typed = queryWords(term);
      if (typed.length === 0) return { skus: [], count: 0 };
      const close = await expansions(lang, typed);
      const params: unknown[] = [];
      const param = (value: unknown) => {
        params.push(value);
        return `$${params.length}`;
      };
      const cfg = `'${config(lang)}'::regconfig`;
      // Each typed word as itself (the last also as a start) or one of its close catalogue words.
      const forms = typed.map((word, i) => `(${[i === typed.length - 1 ? `${word}:*` : word, ...(close[i] ?? [])].join(' | ')})`);
      const conditions: string[] = [];
      // The words in one query: the language's stop words in it are ignored.
      const text = forms.filter((_form, i) => !isNumber(typed[i] ?? ''));
      if (text.length > 0) conditions.push(`doc @@ to_tsquery(${cfg}, ${param(text.join(' & '))})`);
      const numbers = typed.filter(isNumber);
      for (const word of numbers) {
        const start = param(`${word}%`);
        conditions.push(`(doc @@ to_tsquery(${cfg}, ${param(`${word}:*`)}) or sku like ${start}${word.length >= 6 ? ` or ean like ${start}` : ''})`);
      }
      const order = [
        ...(numbers.length ? [`(sku = any(${param(numbers)}::text[])) desc`, `(sku like any(${param(numbers.map((n) => `${n}%`))}::text[])) desc`] : []),
        // Exact words first, then the rank of every form.
        `(doc @@ plainto_tsquery(${cfg}, ${param(typed.join(' '))})) desc`,
        `ts_rank(doc, to_tsquery(${cfg}, ${param(forms.join(' | '))})) desc`,
        'sku',
      ];
      const { rows } = await db.query<{ sku: string; total: string }>(
        `select sku, count(*) over () as total from docs_${lang} where ${conditions.join(' and ')} order by ${order.join(', ')} limit ${PAGE}`,
        params,
      );
      return { skus: rows.map((r) => r.sku), count: Number(rows[0]?.total ?? 0) };
    },
    async close() {
      await db.end();
      await admin.query(`drop database if exists ${DATABASE}`);
      await admin.end();
    },
  };
}

/**
 * The relevance cases name article numbers of the test-scale catalogue; a larger scale numbers
 * its products otherwise. There, a case's expected products are those with the title (in the
 * case's language) of one it names at the test scale.
 */
function expectedAt(source: SearchSource): (lang: Lang, expected: string[], sku: string) => boolean {
  const titleOf = (docs: SearchDocument[], lang: Lang) => new Map(docs.map((d) => [d.sku, lang === 'en' ? d.titleEn : d.titleNl]));
  const named = { nl: titleOf(small.documents, 'nl'), en: titleOf(small.documents, 'en') };
  const here = { nl: titleOf(source.documents, 'nl'), en: titleOf(source.documents, 'en') };
  return (lang, expected, sku) => {
    const title = here[lang].get(sku);
    return expected.some((want) => want === sku || (source !== small && named[lang].get(want) === title));
  };
}

async function precision(engine: Engine, source: SearchSource): Promise<{ precision: number; misses: string[] }> {
  const misses: string[] = [];
  const isExpected = expectedAt(source);
  for (const c of RELEVANCE_CASES) {
    const { skus } = await engine.search(c.lang, c.query);
    const top = skus.slice(0, 3);
    if (!top.some((sku) => isExpected(c.lang, c.expected, sku))) misses.push(`${c.lang} "${c.query}": ${top.join(', ') || 'nothing'}`);
  }
  return { precision: (RELEVANCE_CASES.length - misses.length) / RELEVANCE_CASES.length, misses };
}

/** Searches before the timed ones (other fresh terms): the first searches of a process compile the code. */
const WARM_UP = 200;

async function timings(engine: Engine, terms: { lang: Lang; term: string }[], warmUp: { lang: Lang; term: string }[]): Promise<{ p50: number; p99: number; max: number }> {
  for (const { lang, term } of warmUp) await engine.search(lang, term);
  const times: number[] = [];
  for (const { lang, term } of terms) {
    const started = performance.now();
    await engine.search(lang, term);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? 0;
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return { p50: round(at(50)), p99: round(at(99)), max: round(times[times.length - 1] ?? 0) };
}

const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

/** The three engines on one catalogue; each closed before the next is made (memory is measured one at a time). */
async function* engines(source: SearchSource) {
  yield await ourEngine(source);
  yield miniSearch(source);
  const database = await postgres(source);
  if (database) yield database;
}

const small = demoSearchSource(TEST_SCALE);
const large = demoSearchSource(SCALE);
const { terms: allTerms } = freshTerms({
  nl: large.documents.map((d) => ({ title: d.titleNl, sku: d.sku })),
  en: large.documents.map((d) => ({ title: d.titleEn, sku: d.sku })),
});
const terms = allTerms.slice(0, TERMS);
const warmUp = allTerms.slice(TERMS, TERMS + WARM_UP);
console.log(
  `Catalogues: ${small.documents.length.toLocaleString('en-US')} products (test scale ${TEST_SCALE}, the relevance cases' own) and ${large.documents.length.toLocaleString('en-US')} (scale ${SCALE}); ${RELEVANCE_CASES.length} relevance cases; ${terms.length.toLocaleString('en-US')} fresh terms timed (of ${allTerms.length.toLocaleString('en-US')}).`,
);

const testScale = new Map<string, { precision: number; misses: string[] }>();
for await (const engine of engines(small)) {
  testScale.set(engine.name, await precision(engine, small));
  await engine.close?.();
}
const rows: string[] = [];
for await (const engine of engines(large)) {
  const relevance = await precision(engine, large);
  const time = await timings(engine, terms, warmUp);
  const atTest = testScale.get(engine.name);
  const estimated = 'estimated' in engine ? ` (counted by indexBytes: ${mb(engine.estimated as number)} MB)` : '';
  const memory = engine.name.startsWith('PostgreSQL') ? `${mb(engine.bytes)} MB on disk (tables and indexes)` : `${mb(engine.bytes)} MB heap and buffers${estimated}`;
  rows.push(`| ${engine.name} | ${atTest?.precision.toFixed(3)} | ${relevance.precision.toFixed(3)} | ${time.p50} | ${time.p99} | ${time.max} | ${memory} |`);
  console.log(`\n${engine.name}: precision ${atTest?.precision.toFixed(3)} at the test scale, ${relevance.precision.toFixed(3)} at scale ${SCALE}; p50 ${time.p50} ms, p99 ${time.p99} ms, max ${time.max} ms; ${memory}`);
  if (atTest?.misses.length) console.log(`  misses at the test scale: ${atTest.misses.join('; ')}`);
  if (relevance.misses.length) console.log(`  misses at scale ${SCALE}: ${relevance.misses.join('; ')}`);
  await engine.close?.();
}
console.log(
  [
    '',
    `| engine | precision (test scale ${TEST_SCALE}) | precision (scale ${SCALE}) | p50 ms | p99 ms | max ms | memory |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows,
  ].join('\n'),
);
