import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';

import type { StaffBoardResponse } from '../src/shared/api/staff-orders';

import { expectAccessible } from './axe';
import { signIn } from './fixtures';

/**
 * The orders board (issue 42, point 3) in a real browser, on the demo data's board orders: the
 * order desk opens it from the menu, filters on a state, searches one of demo's orders by its
 * number and opens it; the export link downloads the filtered list as CSV; finance reads it at
 * phone width, where the rows are cards. Reads only: no other spec's orders are changed.
 */

const TEXTS = {
  nl: { user: 'orderdesk', nav: 'Beheer', title: 'Bestellingen', placed: /^Geplaatst: \d+$/, badge: 'Geplaatst', search: 'Zoeken', heading: (n: string) => `Bestelling ${n}`, csv: 'CSV downloaden', header: 'Bestelnummer;Geplaatst op;Leverdatum', customer: 'Restaurant La Catrina' },
  en: { user: 'finance', nav: 'Staff area', title: 'Orders', placed: /^Placed: \d+$/, badge: 'Placed', search: 'Search', heading: (n: string) => `Order ${n}`, csv: 'Download CSV', header: 'Order number;Placed at;Delivery date', customer: 'The Taco Lab B.V.' },
} as const;

/** A placed order of the customer's, as the board's API answers it. */
async function placedOrderOf(page: Page, customer: string): Promise<string> {
  const res = await page.request.get('/backend/api/staff/orders', { params: { state: 'placed', q: customer } });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as StaffBoardResponse;
  const number = body.data.find((o) => o.customer.name === customer)?.order_number;
  expect(number, `${customer} has a placed order in the demo data`).toBeTruthy();
  return number ?? '';
}

for (const lang of ['nl', 'en'] as const) {
  const texts = TEXTS[lang];
  test.describe(`the orders board (${lang})`, () => {
    test(`${texts.user} filters on a state, finds an order of ${texts.customer} by its number and opens it`, async ({ page }) => {
      await signIn(page, texts.user, `/${lang}/staff`);
      await page.getByRole('navigation', { name: texts.nav }).getByRole('link', { name: texts.title }).click();
      await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
      await expect(page.getByTestId('board-row').first()).toBeVisible();
      await expectAccessible(page, `the orders board (${lang})`, { everyRule: true });

      await page.getByRole('button', { name: texts.placed }).click();
      await expect(page).toHaveURL(/[?&]state=placed\b/);
      await expect(page.getByRole('button', { name: texts.placed })).toHaveAttribute('aria-pressed', 'true');
      const rows = page.getByTestId('board-row');
      await expect(rows.first()).toBeVisible();
      for (const badge of await rows.locator('.badge').allTextContents()) expect(badge).toBe(texts.badge);

      const number = await placedOrderOf(page, texts.customer);
      await page.getByRole('searchbox', { name: texts.search }).fill(number);
      await page.getByRole('button', { name: texts.search, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]q=${number}`));
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(texts.customer);
      await rows.first().getByRole('link', { name: number }).click();
      await expect(page.getByRole('heading', { level: 1, name: texts.heading(number) })).toBeVisible();
      await page.goBack();
      await expect(page.getByRole('searchbox', { name: texts.search })).toHaveValue(number);
      await expect(rows).toHaveCount(1);
    });

    test(`the export link downloads the filtered list as CSV (${lang})`, async ({ page }) => {
      await signIn(page, texts.user, `/${lang}/staff/orders?state=placed`);
      await expect(page.getByTestId('board-row').first()).toBeVisible();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: texts.csv }).click()]);
      expect(download.suggestedFilename()).toMatch(lang === 'nl' ? /^bestellingen-\d{4}-\d{2}-\d{2}\.csv$/ : /^orders-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = readFileSync((await download.path())!, 'utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      const lines = text.slice(1).trim().split('\r\n');
      expect(lines[0]).toContain(texts.header);
      expect(lines.length).toBeGreaterThan(1);
      expect(lines.slice(1).every((line) => line.includes(`;${texts.badge};`))).toBe(true);
    });
  });
}

test('the board at phone width shows each order as a card, without sideways scrolling (en)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'finance', '/en/staff/orders');
  const row = page.getByTestId('board-row').first();
  await expect(row).toBeVisible();
  const box = await row.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
  expect(box!.height).toBeGreaterThan(60);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'the orders board at phone width (en)', { everyRule: true });
});
