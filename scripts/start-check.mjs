// Starts the built shop (dist/server/main.js) with the Node that runs this script, on a free port
// and a fresh data folder with a little demo data; passes when /backend/health answers 200 and the
// shop stops cleanly on SIGTERM. scripts/test.mjs runs it under Node 22 (decision 031).
//   node scripts/start-check.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const LIMIT_MS = 180_000;

const port = await new Promise((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = server.address();
    server.close(() => resolve(free));
  });
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-start-check-'));
const child = spawn(process.execPath, ['dist/server/main.js'], {
  env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_SCALE: '0.1', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));

let healthy = false;
const deadline = Date.now() + LIMIT_MS;
while (!healthy && Date.now() < deadline && child.exitCode === null) {
  try {
    healthy = (await fetch(`http://127.0.0.1:${port}/backend/health`)).status === 200;
  } catch {
    // not listening yet
  }
  if (!healthy) await new Promise((resolve) => setTimeout(resolve, 500));
}
child.kill('SIGTERM');
const code = await exited;
rmSync(dataDir, { recursive: true, force: true });
const ok = healthy && code === 0;
process.stdout.write(
  `Node ${process.version}: ${healthy ? 'the built shop answered /backend/health' : 'the built shop never answered /backend/health'}; ` +
    `it ${code === 0 ? 'stopped cleanly' : `ended with ${code}`}.\n`,
);
process.exitCode = ok ? 0 : 1;
