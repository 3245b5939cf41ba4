import { expect, test } from '@playwright/test';
import { loginAs } from './fixtures';

test.describe('a customer logs in and finds the footer menus', () => {
  test('demo logs in and sees the three footer menus in Dutch, then in English', async ({ page }) => {
    await loginAs(page, 'demo');
    await expect(page).toHaveURL(/\/nl\/assortment$/);
    await expect(page).toHaveTitle(/ \| Casa Maíz$/);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Leveringsvoorwaarden' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Mijn bestellingen' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Privacyverklaring' })).toBeVisible();

    await page.getByRole('navigation', { name: 'Taal' }).getByRole('link', { name: 'EN', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/assortment$/);
    await expect(footer.getByRole('link', { name: 'Delivery terms' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'My orders' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Privacy statement' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Delivery terms' })).toHaveAttribute('href', '/en/delivery-terms');
  });

  test('a wrong password shows the spec\'s message and stays on the login page', async ({ page }) => {
    await page.goto('/en/user/login');
    await page.getByLabel(/^Username/).fill('demo');
    await page.getByLabel(/^Password/).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Unrecognized username or password.')).toBeVisible();
    await expect(page).toHaveURL(/\/en\/user\/login$/);
  });

  test('anonymous visitors of a guarded page are sent to the login page', async ({ page }) => {
    await page.goto('/en/account/orders');
    await expect(page).toHaveURL(/\/user\/login$/);
    // /user/login carries no language: the browser's (nl-NL here) decides.
    await expect(page.getByRole('button', { name: 'Inloggen' })).toBeDisabled();
  });
});

test.describe('the account menu', () => {
  test('leads to My account, marks it active, and logs out for real', async ({ page }) => {
    await loginAs(page, 'demo-en');
    const menu = page.getByRole('banner').locator('.account-menu .dropdown-menu');
    await page.locator('#account-menu-toggle').click();
    await menu.getByRole('link', { name: 'My account' }).click();
    await expect(page).toHaveURL(/\/en\/account$/);
    await expect(menu).toBeHidden();
    await page.locator('#account-menu-toggle').click();
    await expect(menu.getByRole('link', { name: 'My account' })).toHaveAttribute('aria-current', 'page');
    const session = (await page.context().cookies()).find((c) => c.name === 'shop_sid');
    expect(session, 'the session cookie').toBeDefined();
    const withOldCookie = () => page.request.get('/backend/cart?_format=json', { headers: { cookie: `shop_sid=${session!.value}` } });
    expect((await withOldCookie()).status()).toBe(200);
    await menu.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/user\/login$/);
    expect(await page.evaluate(() => [localStorage.getItem('current_user'), localStorage.getItem('csrf_token')])).toEqual([null, null]);
    // The session is gone on the server too: its cookie, sent again, opens nothing ...
    expect((await withOldCookie()).status()).toBe(403);
    // ... and a guarded page sends us back to the login page.
    await page.goto('/en/account/orders');
    await expect(page).toHaveURL(/\/user\/login$/);
  });
});

test.describe('the 403 rule', () => {
  test('a session that ended on the server sends the customer to the login page on the next call', async ({ page, context }) => {
    await loginAs(page, 'demo-en');
    // Let the assortment finish its own calls first: one of them answering 403 would already log
    // out before the click below (right, but not what this test is about).
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The server forgets the session (as after a logout elsewhere); the page still believes it is logged in.
    await context.clearCookies();
    await page.locator('#account-menu-toggle').click();
    await page.getByRole('banner').locator('.account-menu .dropdown-menu').getByRole('link', { name: 'My account' }).click();
    await expect(page).toHaveURL(/\/user\/login$/);
    expect(await page.evaluate(() => [localStorage.getItem('current_user'), localStorage.getItem('csrf_token')])).toEqual([null, null]);
  });
});
