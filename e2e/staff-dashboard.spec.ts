import { expect, test } from '@playwright/test';

import { expectAccessible } from './axe';
import { signIn } from './fixtures';

test.describe('the staff dashboard', () => {
  test('the order desk starts on the dashboard and sees its charts drawn (nl)', async ({ page }) => {
    await signIn(page, 'orderdesk', '/nl/staff');
    await expect(page.getByRole('heading', { level: 1, name: 'Overzicht' })).toBeVisible();
    for (const name of [/^Staafdiagram van de bestellingen en lijn van de omzet/, /^Staafdiagram van de bestellingen die vandaag/]) {
      const chart = page.getByRole('img', { name });
      await expect(chart).toBeVisible();
      const size = await chart.evaluate((canvas: HTMLCanvasElement) => ({ width: canvas.width, height: canvas.height }));
      expect(size.width).toBeGreaterThan(100);
      expect(size.height).toBeGreaterThan(100);
    }
    await page.getByText('Toon als tabel').first().click();
    await expect(page.getByRole('cell', { name: /^Week van / }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open prijsaanvragen' })).toBeVisible();
    await expectAccessible(page, 'the staff dashboard (nl)', { everyRule: true });
  });

  test('finance sees the dashboard on a tablet, with payments to check as a link (en)', async ({ page }) => {
    await page.setViewportSize({ width: 820, height: 1180 });
    await signIn(page, 'finance', '/en/staff/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Bar chart of orders and line of turnover/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Payments to check' }).last()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open price requests' })).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'the staff dashboard on a tablet (en)', { everyRule: true });
  });
});
