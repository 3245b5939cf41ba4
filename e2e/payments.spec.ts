import { expect, type Page, test } from '@playwright/test';

import type { CheckoutInvoicesResponse, PaymentReturnResponse } from '../src/shared/api/payments';
import { formatEuro } from '../src/shared/money';
import { addToCartAs, cartAs, emptyCart } from './cart-support';
import { productsAs, uniquelyNamed } from './catalogue-support';
import { PAYMENTS_SPEC_ACCOUNTS, signIn } from './fixtures';

/**
 * Online payment (iDEAL) at checkout through the built-in payment sandbox, in Dutch and
 * English: the outstanding invoices at checkout, the sandbox's test page, the update page
 * ('Status controleren') and where it sends the payer. The accounts are used by no other spec;
 * the tests of this file run one after the other, since they share carts, orders and the
 * relations' open invoices (the first test pays those of relation 1013, so it comes first).
 */
test.describe.configure({ mode: 'default' });

type Lang = 'nl' | 'en';

interface Texts {
  lang: Lang;
  account: string;
  title: string;
  shipping: RegExp;
  terms: RegExp;
  pay: string;
  invoices: string;
  toPay: string;
  credit: string;
  update: string;
  placed: string;
  paid: string;
  failed: string;
  waiting: string;
}

const ENGLISH: Texts = {
  lang: 'en',
  account: PAYMENTS_SPEC_ACCOUNTS.en,
  title: 'Complete order',
  shipping: /^Delivery\b/,
  terms: /I accept the delivery terms/,
  pay: 'Pay order',
  invoices: 'Outstanding invoices',
  toPay: 'Total to pay',
  credit: 'Credit',
  update: 'Status controleren',
  placed: 'Order placed',
  // the server's messages (GET /api/mollie_return/{order})
  paid: 'Your payment has been received. Thank you!',
  failed: 'Your payment has failed. Please try again or choose another payment method.',
  waiting: 'We are waiting for the confirmation of your payment…',
};

const DUTCH: Texts = {
  lang: 'nl',
  account: PAYMENTS_SPEC_ACCOUNTS.nl,
  title: 'Bestelling afronden',
  shipping: /^Bezorgen\b/,
  terms: /Ik ga akkoord met de leveringsvoorwaarden/,
  pay: 'Betaal bestelling',
  invoices: 'Openstaande facturen',
  toPay: 'Totaal te betalen',
  credit: 'Creditnota',
  update: 'Status controleren',
  placed: 'Bestelling geplaatst',
  paid: 'Je betaling is ontvangen. Dank je wel!',
  failed: 'Je betaling is mislukt. Probeer het opnieuw of kies een andere betaalmethode.',
  waiting: 'We wachten op de bevestiging van je betaling…',
};

const screenshots = process.env.PAYMENTS_SCREENSHOTS;

/** A fresh cart of two products with a price from 1 piece (2 and 3 pieces), through the API; answers the order id. */
async function fillCart(page: Page, lang: Lang): Promise<number> {
  await emptyCart(page);
  const all = await productsAs(page, { jsonapi_include: '1', include: 'images,variations' }, lang);
  const orderable = uniquelyNamed(all).filter((p) => !p.price_on_request && p.minimum_quantity === 1 && p.variations.length > 0);
  await addToCartAs(
    page,
    orderable.slice(0, 2).map((product, i) => ({ variationId: product.variations[0]?.drupal_internal__variation_id ?? 0, quantity: i + 2 })),
  );
  const cart = await cartAs(page);
  expect(cart?.order_items).toHaveLength(2);
  return cart?.order_id ?? 0;
}

async function invoicesAs(page: Page, order: number): Promise<CheckoutInvoicesResponse> {
  const res = await page.request.get(`/backend/en/api/checkout/${order}/invoices`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as CheckoutInvoicesResponse;
}

const cents = (euros: number | string) => Math.round(Number(euros) * 100);

/** On the checkout: delivery, iDEAL and the terms (address and date are set by the page on load). */
async function chooseIdeal(page: Page, texts: Texts): Promise<void> {
  await page.goto(`/${texts.lang}/cart/checkout`);
  await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
  const shipped = page.waitForResponse((r) => r.url().includes('/set-shipping') && r.ok());
  await page.getByRole('radio', { name: texts.shipping }).check();
  await shipped;
  const paid = page.waitForResponse((r) => r.url().includes('/set-payment') && r.ok());
  await page.getByRole('radio', { name: 'iDEAL', exact: true }).check();
  await paid;
  await expect(page.getByRole('region', { name: texts.invoices })).toBeVisible();
  await page.getByRole('checkbox', { name: texts.terms }).check();
}

/** 'Pay order' → the sandbox's test page; answers its amount. */
async function payAtSandbox(page: Page, texts: Texts): Promise<string> {
  await page.getByRole('button', { name: texts.pay }).click();
  await expect(page).toHaveURL(/\/backend\/payment-sandbox\/tr_sbx[0-9a-f]{16}$/);
  await expect(page.getByText('TEST MODE · iDEAL')).toBeVisible();
  return (await page.locator('.amount').textContent()) ?? '';
}

/** Picks an outcome on the sandbox page and continues: the shop's update page opens. */
async function chooseOutcome(page: Page, texts: Texts, order: number, outcome: 'Paid' | 'Failed' | 'Canceled' | 'Open'): Promise<void> {
  await page.getByRole('radio', { name: outcome }).check();
  const update = page.waitForURL(new RegExp(`/${texts.lang}/cart/checkout/${order}/update$`));
  await page.getByRole('button', { name: 'Continue' }).click();
  await update;
}

async function expectPlaced(page: Page, texts: Texts, order: number): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/${texts.lang}/cart/checkout/${order}/completed$`));
  await expect(page.locator('.Toastify__toast--success').filter({ hasText: texts.paid })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: texts.placed })).toBeVisible();
  await expect(page.getByTestId('order-number')).toHaveText(`W${String(order).padStart(7, '0')}`);
  expect(await cartAs(page)).toBeNull();
}

// English on relation 1013 (r1013-planning), Dutch on relation 1015 (the spare account): each
// relation has two open invoices and a credit in the demo data.
for (const [texts, account] of [
  [ENGLISH, PAYMENTS_SPEC_ACCOUNTS.en],
  [DUTCH, PAYMENTS_SPEC_ACCOUNTS.spare],
] as const) {
  test(`iDEAL pays the order with the open invoices and the credit of the relation; afterwards none are left (${texts.lang})`, async ({ page }) => {
    // two carts, the checkout, the sandbox and the update page: more than the usual 30 s on a busy machine
    test.slow();
    await signIn(page, account);
    const order = await fillCart(page, texts.lang);
    // the relation's open invoices as the server has them now (paid by this test, so gone in later runs on the same data)
    const before = await invoicesAs(page, order);

    await chooseIdeal(page, texts);
    const block = page.getByRole('region', { name: texts.invoices });
    const rows = block.locator('tbody tr');
    await expect(rows).toHaveCount(before.invoices.length);
    for (const [i, invoice] of before.invoices.entries()) {
      const row = rows.nth(i);
      await expect(row.locator('td').first()).toHaveText(invoice.invoiceNumber);
      await expect(row.locator('td').last()).toHaveText(
        `${invoice.outstandingAmount < 0 ? texts.credit : ''}${formatEuro(cents(invoice.outstandingAmount))}`,
      );
    }
    // the total to pay is the order total plus the invoices (credits deducted)
    const orderTotal = (await cartAs(page))?.total_price;
    const invoicesCents = before.invoices.reduce((sum, invoice) => sum + cents(invoice.outstandingAmount), 0);
    const toPay = formatEuro(cents(orderTotal?.number ?? 0) + invoicesCents);
    await expect(block.getByTestId('invoices-order-total')).toHaveText(orderTotal?.formatted ?? '');
    await expect(block.getByText(texts.toPay, { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(toPay);
    if (screenshots) await page.screenshot({ path: `${screenshots}/checkout-invoices-${texts.lang}.png`, fullPage: true });

    expect(await payAtSandbox(page, texts)).toBe(toPay);
    await chooseOutcome(page, texts, order, 'Paid');
    await expectPlaced(page, texts, order);

    // the invoices are settled: a new cart finds none
    const next = await fillCart(page, texts.lang);
    expect((await invoicesAs(page, next)).invoices).toEqual([]);
    await emptyCart(page);
  });
}

for (const texts of [ENGLISH, DUTCH]) {
  const { lang } = texts;

  test(`iDEAL paid at the sandbox: the update page, then 'Order placed' with the order number (${lang})`, async ({ page }) => {
    await signIn(page, texts.account);
    const order = await fillCart(page, lang);
    await chooseIdeal(page, texts);
    await payAtSandbox(page, texts);
    await chooseOutcome(page, texts, order, 'Paid');
    await expect(page).toHaveTitle(new RegExp(`^(${texts.update}|${texts.placed}) \\| `));
    await expectPlaced(page, texts, order);
  });

  test(`iDEAL failed at the sandbox: back at the checkout with the server's message, the cart still there (${lang})`, async ({ page }) => {
    await signIn(page, texts.account);
    const order = await fillCart(page, lang);
    const lines = (await cartAs(page))?.order_items.map((item) => [item.purchased_entity.sku, item.quantity]);
    await chooseIdeal(page, texts);
    await payAtSandbox(page, texts);
    await chooseOutcome(page, texts, order, 'Failed');

    await expect(page).toHaveURL(new RegExp(`/${lang}/cart/checkout$`));
    await expect(page.locator('.Toastify__toast--error').filter({ hasText: texts.failed })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
    const cart = await cartAs(page);
    expect(cart?.order_id).toBe(order);
    expect(cart?.order_items.map((item) => [item.purchased_entity.sku, item.quantity])).toEqual(lines);
    // a failed payment never stores its order as 'placed'
    expect(await page.evaluate(() => localStorage.getItem('placed'))).not.toBe(cart?.uuid);
    await emptyCart(page);
  });
}

test("a payment left open: the update page keeps polling with the server's waiting message; canceled later (nl)", async ({ page }) => {
  const texts = DUTCH;
  // the spare account: its order is locked while the payment is open
  await signIn(page, PAYMENTS_SPEC_ACCOUNTS.spare);
  const order = await fillCart(page, texts.lang);
  await chooseIdeal(page, texts);
  await payAtSandbox(page, texts);
  const sandbox = page.url();

  // back to the shop with the browser's back button: paying again offers the same payment
  await page.goBack();
  await expect(page).toHaveURL(/\/nl\/cart\/checkout$/);
  const terms = page.getByRole('checkbox', { name: texts.terms });
  if (!(await terms.isChecked())) await terms.check();
  await expect(page.getByRole('button', { name: texts.pay })).toBeEnabled();
  await payAtSandbox(page, texts);
  expect(page.url()).toBe(sandbox);

  const polls: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes(`/api/mollie_return/${order}`)) polls.push(response.url());
  });
  await chooseOutcome(page, texts, order, 'Open');
  await expect(page.getByRole('heading', { level: 1, name: texts.update })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${texts.update} \\| `));
  await expect(page.getByTestId('payment-status-message')).toHaveText(texts.waiting);
  // polled again (every 2.5 s) and still here
  await expect.poll(() => polls.length, { timeout: 8_000 }).toBeGreaterThanOrEqual(2);
  await expect(page).toHaveURL(new RegExp(`/nl/cart/checkout/${order}/update$`));
  if (screenshots) await page.screenshot({ path: `${screenshots}/checkout-update-${texts.lang}.png`, fullPage: true });
  const answer = (await (await page.request.get(`/backend/api/mollie_return/${order}`)).json()) as PaymentReturnResponse;
  expect(answer).toMatchObject({ status: 0, waiting: true });

  // back at the still open payment, the payer cancels it: back at the checkout with the server's message
  await page.goto(sandbox);
  await chooseOutcome(page, texts, order, 'Canceled');
  await expect(page).toHaveURL(/\/nl\/cart\/checkout$/);
  await expect(page.locator('.Toastify__toast--error').filter({ hasText: 'Je hebt de betaling geannuleerd. Je winkelwagen staat nog klaar.' })).toBeVisible();
  expect((await cartAs(page))?.order_id).toBe(order);
  await emptyCart(page);
});
