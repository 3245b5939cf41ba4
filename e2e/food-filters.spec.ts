import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signIn } from './fixtures';

/**
 * The food filters of the assortment (issue 19 point 4), in Dutch and English: 'without gluten'
 * and 'vegan' from the panel, kept in the URL (also after a reload: a filtered list can be
 * shared), and axe clean on the panel (also unfolded on a phone). Tolerant of the data: the
 * counts and the products depend on the demo data's food information, so the test checks that
 * the list agrees with the count the panel showed, not fixed numbers.
 */

const TEXTS = {
  nl: { account: 'demo', without: 'Zonder', gluten: /^Glutenbevattende granen/, vegan: /^Veganistisch/, strict: /^Streng/, clear: 'Filters wissen', count: /producten?$/ },
  en: { account: 'demo-en', without: 'Without', gluten: /^Cereals containing gluten/, vegan: /^Vegan/, strict: /^Strict/, clear: 'Clear filters', count: /products?$/ },
} as const;

for (const lang of ['nl', 'en'] as const) {
  const t = TEXTS[lang];
  test(`filters 'without gluten' and 'vegan', keeps them in the URL, axe clean (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, t.account, `/${lang}/assortment`);
    const without = page.getByRole('group', { name: t.without });
    await expect(without.getByRole('checkbox')).toHaveCount(14);
    const gluten = without.getByRole('checkbox', { name: t.gluten });
    // the label shows the count the filter would leave, once the list has answered
    await expect(page.locator(`label[for="${await gluten.getAttribute('id')}"]`)).toContainText(/\(\d+\)/);
    // The box follows the URL: click, then wait for the address and the state (check() verifies at once).
    await gluten.click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/assortment\\?without=gluten$`));
    await expect(gluten).toBeChecked();
    const vegan = page.getByRole('checkbox', { name: t.vegan });
    const veganLabel = page.locator(`label[for="${await vegan.getAttribute('id')}"]`);
    await expect(veganLabel).toContainText(/\(\d+\)/);
    const expected = Number(/\((\d+)\)/.exec((await veganLabel.textContent()) ?? '')?.[1]);
    await vegan.click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/assortment\\?without=gluten&diet=vegan$`));
    await expect(vegan).toBeChecked();
    await expect(page.getByRole('status').filter({ hasText: t.count })).toHaveText(new RegExp(`^${expected} `));
    await expect(page.getByRole('article')).toHaveCount(Math.min(15, expected));

    // the URL alone gives the same list: it can be shared
    await page.reload();
    await expect(page.getByRole('checkbox', { name: t.gluten })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: t.vegan })).toBeChecked();
    await expect(page.getByRole('status').filter({ hasText: t.count })).toHaveText(new RegExp(`^${expected} `));

    const { violations } = await new AxeBuilder({ page }).include('.food-filters').options({ resultTypes: ['violations'] }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await page.getByRole('button', { name: t.clear }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/assortment$`));
  });

  test(`folds the panel behind a Filters button on a phone (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, t.account, `/${lang}/assortment?diet=vegan`);
    const toggle = page.getByRole('button', { name: /^Filters/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('group', { name: t.without })).toBeHidden();
    await toggle.click();
    await expect(page.getByRole('group', { name: t.without })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: t.vegan })).toBeChecked();
    // the unfolded panel and its button are axe clean on a phone too
    const { violations } = await new AxeBuilder({ page }).include('.food-filters').options({ resultTypes: ['violations'] }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
