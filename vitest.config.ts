import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Vitest's default leaves one core free (a single worker on a two-core machine). The tests wait
 * on PGlite, PostgreSQL, child processes and timers often enough that a worker per core pays.
 */
const workers = Math.max(2, availableParallelism());
const PAGE_WEIGHT = 'src/web/page-weight.test.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          // One database per worker process, reset between tests: files in a worker share it.
          pool: 'forks',
          isolate: false,
          maxWorkers: workers,
          // The API tests first, on their own: a worker that received a web file in between would
          // end, and its successor would build its database again.
          sequence: { groupOrder: 0 },
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.ts', 'src/web/**/*.test.tsx'],
          exclude: [PAGE_WEIGHT],
          setupFiles: ['src/web/test/setup.ts'],
          // Each file still gets a context of its own, but a worker loads jsdom once instead of
          // once per file (about a second each).
          pool: 'vmForks',
          maxWorkers: workers,
          sequence: { groupOrder: 1 },
          // A test waits up to 10 s per step (src/web/test/setup.ts); under CI's load some take 3×
          // their 4 s alone.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          // Builds the web app with Vite, whose bundler refuses objects made in another VM context.
          name: 'web-build',
          environment: 'node',
          include: [PAGE_WEIGHT],
          setupFiles: ['src/web/test/setup.ts'],
          maxWorkers: workers,
          sequence: { groupOrder: 1 },
          testTimeout: 15_000,
        },
      },
    ],
  },
});
