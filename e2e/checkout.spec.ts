import { expect, type Page, test } from '@playwright/test';

import type { CartOrder } from '../src/shared/api/cart';
import type { Product } from '../src/shared/api/catalog';
import { addDays, deliveryWeekdays, earliestDeliveryDate, formatDeliveryDate, weekdayOf } from '../src/shared/delivery-date';
import { productsAs, uniquelyNamed } from './catalogue-support';
import { CHECKOUT_SPEC_ACCOUNT, signIn } from './fixtures';

/**
 * Checkout and the order completed page, in Dutch and English. Every test logs in as the same
 * generated customer, which no other spec uses (relation 1005, STANDAARD, monday to friday, two
 * delivery addresses); the tests of this file run one after the other, since they share its cart.
 * The cart is filled through the API, so these tests do not depend on the cart page.
 */
const ACCOUNT = CHECKOUT_SPEC_ACCOUNT;

test.describe.configure({ mode: 'default' });

const csrf = (page: Page) => page.evaluate(() => localStorage.getItem('csrf_token') ?? '');

async function cartOf(page: Page): Promise<CartOrder | null> {
  const res = await page.request.get('/backend/cart?_format=json');
  expect(res.status()).toBe(200);
  return ((await res.json()) as CartOrder[])[0] ?? null;
}

async function emptyCart(page: Page): Promise<void> {
  const cart = await cartOf(page);
  for (const item of cart?.order_items ?? []) {
    const res = await page.request.delete(`/backend/cart/${item.order_id}/items/${item.order_item_id}?_format=json`, {
      headers: { 'x-csrf-token': await csrf(page) },
    });
    expect(res.ok()).toBe(true);
  }
}

/** Two products with a price from 1 piece (titles in `lang`), put in the cart through the API: 2 and 3 pieces. */
async function fillCart(page: Page, lang: 'nl' | 'en'): Promise<{ product: Product; quantity: number }[]> {
  const all = await productsAs(page, { jsonapi_include: '1', include: 'images,variations' }, lang);
  const orderable = uniquelyNamed(all).filter((p) => !p.price_on_request && p.minimum_quantity === 1 && p.variations.length > 0);
  const lines = [
    { product: orderable[0] as Product, quantity: 2 },
    { product: orderable[1] as Product, quantity: 3 },
  ];
  const res = await page.request.post('/backend/cart/add?_format=json', {
    headers: { 'x-csrf-token': await csrf(page) },
    data: lines.map(({ product, quantity }) => ({
      purchased_entity_type: 'commerce_product_variation',
      purchased_entity_id: product.variations[0]?.drupal_internal__variation_id,
      quantity,
      combine: true,
    })),
  });
  expect(res.status()).toBe(200);
  return lines;
}

/** The second allowed delivery day from the earliest on (monday to friday for this customer), so not the preselected one. */
function laterDeliveryDay(): string {
  const allowed = deliveryWeekdays([]);
  let day = addDays(earliestDeliveryDate(new Date(), []), 1);
  while (!allowed.has(weekdayOf(day))) day = addDays(day, 1);
  return day;
}

/** Opens the date picker (always Dutch, spec section 5) and clicks `day` ('YYYY-MM-DD'), turning months when needed. */
async function pickDeliveryDate(page: Page, label: string, day: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const monthName = new Intl.DateTimeFormat('nl-NL', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, 1)));
  const heading = page.locator('.react-datepicker__current-month');
  for (let i = 0; i < 3 && (await heading.textContent()) !== monthName; i++) await page.getByRole('button', { name: 'Next Month' }).click();
  await expect(heading).toHaveText(monthName);
  const inMonth = ':not(.react-datepicker__day--outside-month)';
  // Saturdays and Sundays are never offered to this customer
  await expect(page.locator(`.react-datepicker__day--weekend${inMonth}`).first()).toHaveAttribute('aria-disabled', 'true');
  await page
    .locator(`.react-datepicker__day${inMonth}`)
    .filter({ hasText: new RegExp(`^${date}$`) }).click();
}

interface Texts {
  lang: 'nl' | 'en';
  title: string;
  deliveryDate: string;
  deliveryAddresses: string;
  shipping: string;
  payment: string;
  onAccount: string;
  terms: RegExp;
  pay: string;
  placed: string;
  orderAgain: string;
  added: string;
  invalid: [string, string, string];
}

const DUTCH: Texts = {
  lang: 'nl',
  title: 'Bestelling afronden',
  deliveryDate: 'Leverdatum',
  deliveryAddresses: 'Afleveradres',
  shipping: 'Bezorgen',
  payment: 'Betaalmethode',
  onAccount: 'Op rekening',
  terms: /Ik ga akkoord met de leveringsvoorwaarden/,
  pay: 'Betaal bestelling',
  placed: 'Bestelling geplaatst',
  orderAgain: 'Opnieuw bestellen',
  added: 'Toegevoegd aan je winkelwagen',
  invalid: ['Bevestig dat je akkoord gaat met onze leveringsvoorwaarden', 'Kies een verzendmethode', 'Kies een betaalmethode'],
};

const ENGLISH: Texts = {
  lang: 'en',
  title: 'Complete order',
  deliveryDate: 'Delivery date',
  deliveryAddresses: 'Delivery address',
  shipping: 'Delivery',
  payment: 'Payment method',
  onAccount: 'On account',
  terms: /I accept the delivery terms/,
  pay: 'Pay order',
  placed: 'Order placed',
  orderAgain: 'Order again',
  added: 'Added to you cart',
  invalid: ['Please confirm you accept our delivery terms', 'Please choose a shipping method', 'Please choose a payment method'],
};

const screenshots = process.env.CHECKOUT_SCREENSHOTS;

for (const texts of [DUTCH, ENGLISH]) {
  const { lang } = texts;

  test(`an empty cart goes back to the cart page (${lang})`, async ({ page }) => {
    await signIn(page, ACCOUNT);
    await emptyCart(page);
    await page.goto(`/${lang}/cart/checkout`);
    await expect(page).toHaveURL(new RegExp(`/${lang}/cart$`));
  });

  test(`the completed page without a placed order goes to the cart (${lang})`, async ({ page }) => {
    await signIn(page, ACCOUNT);
    await page.evaluate(() => localStorage.removeItem('placed'));
    await page.goto(`/${lang}/cart/checkout/1/completed`);
    await expect(page).toHaveURL(new RegExp(`/${lang}/cart$`));
  });

  test(`paying without terms, shipping and payment method shows what is missing and sends nothing (${lang})`, async ({ page }) => {
    await signIn(page, ACCOUNT);
    await emptyCart(page);
    await fillCart(page, lang);
    const placing: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/checkout\/\d+\/(place|create-payment)/.test(request.url())) placing.push(request.url());
    });
    await page.goto(`/${lang}/cart/checkout`);
    await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
    await expect(page.getByRole('radio', { name: texts.onAccount })).toBeVisible();
    // the cart has no date yet: the earliest day is saved on load
    await expect(page.getByLabel(texts.deliveryDate, { exact: true })).toHaveValue(formatDeliveryDate(earliestDeliveryDate(new Date(), [])));

    await page.getByRole('button', { name: texts.pay }).click();
    for (const message of texts.invalid) await expect(page.getByText(message, { exact: true })).toBeVisible();
    expect(placing).toEqual([]);

    // a choice clears its own message
    await page.getByRole('checkbox', { name: texts.terms }).check();
    await expect(page.getByText(texts.invalid[0], { exact: true })).toHaveCount(0);
    await expect(page.getByText(texts.invalid[1], { exact: true })).toBeVisible();
    expect(placing).toEqual([]);
  });

  test(`checkout on account with address, date, shipping and terms; then order again (${lang})`, async ({ page }) => {
    await signIn(page, ACCOUNT);
    await emptyCart(page);
    const lines = await fillCart(page, lang);
    await page.goto(`/${lang}/cart/checkout`);
    await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${texts.title} \\| `));

    // 1. the second delivery address
    const addresses = page.getByRole('group', { name: texts.deliveryAddresses });
    await expect(addresses.getByRole('radio').first()).toBeChecked();
    const profile = page.waitForResponse((r) => r.url().includes('/set-profile') && r.ok());
    await addresses.getByRole('radio').nth(1).check();
    await profile;

    // 2. a later delivery date, shipping and payment method
    const day = laterDeliveryDay();
    const dated = page.waitForResponse((r) => r.url().includes('/set-delivery-date') && r.request().postDataJSON()?.date === day && r.ok());
    await pickDeliveryDate(page, texts.deliveryDate, day);
    await dated;
    await expect(page.getByLabel(texts.deliveryDate, { exact: true })).toHaveValue(formatDeliveryDate(day));

    const shipped = page.waitForResponse((r) => r.url().includes('/set-shipping') && r.ok());
    await page.getByRole('radio', { name: new RegExp(`^${texts.shipping}\\b`) }).check();
    await shipped;
    const paid = page.waitForResponse((r) => r.url().includes('/set-payment') && r.ok());
    await page.getByRole('radio', { name: texts.onAccount }).check();
    await paid;

    // 3. the summary lists the lines; terms and pay
    const summary = page.locator('.checkout-summary');
    for (const { product, quantity } of lines) {
      await expect(summary.locator('.checkout-line', { hasText: product.title })).toContainText(String(quantity));
    }
    await page.getByRole('checkbox', { name: texts.terms }).check();
    if (screenshots) await page.screenshot({ path: `${screenshots}/checkout-${lang}.png`, fullPage: true });
    await page.getByRole('button', { name: texts.pay }).click();

    await expect(page).toHaveURL(new RegExp(`/${lang}/cart/checkout/\\d+/completed$`));
    await expect(page.getByRole('heading', { level: 1, name: texts.placed })).toBeVisible();
    await expect(page.getByTestId('order-number')).toHaveText(/^W\d{7}$/);
    await expect(page.getByTestId('order-date')).toHaveText(/^\d{2}-\d{2}-\d{4}$/);
    for (const { product, quantity } of lines) {
      const row = page.locator('.order-line', { hasText: product.title });
      await expect(row).toContainText(product.sku);
      await expect(row.locator('td').nth(2)).toHaveText(String(quantity));
    }
    expect(await cartOf(page)).toBeNull();
    if (screenshots) await page.screenshot({ path: `${screenshots}/order-completed-${lang}.png`, fullPage: true });

    await page.getByRole('button', { name: texts.orderAgain }).click();
    await expect(page.locator('.Toastify__toast--success').filter({ hasText: texts.added })).toBeVisible();
    const again = await cartOf(page);
    expect(again?.order_items.map((item) => [item.purchased_entity.sku, Number(item.quantity)]).sort()).toEqual(
      lines.map(({ product, quantity }) => [product.sku, quantity]).sort(),
    );
  });
}
