import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, openSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { type Browser, expect, type Page, test, type TestInfo } from '@playwright/test';

import type { CustomerListResponse } from '../src/shared/api/staff';
import { baseURL, e2eDataDir } from './env';
import { loginAs, PAYMENT_LINK_SPEC_ACCOUNT } from './fixtures';

/**
 * Payment links: staff make one on the customers page for a relation's open invoices, and a
 * payer opens it in a browser that is not logged in, pays in the payment sandbox and lands on
 * the anonymous status page. The relation (1010 of the demo data, English) is this spec's own.
 *
 * Paying settles the invoices for good, so only a run that finds something to pay pays: a later
 * run on the same server (--repeat-each) checks that the staff page says there is nothing to pay.
 * The first run on a fresh server must find the open invoices. Runs on one server take turns (a
 * lock file in its data folder), and the run that paid leaves a mark there.
 */
const ACCOUNT = PAYMENT_LINK_SPEC_ACCOUNT;

/** Set PAYMENT_LINK_SCREENSHOTS to a folder to keep pictures of the dialog and the status page. */
const SCREENSHOTS = process.env.PAYMENT_LINK_SCREENSHOTS;

const LOCK = path.join(e2eDataDir, 'payment-links.lock');
const PAID_MARK = path.join(e2eDataDir, 'payment-links.paid');

/** Runs `fn` while no other run of this spec on the same server does (parallel --repeat-each). */
async function takingTurns(fn: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      closeSync(openSync(LOCK, 'wx'));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > deadline) throw new Error(`${LOCK} is still there after a minute: remove it if no run holds it`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    await fn();
  } finally {
    rmSync(LOCK, { force: true });
  }
}

async function relationOf(page: Page) {
  const res = await page.request.get('/backend/api/staff/customers', { params: { search: ACCOUNT } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as CustomerListResponse;
  const customer = body.data.find((c) => c.name === ACCOUNT);
  expect(customer?.relation, `${ACCOUNT} has a relation`).toBeTruthy();
  return customer!.relation!;
}

test.describe('payment links', () => {
  // Two browsers, the sandbox and a status page that polls every 2.5 s.
  test.slow();

  test('staff make a link that a payer pays without logging in; a paid link says so', async ({ page, browser }, testInfo) => {
    await loginAs(page, 'staff');
    await takingTurns(() => linkAndPay(page, browser, testInfo));
  });
});

async function linkAndPay(page: Page, browser: Browser, testInfo: TestInfo): Promise<void> {
  const relation = await relationOf(page);
  expect(relation.erp_number).toBe('1010');
  const company = relation.name;

  await page.goto(`/nl/staff/customers?search=${ACCOUNT}`);
  const main = page.getByRole('main');
  const linkButton = main.getByRole('button', { name: `Betaallink voor ${company} (${ACCOUNT})` });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await linkButton.click();

  const dialog = page.getByRole('dialog', { name: `Betaallink voor ${company}` });
  const nothingToPay = page.locator('.Toastify__toast--error').filter({ hasText: `${company} heeft geen openstaande facturen om te betalen.` });
  await expect(dialog.or(nothingToPay)).toBeVisible();

  if (!(await dialog.isVisible())) {
    // Paid by an earlier run on this server: never on the first run of a fresh one.
    expect(existsSync(PAID_MARK), 'the first run on a fresh server finds open invoices').toBe(true);
    testInfo.annotations.push({ type: 'note', description: `${company} had nothing left to pay: the payment part was not run` });
    await expect(nothingToPay).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await checkUnknownPaymentInDutch(browser);
    return;
  }

  // The dialog: amount, invoices and the link to copy.
  const amount = (await dialog.getByTestId('payment-link-amount').textContent())?.trim() ?? '';
  expect(amount).toMatch(/^€\s[\d.]+,\d{2}$/);
  const invoiceRows = dialog.getByRole('table', { name: 'Facturen' }).getByRole('row');
  expect(await invoiceRows.count()).toBeGreaterThanOrEqual(2);
  await expect(invoiceRows.nth(1)).toContainText(/F\d+/);
  const field = dialog.getByRole('textbox', { name: 'Link' });
  const url = await field.inputValue();
  expect(url).toMatch(new RegExp(`^${baseURL}/backend/pay/[0-9a-f-]{36}$`));
  await dialog.getByRole('button', { name: 'Kopiëren' }).click();
  // the clipboard, or else the link selected for Ctrl+C
  await expect(dialog.getByRole('status')).toHaveText(/De link is gekopieerd\.|De link is geselecteerd/);
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/payment-link-modal.png` });
  await dialog.getByRole('button', { name: 'Sluiten' }).last().click();
  await expect(dialog).toHaveCount(0);

  // The payer: a browser without a session opens the link and lands in the sandbox.
  const payerContext = await browser.newContext({ locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
  try {
    const payer = await payerContext.newPage();
    await payer.goto(url);
    await expect(payer).toHaveURL(/\/backend\/payment-sandbox\/tr_sbx[0-9a-f]{16}$/);
    await expect(payer.locator('.amount')).toHaveText(amount);
    await payer.getByRole('radio', { name: 'Paid' }).check();
    await payer.getByRole('button', { name: 'Continue' }).click();

    // The relation is English: the provider sends the payer to the English anonymous page.
    await expect(payer).toHaveURL(new RegExp(`^${baseURL}/en/bulk/payment/[0-9a-f-]{36}/update/anonymous$`));
    const statusPath = new URL(payer.url()).pathname;
    const result = payer.getByTestId('bulk-payment-result');
    await expect(result).toBeVisible();
    await expect(result.getByRole('heading', { name: 'Payment received' })).toBeVisible();
    await expect(result).toContainText('Your payment has been received. Thank you!');
    await expect(result).toContainText('The invoices have been paid. You can close this page now.');
    writeFileSync(PAID_MARK, payer.url());
    await expect(payer.getByRole('heading', { level: 1, name: 'Payment status' })).toBeVisible();
    await expect(payer).toHaveTitle(/^Payment status \| /);
    await expect(payer.locator('.Toastify__toast--success')).toContainText('Your payment has been received. Thank you!');
    // Never sent to a login page, and nothing is stored as a session: once the polling has
    // stopped (the network is quiet), the page is still where the provider sent the payer.
    await payer.waitForLoadState('networkidle');
    expect(new URL(payer.url()).pathname).toBe(statusPath);
    expect(await payer.evaluate(() => localStorage.getItem('current_user'))).toBeNull();
    if (SCREENSHOTS) await payer.screenshot({ path: `${SCREENSHOTS}/bulk-payment-anonymous.png` });

    // The same page in Dutch.
    await payer.goto(statusPath.replace(/^\/en\//, '/nl/'));
    const resultNl = payer.getByTestId('bulk-payment-result');
    await expect(payer.getByRole('heading', { level: 1, name: 'Betaalstatus' })).toBeVisible();
    await expect(payer).toHaveTitle(/^Betaalstatus \| /);
    await expect(resultNl.getByRole('heading', { name: 'Betaling ontvangen' })).toBeVisible();
    await expect(resultNl).toContainText('Je betaling is ontvangen. Dank je wel!');
    await expect(resultNl).toContainText('De facturen zijn betaald. Je kunt deze pagina nu sluiten.');
    await expect(payer.locator('html')).toHaveAttribute('lang', 'nl');
    if (SCREENSHOTS) await payer.screenshot({ path: `${SCREENSHOTS}/bulk-payment-anonymous-nl.png` });

    // Opening the link again: the invoices are paid.
    await payer.goto(url);
    await expect(payer.locator('body')).toContainText('These invoices have been paid already. There is nothing left to pay.');
    await expect(payer).toHaveURL(url);
  } finally {
    await payerContext.close();
  }
  await checkUnknownPaymentInDutch(browser);

  // Staff asking again: nothing left to pay.
  await linkButton.click();
  await expect(nothingToPay).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

/** The anonymous page of a payment that does not exist, in Dutch: a clear message, no redirect. */
async function checkUnknownPaymentInDutch(browser: Browser) {
  const context = await browser.newContext({ locale: 'nl-NL' });
  try {
    const visitor = await context.newPage();
    const path = `/nl/bulk/payment/${randomUUID()}/update/anonymous`;
    await visitor.goto(`${baseURL}${path}`);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Betaalstatus' })).toBeVisible();
    await expect(visitor.getByText('Deze betaling is niet gevonden. Controleer het adres of open de betaallink opnieuw.')).toBeVisible();
    expect(new URL(visitor.url()).pathname).toBe(path);
  } finally {
    await context.close();
  }
}
