import { expect, type Page, test } from '@playwright/test';
import { loginAs, signIn } from './fixtures';

// Masquerading changes nothing of the customer's data, so demo and demo-en serve here as they are.

async function cachedUser(page: Page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('current_user') ?? 'null'));
}

test.describe('staff act on behalf of a customer', () => {
  // Two logins and three full page loads (login, switch-back redirect) per test.
  test.slow();

  test('staff finds La Catrina, logs in as demo, sees the Dutch shop with the banner and switches back', async ({ page }) => {
    await loginAs(page, 'staff');
    await page.locator('#account-menu-toggle').click();
    await page.getByRole('banner').getByRole('link', { name: 'Beheer' }).click();
    await page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Klanten' }).click();
    await expect(page).toHaveURL(/\/nl\/staff\/customers$/);
    await expect(page.getByRole('heading', { name: 'Klanten', level: 1 })).toBeVisible();

    const main = page.getByRole('main');
    await main.getByRole('searchbox', { name: 'Klanten zoeken' }).fill('La Catrina');
    await main.getByRole('button', { name: 'Zoeken' }).click();
    await expect(page).toHaveURL(/\?search=La\+Catrina$/);
    const row = main.getByRole('row', { name: /Restaurant La Catrina/ });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('demo@example.nl');
    await expect(row).toContainText('STANDAARD');
    await row.getByRole('button', { name: 'Inloggen als Sanne de Vries (demo)' }).click();

    await expect(page).toHaveURL(/\/nl\/assortment$/);
    await expect(page.getByRole('heading', { name: 'Assortiment', level: 1 })).toBeVisible();
    const banner = page.getByRole('region', { name: 'Ingelogd als' });
    await expect(banner).toContainText('Ingelogd als Sanne de Vries');
    expect(await cachedUser(page)).toMatchObject({ id: 1, data: { is_masquerading: true } });
    // While masquerading the account menu offers the way back and no staff area.
    await page.locator('#account-menu-toggle').click();
    const menu = page.getByRole('banner').locator('.account-menu .dropdown-menu');
    await expect(menu.getByRole('button', { name: 'Terug naar eigen account' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Beheer' })).toHaveCount(0);
    await page.locator('#account-menu-toggle').click();

    await banner.getByRole('button', { name: 'Terug naar eigen account' }).click();
    await expect(page).toHaveURL(/\/nl\/staff\/customers$/);
    await expect(page.getByRole('heading', { name: 'Klanten', level: 1 })).toBeVisible();
    await expect(page.locator('#account-menu-toggle')).toContainText('Ingrid van den Berg');
    await expect(page.getByRole('region', { name: 'Ingelogd als' })).toHaveCount(0);
    expect(await cachedUser(page)).toMatchObject({ id: 6, data: { is_masquerading: false } });
  });

  test('in English: staff logs in as demo-en from the account menu and comes back from it', async ({ page }) => {
    await signIn(page, 'staff', '/en/staff/customers');
    await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();

    const main = page.getByRole('main');
    await main.getByRole('searchbox', { name: 'Search customers' }).fill('taco lab');
    await main.getByRole('button', { name: 'Search' }).click();
    const row = main.getByRole('row', { name: /The Taco Lab B\.V\./ });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'Log in as Lucía Hernández (demo-en)' }).click();

    await expect(page).toHaveURL(/\/en\/assortment$/);
    await expect(page.getByRole('heading', { name: 'Assortment', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Logged in as' })).toContainText('Logged in as Lucía Hernández');

    // The staff API is out of reach: the session is the customer's.
    const denied = await page.request.get('/backend/api/staff/customers');
    expect(denied.status()).toBe(403);

    await page.locator('#account-menu-toggle').click();
    await page.getByRole('banner').locator('.account-menu .dropdown-menu').getByRole('button', { name: 'Back to own account' }).click();
    await expect(page).toHaveURL(/\/en\/staff\/customers$/);
    await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Logged in as' })).toHaveCount(0);
    await expect(page.locator('#account-menu-toggle')).toContainText('Ingrid van den Berg');

    // Straight on to the next customer: the fresh page has no CSRF token stored yet.
    await main.getByRole('searchbox', { name: 'Search customers' }).fill('taco lab');
    await main.getByRole('button', { name: 'Search' }).click();
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'Log in as Lucía Hernández (demo-en)' }).click();
    await expect(page).toHaveURL(/\/en\/assortment$/);
    await expect(page.getByRole('region', { name: 'Logged in as' })).toContainText('Logged in as Lucía Hernández');
  });
});
