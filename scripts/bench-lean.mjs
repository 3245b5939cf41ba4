// The search runs' default load generator (BENCH_LOAD=lean, scripts/bench-load.mjs): keep-alive
// HTTP/1.1 over plain sockets, one request at a time per connection, each answer read to its last
// byte (by its Content-Length or its chunks) and timed from the moment its request is written.
// It parses nothing but the status line and the framing, so it leaves the shop the cores it
// shares with it (~0.04 ms of CPU a request, autocannon ~0.2 ms), and it needs nothing installed.
//
// Its connections are opened before the timing starts, each with one untimed request, as a
// browser's are open while a customer searches. Since libuv 1.45 (Node 20) a server accepts one
// new connection per turn of its event loop (libuv pull request 3696); a shop kept busy by the
// connections it has already accepted takes 50 connections opened at once over 50 turns, and the
// first answers of a run then wait 100-500 ms for their connection, not for their search
// (docs/benchmarks.md, 2026-11-28). autocannon and wrk open theirs as the run starts.
//
// It runs in a worker thread of its own, with next to nothing on its heap, and allocates next to
// nothing a request: the requests are encoded before the timing starts, every connection reads
// into one buffer of its own (`onread`), and answers are followed byte by byte. A pause of the
// generator's garbage collector holds every answer in flight and counts as the shop's latency:
// in the bench's own process (the whole catalogue and the terms on its heap) those pauses were
// 10-26 ms during a run, which is the size of the tail being measured (docs/benchmarks.md,
// 2026-11-28, "The load generator's own pauses"). The worker reports its own pauses.
import net from 'node:net';
import { PerformanceObserver } from 'node:perf_hooks';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const TIMEOUT_MS = 10_000;
/** The bytes a connection reads at once, into a buffer kept for its life. */
const READ_BUFFER_BYTES = 64 * 1024;
/** The bytes of an answer's head kept to read its status and framing (heads are far smaller). */
const HEAD_MAX_BYTES = 16 * 1024;

const CR = 13;
const LF = 10;

/**
 * Follows one answer's bytes: its head (kept, to read the status and framing), then its body by
 * Content-Length or by its chunks, to the answer's last byte. `feed` answers the index just past
 * the answer's end in `buffer`, or -1 while more is to come; it throws on framing it cannot read.
 */
function answerReader() {
  const head = Buffer.allocUnsafe(HEAD_MAX_BYTES);
  let headLength = 0;
  // 'head' | 'length' | 'size' | 'extension' | 'size-lf' | 'data' | 'data-cr' | 'data-lf' | 'trailer'
  let state = 'head';
  let remaining = 0;
  let size = 0;
  let sizeDigits = 0;
  let trailerLineLength = 0;
  let status = 0;

  const startBody = () => {
    const text = head.toString('latin1', 0, headLength);
    status = Number(text.slice(9, 12));
    if (/\r\ntransfer-encoding: *chunked/i.test(text)) {
      state = 'size';
      size = 0;
      sizeDigits = 0;
      return;
    }
    const length = /\r\ncontent-length: *(\d+)/i.exec(text);
    remaining = length ? Number(length[1]) : 0;
    state = 'length';
  };

  return {
    reset() {
      headLength = 0;
      state = 'head';
      status = 0;
    },
    get status() {
      return status;
    },
    feed(buffer, start, end) {
      let at = start;
      while (at < end) {
        switch (state) {
          case 'head': {
            const byte = buffer[at++];
            if (headLength === HEAD_MAX_BYTES) throw new Error('answer head too long');
            head[headLength++] = byte;
            if (byte === LF && headLength >= 4 && head[headLength - 2] === CR && head[headLength - 3] === LF && head[headLength - 4] === CR) {
              startBody();
              if (state === 'length' && remaining === 0) return at;
            }
            break;
          }
          case 'length': {
            const take = Math.min(remaining, end - at);
            remaining -= take;
            at += take;
            if (remaining === 0) return at;
            break;
          }
          case 'size': {
            const byte = buffer[at++];
            const digit = byte >= 48 && byte <= 57 ? byte - 48 : byte >= 97 && byte <= 102 ? byte - 87 : byte >= 65 && byte <= 70 ? byte - 55 : -1;
            if (digit >= 0) {
              size = size * 16 + digit;
              sizeDigits += 1;
            } else if (byte === CR && sizeDigits > 0) state = 'size-lf';
            else if (byte === 59 /* ; */ && sizeDigits > 0) state = 'extension';
            else throw new Error('bad chunk size');
            break;
          }
          case 'extension':
            if (buffer[at++] === CR) state = 'size-lf';
            break;
          case 'size-lf':
            if (buffer[at++] !== LF) throw new Error('bad chunk size line');
            if (size === 0) {
              state = 'trailer';
              trailerLineLength = 0;
            } else {
              state = 'data';
              remaining = size;
            }
            break;
          case 'data': {
            const take = Math.min(remaining, end - at);
            remaining -= take;
            at += take;
            if (remaining === 0) state = 'data-cr';
            break;
          }
          case 'data-cr':
            if (buffer[at++] !== CR) throw new Error('bad chunk end');
            state = 'data-lf';
            break;
          case 'data-lf':
            if (buffer[at++] !== LF) throw new Error('bad chunk end');
            state = 'size';
            size = 0;
            sizeDigits = 0;
            break;
          case 'trailer': {
            // Trailer lines up to an empty one; the answer ends with its CRLF.
            const byte = buffer[at++];
            if (byte === LF) {
              if (trailerLineLength === 0) return at;
              trailerLineLength = 0;
            } else if (byte !== CR) trailerLineLength += 1;
            break;
          }
        }
      }
      return -1;
    },
  };
}

/**
 * The run itself, in the worker: `requests` (each path's request, encoded) over `connections`
 * connections, each opened first with `open` (untimed). Answers the latencies in ms (in the order
 * the answers came), the run's start and last answer (performance.now() of the worker), the
 * errors, the worker's CPU and its garbage collector's pauses within the timed part.
 */
async function run({ host, port, requests, open, connections, once, seconds }) {
  const latencies = [];
  const errors = { timeouts: 0, socket: 0, statuses: [], other: 0 };
  let next = 0;
  let endAt = Infinity;
  let timing = false;
  const gc = { count: 0, totalMs: 0, maxMs: 0 };
  const observer = new PerformanceObserver((list) => {
    if (!timing) return;
    for (const entry of list.getEntries()) {
      gc.count += 1;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });

  const takeRequest = () => {
    if (once) return next < requests.length ? requests[next++] : null;
    return performance.now() < endAt ? requests[next++ % requests.length] : null;
  };

  /** One connection; `send(request, done)` calls done(error | null, status) when the answer has ended. */
  function connection() {
    const readBuffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);
    const reader = answerReader();
    let socket = null;
    let done = null;
    let sentAt = 0;
    const finish = (error) => {
      const callback = done;
      done = null;
      if (error) {
        socket?.destroy();
        socket = null;
      }
      callback?.(error, reader.status);
    };
    const connect = () => {
      const s = net.connect({
        host,
        port,
        onread: {
          buffer: readBuffer,
          callback: (length, buffer) => {
            if (done === null || s !== socket) return;
            try {
              if (reader.feed(buffer, 0, length) >= 0) finish(null);
            } catch (error) {
              finish(Object.assign(error, { kind: 'socket' }));
            }
          },
        },
      });
      s.setNoDelay(true);
      s.on('error', () => undefined);
      s.on('close', () => {
        if (s === socket) {
          socket = null;
          finish(Object.assign(new Error('socket closed'), { kind: 'socket' }));
        }
      });
      socket = s;
    };
    return {
      get sentAt() {
        return sentAt;
      },
      get waiting() {
        return done !== null;
      },
      timeOut() {
        finish(Object.assign(new Error('timeout'), { kind: 'timeouts' }));
      },
      send(request, callback) {
        if (socket === null) connect();
        reader.reset();
        done = callback;
        sentAt = performance.now();
        socket.write(request);
      },
      close() {
        const s = socket;
        socket = null;
        s?.end();
      },
    };
  }

  const all = Array.from({ length: connections }, connection);
  const watchdog = setInterval(() => {
    const now = performance.now();
    for (const c of all) if (c.waiting && now - c.sentAt > TIMEOUT_MS) c.timeOut();
  }, 250);
  try {
    const opened = await Promise.all(all.map((c) => new Promise((resolve) => c.send(open, (error, status) => resolve({ error, status })))));
    const failed = opened.find((o) => o.error || o.status < 200 || o.status >= 300);
    if (failed) {
      for (const c of all) c.close();
      return { openFailed: failed.error ? `failed (${failed.error.message})` : `answered ${failed.status}` };
    }
    const cpuBefore = process.cpuUsage();
    timing = true;
    const startedAt = performance.now();
    let lastAt = startedAt;
    if (!once) endAt = startedAt + seconds * 1000;
    await Promise.all(
      all.map(
        (c) =>
          new Promise((resolve) => {
            const ask = () => {
              const request = takeRequest();
              if (request === null) {
                c.close();
                resolve();
                return;
              }
              c.send(request, (error, status) => {
                lastAt = performance.now();
                if (error) errors[error.kind ?? 'socket'] += 1;
                else if (status >= 200 && status < 300) latencies.push(lastAt - c.sentAt);
                else {
                  errors.other += 1;
                  if (!errors.statuses.includes(String(status))) errors.statuses.push(String(status));
                }
                ask();
              });
            };
            ask();
          }),
      ),
    );
    timing = false;
    const cpu = process.cpuUsage(cpuBefore);
    return { latencies, startedAt, lastAt, errors, cpuMs: (cpu.user + cpu.system) / 1000, gc };
  } finally {
    clearInterval(watchdog);
    observer.disconnect();
  }
}

if (!isMainThread && workerData?.leanRun) {
  parentPort.postMessage(await run(workerData.leanRun));
}

/**
 * Requests `paths` of `base` with `headers` over `connections` connections, each opened first with
 * one untimed request of `openPath`: with `once` each path once (the run ends at its last answer),
 * else the paths in turn for `seconds`. Answers as the other generators of bench-load.mjs do:
 * answers, seconds, latency percentiles in ms, errors (answers other than 2xx, timeouts of 10 s,
 * sockets that failed) by kind, and the generator's CPU a request in ms; and its own garbage
 * collector's pauses during the run (`generatorGc`: count, total and longest in ms).
 */
export async function leanRun({ base, paths, headers, connections, once, seconds = 5, openPath }) {
  const target = new URL(base);
  const head = `Host: ${target.host}\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;
  const encode = (path) => Buffer.from(`GET ${path} HTTP/1.1\r\n${head}`, 'latin1');
  const task = {
    host: target.hostname,
    port: Number(target.port),
    requests: paths.map(encode),
    open: encode(openPath),
    connections,
    once,
    seconds,
  };
  const result = await new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { leanRun: task } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the load generator's worker ended (${code}) without a result`)));
  });
  if (result.openFailed) throw new Error(`opening a connection: ${openPath} ${result.openFailed}`);
  // Imported here, not at the top: the worker loads this module too, and needs none of bench-lib's imports on its heap.
  const { percentile } = await import('./bench-lib.mjs');
  const { latencies, startedAt, lastAt, errors, cpuMs, gc } = result;
  latencies.sort((a, b) => a - b);
  const round1 = (ms) => Math.round(ms * 10) / 10;
  return {
    answered: latencies.length,
    seconds: (lastAt - startedAt) / 1000,
    p50: round1(percentile(latencies, 50)),
    p975: round1(percentile(latencies, 97.5)),
    p99: round1(percentile(latencies, 99)),
    errors: errors.timeouts + errors.socket + errors.other,
    errorKinds: { timeouts: errors.timeouts, socket: errors.socket, statuses: errors.statuses },
    generator: 'lean',
    generatorCpuPerRequest: latencies.length > 0 ? Math.round((cpuMs / latencies.length) * 1000) / 1000 : null,
    generatorGc: { count: gc.count, totalMs: round1(gc.totalMs), maxMs: round1(gc.maxMs) },
  };
}
