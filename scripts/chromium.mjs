// Where the browser tests find Chromium, shared by scripts/test.mjs, playwright.config.ts and the
// postinstall step: CHROMIUM_PATH when set, else the system's Chromium or Chrome, else the
// Chromium that Playwright manages (`npx playwright install chromium`).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The one command that installs a browser the tests can use, on any machine with npm. */
export const INSTALL_COMMAND = 'npx playwright install chromium';

/**
 * Debian's headless shell first (package chromium-headless-shell): Chromium's old headless mode,
 * which Playwright itself prefers for headless runs, lighter than the full browser (decision 031).
 */
const SYSTEM_PATHS = [
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/**
 * @returns {{ path: string, source: string } | { path: undefined, looked: string[] }} the browser,
 * or where it was looked for.
 */
export function findChromium(env = process.env) {
  if (env.CHROMIUM_PATH) {
    // Set on purpose: no other browser stands in for it.
    return existsSync(env.CHROMIUM_PATH) ? { path: env.CHROMIUM_PATH, source: 'CHROMIUM_PATH' } : { path: undefined, looked: [`CHROMIUM_PATH=${env.CHROMIUM_PATH}`] };
  }
  for (const candidate of SYSTEM_PATHS) if (existsSync(candidate)) return { path: candidate, source: 'system' };
  const managed = managedChromium();
  if (managed && existsSync(managed)) return { path: managed, source: 'Playwright' };
  return { path: undefined, looked: [...SYSTEM_PATHS, managed ?? "Playwright's Chromium (playwright-core is not installed)"] };
}

/** Where Playwright keeps its Chromium; undefined without playwright-core (an install without dev dependencies). */
function managedChromium() {
  try {
    return createRequire(import.meta.url)('playwright-core').chromium.executablePath();
  } catch {
    return undefined;
  }
}
