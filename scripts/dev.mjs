// `npm run dev`: the API server with reload on change (tsx watch) and Vite's dev server with hot
// module replacement in front of it; open http://localhost:3000.
import { spawn } from 'node:child_process';

const apiPort = process.env.DEV_API_PORT ?? '3001';
const env = {
  ...process.env,
  PORT: apiPort,
  DEV_API_PORT: apiPort,
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000',
};
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite', '--port', '3000'], { stdio: 'inherit', env }),
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
