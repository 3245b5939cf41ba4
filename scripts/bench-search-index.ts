// The search index alone (issue 20, decision 025), run by scripts/bench.mjs in a process of its
// own (`node --import tsx scripts/bench-search-index.ts SCALE`): builds the index of
// the demo catalogue at SCALE as the shop does (search-source.ts), and prints one JSON line with the build time,
// the memory its structures take (counted: words, posting bytes, arrays) and the time of each
// fresh-term search in memory.
import { buildSearchIndex, indexBytes } from '../src/server/modules/search/search-index';
import { rankedProductIds } from '../src/server/modules/search/search-match';
import { queryWords } from '../src/server/modules/search/search-text';
import { newScratch } from '../src/server/modules/search/word-match';
import { freshTerms } from './bench-search.mjs';
import { demoSearchSource } from './search-source';

const scale = Number(process.argv[2] ?? 50);
const source = demoSearchSource(scale);
const { documents } = source;
const cpu = process.cpuUsage();
const started = performance.now();
const index = await buildSearchIndex(source);
const buildMs = performance.now() - started;
const buildCpu = process.cpuUsage(cpu);

const { terms } = freshTerms({
  nl: documents.map((d) => ({ title: d.titleNl, sku: d.sku })),
  en: documents.map((d) => ({ title: d.titleEn, sku: d.sku })),
});
const times: number[] = [];
// One scratch for every search, as the search service keeps it.
const scratch = newScratch(index.ids.length);
for (const { lang, term } of terms) {
  const t = performance.now();
  rankedProductIds(index, { lang, words: queryWords(term), descending: false }, scratch);
  times.push(performance.now() - t);
}
const mean = times.reduce((sum, ms) => sum + ms, 0) / Math.max(1, times.length);
const slowest = terms.map(({ lang, term }, i) => ({ term: `${lang}:${term}`, ms: times[i] ?? 0 })).sort((a, b) => b.ms - a.ms).slice(0, 5);
times.sort((a, b) => a - b);
const estimated = indexBytes(index);
const words = index.nl.words.length + index.en.words.length;
// The heap the index takes: with it and (after full collections) without it.

const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? 0;
const round = (ms: number) => Math.round(ms * 1000) / 1000;
console.log(
  JSON.stringify({
    products: documents.length,
    buildMs: Math.round(buildMs),
    buildCpuMs: Math.round((buildCpu.user + buildCpu.system) / 1000),
    estimatedMb: Math.round((estimated / 2 ** 20) * 10) / 10,
    words,
    terms: terms.length,
    mean: round(mean),
    p50: round(at(50)),
    p99: round(at(99)),
    max: round(times[times.length - 1] ?? 0),
    slowest: slowest.map((s) => `${s.term} ${round(s.ms)}`),
  }),
);
