// `npm start`: builds the web app and the server when the sources are newer than the last build,
// then runs the server in this process (so Ctrl-C and SIGTERM reach it directly).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = process.cwd();
const stampFile = path.join(root, 'dist', '.build-stamp');
const inputs = ['src', 'scripts/seed', 'index.html', 'vite.config.ts', 'package.json', 'package-lock.json'];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(p)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

const sourcesAt = Math.max(...inputs.map((p) => newestMtime(path.join(root, p))));
const builtAt = existsSync(stampFile) ? Number(readFileSync(stampFile, 'utf8')) : 0;
const complete = ['dist/web/index.html', 'dist/server/main.js', 'dist/server/worker.js'].every((file) => existsSync(path.join(root, file)));

if (!complete || sourcesAt > builtAt) {
  process.stdout.write('Building the shop (web app and server)…\n');
  const started = Date.now();
  const { build } = await import('vite');
  await build({ logLevel: 'warn' });
  await import('./build-server.mjs');
  writeFileSync(stampFile, String(sourcesAt));
  process.stdout.write(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
}

process.stdout.write('Starting the shop…\n');
await import(pathToFileURL(path.join(root, 'dist/server/main.js')).href);
