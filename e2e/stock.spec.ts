import { expect, test } from '@playwright/test';

import type { Product } from '../src/shared/api/catalog';
import { formatStockDate } from '../src/shared/stock-date';
import { emptyCart } from './cart-support';
import { card, productsAs } from './catalogue-support';
import { expectAccessible } from './axe';
import { signIn } from './fixtures';

/**
 * Stock and availability (issue 21 point 4, decision 030) in Dutch and English: the demo data keeps
 * a few articles of the first page in stock. A card says in stock / few left / out of stock in
 * words with the expected date; adding an article out of stock is refused with the server's
 * message, one that may be backordered goes in with a toast saying what comes later. The
 * backordered line is taken out again, so the demo accounts' carts stay as they were.
 */

const ACCOUNTS = { nl: 'demo', en: 'demo-en' } as const;

const TEXTS = {
  nl: {
    out: 'Niet op voorraad',
    few: 'Nog maar enkele op voorraad',
    later: 'nu bestellen, later geleverd',
    expected: (date: string) => `nieuwe voorraad verwacht op ${date}`,
    add: (name: string) => `${name} in winkelwagen leggen`,
    addOnPage: 'In winkelwagen',
    refused: (sku: string, date: string) => `Artikel ${sku} is niet op voorraad (nieuwe voorraad verwacht op ${date}).`,
    backordered: 'Toegevoegd aan je winkelwagen. Hiervan is er 1 niet op voorraad; die wordt later geleverd.',
  },
  en: {
    out: 'Out of stock',
    few: 'Only a few left',
    later: 'order now, delivered later',
    expected: (date: string) => `new stock expected on ${date}`,
    add: (name: string) => `Add ${name} to cart`,
    addOnPage: 'Add to cart',
    refused: (sku: string, date: string) => `Article ${sku} is out of stock (new stock expected on ${date}).`,
    backordered: 'Added to you cart. 1 is not in stock and will be delivered later.',
  },
} as const;

function find(all: readonly Product[], test: (p: Product) => boolean, what: string): Product {
  const found = all.find((p) => test(p) && !p.price_on_request && p.minimum_quantity === 1);
  expect(found, what).toBeDefined();
  return found!;
}

for (const lang of ['nl', 'en'] as const) {
  const texts = TEXTS[lang];

  test(`the assortment shows stock in words and refuses or backorders accordingly (${lang})`, async ({ page }) => {
    // Two pages, a product page, axe and a phone width: more than the default 30 s on a busy machine.
    test.setTimeout(60_000);
    await signIn(page, ACCOUNTS[lang]);
    await emptyCart(page);
    const all = await productsAs(page, { 'page[limit]': '15' }, lang);
    const gone = find(all, (p) => p.availability?.status === 'out_of_stock' && !p.availability.backorder && p.availability.expected_date !== null, 'an article out of stock');
    const later = find(all, (p) => p.availability?.status === 'out_of_stock' && p.availability.backorder === true, 'an article that may be backordered');
    const few = find(all, (p) => p.availability?.status === 'few_left', 'an article with few left');
    const goneDate = formatStockDate(gone.availability!.expected_date!, lang);
    const laterDate = formatStockDate(later.availability!.expected_date!, lang);

    await page.goto(`/${lang}/assortment`);
    await expect(card(page, gone).locator('.availability-note')).toHaveText(new RegExp(`${texts.out}.*${texts.expected(goneDate)}`));
    await expect(card(page, few).locator('.availability-note')).toContainText(texts.few);
    await expect(card(page, later).locator('.availability-note')).toContainText(texts.later);
    await expectAccessible(page, 'the product cards with their stock', { within: '.product-card', everyRule: true });

    // Out of stock, no backorders: the server refuses, and says so in the page's language.
    await card(page, gone).getByRole('button', { name: texts.add(gone.title) }).click();
    await expect(page.locator('.Toastify__toast--error').filter({ hasText: texts.refused(gone.sku, goneDate) })).toBeVisible();

    // Backorders allowed: it goes in, and the toast says what comes later (the page says when).
    await page.goto(`/${lang}/assortment/${later.id}`);
    await expect(page.locator('.availability-note')).toContainText(texts.expected(laterDate));
    await page.getByRole('main').getByRole('button', { name: texts.addOnPage, exact: true }).click();
    await expect(page.locator('.Toastify__toast--success').filter({ hasText: texts.backordered })).toBeVisible();

    // At phone width the card's availability fits the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/${lang}/assortment`);
    const note = card(page, gone).locator('.availability-note');
    await note.scrollIntoViewIfNeeded();
    await expect(note).toBeVisible();
    const box = await note.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await emptyCart(page);
  });
}
