// npm's postinstall: fetches Playwright's Chromium for the browser tests when the machine has no
// Chromium of its own. It never fails the install: without a network (or with
// PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD set) it says in one line how to install a browser later.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium, INSTALL_COMMAND } from './chromium.mjs';

try {
  // Without the dev dependencies (a production install) there are no browser tests to serve.
  const withTests = existsSync(new URL('../node_modules/@playwright/test/package.json', import.meta.url));
  if (withTests && findChromium().path === undefined && !process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD) {
    const res = spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'ignore', timeout: 120_000 });
    if (res.status !== 0 || findChromium().path === undefined) {
      console.log(`No Chromium for the browser tests (the download failed or was cut off); install one with: ${INSTALL_COMMAND}`);
    }
  }
} catch (error) {
  console.log(`No Chromium for the browser tests (${error instanceof Error ? error.message : String(error)}); install one with: ${INSTALL_COMMAND}`);
}
