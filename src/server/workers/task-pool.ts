import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';

/**
 * Work that must not hold the event loop (reading an uploaded workbook, drawing the allergen
 * overview) runs in worker threads through piscina (decision 032): a few threads, a queue with a
 * bound, a heap limit per thread, and a time limit per task after which the thread is ended. A
 * task that fails in one of those ways fails alone, as a `TaskFailed` its caller answers for; the
 * process and the other requests go on.
 */

/** How a task failed: too slow, out of its heap, the queue full, or an error in the task itself. */
export type TaskFailure = 'timeout' | 'memory' | 'busy' | 'error';

export class TaskFailed extends Error {
  constructor(
    readonly failure: TaskFailure,
    cause: unknown,
  ) {
    super(`a worker task failed (${failure}): ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'TaskFailed';
  }
}

export interface TaskPoolOptions {
  /** The worker module's URL (see `workerModule`). */
  module: URL;
  maxThreads: number;
  /** Tasks waiting for a thread beyond this are refused at once ('busy'). */
  maxQueue: number;
  /** The old-generation heap of each thread. */
  heapMb: number;
  /** The default time a task may take, waiting included. */
  timeoutMs: number;
}

const fromSources = import.meta.url.endsWith('.ts');

/**
 * A worker module beside this one: the TypeScript source when the server runs from its sources
 * (vitest, `npm run dev` under tsx), else the file esbuild wrote next to main.js
 * (scripts/build-server.mjs makes it a second entry point). The bundle's `import.meta.url` is
 * main.js's, so `./name.js` is found in dist/server/.
 */
export function workerModule(name: string): URL {
  return new URL(`./${name}${fromSources ? '.ts' : '.js'}`, import.meta.url);
}

/** From the sources a new thread first compiles its TypeScript, inside the task's time. */
const SOURCE_SLOWDOWN = fromSources ? 6 : 1;

/** What piscina starts: the module itself, or from the sources a loader that brings tsx first. */
function threadEntry(module: URL): { filename: string; workerData?: { typescriptModule: string } } {
  if (!module.pathname.endsWith('.ts')) return { filename: fileURLToPath(module) };
  return { filename: fileURLToPath(new URL('./typescript-worker.mjs', import.meta.url)), workerData: { typescriptModule: module.href } };
}

function failureOf(error: unknown): TaskFailure {
  if (error instanceof Error && error.name === 'AbortError') return 'timeout';
  if ((error as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY') return 'memory';
  return 'error';
}

export function createTaskPool(options: TaskPoolOptions) {
  // Made on first use: a server that never reads a workbook starts no thread for it.
  let pool: Piscina | undefined;
  const poolOf = () =>
    (pool ??= new Piscina({
      ...threadEntry(options.module),
      // One thread stays: when a thread is ended (time or heap), piscina starts the next one for
      // the waiting tasks only to keep this minimum. Idle threads never keep the process alive.
      minThreads: 1,
      maxThreads: options.maxThreads,
      idleTimeout: 30_000,
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb, maxYoungGenerationSizeMb: 16 },
    }));

  // Kept here, not by piscina's maxQueue: that one does not count tasks that carry an abort signal,
  // and every task here carries one (its time limit).
  let inFlight = 0;

  return {
    /** Runs `task` of the worker module (its default export dispatches) on `input`; rejects with a `TaskFailed`. */
    async run<T>(task: string, input: unknown, timeoutMs = options.timeoutMs): Promise<T> {
      if (inFlight >= options.maxThreads + options.maxQueue) throw new TaskFailed('busy', 'the queue is full');
      inFlight++;
      try {
        return (await poolOf().run({ task, input }, { signal: AbortSignal.timeout(timeoutMs * SOURCE_SLOWDOWN) })) as T;
      } catch (error) {
        throw new TaskFailed(failureOf(error), error);
      } finally {
        inFlight--;
      }
    },

    /** Ends the threads (tasks still queued fail). */
    async close(): Promise<void> {
      const closing = pool;
      pool = undefined;
      await closing?.destroy();
    },
  };
}

export type TaskPool = ReturnType<typeof createTaskPool>;
