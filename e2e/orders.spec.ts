import { expect, type Locator, type Page, test } from '@playwright/test';

import type { CashInvoice } from '../src/shared/api/orders';
import { formatEuro } from '../src/shared/money';
import { cartAs, emptyCart } from './cart-support';
import { loginAs, ORDERS_SPEC_ACCOUNTS } from './fixtures';
import { openInvoicesAs, orderAs, ordersAs } from './orders-support';

/**
 * My orders, the order detail with 'Order again', and paying an open invoice in the payment
 * sandbox (issue 7), in Dutch and English. `demo` is only looked at (its 18 orders page, its
 * credit shows 'Credit'); the carts and invoices that change belong to generated customers that
 * no other spec uses. The tests run one after the other: they share accounts.
 */
test.describe.configure({ mode: 'default' });

type Lang = 'nl' | 'en';

const TEXTS = {
  en: {
    title: 'My orders',
    outside: 'Orders outside the webshop',
    webshop: 'Webshop orders',
    payNow: 'Pay now',
    credit: 'Credit',
    details: (n: string) => `Details of order ${n}`,
    page: (n: number) => `Page ${n}`,
    pages: 'Pages of orders',
    detail: 'Order details',
    overview: 'Order overview',
    grandTotal: 'Total (incl. VAT)',
    orderAgain: 'Order again',
    added: 'Added to you cart',
    update: 'Payment status',
    paidTitle: 'Invoice paid',
    paid: (n: string) => `Thank you! We have received your payment for invoice ${n}.`,
    failedTitle: 'Invoice payment failed',
    failed: (n: string) => `Your payment for invoice ${n} has failed.`,
    help: 'Please try again or contact us if you need help.',
    tryAgain: 'Try again',
    toOrders: 'Back to my orders',
  },
  nl: {
    title: 'Mijn bestellingen',
    outside: 'Bestellingen buiten de webshop',
    webshop: 'Webshopbestellingen',
    payNow: 'Nu betalen',
    credit: 'Creditnota',
    details: (n: string) => `Bekijk bestelling ${n}`,
    page: (n: number) => `Pagina ${n}`,
    pages: "Pagina's met bestellingen",
    detail: 'Bestelgegevens',
    overview: 'Overzicht bestelling',
    grandTotal: 'Totaal (incl. btw)',
    orderAgain: 'Opnieuw bestellen',
    added: 'Toegevoegd aan je winkelwagen',
    update: 'Betaalstatus',
    paidTitle: 'Factuur betaald',
    paid: (n: string) => `Bedankt! We hebben je betaling voor factuur ${n} ontvangen.`,
    failedTitle: 'Betaling van factuur mislukt',
    failed: (n: string) => `Je betaling voor factuur ${n} is mislukt.`,
    help: 'Probeer het opnieuw of neem contact met ons op als je hulp nodig hebt.',
    tryAgain: 'Opnieuw proberen',
    toOrders: 'Terug naar mijn bestellingen',
  },
} as const;

/** Set ORDERS_SCREENSHOTS to a folder to keep pictures of My orders and an order detail. */
const screenshots = process.env.ORDERS_SCREENSHOTS;

const cents = (euros: number) => Math.round(euros * 100);
const longDate = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Amsterdam' });
const day = (ymd: string) => ymd.split('-').reverse().join('-');

/** The table rows of a section, without the header row. */
const bodyRows = (section: Locator) => section.locator('tbody tr');

/** An invoice's amount and action as a row shows them: 'Pay now' above 0, 'Credit' otherwise. */
async function expectInvoiceAction(row: Locator, invoice: CashInvoice, lang: Lang): Promise<void> {
  await expect(row).toContainText(formatEuro(cents(invoice.outstandingAmount)));
  if (invoice.outstandingAmount > 0) {
    await expect(row.getByRole('button', { name: new RegExp(`^${TEXTS[lang].payNow}`) })).toBeEnabled();
  } else {
    await expect(row.getByText(TEXTS[lang].credit, { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: new RegExp(`^${TEXTS[lang].payNow}`) })).toHaveCount(0);
  }
}

for (const lang of ['nl', 'en'] as const) {
  const texts = TEXTS[lang];

  test(`My orders of demo: invoices outside the webshop with 'Pay now' and '${texts.credit}', 15 orders a page with ?page= (${lang})`, async ({ page }) => {
    await loginAs(page, 'demo');
    const [first, second, invoices] = [await ordersAs(page, 1), await ordersAs(page, 2), await openInvoicesAs(page)];
    expect(first.meta.count, 'demo has more than a page of orders').toBeGreaterThan(15);
    const outsideInvoices = invoices.filter((invoice) => invoice.orderId === undefined);
    expect(outsideInvoices.some((invoice) => invoice.outstandingAmount <= 0), 'demo has a credit').toBe(true);

    await page.goto(`/${lang}/account/orders`);
    await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${texts.title} \\| `));

    const outside = page.getByRole('region', { name: texts.outside });
    await expect(bodyRows(outside)).toHaveCount(outsideInvoices.length);
    for (const invoice of outsideInvoices) {
      const row = outside.locator(`tr[data-invoice="${invoice.invoiceNumber}"]`);
      await expect(row).toContainText(day(invoice.entryDate));
      await expect(row).toContainText(invoice.cashOrderId);
      await expectInvoiceAction(row, invoice, lang);
    }

    const webshop = page.getByRole('region', { name: texts.webshop });
    await expect(bodyRows(webshop)).toHaveCount(15);
    for (const order of first.data) {
      const row = webshop.locator(`tr[data-order="${order.order_number}"]`);
      await expect(row).toContainText(longDate.format(new Date(order.placed)));
      await expect(row).toContainText(order.total_price.formatted);
      await expect(row.getByRole('link', { name: texts.details(order.order_number) })).toHaveAttribute(
        'href',
        `/${lang}/account/orders/${order.drupal_internal__order_id}`,
      );
      const invoice = invoices.find((i) => i.orderId === order.drupal_internal__order_id);
      if (invoice) {
        await expect(row).toContainText(invoice.invoiceNumber);
        await expectInvoiceAction(row.getByTestId('order-invoice'), invoice, lang);
      } else {
        await expect(row.getByTestId('order-invoice')).toBeEmpty();
      }
    }
    expect(invoices.filter((i) => i.orderId !== undefined).length, 'some of demo’s orders have an open invoice').toBeGreaterThan(0);
    if (screenshots) await page.screenshot({ path: `${screenshots}/my-orders-${lang}.png`, fullPage: true });

    const pages = webshop.getByRole('navigation', { name: texts.pages });
    await expect(pages.getByRole('button', { name: texts.page(1) })).toBeDisabled();
    await pages.getByRole('button', { name: texts.page(2) }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/account/orders\\?page=2$`));
    await expect(bodyRows(webshop)).toHaveCount(second.data.length);
    await expect(bodyRows(webshop).first()).toContainText(second.data[0]?.order_number ?? '');
    await expect(pages.getByRole('button', { name: texts.page(2) })).toBeDisabled();

    // the page of the address, also after a reload
    await page.reload();
    await expect(bodyRows(webshop).first()).toContainText(second.data[0]?.order_number ?? '');
    await pages.getByRole('button', { name: texts.page(1) }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/account/orders$`));
    await expect(bodyRows(webshop).first()).toContainText(first.data[0]?.order_number ?? '');
  });

  test(`an order's detail from My orders and by its address; 'Order again' fills the cart (${lang})`, async ({ page }) => {
    const account = ORDERS_SPEC_ACCOUNTS.orders;
    await loginAs(page, account);
    await emptyCart(page);
    const list = await ordersAs(page, 1);
    expect(list.data.length, `${account} has past orders`).toBeGreaterThan(0);
    const listed = list.data[0]!;
    const order = await orderAs(page, listed.id, lang);
    const invoices = await openInvoicesAs(page);

    await page.goto(`/${lang}/account/orders`);
    await page.getByRole('link', { name: texts.details(listed.order_number) }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/account/orders/${listed.drupal_internal__order_id}$`));
    await expect(page.getByRole('heading', { level: 1, name: texts.detail })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${texts.detail} \\| `));
    await expect(page.getByTestId('order-number')).toHaveText(order.order_number ?? '');
    await expect(page.getByTestId('order-date')).toHaveText(longDate.format(new Date(order.placed ?? '')));
    if (order.shipping_method) await expect(page.getByTestId('order-shipping-method')).toHaveText(order.shipping_method);
    if (order.payment_method) await expect(page.getByTestId('order-payment-method')).toHaveText(order.payment_method);
    if (order.req_dlv_date) await expect(page.getByTestId('order-delivery-date')).toHaveText(day(order.req_dlv_date));
    if (order.delivery_address) await expect(page.getByTestId('order-delivery-address')).toContainText(order.delivery_address.address_line1);

    const overview = page.getByRole('region', { name: texts.overview });
    await expect(overview.locator('tbody tr')).toHaveCount(order.order_items.length);
    for (const item of order.order_items) {
      const row = overview.locator(`tr[data-sku="${item.purchased_entity?.sku}"]`);
      await expect(row).toContainText(item.purchased_entity?.title ?? item.title);
      await expect(row).toContainText(item.unit_price.formatted);
      await expect(row).toContainText(item.total_price.formatted);
      await expect(row.getByRole('img')).toBeVisible();
    }
    await expect(overview.getByText(texts.grandTotal).locator('xpath=..')).toContainText(order.total_price.formatted);
    const invoice = invoices.find((i) => i.orderId === order.drupal_internal__order_id);
    if (invoice) await expect(page.getByTestId('order-invoice')).toContainText(invoice.invoiceNumber);
    else await expect(page.getByTestId('order-invoice')).toHaveCount(0);
    if (screenshots) await page.screenshot({ path: `${screenshots}/order-detail-${lang}.png`, fullPage: true });

    await page.getByRole('button', { name: texts.orderAgain }).click();
    await expect(page.locator('.Toastify__toast--success').filter({ hasText: texts.added })).toBeVisible();
    const cart = await cartAs(page);
    const wanted = order.order_items.filter((item) => item.purchased_entity).map((item) => [item.purchased_entity?.sku, Number(item.quantity)]);
    expect(cart?.order_items.map((item) => [item.purchased_entity.sku, Number(item.quantity)]).sort()).toEqual(wanted.sort());
    await emptyCart(page);

    // a direct visit finds the order by its id (the last of the list: the lookup pages through it)
    const last = list.data.at(-1)!;
    await page.goto(`/${lang}/account/orders/${last.drupal_internal__order_id}`);
    await expect(page.getByTestId('order-number')).toHaveText(last.order_number);
    await expect(page.getByTestId('order-date')).toHaveText(longDate.format(new Date(last.placed)));
  });
}

/** Picks an outcome on the sandbox's test page and continues: the shop's update page polls, then sends the payer on. */
async function finishAtSandbox(page: Page, outcome: 'Paid' | 'Failed'): Promise<void> {
  await expect(page).toHaveURL(/\/backend\/payment-sandbox\/tr_sbx[0-9a-f]{16}$/);
  await page.getByRole('radio', { name: outcome }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The open invoice of one of the invoice account's webshop orders (the only one to pay in the demo data). */
async function payableInvoice(page: Page): Promise<CashInvoice & { orderId: number }> {
  const invoice = (await openInvoicesAs(page)).find((i) => i.orderId !== undefined && i.outstandingAmount > 0);
  expect(invoice, `${ORDERS_SPEC_ACCOUNTS.invoices} has an open invoice to pay (on a fresh e2e server)`).toBeTruthy();
  return invoice as CashInvoice & { orderId: number };
}

// English first: it only fails a payment, the Dutch test then pays the invoice for good.
test("a payment of an order's invoice started on the order detail fails in the sandbox: the failed page, the invoice still open; an invoice outside the webshop paid (en)", async ({ page }) => {
  test.slow();
  const texts = TEXTS.en;
  await loginAs(page, ORDERS_SPEC_ACCOUNTS.invoices);
  const invoice = await payableInvoice(page);
  const polls: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes(`/api/cash-invoice/${invoice.id}/payment-return`)) polls.push(response.url());
  });

  await page.goto(`/en/account/orders/${invoice.orderId}`);
  const block = page.getByTestId('order-invoice');
  await expect(block).toContainText(invoice.invoiceNumber);
  await expect(block).toContainText(formatEuro(cents(invoice.outstandingAmount)));
  await block.getByRole('button', { name: new RegExp(`^${texts.payNow}`) }).click();
  await expect(page.locator('.amount')).toHaveText(formatEuro(cents(invoice.outstandingAmount)));
  await finishAtSandbox(page, 'Failed');

  await expect(page).toHaveURL(new RegExp(`/en/cash-invoices/payment/${invoice.id}/failed\\?invoiceNumber=${invoice.invoiceNumber}$`));
  expect(polls.length, 'the update page asked the server').toBeGreaterThanOrEqual(1);
  expect(polls.every((url) => url.includes('/backend/en/api/'))).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: texts.failedTitle })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${texts.failedTitle} \\| `));
  const result = page.getByTestId('invoice-payment-result');
  await expect(result).toContainText(texts.failed(invoice.invoiceNumber));
  await expect(result).toContainText(texts.help);
  expect((await openInvoicesAs(page)).find((i) => i.id === invoice.id)?.outstandingAmount).toBe(invoice.outstandingAmount);

  await page.getByRole('link', { name: texts.toOrders }).click();
  const row = page.getByRole('region', { name: texts.webshop }).locator('tr', { has: page.getByText(invoice.invoiceNumber, { exact: true }) });
  await expect(row.getByRole('button', { name: new RegExp(`^${texts.payNow}`) })).toBeEnabled();

  // An invoice outside the webshop, paid in English (the Dutch test pays the order's invoice).
  const outside = (await openInvoicesAs(page)).find((i) => i.orderId === undefined && i.outstandingAmount > 0);
  expect(outside, `${ORDERS_SPEC_ACCOUNTS.invoices} has an open invoice outside the webshop (on a fresh e2e server)`).toBeTruthy();
  const outsideRow = page.getByRole('region', { name: texts.outside }).locator('tr', { has: page.getByText(outside!.invoiceNumber, { exact: true }) });
  await outsideRow.getByRole('button', { name: new RegExp(`^${texts.payNow}`) }).click();
  await expect(page.locator('.amount')).toHaveText(formatEuro(cents(outside!.outstandingAmount)));
  await finishAtSandbox(page, 'Paid');
  await expect(page).toHaveURL(new RegExp(`/en/cash-invoices/payment/${outside!.id}/completed\\?invoiceNumber=${outside!.invoiceNumber}$`));
  await expect(page.getByRole('heading', { level: 1, name: texts.paidTitle })).toBeVisible();
  await expect(page.getByTestId('invoice-payment-result')).toHaveText(texts.paid(outside!.invoiceNumber));
  expect((await openInvoicesAs(page)).some((i) => i.id === outside!.id)).toBe(false);
});

test("paying an order's invoice from My orders: failed, 'Try again', paid; the invoice leaves the list (nl)", async ({ page }) => {
  test.slow();
  const texts = TEXTS.nl;
  await loginAs(page, ORDERS_SPEC_ACCOUNTS.invoices);
  const invoice = await payableInvoice(page);

  await page.goto('/nl/account/orders');
  const row = page.getByRole('region', { name: texts.webshop }).locator('tr', { has: page.getByText(invoice.invoiceNumber, { exact: true }) });
  await expect(row).toContainText(formatEuro(cents(invoice.outstandingAmount)));
  await row.getByRole('button', { name: new RegExp(`^${texts.payNow}`) }).click();
  await expect(page.locator('.amount')).toHaveText(formatEuro(cents(invoice.outstandingAmount)));
  await finishAtSandbox(page, 'Failed');
  await expect(page).toHaveURL(new RegExp(`/nl/cash-invoices/payment/${invoice.id}/failed\\?invoiceNumber=${invoice.invoiceNumber}$`));
  await expect(page.getByRole('heading', { level: 1, name: texts.failedTitle })).toBeVisible();
  await expect(page.getByTestId('invoice-payment-result')).toContainText(texts.failed(invoice.invoiceNumber));
  await expect(page.getByTestId('invoice-payment-result')).toContainText(texts.help);

  // 'Try again' starts a new payment of the same invoice
  await page.getByRole('button', { name: new RegExp(`^${texts.tryAgain}`) }).click();
  await finishAtSandbox(page, 'Paid');
  await expect(page).toHaveURL(new RegExp(`/nl/cash-invoices/payment/${invoice.id}/completed\\?invoiceNumber=${invoice.invoiceNumber}$`));
  await expect(page.getByRole('heading', { level: 1, name: texts.paidTitle })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${texts.paidTitle} \\| `));
  await expect(page.getByTestId('invoice-payment-result')).toHaveText(texts.paid(invoice.invoiceNumber));

  // paid: out of the open invoices, out of My orders and off the order's detail
  expect((await openInvoicesAs(page)).some((i) => i.id === invoice.id)).toBe(false);
  await page.getByRole('link', { name: texts.toOrders }).click();
  await expect(page).toHaveURL(/\/nl\/account\/orders$/);
  const webshop = page.getByRole('region', { name: texts.webshop });
  await expect(webshop.locator('tbody tr').first()).toBeVisible();
  await expect(webshop.getByText(invoice.invoiceNumber, { exact: true })).toHaveCount(0);
  await page.goto(`/nl/account/orders/${invoice.orderId}`);
  await expect(page.getByTestId('order-number')).toBeVisible();
  await expect(page.getByTestId('order-invoice')).toHaveCount(0);
});
