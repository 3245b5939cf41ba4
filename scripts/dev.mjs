// `npm run dev`: the API server with reload on change (tsx watch) and Vite's dev server with hot
// module replacement in front of it; open http://localhost:3000.
import { spawn } from 'node:child_process';
import path from 'node:path';

const apiPort = process.env.DEV_API_PORT ?? '3001';
const env = {
  ...process.env,
  PORT: apiPort,
  DEV_API_PORT: apiPort,
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000',
};
// The binaries themselves, not through npx: npx does not pass SIGTERM on to its child.
const bin = (name) => path.join('node_modules', '.bin', name);
const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], { stdio: 'inherit', env }),
  spawn(bin('vite'), ['--port', '3000'], { stdio: 'inherit', env }),
];
const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
