import { expect, type Page, test } from '@playwright/test';
import { type IncompleteFoodResponse } from '../src/shared/api/food-completeness';
import { expectAccessible } from './axe';
import { loginAs } from './fixtures';

/**
 * Issue 19 point 7: staff see the active food products whose mandatory food information is
 * missing, with what is missing, in Dutch and English, reached from the account menu, filtered on
 * one missing part, axe clean. Tolerant of the data: the list is compared with what the staff
 * API answers for the same page (the demo data leaves a few allergens unknown on purpose).
 */

const TEXTS = {
  nl: { staffArea: 'Beheer', title: 'Ontbrekende voedingsinformatie', table: 'Producten met ontbrekende voedingsinformatie', filter: 'Wat ontbreekt', article: 'Artikelnummer', allergens: 'Allergenen onbekend', count: /producten? met ontbrekende informatie$/ },
  en: { staffArea: 'Staff area', title: 'Missing food information', table: 'Products with missing food information', filter: 'What is missing', article: 'Article number', allergens: 'Allergens unknown', count: /products? with missing information$/ },
} as const;

async function incomplete(page: Page, lang: 'nl' | 'en', query = ''): Promise<IncompleteFoodResponse> {
  const res = await page.request.get(`/backend${lang === 'en' ? '/en' : ''}/api/staff/food/incomplete${query}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as IncompleteFoodResponse;
}

for (const lang of ['nl', 'en'] as const) {
  const t = TEXTS[lang];
  test(`staff see the food products with missing information and what is missing, axe clean (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, 'staff');
    if (lang === 'en') await page.goto('/en/account');
    await page.locator('#account-menu-toggle').click();
    await page.getByRole('banner').getByRole('link', { name: t.staffArea }).click();
    await page.getByRole('navigation', { name: t.staffArea }).getByRole('link', { name: t.title }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/staff/food-completeness$`));
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();

    const expected = await incomplete(page, lang);
    expect(expected.data.length).toBeGreaterThan(0);
    const table = page.getByRole('table', { name: t.table });
    await expect(table.getByRole('row')).toHaveCount(expected.data.length + 1);
    const first = expected.data[0]!;
    const row = table.getByRole('row').nth(1);
    await expect(row).toContainText(first.sku ?? first.erp_id);
    await expect(row).toContainText(lang === 'en' ? first.title_en : first.title_nl);
    await expect(row.getByRole('listitem')).toHaveCount(first.missing.length);
    await expect(page.getByRole('status').filter({ hasText: t.count })).toHaveText(new RegExp(`^${expected.meta.count} `));
    await expectAccessible(page, `the staff page of missing food information (${lang})`, { within: 'main', everyRule: true });

    // Only the products whose allergens are (partly) unknown, kept in the URL.
    const lacking = await incomplete(page, lang, '?missing=allergens');
    await page.getByRole('combobox', { name: t.filter }).selectOption('allergens');
    await expect(page).toHaveURL(new RegExp(`/${lang}/staff/food-completeness\\?missing=allergens$`));
    await expect(page.getByRole('status').filter({ hasText: t.count })).toHaveText(new RegExp(`^${lacking.meta.count} `));
    if (lacking.data.length > 0) await expect(table.getByRole('row').nth(1)).toContainText(t.allergens);

    // A phone: the article number goes under the name, nothing runs off the page, still axe clean.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(table.getByRole('columnheader', { name: t.article })).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await table.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expectAccessible(page, `the staff page of missing food information on a phone (${lang})`, { within: 'main', everyRule: true });
  });
}
