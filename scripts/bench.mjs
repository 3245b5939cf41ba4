// `npm run bench`: starts the built shop on a fresh data folder (embedded PGlite, or PostgreSQL
// with BENCH_DATABASE_URL) and measures its API routes with autocannon on loopback. Bounded:
// each route runs BENCH_SECONDS (default 5) with BENCH_CONNECTIONS (default 10) connections.
// Prints a table of requests per second and latencies; asserts nothing.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const port = Number(process.env.BENCH_PORT ?? 3900);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const scale = process.env.BENCH_SCALE ?? '1';
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));

const server = spawn(process.execPath, ['scripts/start.mjs'], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO_SCALE: scale,
    LOG_LEVEL: 'warn',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const stop = () => {
  server.kill('SIGTERM');
};
process.on('SIGINT', stop);

await new Promise((resolve, reject) => {
  let out = '';
  server.stdout.on('data', (d) => {
    out += d;
    if (out.includes('Stop with Ctrl-C.')) resolve();
  });
  server.on('exit', (code) => reject(new Error(`the shop exited with ${code} before it was ready`)));
});

async function post(url, body, headers = {}) {
  const res = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return res;
}
const login = await post('/backend/user/login?_format=json', { name: 'demo', pass: 'demo1234' });
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];

const routes = [
  { name: 'health', path: '/backend/health' },
  { name: 'SPA index.html', path: '/nl/assortment' },
  { name: 'footer menu (nl)', path: '/backend/jsonapi/menu_items/webshop-footer-order' },
  { name: 'footer menu (en)', path: '/backend/en/jsonapi/menu_items/webshop-footer-order' },
  { name: 'current user (session)', path: '/backend/jsonapi/current-user?jsonapi_include=1&include=active_relation', headers: { cookie } },
  { name: 'translate-path + node', path: '/backend/router/translate-path?path=/leveringsvoorwaarden' },
  {
    name: 'login (argon2id)',
    path: '/backend/user/login?_format=json',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'r1006-inkoop', pass: 'demo1234' }),
  },
];

const rows = [];
try {
  for (const route of routes) {
    const result = await autocannon({
      url: `${base}${route.path}`,
      method: route.method ?? 'GET',
      headers: route.headers,
      body: route.body,
      connections,
      duration: seconds,
    });
    rows.push({
      route: route.name,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    });
  }
} finally {
  stop();
}
console.log(`\nBench: ${connections} connections, ${seconds} s per route, demo scale ${scale}, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
console.table(rows);
await new Promise((resolve) => server.on('exit', resolve));
rmSync(dataDir, { recursive: true, force: true });
