import { defineConfig, devices } from '@playwright/test';

import { baseURL, e2eDataDir, e2ePort as port } from './e2e/env';
import { findChromium } from './scripts/chromium.mjs';

/** CHROMIUM_PATH, the system's Chromium or Playwright's own (scripts/chromium.mjs). */
const chromiumPath = findChromium().path;

/**
 * One shop server for all workers: built and started by scripts/start.mjs on a fresh data folder
 * (demo data, PGlite), exactly as `npm start` runs for a new user.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  forbidOnly: true,
  retries: 0,
  // 30 s was overrun at CI's load (12-15 on 2 cores) by tests that take 10-20 s alone; the limit only decides when to fail.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: `test-results/${port}`,
  reporter: 'list',
  use: {
    baseURL,
    // A failed test keeps its trace with the DOM snapshot of every step (and a screenshot of the
    // end). The trace's own screencast is left out: encoding it for every test took about 40 % of
    // the browser tests' time on two cores (catalogue and content specs: 129-141 s -> 82 s).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    command: `rm -rf ${e2eDataDir} && node scripts/start.mjs`,
    url: `${baseURL}/backend/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: e2eDataDir,
      LOG_LEVEL: 'warn',
      DEMO_SCALE: '0.25',
      // Every spec runs from 127.0.0.1, several at once, with the same demo accounts: more than one
      // customer does (decision 034). The limits stay on at ten times their defaults.
      RATE_LIMIT_API_PER_MINUTE: '30000',
      RATE_LIMIT_SEARCH_PER_MINUTE: '3000',
      RATE_LIMIT_QUICK_ORDER_PER_MINUTE: '1200',
      RATE_LIMIT_UPLOADS_PER_MINUTE: '100',
      RATE_LIMIT_FOOD_OVERVIEW_PER_MINUTE: '100',
    },
  },
});
