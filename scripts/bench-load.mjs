// The load generators of the search runs (issue 20: fresh terms, suggestions): by default the lean
// one of scripts/bench-lean.mjs, or BENCH_LOAD=autocannon, or BENCH_LOAD=wrk (`apt-get install
// wrk`). On the two cores the shop shares with it, autocannon spends 0.2-0.3 ms of CPU a request,
// wrk (C, one thread) and the lean generator ~0.03-0.04 ms. autocannon and wrk open their
// connections as a run starts, which a busy Node server accepts one per turn of its event loop
// (bench-lean.mjs): their p99 carries those first answers (wrk's 80 against autocannon's 9 ms
// against a trivial server, docs/benchmarks.md 2026-11-27). The lean generator opens its
// connections before the timing starts.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { leanRun } from './bench-lean.mjs';

const WRK_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench-wrk.lua');

let wrkFound;
/** Whether wrk can be started (asked once). */
function hasWrk() {
  wrkFound ??= spawnSync('wrk', ['-v'], { encoding: 'utf8' }).error === undefined;
  return wrkFound;
}

const GENERATORS = ['lean', 'autocannon', 'wrk'];

/** The generator the search runs use: BENCH_LOAD (lean, autocannon or wrk), the lean one by default. */
export function loadGenerator() {
  const wanted = process.env.BENCH_LOAD ?? 'lean';
  if (!GENERATORS.includes(wanted)) throw new Error(`BENCH_LOAD must be one of ${GENERATORS.join(', ')}, not ${wanted}`);
  if (wanted === 'wrk' && !hasWrk()) throw new Error('BENCH_LOAD=wrk, but wrk cannot be started (apt-get install wrk)');
  return wanted;
}

/** CPU time a process has used, in ms (Linux /proc; null elsewhere or once it has gone). */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, fields 14 and 15 of stat, in clock ticks (100 a second).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/**
 * CPU time the host gave elsewhere while this machine's cores wanted it (steal, the eighth figure of
 * /proc/stat's cpu line, all cores together), in ms so far; null where unknown. A virtual machine
 * whose host is busy loses it: between two readings it shows how much of a run the cores were away.
 */
export function stolenMs() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/);
    const ticks = Number(fields[8]);
    return Number.isFinite(ticks) ? (ticks * 1000) / 100 : null;
  } catch {
    return null;
  }
}

/** CPU time this process's ended children have used, in ms (cutime and cstime, fields 16 and 17 of /proc/self/stat; 0 elsewhere). */
function childrenCpuMs() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/**
 * Requests `paths` of `base` with `headers` at `connections`: with `once` each path once (the
 * run ends at the last answer), else the paths in turn for `seconds`. Answers the answers, the
 * run's seconds (to the last answer), latency percentiles in ms, errors (non-2xx answers,
 * timeouts, socket errors), the generator and its CPU a request in ms. `openPath`: the lean
 * generator's untimed first request on each connection (a cheap answer, such as the health call).
 */
export function pathsRun({ base, paths, headers, connections, once, seconds = 5, openPath }) {
  const generator = loadGenerator();
  if (generator === 'lean') return leanRun({ base, paths, headers, connections, once, seconds, openPath });
  return generator === 'wrk' ? wrkRun({ base, paths, headers, connections, once, seconds }) : autocannonRun({ base, paths, headers, connections, once, seconds });
}

async function autocannonRun({ base, paths, headers, connections, once, seconds }) {
  let i = 0;
  const cpuBefore = process.cpuUsage();
  // autocannon answers only at its next whole-second tick after the last response, so its
  // duration and average come in steps (8,321 terms: 1,664 req/s = 5 s, 2,080 = 4 s): the run's
  // time is taken to its last response instead.
  const startedAt = performance.now();
  let lastAt = startedAt;
  const result = await new Promise((resolve, reject) => {
    const run = autocannon(
      {
        url: `${base}${paths[0]}`,
        headers,
        requests: [
          {
            setupRequest: (request) => {
              request.path = paths[i++ % paths.length];
              return request;
            },
          },
        ],
        connections,
        ...(once ? { amount: paths.length } : { duration: seconds }),
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    run.on('response', () => {
      lastAt = performance.now();
    });
  });
  const cpu = process.cpuUsage(cpuBefore);
  const answered = result.requests.total;
  return {
    answered,
    seconds: (lastAt - startedAt) / 1000,
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    // What the errors were: timeouts (autocannon gives up after 10 s) or answers other than 2xx.
    errorKinds: { timeouts: result.timeouts, socket: result.errors - result.timeouts, statuses: Object.keys(result.statusCodeStats ?? {}).filter((code) => !code.startsWith('2')) },
    generator: 'autocannon',
    generatorCpuPerRequest: answered > 0 ? round((cpu.user + cpu.system) / 1000 / answered, 3) : null,
  };
}

async function wrkRun({ base, paths, headers, connections, once, seconds }) {
  const file = path.join(os.tmpdir(), `bench-paths-${process.pid}.txt`);
  writeFileSync(file, `${paths.join('\n')}\n`);
  const headerArgs = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  // A run of each path once ends at its last answer (the script says "finished"); the duration is a backstop.
  const duration = once ? Math.max(60, Math.ceil(paths.length / 50)) : seconds;
  const child = spawn('wrk', ['-t1', `-c${connections}`, `-d${duration}s`, '--timeout', '10s', '-s', WRK_SCRIPT, base, '--', file, once ? 'once' : 'cycle', ...headerArgs]);
  const childCpuBefore = childrenCpuMs();
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
    // wrk's main thread sleeps for the whole duration; SIGINT ends the sleep and it reports.
    if (once && out.includes('finished\n')) child.kill('SIGINT');
  });
  child.stderr.on('data', (chunk) => {
    err += chunk;
  });
  const code = await new Promise((resolve) => child.on('exit', resolve));
  // Its CPU: the children's time of this process grows by a child's once it has ended and been waited for.
  const cpu = childrenCpuMs() - childCpuBefore;
  rmSync(file, { force: true });
  const line = out.split('\n').find((l) => l.startsWith('{'));
  if (!line) throw new Error(`wrk ended with ${code} without figures: ${err.trim()}`);
  const r = JSON.parse(line);
  return {
    answered: r.answered,
    seconds: r.micros / 1e6,
    p50: round(r.p50, 1),
    p975: round(r.p975, 1),
    p99: round(r.p99, 1),
    errors: r.timeouts + r.socket + r.status,
    errorKinds: { timeouts: r.timeouts, socket: r.socket, statuses: r.status > 0 ? ['400 or more'] : [] },
    generator: 'wrk',
    generatorCpuPerRequest: r.answered > 0 ? round(cpu / r.answered, 3) : null,
  };
}

const round = (value, digits) => Math.round(value * 10 ** digits) / 10 ** digits;

/** A fixed JSON text of ~54 kB, like a search page of 15 products (the same bytes in every run). */
let yardstickBytes;
function yardstickPage() {
  if (yardstickBytes) return yardstickBytes;
  const products = [];
  let seed = 20;
  const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
  for (let i = 0; i < 15; i++) {
    const words = Array.from({ length: 120 }, () => ['tortilla', 'maïs', 'salsa', 'chipotle', 'bonen', 'jalapeño', 'doos', 'stuks', 'gram', 'Mexicaanse'][next() % 10]);
    products.push({ id: `${next().toString(16)}-${next().toString(16)}`, sku: String(100000 + (next() % 900000)), title: words.slice(0, 6).join(' '), description: { value: `<p>${words.join(' ')}</p>`, processed: `<p>${words.join(' ')}</p>` }, price: { number: `${next() % 100}.${next() % 100}`, currency_code: 'EUR' } });
  }
  yardstickBytes = Buffer.from(JSON.stringify({ data: products }));
  return yardstickBytes;
}

/**
 * The machine's speed at the moment, as the shop's own hottest step: microseconds to compress a
 * ~54 kB page at brotli quality 0 (the median of 7 rounds of 200). Runs of the same code on this
 * shared machine differ by 20 % and more; this shows how fast the machine was around each run.
 */
export function cpuYardstick() {
  const page = yardstickPage();
  const options = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 0, [zlib.constants.BROTLI_PARAM_LGWIN]: 16 } };
  const rounds = [];
  for (let r = 0; r < 7; r++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < 200; i++) zlib.brotliCompressSync(page, options);
    rounds.push(Number(process.hrtime.bigint() - started) / 200 / 1000);
  }
  return Math.round(rounds.sort((a, b) => a - b)[3]);
}
