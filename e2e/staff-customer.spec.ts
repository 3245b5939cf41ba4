import { expect, test } from '@playwright/test';

import { expectAccessible } from './axe';
import { signIn } from './fixtures';
import { mailsTo } from './mail-support';

/**
 * The staff customer page (issue 42, point 7) in a real browser. It invites its own new users
 * into Latina Distributie (ghint's relation) and blocks only those, so no other spec's account
 * changes.
 */
test.describe('the staff customer page', () => {
  test('the order desk opens a customer, invites a cook who gets the welcome mail, blocks and unblocks them (nl)', async ({ page }) => {
    const mail = `kok-${Date.now()}@latina.example`;
    const since = Date.now() - 1000;
    await signIn(page, 'orderdesk', '/nl/staff/customers?search=1003');
    await page.getByRole('link', { name: 'Latina Distributie BV' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Latina Distributie BV' })).toBeVisible();
    const users = page.getByRole('region', { name: 'Gebruikers van Latina Distributie BV' });
    await expect(users.getByRole('row', { name: /ghint/ })).toBeVisible();
    await expectAccessible(page, 'the staff customer page (nl)', { everyRule: true });

    await page.getByRole('button', { name: 'Gebruiker uitnodigen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Gebruiker uitnodigen voor Latina Distributie BV' });
    await dialog.getByLabel('E-mailadres').fill('geen-adres');
    await dialog.getByRole('button', { name: 'Uitnodigen' }).click();
    await expect(dialog.getByText('Vul een geldig e-mailadres in.')).toBeVisible();
    await expect(dialog.getByText('Vul een voornaam in.')).toBeVisible();
    await expectAccessible(page, 'the invite dialog with its field messages (nl)', { everyRule: true });

    await dialog.getByLabel('E-mailadres').fill(mail);
    await dialog.getByLabel('Voornaam').fill('Tomás');
    await dialog.getByLabel('Achternaam').fill('Vega');
    await dialog.getByLabel('Taal van de mails en de webshop').selectOption('en');
    await dialog.getByRole('button', { name: 'Uitnodigen' }).click();
    await expect(dialog).toBeHidden();
    const row = users.getByRole('row', { name: /Tomás Vega/ });
    await expect(row).toContainText('Heeft nog geen wachtwoord gekozen');
    await expect.poll(() => mailsTo(mail, since).map((m) => m.subject), { timeout: 15_000 }).toEqual([expect.stringMatching(/^Your account at /)]);
    expect(mailsTo(mail, since)[0]!.text).toMatch(/\/en\/user\/password\/reset\/\d+\/\d+\//);

    await row.getByRole('button', { name: 'Tomás Vega blokkeren' }).click();
    const block = page.getByRole('dialog', { name: 'Tomás Vega blokkeren' });
    await block.getByRole('button', { name: 'Blokkeren' }).click();
    await expect(block.getByText('Geef een reden.')).toBeVisible();
    await block.getByLabel('Reden').fill('Werkt hier niet meer');
    await block.getByRole('button', { name: 'Blokkeren' }).click();
    await expect(row).toContainText('Geblokkeerd');
    const history = page.getByRole('region', { name: 'Geschiedenis van deze klant' });
    await expect(history.getByText('Reden: Werkt hier niet meer')).toBeVisible();
    await expect(history.getByText('Gebruiker uitgenodigd').first()).toBeVisible();

    await row.getByRole('button', { name: 'Tomás Vega deblokkeren' }).click();
    await expect(row).toContainText('Actief');
    await expect(history.getByText('Gebruiker gedeblokkeerd').first()).toBeVisible();
  });

  test('staff sends the welcome mail again, on a phone, in English', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const since = Date.now() - 1000;
    await signIn(page, 'staff', '/en/staff/customers?search=ghint');
    await page.getByRole('link', { name: 'Latina Distributie BV' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Latina Distributie BV' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Open invoices' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'the staff customer page on a phone (en)', { everyRule: true });

    const users = page.getByRole('region', { name: 'Users of Latina Distributie BV' });
    const row = users.getByRole('row', { name: /ghint/ });
    const address = (await row.getByRole('cell').nth(1).textContent())!.trim();
    await row.getByRole('button', { name: /^Send the welcome mail to .* again$/ }).click();
    await expect(page.getByText(`The welcome mail is on its way to ${address}.`)).toBeVisible();
    await expect.poll(() => mailsTo(address, since).length, { timeout: 15_000 }).toBe(1);
  });
});
