// A worker module from the TypeScript sources (vitest, `npm run dev`): tsx is registered inside
// the thread itself, because on Node 20 a loader given to a worker by `--import` does not load
// TypeScript there. The built server runs its bundled worker.js directly and never uses this.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const tasks = await import(workerData.typescriptModule);
export default tasks.default;
