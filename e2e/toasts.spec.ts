import { expect, type Page, test } from '@playwright/test';
import { signIn } from './fixtures';

/*
 * Toasts close after 5 s and pause on hover or focus loss (spec section 2), also a toast that
 * appears while the window has no focus. react-toastify times a toast with a CSS animation (its
 * progress bar), which Playwright's clock does not drive: so the page's animations are frozen
 * (CDP: playback rate 0) and moved by hand together with the clock, and only while running,
 * exactly as time would move them.
 */

/** Less than a toast's 5 s of real time: a toast gone this soon was closed by the time moved by hand. */
const CLOSED_WITHIN = 4000;

async function freezeTime(page: Page): Promise<void> {
  await page.clock.install();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 0 });
}

/** Lets `ms` pass, in steps of 100 ms so that what an ending animation starts runs in time too. */
async function advance(page: Page, ms: number): Promise<void> {
  for (let passed = 0; passed < ms; passed += 100) {
    await page.evaluate(() => {
      for (const animation of document.getAnimations()) {
        if (animation.playState === 'running') animation.currentTime = Number(animation.currentTime ?? 0) + 100;
      }
    });
    await page.clock.runFor(100);
  }
}

/** The window loses focus, as when the customer switches to another window. */
async function blurWindow(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'hasFocus', { value: () => false, configurable: true });
    window.dispatchEvent(new Event('blur'));
  });
}

async function focusWindow(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'hasFocus', { value: () => true, configurable: true });
    window.dispatchEvent(new Event('focus'));
  });
}

// A user without relation: the heart answers with an error toast and changes nothing, so this
// spec needs no account of its own.
async function raiseToast(page: Page) {
  await page.getByRole('article').first().getByRole('button', { name: /op je bestellijst zetten/ }).click();
  const toast = page.locator('.Toastify__toast--error[data-in="true"]').filter({ hasText: 'Geen relatie gevonden' });
  await expect(toast).toBeVisible();
  return toast;
}

test.describe('a toast', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'norelation', '/nl/assortment');
    await expect(page.getByRole('article').first()).toBeVisible();
    await freezeTime(page);
  });

  test('closes after 5 s while the window has focus', async ({ page }) => {
    const toast = await raiseToast(page);
    await advance(page, 4000);
    await expect(toast).toBeVisible();
    await advance(page, 2000);
    await expect(toast).toHaveCount(0, { timeout: CLOSED_WITHIN });
  });

  test('that appears while the window has no focus waits until the window has focus again, then closes after 5 s', async ({ page }) => {
    await blurWindow(page);
    const toast = await raiseToast(page);
    await advance(page, 12_000);
    await expect(toast).toBeVisible();

    await focusWindow(page);
    await advance(page, 4000);
    await expect(toast).toBeVisible();
    await advance(page, 2000);
    await expect(toast).toHaveCount(0, { timeout: CLOSED_WITHIN });
  });

  test('pauses when the window loses focus after it appeared', async ({ page }) => {
    const toast = await raiseToast(page);
    await advance(page, 2000);
    await blurWindow(page);
    await advance(page, 12_000);
    await expect(toast).toBeVisible();
    await focusWindow(page);
    await advance(page, 4000);
    await expect(toast).toHaveCount(0, { timeout: CLOSED_WITHIN });
  });
});
