import { expect, test } from '@playwright/test';

import { expectAccessible } from './axe';
import { signIn } from './fixtures';

test.describe("finance's open invoices", () => {
  test('finance finds a customer’s open invoices, filters the overdue ones and makes a payment link (en)', async ({ page }) => {
    await signIn(page, 'finance', '/en/staff');
    await page.getByRole('navigation', { name: 'Staff area' }).getByRole('link', { name: 'Open invoices' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Open invoices' })).toBeVisible();
    await page.getByLabel('Search open invoices').fill('La Catrina');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const table = page.getByRole('region', { name: 'Open invoices' });
    await expect(table.getByRole('row', { name: /F260001/ })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(/open invoices?, .*€/);
    await expect(page).toHaveURL(/search=La\+Catrina/);
    await expectAccessible(page, "finance's open invoices (en)", { everyRule: true });

    // The switch follows the address, which the router changes in a transition: click, then wait.
    const onlyOverdue = page.getByLabel('Only overdue invoices');
    await onlyOverdue.click();
    await expect(onlyOverdue).toBeChecked();
    await expect(page).toHaveURL(/overdue=1/);
    // F260001 is dated more than 30 days before the demo data's today; F265003 is not.
    await expect(table.getByRole('row', { name: /F260001/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /F265003/ })).toHaveCount(0);
    for (const row of await table.getByRole('row').all()) {
      if ((await row.getByRole('cell').count()) > 0) await expect(row).toContainText('Overdue');
    }

    await onlyOverdue.click();
    await expect(onlyOverdue).not.toBeChecked();
    await expect(table.getByRole('row', { name: /F265003/ })).toBeVisible();
    await table.getByRole('button', { name: 'Payment link for Restaurant La Catrina' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Payment link for Restaurant La Catrina' })).toBeVisible();
  });

  test('the open invoices page on a phone, in Dutch', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'staff', '/nl/staff/open-invoices');
    await expect(page.getByRole('heading', { level: 1, name: 'Openstaande facturen' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('openstaande facturen, samen');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'the open invoices page on a phone (nl)', { everyRule: true });
  });
});
