import { expect, type Page, test } from '@playwright/test';

import type { Product } from '../src/shared/api/catalog';
import { addToCartAs, cartAs, emptyCart } from './cart-support';
import { productsAs } from './catalogue-support';
import { expectAccessible } from './axe';
import { DEPOSITS_SPEC_ACCOUNTS, signIn } from './fixtures';

/**
 * Deposits (decision 028) from the cart to the order placed page, in Dutch and English: a crate of
 * soft drinks (9 %), a crate of beer (21 %) and a tequila. The deposits are lines of their own,
 * without VAT, in the cart, the checkout summary and the order placed page. The cart is filled
 * through the API.
 */

/** The first orderable product whose Dutch title matches. */
function pick(all: readonly Product[], title: RegExp): Product {
  const found = all.find((p) => title.test(p.title) && !p.price_on_request && p.minimum_quantity === 1 && p.variations.length > 0);
  expect(found, String(title)).toBeDefined();
  return found!;
}

async function fillCart(page: Page): Promise<void> {
  const all = await productsAs(page, { jsonapi_include: '1', include: 'images,variations' }, 'nl');
  const lines = [pick(all, /Frisdrank .* - 24 x 370 ml$/), pick(all, /bier - (12|24) x 355 ml$/), pick(all, /Tequila/)];
  await addToCartAs(page, lines.map((product) => ({ variationId: product.variations[0]!.drupal_internal__variation_id, quantity: 1 })));
}

const TEXTS = {
  nl: { crate: /^Emballage krat 2 × €\s1,50$/, bottle: /^Statiegeld fles \d+ × €\s0,10$/, shipping: 'Bezorgen', onAccount: 'Op rekening', terms: /Ik ga akkoord met de leveringsvoorwaarden/, pay: 'Betaal bestelling', placed: 'Bestelling geplaatst' },
  en: { crate: /^Deposit crate 2 × €\s1,50$/, bottle: /^Deposit bottle \d+ × €\s0,10$/, shipping: 'Delivery', onAccount: 'On account', terms: /I accept the delivery terms/, pay: 'Pay order', placed: 'Order placed' },
} as const;

for (const lang of ['nl', 'en'] as const) {
  const texts = TEXTS[lang];

  test(`a basket with deposits shows them as lines without VAT from the cart to the order placed page (${lang})`, async ({ page }) => {
    await signIn(page, DEPOSITS_SPEC_ACCOUNTS[lang]);
    await emptyCart(page);
    await fillCart(page);

    // The cart: two crates (soft drinks and beer) in one line, the bottles of both in another.
    await page.goto(`/${lang}/cart`);
    const totals = page.locator('.cart-totals');
    const deposits = totals.locator('[data-adjustment="deposit"] dt');
    await expect(deposits).toHaveCount(2);
    await expect(deposits.nth(0)).toHaveText(texts.crate);
    await expect(deposits.nth(1)).toHaveText(texts.bottle);
    await expect(totals.locator('[data-adjustment="tax"]')).toHaveCount(2);
    await expectAccessible(page, 'the cart totals with deposits', { within: '.cart-totals', everyRule: true });

    // At phone width the totals with their deposit lines fit the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(deposits.nth(0)).toBeVisible();
    const box = await totals.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    // and the page itself is no wider than the screen,
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // nor is the line table: each line's total and price per unit are on screen, not scrolled out of its box.
    for (const line of await page.locator('.cart-line').all()) {
      for (const cell of [line.locator('td').nth(3), line.locator('td').nth(4)]) {
        const cellBox = await cell.boundingBox();
        expect(cellBox!.x + cellBox!.width).toBeLessThanOrEqual(375);
      }
    }
    expect(await page.locator('.cart-table').evaluate((table) => table.parentElement!.scrollWidth <= table.parentElement!.clientWidth)).toBe(true);
    if (process.env.DEPOSITS_SCREENSHOTS) await totals.screenshot({ path: `${process.env.DEPOSITS_SCREENSHOTS}/cart-totals-375-${lang}.png` });
    await page.setViewportSize({ width: 1280, height: 800 });

    // The checkout summary, then placing the order on account.
    await page.goto(`/${lang}/cart/checkout`);
    const summary = page.locator('.checkout-summary');
    await expect(summary.locator('[data-adjustment="deposit"] dt')).toHaveCount(2);
    await expect(summary.locator('[data-adjustment="deposit"] dt').first()).toHaveText(texts.crate);
    const shipped = page.waitForResponse((r) => r.url().includes('/set-shipping') && r.ok());
    await page.getByRole('radio', { name: new RegExp(`^${texts.shipping}\\b`) }).check();
    await shipped;
    const paid = page.waitForResponse((r) => r.url().includes('/set-payment') && r.ok());
    await page.getByRole('radio', { name: texts.onAccount }).check();
    await paid;
    await page.getByRole('checkbox', { name: texts.terms }).check();
    if (process.env.DEPOSITS_SCREENSHOTS) await summary.screenshot({ path: `${process.env.DEPOSITS_SCREENSHOTS}/checkout-summary-${lang}.png` });
    await page.getByRole('button', { name: texts.pay }).click();

    // The order placed page lists the same deposit lines, and its total is the cart's total.
    await expect(page.getByRole('heading', { level: 1, name: texts.placed })).toBeVisible();
    if (process.env.DEPOSITS_SCREENSHOTS) await page.screenshot({ path: `${process.env.DEPOSITS_SCREENSHOTS}/order-placed-${lang}.png`, fullPage: true });
    const placedDeposits = page.locator('[data-adjustment="deposit"] th');
    await expect(placedDeposits).toHaveCount(2);
    await expect(placedDeposits.nth(0)).toHaveText(texts.crate);
    await expect(placedDeposits.nth(1)).toHaveText(texts.bottle);
    await expectAccessible(page, 'the checkout with deposits', { within: 'main', everyRule: true });
    expect(await cartAs(page)).toBeNull();
  });
}
