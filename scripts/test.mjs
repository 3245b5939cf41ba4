// `npm test`: lint, type-check, unit/component/API tests (PGlite; again on PostgreSQL when
// TEST_DATABASE_URL is set), then the browser tests; ends with one line "N passed, N failed"
// that counts every test it ran. Exit code 1 when anything failed.
//
// Two lanes run side by side (decision 031): lint, type-check, the web app's Vitest tests and
// the API tests on PGlite, which keep the processors busy; and the API tests on PostgreSQL, then
// the browser tests, which mostly wait (on the database server, the browser, the shop server). The first section to start has the
// terminal; a section that starts while another one has it writes to .test-output/<label>.log,
// shown in one piece when it ends.
//
// With NODE22 set to a Node 22 binary (.ci/run installs one), the build, a start of the built
// shop and the API tests on PGlite run again under it after both lanes, counted in the same line.
// `node scripts/test.mjs --node22-only` runs only those sections.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { findChromium, INSTALL_COMMAND } from './chromium.mjs';

const out = path.resolve('.test-output');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const results = new Map();
const started = Date.now();
const slug = (label) => label.replaceAll(/\W+/g, '-').replace(/^-|-$/g, '');
let terminalTaken = false;

/** Runs a command (through scripts/cpu-seconds.mjs); resolves with its exit status, wall and CPU seconds. */
function run(label, command, args, env = {}) {
  const live = !terminalTaken;
  terminalTaken ||= live;
  const logFile = path.join(out, `${slug(label)}.log`);
  const cpuFile = path.join(out, `${slug(label)}.cpu`);
  const header = `\n=== ${label}: ${command} ${args.join(' ')}\n`;
  process.stdout.write(live ? header : `\n=== ${label}: started alongside; its output follows when it ends (${path.relative(process.cwd(), logFile)})\n`);
  const childEnv = { ...process.env, ...env };
  for (const [key, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[key];
  const t0 = Date.now();
  const fd = live ? undefined : openSync(logFile, 'w');
  const child = spawn(process.execPath, [path.resolve('scripts/cpu-seconds.mjs'), cpuFile, command, ...args], {
    stdio: live ? 'inherit' : ['ignore', fd, fd],
    env: childEnv,
  });
  return new Promise((resolve) => {
    child.on('error', () => undefined);
    child.on('close', (code) => {
      if (live) terminalTaken = false;
      else {
        closeSync(fd);
        process.stdout.write(`${header}${readFileSync(logFile, 'utf8')}=== end of ${label}\n`);
      }
      let cpu;
      try {
        cpu = Number(readFileSync(cpuFile, 'utf8')).toFixed(0);
      } catch {
        cpu = undefined;
      }
      resolve({ status: code ?? 1, seconds: ((Date.now() - t0) / 1000).toFixed(1), cpu });
    });
  });
}

/** A check without test cases of its own (lint, type-check) counts as one test. */
async function check(label, command, args, env = {}) {
  const { status, seconds, cpu } = await run(label, command, args, env);
  results.set(label, { label, passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, seconds, cpu });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Vitest through npx, or with `node` given, Vitest's own script under that Node binary. */
async function vitest(label, args, env = {}, node = undefined) {
  const file = path.join(out, `${slug(label)}.json`);
  const vitestArgs = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...args];
  const [command, commandArgs] = node ? [node, [path.resolve('node_modules/vitest/vitest.mjs'), ...vitestArgs]] : ['npx', ['vitest', ...vitestArgs]];
  const { status, seconds, cpu } = await run(label, command, commandArgs, env);
  const report = readJson(file);
  if (!report) {
    results.set(label, { label, passed: 0, failed: 1, seconds, cpu, note: 'no report: the runner itself failed' });
    return;
  }
  const failed = report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0);
  results.set(label, { label, passed: report.numPassedTests, failed, seconds, cpu, skipped: report.numPendingTests + report.numTodoTests });
}

async function playwright(label, chromiumPath) {
  const file = path.join(out, 'playwright.json');
  const { status, seconds, cpu } = await run(label, 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    CHROMIUM_PATH: chromiumPath,
  });
  const report = readJson(file);
  if (!report?.stats) {
    results.set(label, { label, passed: 0, failed: 1, seconds, cpu, note: 'no report: the runner itself failed' });
    return;
  }
  const { expected, unexpected, flaky, skipped } = report.stats;
  const failed = unexpected + flaky + (status !== 0 && unexpected === 0 ? 1 : 0);
  results.set(label, { label, passed: expected, failed, seconds, cpu, skipped });
}

// TypeScript 7 (native, `typescript7` in package.json) type-checks several times faster than the
// 6.0 that typescript-eslint needs; called by path, since both packages bring a `tsc` command.
const tsc7 = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript7/package.json')), 'bin', 'tsc');

const LINT = 'lint';
const TYPES = 'type-check';
const WEB = 'web app tests (jsdom) and page weight';
const PGLITE = 'unit and API tests (PGlite)';
const POSTGRES = 'API tests on PostgreSQL';
const browser = findChromium();
const BROWSER = browser.path !== undefined ? `browser tests (Playwright, Chromium: ${browser.path})` : 'browser tests';

// CI must never skip the PostgreSQL pass silently (.ci/run sets CI and TEST_DATABASE_URL).
const inCi = Boolean(process.env.CI) && !['false', '0'].includes(process.env.CI ?? '');

// The second Node (issue 41, point 6): its folder goes first in PATH, so that npm, npx and any
// `node` a test or build script starts are that Node too.
const node22 = process.env.NODE22 ? path.resolve(process.env.NODE22) : undefined;
const node22Version = (() => {
  if (!node22) return undefined;
  try {
    return execFileSync(node22, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
})();
const ON_22 = `Node 22 (${node22Version ?? process.env.NODE22 ?? 'not given'})`;
const NODE22_BUILD = `build under ${ON_22}`;
const NODE22_START = `start of the built shop under ${ON_22}`;
const NODE22_PGLITE = `API tests (PGlite) under ${ON_22}`;
const node22Only = process.argv.includes('--node22-only');

const busyLane = async () => {
  await check(LINT, 'npx', ['eslint', '.', '--max-warnings=0']);
  await check(TYPES, process.execPath, [tsc7, '-b']);
  // The web tests (React in jsdom, with timers and waits of a few seconds) first, while the other
  // lane runs the PostgreSQL pass, which mostly waits; the API tests on PGlite, whose time limits
  // are wider, then share the processors with the browser tests.
  await vitest(WEB, ['--project', 'web', '--project', 'web-build']);
  // On PGlite whatever the environment says: TEST_DATABASE_URL is for the second pass only.
  await vitest(PGLITE, ['--project', 'server'], { TEST_DATABASE_URL: undefined });
};

const waitingLane = async () => {
  if (process.env.TEST_DATABASE_URL) {
    await vitest(POSTGRES, ['--project', 'server', '--exclude', 'src/server/main.test.ts'], { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL });
  } else if (inCi) {
    results.set(POSTGRES, { label: POSTGRES, passed: 0, failed: 1, seconds: '0', note: 'TEST_DATABASE_URL is not set in CI (.ci/run sets it)' });
  } else {
    process.stdout.write('\n(TEST_DATABASE_URL is not set: the API tests run on PGlite only.)\n');
  }
  if (browser.path !== undefined) {
    await playwright(BROWSER, browser.path);
  } else {
    results.set(BROWSER, {
      label: BROWSER,
      passed: 0,
      failed: 1,
      seconds: '0',
      note: `no Chromium found (looked at ${browser.looked.join(', ')}); install it with: ${INSTALL_COMMAND}`,
    });
  }
};

const node22Lane = async () => {
  if (!node22) {
    if (inCi || node22Only) results.set(NODE22_PGLITE, { label: NODE22_PGLITE, passed: 0, failed: 1, seconds: '0', note: 'NODE22 is not set (.ci/run sets it)' });
    return;
  }
  if (!node22Version?.startsWith('v22.')) {
    results.set(NODE22_PGLITE, { label: NODE22_PGLITE, passed: 0, failed: 1, seconds: '0', note: `NODE22=${node22} is not a Node 22 binary` });
    return;
  }
  const env = { PATH: `${path.dirname(node22)}${path.delimiter}${process.env.PATH ?? ''}` };
  await check(NODE22_BUILD, 'npm', ['run', 'build'], env);
  await check(NODE22_START, node22, [path.resolve('scripts/start-check.mjs')], env);
  await vitest(NODE22_PGLITE, ['--project', 'server'], { ...env, TEST_DATABASE_URL: undefined }, node22);
};

// After both lanes: beside them it would fight them for the processors, and its build for dist/.
if (!node22Only) await Promise.all([busyLane(), waitingLane()]);
await node22Lane();

let passed = 0;
let failed = 0;
let skipped = 0;
process.stdout.write('\n=== Summary (wall seconds; CPU seconds of the section\'s processes, without a database server\'s)\n');
for (const label of [LINT, TYPES, WEB, PGLITE, POSTGRES, BROWSER, NODE22_BUILD, NODE22_START, NODE22_PGLITE]) {
  const r = results.get(label);
  if (!r) continue;
  passed += r.passed;
  failed += r.failed;
  skipped += r.skipped ?? 0;
  process.stdout.write(
    `  ${r.failed ? 'FAIL' : 'ok  '} ${r.label}: ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''} (${r.seconds} s${r.cpu ? `, ${r.cpu} s CPU` : ''})${r.note ? ` — ${r.note}` : ''}\n`,
  );
}
process.stdout.write(`  total time ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
process.stdout.write(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exitCode = failed > 0 ? 1 : 0;
