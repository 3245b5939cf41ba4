import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { loginAs } from './fixtures';

/** The shop's own theme must pass WCAG 2 AA checks (colour contrast among them) on its pages. */
const audit = (page: Page) =>
  new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();

const summary = (violations: Awaited<ReturnType<typeof audit>>['violations']) =>
  violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

test.describe('accessibility of the theme', () => {
  test('the login page has no WCAG AA violations', async ({ page }) => {
    await page.goto('/nl/user/login');
    await expect(page.getByRole('button', { name: 'Inloggen' })).toBeVisible();
    expect(summary((await audit(page)).violations)).toEqual([]);
  });

  test('the logged-in layout (header, account menu, footer) has no WCAG AA violations', async ({ page }) => {
    await loginAs(page, 'demo-en');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Delivery terms' })).toBeVisible();
    expect(summary((await audit(page)).violations)).toEqual([]);
    await page.locator('#account-menu-toggle').click();
    await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();
    expect(summary((await audit(page)).violations)).toEqual([]);
  });

  test('the 404 page has no WCAG AA violations on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, 'demo');
    await page.goto('/nl/dit/bestaat/niet');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(summary((await audit(page)).violations)).toEqual([]);
  });
});
