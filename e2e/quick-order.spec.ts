import { expect, type Page, test } from '@playwright/test';

import type { Product } from '../src/shared/api/catalog';
import { cartAs, emptyCart } from './cart-support';
import { productsAs, uniquelyNamed } from './catalogue-support';
import { expectAccessible } from './axe';
import { loginAs, signIn } from './fixtures';

/**
 * Quick order and my usual products (issue 18) in a real browser, in Dutch (`demo`) and English
 * (`demo-en`): a row typed with the suggestions and the keyboard, a pasted list with a bad line,
 * the preview, adding, the header's cart count; the usual products page; a phone's width. The
 * cart of these accounts is emptied before and after (other specs only look at their pages).
 */

type Lang = 'nl' | 'en';

const TEXTS = {
  nl: {
    account: 'demo',
    title: 'Snel bestellen',
    article: (row: number) => `Artikel, regel ${row}`,
    quantity: (row: number) => `Aantal, regel ${row}`,
    check: 'Controleren',
    paste: 'Plak uit Excel of een mail',
    checkList: 'Lijst controleren',
    preview: 'Controleren voor het toevoegen',
    add: (n: number) => (n === 1 ? '1 regel in winkelwagen leggen' : `${n} regels in winkelwagen leggen`),
    added: (added: number, leftOut: number) =>
      `${added} ${added === 1 ? 'regel' : 'regels'} toegevoegd${leftOut ? `, ${leftOut} niet toegevoegd` : ''}`,
    cartCount: (n: number) => new RegExp(`${n} artikel(en)? in je winkelwagen`),
    unknown: 'Onbekend artikel',
    usual: 'Mijn vaste producten',
    usualEmpty: /Je hebt de afgelopen 90 dagen niets besteld/,
  },
  en: {
    account: 'demo-en',
    title: 'Quick order',
    article: (row: number) => `Article, row ${row}`,
    quantity: (row: number) => `Quantity, row ${row}`,
    check: 'Check',
    paste: 'Paste from Excel or a mail',
    checkList: 'Check list',
    preview: 'Check before adding',
    add: (n: number) => (n === 1 ? 'Add 1 line to cart' : `Add ${n} lines to cart`),
    added: (added: number, leftOut: number) => `${added} ${added === 1 ? 'line' : 'lines'} added${leftOut ? `, ${leftOut} left out` : ''}`,
    cartCount: (n: number) => new RegExp(`${n} items? in your cart`),
    unknown: 'Unknown article',
    usual: 'My usual products',
    usualEmpty: /You have not ordered anything in the last 90 days/,
  },
} as const;

/** Two products of the first page that sell per piece at a price (no minimum, no price on request). */
async function twoOrderable(page: Page, lang: Lang): Promise<[Product, Product]> {
  const products = uniquelyNamed(await productsAs(page, { 'page[limit]': '60' }, lang)).filter((p) => !p.price_on_request && p.minimum_quantity === 1 && p.price);
  expect(products.length, 'the demo catalogue has products sold per piece').toBeGreaterThanOrEqual(2);
  return [products[0]!, products[1]!];
}

for (const lang of ['nl', 'en'] as const) {
  const tx = TEXTS[lang];

  test(`quick order: a typed row by keyboard, a pasted list with a bad line, preview, add, cart count (${lang})`, async ({ page }) => {
    await loginAs(page, tx.account);
    await emptyCart(page);
    const [typed, pasted] = await twoOrderable(page, lang);

    await page.goto(`/${lang}/quick-order`);
    await expect(page.getByRole('heading', { level: 1, name: tx.title })).toBeVisible();

    // 1. a row typed: the suggestions offer the product by its article number; Enter chooses it
    const article = page.getByRole('combobox', { name: tx.article(1) });
    await article.click();
    await page.keyboard.type(typed.sku);
    const option = page.getByRole('option', { name: new RegExp(typed.sku) }).first();
    await expect(option).toBeVisible();
    await expect(option).toContainText(typed.title);
    await expect(option).toContainText(typed.price!.formatted);
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('option', { selected: true })).toContainText(typed.sku);
    await page.keyboard.press('Enter');
    await expect(article).toHaveValue(typed.sku);
    await expect(page.getByRole('textbox', { name: tx.quantity(1) })).toBeFocused();
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('combobox', { name: tx.article(2) })).toBeFocused();
    await page.getByRole('button', { name: tx.check, exact: true }).click();

    const preview = page.getByRole('region', { name: tx.preview });
    await expect(preview.locator('[data-testid="preview-line"][data-status="ok"]')).toHaveCount(1);
    await expect(preview).toContainText(typed.title);
    await preview.getByRole('button', { name: tx.add(1) }).click();
    await expect(page.locator('.Toastify__toast--success').filter({ hasText: tx.added(1, 0) })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: tx.cartCount(2) })).toBeVisible();

    // 2. a pasted list with one article that does not exist
    await page.getByRole('textbox', { name: tx.paste }).fill(`${pasted.sku}\t3\nNOPE-999\t1`);
    await page.getByRole('button', { name: tx.checkList }).click();
    await expect(preview.getByTestId('preview-line')).toHaveCount(2);
    const bad = preview.locator('[data-status="unknown_article"]');
    await expect(bad).toContainText('NOPE-999');
    await expect(bad).toContainText(tx.unknown);
    await expectAccessible(page, `the quick order page with a preview (${lang})`);
    await preview.getByRole('button', { name: tx.add(1) }).click();
    await expect(page.locator('.Toastify__toast--success').filter({ hasText: tx.added(1, 1) })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: tx.cartCount(5) })).toBeVisible();
    // the line left out stays, as a row to correct
    await expect(page.getByRole('combobox', { name: tx.article(1) })).toHaveValue('NOPE-999');
    await expect(preview).toHaveCount(0);

    const cart = await cartAs(page);
    expect(cart?.order_items.map((item) => [item.purchased_entity.sku, Number(item.quantity)]).sort()).toEqual(
      [
        [typed.sku, 2],
        [pasted.sku, 3],
      ].sort(),
    );
    await emptyCart(page);
  });

  test(`my usual products loads, from the account menu (${lang})`, async ({ page }) => {
    await signIn(page, tx.account, `/${lang}/quick-order`);
    await page.locator('#account-menu-toggle').click();
    await page.getByRole('banner').locator('.account-menu .dropdown-menu').getByRole('link', { name: tx.usual }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/usual-products$`));
    await expect(page.getByRole('heading', { level: 1, name: tx.usual })).toBeVisible();
    await expect(page.getByTestId('usual-product').first().or(page.getByText(tx.usualEmpty))).toBeVisible();
    await expectAccessible(page, `my usual products (${lang})`);
  });
}

test('quick order fits a phone (375 px) without sideways scrolling (nl)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'demo', '/nl/quick-order');
  await expect(page.getByRole('heading', { level: 1, name: 'Snel bestellen' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Artikel, regel 1' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.goto('/nl/usual-products');
  await expect(page.getByRole('heading', { level: 1, name: 'Mijn vaste producten' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});
