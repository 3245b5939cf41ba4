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
import net from 'node:net';
import { percentile } from './bench-lib.mjs';

const HEAD_END = Buffer.from('\r\n\r\n');
const TIMEOUT_MS = 10_000;

/** Where a chunked body starting at `start` ends (the index after it), or -1 while more is to come. */
function chunkedEnd(buffer, start) {
  let at = start;
  for (;;) {
    const lineEnd = buffer.indexOf('\r\n', at, 'latin1');
    if (lineEnd < 0) return -1;
    const size = Number.parseInt(buffer.toString('latin1', at, lineEnd), 16);
    if (!Number.isFinite(size)) throw new Error('bad chunk size');
    if (size === 0) {
      const end = buffer.indexOf('\r\n\r\n', lineEnd, 'latin1');
      return end < 0 ? -1 : end + 4;
    }
    at = lineEnd + 2 + size + 2;
    if (at > buffer.length) return -1;
  }
}


/**
 * Requests `paths` of `base` with `headers` over `connections` connections, each opened first with
 * one untimed request of `openPath`: with `once` each path once (the run ends at its last answer),
 * else the paths in turn for `seconds`. Answers as the other generators of bench-load.mjs do:
 * answers, seconds, latency percentiles in ms, errors (answers other than 2xx, timeouts of 10 s,
 * sockets that failed) by kind, and the generator's CPU a request in ms.
 */
export async function leanRun({ base, paths, headers, connections, once, seconds = 5, openPath }) {
  const target = new URL(base);
  const head = `Host: ${target.host}\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;
  const latencies = [];
  const errors = { timeouts: 0, socket: 0, statuses: new Set(), other: 0 };
  let next = 0;
  let startedAt = 0;
  let lastAt = 0;
  let endAt = Infinity;

  const takePath = () => {
    if (once) return next < paths.length ? paths[next++] : null;
    return performance.now() < endAt ? paths[next++ % paths.length] : null;
  };

  /** One connection: `request(path)` resolves with the answer's status, or rejects (timeout, socket). */
  function connection() {
    let socket = null;
    let waiting = null;
    let chunks = [];
    let received = 0;
    let bodyStart = -1;
    let bodyLength = -1;
    let chunked = false;
    let status = 0;
    let timer = null;
    const settle = (error) => {
      clearTimeout(timer);
      const done = waiting;
      waiting = null;
      chunks = [];
      if (error) {
        socket?.destroy();
        socket = null;
        done?.reject(error);
      } else done?.resolve(status);
    };
    const onData = (chunk) => {
      if (waiting === null) return;
      chunks.push(chunk);
      received += chunk.length;
      const buffer = chunks.length === 1 ? chunk : Buffer.concat(chunks, received);
      chunks = [buffer];
      if (bodyStart < 0) {
        const headEnd = buffer.indexOf(HEAD_END);
        if (headEnd < 0) return;
        const text = buffer.toString('latin1', 0, headEnd);
        status = Number(text.slice(9, 12));
        chunked = /\r\ntransfer-encoding: *chunked/i.test(text);
        const length = /\r\ncontent-length: *(\d+)/i.exec(text);
        bodyStart = headEnd + 4;
        bodyLength = length ? Number(length[1]) : 0;
      }
      try {
        if (chunked ? chunkedEnd(buffer, bodyStart) >= 0 : received >= bodyStart + bodyLength) settle(null);
      } catch (error) {
        settle(error);
      }
    };
    const open = () => {
      const s = net.connect({ host: target.hostname, port: Number(target.port) });
      s.setNoDelay(true);
      s.on('data', onData);
      s.on('error', () => undefined);
      s.on('close', () => {
        if (s === socket) settle(Object.assign(new Error('socket closed'), { kind: 'socket' }));
      });
      socket = s;
    };
    return {
      request(path) {
        if (socket === null) open();
        received = 0;
        bodyStart = -1;
        chunked = false;
        return new Promise((resolve, reject) => {
          waiting = { resolve, reject };
          timer = setTimeout(() => settle(Object.assign(new Error('timeout'), { kind: 'timeouts' })), TIMEOUT_MS);
          socket.write(`GET ${path} HTTP/1.1\r\n${head}`, 'latin1');
        });
      },
      close() {
        const s = socket;
        socket = null;
        s?.end();
      },
    };
  }

  const all = Array.from({ length: connections }, connection);
  // Opened, each with an untimed request, before the timing starts.
  const opened = await Promise.allSettled(all.map((c) => c.request(openPath)));
  const failed = opened.find((o) => o.status === 'rejected' || o.value < 200 || o.value >= 300);
  if (failed) {
    for (const c of all) c.close();
    throw new Error(`opening a connection: ${openPath} ${failed.status === 'rejected' ? `failed (${failed.reason.message})` : `answered ${failed.value}`}`);
  }
  const cpuBefore = process.cpuUsage();
  startedAt = performance.now();
  lastAt = startedAt;
  if (!once) endAt = startedAt + seconds * 1000;
  await Promise.all(
    all.map(async (c) => {
      for (let path = takePath(); path !== null; path = takePath()) {
        const sentAt = performance.now();
        try {
          const status = await c.request(path);
          lastAt = performance.now();
          if (status >= 200 && status < 300) latencies.push(lastAt - sentAt);
          else {
            errors.other += 1;
            errors.statuses.add(String(status));
          }
        } catch (error) {
          errors[error.kind ?? 'socket'] += 1;
        }
      }
      c.close();
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  const round1 = (ms) => Math.round(ms * 10) / 10;
  return {
    answered: latencies.length,
    seconds: (lastAt - startedAt) / 1000,
    p50: round1(percentile(latencies, 50)),
    p975: round1(percentile(latencies, 97.5)),
    p99: round1(percentile(latencies, 99)),
    errors: errors.timeouts + errors.socket + errors.other,
    errorKinds: { timeouts: errors.timeouts, socket: errors.socket, statuses: [...errors.statuses] },
    generator: 'lean',
    generatorCpuPerRequest: latencies.length > 0 ? Math.round(((cpu.user + cpu.system) / 1000 / latencies.length) * 1000) / 1000 : null,
  };
}
