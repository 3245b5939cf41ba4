import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, PASSWORD_SPEC_ACCOUNTS } from './fixtures';
import { mailsTo } from './mail-support';

/**
 * Password flows in a real browser: forgotten password → the mail in the server's outbox →
 * reset → login; the same link refused the second time; the wrong-password message; changing
 * the password on the account page.
 *
 * Each test uses a generated customer of the demo data (scale 0.25) that no other spec logs in
 * with (PASSWORD_SPEC_ACCOUNTS), so changing its password cannot break a test running in parallel.
 */
const [changePasswordUser, resetEnUser, resetNlUser] = PASSWORD_SPEC_ACCOUNTS;
const accounts = {
  resetNl: { name: resetNlUser, mail: 'pieter.goossens@example.nl' },
  resetEn: { name: resetEnUser, mail: 'stijn.degraaf@example.be' },
  changePassword: { name: changePasswordUser, company: 'Eetcafé La Esquina' },
};

/** The reset link of the newest mail to `address` written after `since` (ms), or null. */
function newestResetLink(address: string, since: number): string | null {
  return /https?:\/\/\S+\/user\/password\/reset\/\d+\/\d+\/[\w-]+/.exec(mailsTo(address, since)[0]?.text ?? '')?.[0] ?? null;
}

async function mailedLink(address: string, since: number): Promise<string> {
  await expect
    .poll(() => newestResetLink(address, since), { message: `a reset mail to ${address}`, timeout: 15_000 })
    .not.toBeNull();
  const link = newestResetLink(address, since);
  if (!link) throw new Error(`no reset mail to ${address}`);
  return link;
}

async function logIn(page: Page, name: string, pass: string, lang: 'nl' | 'en') {
  await page.goto(`/${lang}/user/login`);
  await page.getByLabel(lang === 'en' ? 'Username' : 'Gebruikersnaam').fill(name);
  await page.getByLabel(lang === 'en' ? 'Password' : 'Wachtwoord', { exact: true }).fill(pass);
  await page.getByRole('button', { name: lang === 'en' ? 'Login' : 'Inloggen', exact: true }).click();
}

const texts = {
  nl: {
    username: 'Gebruikersnaam',
    send: 'Versturen',
    mailed: (name: string) =>
      `Als de gebruiker met gebruikersnaam ${name} bestaat, mailen we instructies om het wachtwoord opnieuw in te stellen. Je moet uitgelogd zijn om de link in de e-mail te gebruiken.`,
    note: 'Deze inloglink kun je maar één keer gebruiken',
    pass: 'Nieuw wachtwoord',
    confirm: 'Bevestig nieuw wachtwoord',
    save: 'Wachtwoord opslaan',
    mismatch: 'De wachtwoorden komen niet overeen',
    saved: 'Je nieuwe wachtwoord is opgeslagen. Je kunt er nu mee inloggen.',
    failure: "Er is iets misgegaan bij het opnieuw instellen van je wachtwoord. Vraag een nieuwe link aan via de pagina 'Wachtwoord vergeten'.",
    backToLogin: 'Terug naar inloggen',
  },
  en: {
    username: 'Username',
    send: 'Send',
    mailed: (name: string) =>
      `Password reset instructions will be mailed to the user with username ${name} if the user exists. You must log out to use the password reset link in the email.`,
    note: 'This login can only be used once',
    pass: 'New password',
    confirm: 'Confirm new password',
    save: 'Save password',
    mismatch: 'The passwords do not match',
    saved: 'Your new password has been saved. You can now log in with it.',
    failure: "Something went wrong with resetting password, try again with a new link from the 'Forgotten password' page.",
    backToLogin: 'Back to login',
  },
} as const;

for (const [lang, account, newPassword] of [
  ['nl', accounts.resetNl, 'nieuw-geheim-nl'],
  ['en', accounts.resetEn, 'new-secret-en'],
] as const) {
  test(`forgotten password in ${lang === 'nl' ? 'Dutch' : 'English'}: mail, reset, log in; the link works only once`, async ({ page, browser }) => {
    test.slow(); // a long walk: request, mail, reset, two logins and a second browser
    const T = texts[lang];
    const since = Date.now() - 1000;
    await page.goto(`/${lang}/user/login`);
    await page.getByRole('link', { name: lang === 'en' ? 'Forgot password?' : 'Wachtwoord vergeten?' }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/user/password$`));
    const send = page.getByRole('button', { name: T.send });
    await expect(send).toBeDisabled();
    await page.getByLabel(T.username).fill(account.name);
    await send.click();
    await expect(page.getByText(T.mailed(account.name))).toBeVisible();
    await expect(page.getByRole('link', { name: T.backToLogin })).toBeVisible();

    // The mail goes out in the user's language (nl); the reset page works under either prefix.
    const mailed = await mailedLink(account.mail, since);
    expect(mailed).toMatch(/\/nl\/user\/password\/reset\/\d+\/\d+\/[\w-]{43}$/);
    const link = mailed.replace('/nl/user/', `/${lang}/user/`);
    await page.goto(link);
    // The secret leaves the address bar; hash and timestamp wait in local storage.
    await expect(page).toHaveURL(new RegExp(`/${lang}/user/password/reset/\\d+$`));
    expect(await page.evaluate(() => [localStorage.getItem('hashState'), localStorage.getItem('timestampState')])).toEqual([
      link.split('/').at(-1),
      link.split('/').at(-2),
    ]);
    await expect(page.getByText(T.note)).toBeVisible();

    await page.getByLabel(T.pass, { exact: true }).fill(newPassword);
    await page.getByLabel(T.confirm).fill(`${newPassword}-typo`);
    await page.getByRole('button', { name: T.save }).click();
    await expect(page.getByText(T.mismatch)).toBeVisible();

    await page.getByLabel(T.confirm).fill(newPassword);
    await page.getByRole('button', { name: T.save }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(T.saved)).toBeVisible();

    // The old password is gone, the new one works.
    await logIn(page, account.name, DEMO_PASSWORD, lang);
    await expect(page.getByRole('alert')).toContainText(lang === 'en' ? 'Unrecognized username or password.' : 'Onbekende gebruikersnaam');
    await logIn(page, account.name, newPassword, lang);
    await expect(page).toHaveURL(/\/nl\/assortment$/);

    // The same link, a second time, in a fresh browser: refused.
    const context = await browser.newContext({ locale: 'nl-NL' });
    const again = await context.newPage();
    await again.goto(link);
    await expect(again).toHaveURL(new RegExp(`/${lang}/user/password/reset/\\d+$`));
    await again.getByLabel(T.pass, { exact: true }).fill('yet-another-one');
    await again.getByLabel(T.confirm).fill('yet-another-one');
    await again.getByRole('button', { name: T.save }).click();
    await expect(again.getByRole('alert')).toContainText(T.failure);
    await again.getByRole('link', { name: T.backToLogin }).click();
    await expect(again).toHaveURL(new RegExp(`/${lang}/user/login$`));
    await context.close();
  });
}

test('a wrong password shows the message in Dutch and in English', async ({ page }) => {
  await logIn(page, accounts.changePassword.name, 'not-the-password', 'nl');
  await expect(page.getByRole('alert')).toHaveText('Onbekende gebruikersnaam of onjuist wachtwoord.');
  await logIn(page, 'nobody-by-this-name', DEMO_PASSWORD, 'en');
  await expect(page.getByRole('alert')).toHaveText('Unrecognized username or password.');
  await expect(page).toHaveURL(/\/en\/user\/login$/);
});

test('changing the password on the account page, in Dutch and then back in English', async ({ page, request }) => {
  const { name, company } = accounts.changePassword;
  const changed = 'salsa-verde-2023';
  await logIn(page, name, DEMO_PASSWORD, 'nl');
  await expect(page).toHaveURL(/\/nl\/assortment$/);
  await page.goto('/nl/account');
  await expect(page.getByRole('heading', { name: 'Mijn gegevens', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Gegevens' })).toContainText(company);

  const current = page.getByLabel('Huidig wachtwoord');
  const fresh = page.getByLabel('Nieuw wachtwoord', { exact: true });
  const repeat = page.getByLabel('Herhaal nieuw wachtwoord');
  const save = page.getByRole('button', { name: 'Wachtwoord opslaan' });
  await current.fill('niet-mijn-wachtwoord');
  await fresh.fill(changed);
  await repeat.fill(`${changed}!`);
  await expect(page.getByText('Wachtwoorden komen niet overeen.')).toBeVisible();
  await expect(save).toBeDisabled();
  await repeat.fill(changed);
  await expect(page.getByText('Wachtwoorden komen overeen!')).toBeVisible();
  await save.click();
  await expect(page.getByText('Niet alle waarden zijn juist.')).toBeVisible();
  await expect(page.getByText('Het huidige wachtwoord is onjuist.')).toBeVisible();

  await current.fill(DEMO_PASSWORD);
  await save.click();
  await expect(page.getByText('Wachtwoord is gewijzigd')).toBeVisible();
  await expect(current).toHaveValue('');
  const login = (pass: string) => request.post('/backend/user/login?_format=json', { data: { name, pass } });
  expect((await login(DEMO_PASSWORD)).status()).toBe(400);
  expect((await login(changed)).status()).toBe(200);

  // This session stays; in English, change it back.
  await page.goto('/en/account');
  await expect(page.getByRole('heading', { name: 'My details', level: 1 })).toBeVisible();
  await page.getByLabel('Current password').fill(changed);
  await page.getByLabel('New password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('Repeat new password').fill(DEMO_PASSWORD);
  await expect(page.getByText('Passwords match!')).toBeVisible();
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Successfully changed password')).toBeVisible();
  expect((await login(DEMO_PASSWORD)).status()).toBe(200);
});
