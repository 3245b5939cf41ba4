// Bundles the server (and the demo-data generator it uses) into dist/server/main.js for plain node,
// and the worker threads' tasks into dist/server/worker.js beside it, where the server looks for
// them (src/server/workers/task-pool.ts).
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/server/main.ts', worker: 'src/server/workers/worker.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
