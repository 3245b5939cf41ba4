// The report of `npm run bench` (scripts/bench.mjs): its figures written to docs/benchmarks.md
// (or BENCH_OUT), keeping the sections that other bench scripts measured (bench-lib.mjs
// writeSection writes those).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { loadGenerator } from './bench-load.mjs';

/** CPU time a request, where measured: load-independent, unlike req/s and latency. */
const cpuNote = (r) =>
  r.cpuPerRequest == null
    ? ''
    : `; CPU a request: shop ${r.cpuPerRequest} ms${r.databaseCpuPerRequest == null ? '' : `, PostgreSQL ${r.databaseCpuPerRequest} ms`}${r.generatorCpuPerRequest == null ? '' : `, load generator ${r.generatorCpuPerRequest} ms`}${r.generatorGcMaxMs == null ? '' : ` (its longest GC pause ${r.generatorGcMaxMs} ms)`}${r.yardstick == null ? '' : `; machine yardstick ${r.yardstick} µs`}${r.stolen == null ? '' : `; stolen by the host ${r.stolen} %`}`;

/** One engine's rows as a Markdown table. */
const table = (rows) =>
  [
    '| route | connections | req/s | p50 ms | p97.5 ms | p99 ms | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${r.route}${cpuNote(r)} | ${r.connections} | ${r.rps} | ${r.p50} | ${r.p975} | ${r.p99} | ${r.errors} |`),
  ].join('\n');

/**
 * Writes the figures of the runs (`results`, one per database engine) and of the search index
 * alone (`indexAlone`, or null) to `outFile`: every figure anew, the other scripts' sections kept.
 */
export function writeReport(outFile, { seconds, scale, indexAlone, results }) {
  const cpus = os.cpus();
  const markdown = `# Benchmarks

Written by \`npm run bench\` (scripts/bench.mjs) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; run it again to
refresh. Each route ran ${seconds} s per connection count with autocannon on loopback (issue 20's search runs with ${loadGenerator() === 'lean' ? 'the lean generator, connections opened before the timing' : loadGenerator()}: scripts/bench-load.mjs) against the production build
(\`npm start\`), logged in as \`demo\` (price list STANDAARD), on a fresh data set at demo scale ${scale}.
Requests carry \`Accept-Encoding: gzip, deflate, br\` as browsers send it (answers of 1 kB and more come brotli-compressed).
Latencies in milliseconds; errors count non-2xx answers, timeouts and socket errors. The machine yardstick of a search run is the
microseconds to compress a fixed 54 kB JSON page at brotli quality 0 just before it (scripts/bench-load.mjs): lower is a faster machine;
"stolen by the host" is the share of the cores' time in the run that the virtual machine's host gave elsewhere (steal in /proc/stat).

Machine: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, Node ${process.version}.
The load generator runs on the same cores as the server, so the figures are a floor.

Targets on PostgreSQL, with no errors: issue 4, p99 under 50 ms at 50 connections for the catalogue routes;
issue 5, add to cart p99 under 50 ms at 20 connections and place order p99 under 150 ms;
issue 20, search with fresh terms (each once per run) p99 under 30 ms at 50 connections at 20,000 products and
under 50 ms at 100,000, PGlite at least 200 req/s; search suggestions p99 under 20 ms at 20 connections.
${
  indexAlone
    ? `
The search index alone (scripts/bench-search-index.ts, one process, no HTTP) at this scale: ${indexAlone.products.toLocaleString('en-US')} products,
built in ${indexAlone.buildMs} ms (${indexAlone.buildCpuMs} ms CPU), about ${indexAlone.estimatedMb} MB (counted: ${indexAlone.words.toLocaleString('en-US')} words and
stems, their posting bytes, the article numbers and EANs); ${indexAlone.terms.toLocaleString('en-US')} fresh terms each searched once: mean ${indexAlone.mean} ms, p50
${indexAlone.p50} ms, p99 ${indexAlone.p99} ms, slowest ${indexAlone.max} ms.
`
    : ''
}
${results
  .map(
    (r) => `## ${r.label}

${r.products.toLocaleString('en-US')} products; the shop started (build check, migrations, demo data) in ${r.startSeconds.toFixed(1)} s.
Load average before the start: ${r.load} (other work on the machine lowers every figure; the health row is a yardstick).

${table(r.rows)}
`,
  )
  .join('\n')}`;
  // Sections measured by other scripts stay as they are: the mixed load and soak figures
  // (scripts/bench-mixed.mjs), the outage (scripts/bench-outage.mjs) and any other section between
  // `<!-- bench-NAME:start -->` and `<!-- bench-NAME:end -->`, and the ERP import timings.
  const previous = existsSync(outFile) ? readFileSync(outFile, 'utf8') : '';
  const kept = [
    // every marked section: mixed, soak, outage, the add-to-cart commit comparison, …
    ...[...previous.matchAll(/<!-- bench-([\w-]+):start -->[\s\S]*?<!-- bench-\1:end -->\n?/g)].map((m) => m[0]),
    /\n## ERP imports[\s\S]*$/.exec(previous)?.[0],
  ]
    .filter(Boolean)
    .map((section) => `\n${section.trim()}\n`)
    .join('');
  writeFileSync(outFile, `${markdown.trimEnd()}\n${kept}`);
}
