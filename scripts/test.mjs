// `npm test`: lint, type-check, unit/component/API tests (PGlite; again on PostgreSQL when
// TEST_DATABASE_URL is set), then the browser tests; ends with one line "N passed, N failed"
// that counts every test it ran. Exit code 1 when anything failed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { findChromium, INSTALL_COMMAND } from './chromium.mjs';

const out = path.resolve('.test-output');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const results = [];
const started = Date.now();

function run(label, command, args, env = {}) {
  process.stdout.write(`\n=== ${label}: ${command} ${args.join(' ')}\n`);
  const t0 = Date.now();
  const res = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  return { status: res.status ?? 1, seconds };
}

/** A check without test cases of its own (lint, type-check) counts as one test. */
function check(label, command, args) {
  const { status, seconds } = run(label, command, args);
  results.push({ label, passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, seconds });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function vitest(label, args, env = {}) {
  const file = path.join(out, `${label.replaceAll(/\W+/g, '-')}.json`);
  const { status, seconds } = run(label, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...args], env);
  const report = readJson(file);
  if (!report) {
    results.push({ label, passed: 0, failed: 1, seconds, note: 'no report: the runner itself failed' });
    return;
  }
  const failed = report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0);
  results.push({ label, passed: report.numPassedTests, failed, seconds, skipped: report.numPendingTests + report.numTodoTests });
}

function playwright(label, chromiumPath) {
  const file = path.join(out, 'playwright.json');
  const { status, seconds } = run(label, 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    CHROMIUM_PATH: chromiumPath,
  });
  const report = readJson(file);
  if (!report?.stats) {
    results.push({ label, passed: 0, failed: 1, seconds, note: 'no report: the runner itself failed' });
    return;
  }
  const { expected, unexpected, flaky, skipped } = report.stats;
  const failed = unexpected + flaky + (status !== 0 && unexpected === 0 ? 1 : 0);
  results.push({ label, passed: expected, failed, seconds, skipped });
}

check('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
check('type-check', 'npx', ['tsc', '-b']);
vitest('unit, component and API tests (PGlite)', []);
// CI must never skip the PostgreSQL pass silently (.ci/run sets CI and TEST_DATABASE_URL).
const inCi = Boolean(process.env.CI) && !['false', '0'].includes(process.env.CI ?? '');
if (process.env.TEST_DATABASE_URL) {
  vitest('API tests on PostgreSQL', ['--project', 'server', '--exclude', 'src/server/main.test.ts'], {
    TEST_DATABASE_URL: process.env.TEST_DATABASE_URL,
  });
} else if (inCi) {
  results.push({ label: 'API tests on PostgreSQL', passed: 0, failed: 1, seconds: '0', note: 'TEST_DATABASE_URL is not set in CI (.ci/run sets it)' });
} else {
  process.stdout.write('\n(TEST_DATABASE_URL is not set: the API tests ran on PGlite only.)\n');
}
const browser = findChromium();
if (browser.path !== undefined) {
  playwright(`browser tests (Playwright, Chromium: ${browser.path})`, browser.path);
} else {
  results.push({
    label: 'browser tests',
    passed: 0,
    failed: 1,
    seconds: '0',
    note: `no Chromium found (looked at ${browser.looked.join(', ')}); install it with: ${INSTALL_COMMAND}`,
  });
}

let passed = 0;
let failed = 0;
let skipped = 0;
process.stdout.write('\n=== Summary\n');
for (const r of results) {
  passed += r.passed;
  failed += r.failed;
  skipped += r.skipped ?? 0;
  process.stdout.write(
    `  ${r.failed ? 'FAIL' : 'ok  '} ${r.label}: ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''} (${r.seconds} s)${r.note ? ` — ${r.note}` : ''}\n`,
  );
}
process.stdout.write(`  total time ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
process.stdout.write(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exitCode = failed > 0 ? 1 : 0;
