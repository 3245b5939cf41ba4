import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { loginAs } from './fixtures';

/**
 * Suggestions as you type in the header search box (issue 20 point 4), in a real browser, in
 * Dutch and English: typing, arrows, Enter on a product or a category, Enter without a choice,
 * Escape, axe with the list open, and the list on a phone.
 */

const TEXTS = {
  nl: { account: 'demo', box: 'Producten zoeken', list: 'Suggesties', products: 'Producten', categories: 'Categorieën', article: 'Art.nr.' },
  en: { account: 'demo-en', box: 'Search products', list: 'Suggestions', products: 'Products', categories: 'Categories', article: 'Art. no.' },
} as const;

for (const lang of ['nl', 'en'] as const) {
  const text = TEXTS[lang];

  test.describe(`search suggestions (${lang})`, () => {
    test('typing suggests products with article number and price and categories; arrows and Enter open a product; axe clean', async ({ page }) => {
      // Log-in, an axe audit and a product page: about 20 s alone, past 30 s when the test lanes share two busy cores.
      test.slow();
      await loginAs(page, text.account);
      const box = page.getByRole('banner').getByRole('combobox', { name: text.box });
      await box.click();
      await box.pressSequentially('tort');
      const list = page.getByRole('listbox', { name: text.list });
      await expect(list).toBeVisible();
      await expect(box).toHaveAttribute('aria-expanded', 'true');
      const products = list.getByRole('group', { name: text.products }).getByRole('option');
      await expect(products.first()).toContainText(text.article);
      expect(await products.count()).toBeLessThanOrEqual(8);
      await expect(list.getByRole('group', { name: text.categories }).getByRole('option').first()).toBeVisible();
      await expectAccessible(page, `the open suggestions (${lang})`);

      await box.press('ArrowDown');
      const first = products.first();
      await expect(first).toHaveAttribute('aria-selected', 'true');
      await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? 'missing');
      const title = (await first.locator('.fw-semibold').textContent()) ?? '';
      await box.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/${lang}/assortment/[0-9a-f-]{36}$`));
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    });

    test('Enter on a category opens its assortment; Enter without a choice searches; Escape closes, then empties', async ({ page }) => {
      await loginAs(page, text.account);
      const box = page.getByRole('banner').getByRole('combobox', { name: text.box });
      await box.click();
      await box.pressSequentially('tortilla');
      const list = page.getByRole('listbox', { name: text.list });
      await expect(list).toBeVisible();
      // Up from nothing highlights the last option: a category
      await box.press('ArrowUp');
      await expect(list.getByRole('group', { name: text.categories }).getByRole('option').last()).toHaveAttribute('aria-selected', 'true');
      await box.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/${lang}/assortment\\?categories=\\d+$`));

      await box.fill('');
      await box.pressSequentially('salsa');
      await expect(list).toBeVisible();
      await box.press('Escape');
      await expect(list).toBeHidden();
      await expect(box).toHaveAttribute('aria-expanded', 'false');
      await expect(box).toHaveValue('salsa');
      await box.press('Escape');
      await expect(box).toHaveValue('');

      await box.pressSequentially('salsa');
      await expect(list).toBeVisible();
      await box.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/${lang}/assortment\\?search=salsa$`));
    });

    test('the list fits a phone screen (375 px)', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await loginAs(page, text.account);
      const box = page.getByRole('banner').getByRole('combobox', { name: text.box });
      await box.click();
      await box.pressSequentially('chip');
      const list = page.getByRole('listbox', { name: text.list });
      await expect(list).toBeVisible();
      const bounds = await list.boundingBox();
      expect(bounds && bounds.x >= 0 && bounds.x + bounds.width <= 375).toBe(true);
      await expectAccessible(page, `the open suggestions on a phone (${lang})`);
    });
  });
}
