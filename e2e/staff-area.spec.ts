import { expect, test } from '@playwright/test';

import { expectAccessible } from './axe';
import { signIn } from './fixtures';

const MENUS = {
  staff: { nl: ['Overzicht', 'Bestellingen', 'Klanten', 'Te controleren betalingen', 'Openstaande facturen', 'Zoekstatistieken', 'Ontbrekende voedingsinformatie', 'ERP-imports', 'Logboek'] },
  orderdesk: { nl: ['Overzicht', 'Bestellingen', 'Klanten', 'Logboek'] },
  finance: { en: ['Dashboard', 'Orders', 'Payments to check', 'Open invoices', 'Audit log'] },
} as const;

test.describe('the staff area', () => {
  for (const [name, menus] of Object.entries(MENUS)) {
    for (const [lang, entries] of Object.entries(menus)) {
      test(`${name} sees the menu of their roles and starts on its first page (${lang})`, async ({ page }) => {
        await page.setViewportSize({ width: 820, height: 1000 });
        await signIn(page, name, `/${lang}/staff`);
        const nav = page.getByRole('navigation', { name: lang === 'nl' ? 'Beheer' : 'Staff area' });
        await expect(nav.getByRole('link')).toHaveText([...entries]);
        await expect(nav.getByRole('link').first()).toHaveAttribute('aria-current', 'page');
        await expect(page.getByRole('heading', { level: 1, name: entries[0] })).toBeVisible();
        await expectAccessible(page, `the staff area's start page for ${name} (${lang})`, { everyRule: true });
      });
    }
  }

  test('the order desk is told its role does not reach the payments page, and the server refuses the call', async ({ page }) => {
    await signIn(page, 'orderdesk', '/nl/staff/payments');
    await expect(page.getByText('Je medewerkersrol geeft geen toegang tot deze pagina.')).toBeVisible();
    const refused = await page.request.get('/backend/api/staff/payments/review');
    expect(refused.status()).toBe(403);
    expect((await refused.json()).code).toBe('staff_role_missing');
  });

  for (const [path, heading] of [['payments', 'Payments to check'], ['search-statistics', 'Search statistics']] as const) {
    test(`the ${path} page is readable on a phone and axe clean (en)`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await signIn(page, 'staff', `/en/staff/${path}`);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectAccessible(page, `the staff ${path} page on a phone`, { everyRule: true });
    });
  }
});

/** Every page of the admin's menu, in both languages: a new staff page is checked as soon as it has a menu entry. */
test.describe('every staff page', () => {
  for (const lang of ['nl', 'en'] as const) {
    test(`is axe clean once loaded (${lang})`, async ({ page }) => {
      test.slow();
      await signIn(page, 'staff', `/${lang}/staff`);
      const nav = page.getByRole('navigation', { name: lang === 'nl' ? 'Beheer' : 'Staff area' });
      await expect(nav.getByRole('link').first()).toHaveAttribute('aria-current', 'page');
      const labels = await nav.getByRole('link').allTextContents();
      expect(labels.length).toBeGreaterThan(5);
      for (const label of labels) {
        const link = nav.getByRole('link', { name: label, exact: true });
        await link.click();
        await expect(link).toHaveAttribute('aria-current', 'page');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('.page-spinner')).toHaveCount(0);
        await expectAccessible(page, `the staff page '${label}' (${lang})`, { everyRule: true, soft: true });
      }
    });
  }
});
