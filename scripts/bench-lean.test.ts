import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leanRun } from './bench-lean.mjs';

/** Requests seen per path, and the connections they came on (in order of arrival). */
const seen: Array<{ path: string; connection: number }> = [];
let connections = 0;
let base = '';
const server = http.createServer((req, res) => {
  const path = req.url ?? '';
  seen.push({ path, connection: (req.socket as unknown as { id: number }).id });
  if (path.startsWith('/chunked')) {
    // Three chunks, the body's framing split over several writes.
    res.write('{"a":');
    setImmediate(() => {
      res.write('1,"b":"');
      setImmediate(() => res.end('x"}'));
    });
    return;
  }
  if (path.startsWith('/missing')) {
    res.statusCode = 404;
    res.end('{"error":"not found"}');
    return;
  }
  if (path.startsWith('/hang-up')) {
    req.socket.destroy();
    return;
  }
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ path, padding: 'p'.repeat(path.length * 100) }));
});
server.on('connection', (socket) => {
  (socket as unknown as { id: number }).id = ++connections;
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const reset = () => {
  seen.length = 0;
  connections = 0;
};

describe('the lean load generator of the search benchmarks', () => {
  it('asks each path once over its connections, each opened first with the untimed path', async () => {
    reset();
    const paths = Array.from({ length: 40 }, (_, i) => `/fixed/${i}`);
    const run = await leanRun({ base, paths, headers: { 'x-test': '1' }, connections: 4, once: true, openPath: '/open' });
    expect(run.answered).toBe(40);
    expect(run.errors).toBe(0);
    expect(run.generator).toBe('lean');
    // Four connections, each opened with /open before any timed path was asked.
    expect(connections).toBe(4);
    expect(seen.slice(0, 4).map((s) => s.path)).toEqual(['/open', '/open', '/open', '/open']);
    expect(new Set(seen.slice(0, 4).map((s) => s.connection)).size).toBe(4);
    expect(seen.slice(4).map((s) => s.path).sort()).toEqual([...paths].sort());
    expect(run.p50).toBeGreaterThan(0);
    expect(run.p99).toBeGreaterThanOrEqual(run.p50);
  });

  it('reads chunked answers to their end', async () => {
    reset();
    const run = await leanRun({ base, paths: ['/chunked/1', '/chunked/2', '/chunked/3'], headers: {}, connections: 1, once: true, openPath: '/open' });
    expect(run.answered).toBe(3);
    expect(run.errors).toBe(0);
    expect(connections).toBe(1);
  });

  it('counts answers other than 2xx and connections that hang up as errors, and goes on', async () => {
    reset();
    const run = await leanRun({ base, paths: ['/fixed/a', '/missing/b', '/hang-up/c', '/fixed/d'], headers: {}, connections: 1, once: true, openPath: '/open' });
    expect(run.answered).toBe(2);
    expect(run.errors).toBe(2);
    expect(run.errorKinds).toEqual({ timeouts: 0, socket: 1, statuses: ['404'] });
  });

  it('refuses to start when a connection cannot be opened with its path', async () => {
    await expect(leanRun({ base, paths: ['/fixed/a'], headers: {}, connections: 2, once: true, openPath: '/missing/open' })).rejects.toThrow(/404/);
  });

  it('follows answers split anywhere, over several reads: long bodies, chunk extensions and trailers', async () => {
    // A raw server: each answer written in pieces of a few bytes, one turn apart.
    const big = 'b'.repeat(200_000);
    const answers: Record<string, string> = {
      '/open': 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok',
      '/long': `HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: ${big.length}\r\n\r\n${big}`,
      '/chunks': 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4;name=value\r\nabcd\r\nA\r\n0123456789\r\n0\r\nX-Trailer: 1\r\n\r\n',
      '/empty': 'HTTP/1.1 204 No Content\r\n\r\n',
    };
    const asked: string[] = [];
    const raw = net.createServer((socket) => {
      let pending = '';
      socket.on('data', (data) => {
        pending += data.toString('latin1');
        for (let end = pending.indexOf('\r\n\r\n'); end >= 0; end = pending.indexOf('\r\n\r\n')) {
          const path = pending.split(' ')[1] ?? '';
          pending = pending.slice(end + 4);
          asked.push(path);
          const answer = Buffer.from(answers[path] ?? 'HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n', 'latin1');
          const pieces: Buffer[] = [];
          for (let at = 0; at < answer.length; at += at < 200 ? 3 : 65_000) pieces.push(answer.subarray(at, at + (at < 200 ? 3 : 65_000)));
          const write = () => {
            const piece = pieces.shift();
            if (piece) socket.write(piece, () => setImmediate(write));
          };
          write();
        }
      });
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    try {
      const rawBase = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
      const paths = ['/long', '/chunks', '/empty', '/chunks', '/long', '/empty'];
      const run = await leanRun({ base: rawBase, paths, headers: {}, connections: 1, once: true, openPath: '/open' });
      expect(run.errors).toBe(0);
      expect(run.answered).toBe(6);
      // One connection: each answer was read to its exact end, or the next would have been misread.
      expect(asked).toEqual(['/open', ...paths]);
      expect(run.generatorGc.maxMs).toBeGreaterThanOrEqual(0);
    } finally {
      await new Promise<void>((resolve) => raw.close(() => resolve()));
    }
  });

  it('asks the paths in turn for the given time when not once', async () => {
    reset();
    const run = await leanRun({ base, paths: ['/fixed/x', '/fixed/y'], headers: {}, connections: 2, once: false, seconds: 0.3, openPath: '/open' });
    expect(run.errors).toBe(0);
    expect(run.answered).toBeGreaterThan(2);
    expect(new Set(seen.slice(2).map((s) => s.path))).toEqual(new Set(['/fixed/x', '/fixed/y']));
  });
});
