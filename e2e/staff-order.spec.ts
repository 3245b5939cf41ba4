import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';

import type { StaffOrder } from '../src/shared/api/staff-order';
import { addDays, deliveryWeekdays, earliestDeliveryDate, weekdayOf } from '../src/shared/delivery-date';

import { expectAccessible } from './axe';
import { e2eDataDir } from './env';
import { signIn } from './fixtures';
import { orderAs } from './orders-support';

/**
 * The staff order page (issue 42, points 4 and 5) in a real browser: a customer places an order
 * (through the API), the order desk opens it by its address, changes a quantity and saves; the
 * customer sees the new quantity and has the mail; then the order desk cancels it with a reason.
 * `demo` orders in Dutch, `demo-en` in English.
 */

const OUTBOX = path.resolve(e2eDataDir, 'outbox');

const TEXTS = {
  nl: {
    customer: 'demo',
    /** The demo relation's delivery days (scripts/seed/customers.ts). */
    days: ['tuesday', 'thursday', 'friday'],
    heading: (n: string) => `Bestelling ${n}`,
    edit: 'Bestelling wijzigen',
    quantityOf: (title: string) => `Aantal van ${title}`,
    preview: 'Verschil bekijken',
    save: 'Wijziging opslaan',
    saved: 'De bestelling is gewijzigd',
    changedSubject: (n: string) => `Bestelling ${n} is gewijzigd`,
    cancel: 'Bestelling annuleren',
    cancelConfirm: 'Bestelling annuleren',
    reason: 'Reden',
    reasonRequired: 'Geef een reden voor de annulering.',
    canceled: 'Geannuleerd',
    canceledSubject: (n: string) => `Bestelling ${n} is geannuleerd`,
    timeline: 'Geschiedenis',
  },
  en: {
    customer: 'demo-en',
    days: [],
    heading: (n: string) => `Order ${n}`,
    edit: 'Edit order',
    quantityOf: (title: string) => `Quantity of ${title}`,
    preview: 'Show the difference',
    save: 'Save the change',
    saved: 'The order is changed',
    changedSubject: (n: string) => `Order ${n} has been changed`,
    cancel: 'Cancel order',
    cancelConfirm: 'Cancel the order',
    reason: 'Reason',
    reasonRequired: 'Give a reason for the cancellation.',
    canceled: 'Canceled',
    canceledSubject: (n: string) => `Order ${n} has been canceled`,
    timeline: 'History',
  },
} as const;

/** The subjects and texts of the mails in the outbox (subjects in RFC 2047 words, texts quoted-printable). */
function outboxMails(): Array<{ subject: string; text: string }> {
  let files: string[];
  try {
    files = readdirSync(OUTBOX).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.map((file) => {
    const raw = readFileSync(path.join(OUTBOX, file), 'utf8').replace(/\r\n/g, '\n');
    const split = raw.indexOf('\n\n');
    const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ');
    const decoded = raw.slice(split + 2).replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    const subject = (/^Subject:\s*(.*)$/im.exec(head)?.[1] ?? '')
      .replace(/\?=\s+=\?/g, '?==?')
      .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_m, word: string) =>
        Buffer.from(word.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
      );
    return { subject: subject.trim(), text: Buffer.from(decoded, 'latin1').toString('utf8') };
  });
}

/** The second delivery day the relation may have now, so the order stays changeable while the test runs. */
function deliveryDay(days: readonly string[]): string {
  const allowed = deliveryWeekdays(days);
  let day = addDays(earliestDeliveryDate(new Date(), days), 1);
  while (!allowed.has(weekdayOf(day))) day = addDays(day, 1);
  return day;
}

/** The customer places an order of 2 × article 101001 on account, picked up: its uuid and number. */
async function placeOrder(request: APIRequestContext, csrf: string, days: readonly string[]): Promise<{ uuid: string; number: string; id: number }> {
  const headers = { 'x-csrf-token': csrf };
  const added = await request.post('/backend/quick-order/add', { headers, data: { rows: [{ line: 1, article: '101001', quantity: 2 }] } });
  expect(added.status(), await added.text()).toBe(200);
  const [cart] = (await (await request.get('/backend/cart?_format=json')).json()) as Array<{ order_id: number }>;
  const date = deliveryDay(days);
  for (const [step, body] of [['set-shipping', { method: 'pickup' }], ['set-payment', { method: 'on_account' }], ['set-delivery-date', { date }]] as const) {
    const res = await request.post(`/backend/api/checkout/${cart!.order_id}/${step}`, { headers, data: body });
    expect(res.status(), `${step}: ${await res.text()}`).toBe(200);
  }
  const placed = await request.post(`/backend/api/checkout/${cart!.order_id}/place`, { headers, data: { terms_accepted: true } });
  expect(placed.status(), await placed.text()).toBe(200);
  const body = (await placed.json()) as { uuid: string; order_number: string; orderId: number };
  return { uuid: body.uuid, number: body.order_number, id: body.orderId };
}

async function staffPage(browser: Browser, url: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, 'orderdesk', url);
  return page;
}

for (const lang of ['nl', 'en'] as const) {
  const texts = TEXTS[lang];

  test(`the order desk changes a customer's order and cancels it; the customer sees the change and has the mails (${lang})`, async ({ page, browser }) => {
    test.slow();
    await signIn(page, texts.customer);
    const csrf = await page.evaluate(() => localStorage.getItem('csrf_token') ?? '');
    const order = await placeOrder(page.request, csrf, texts.days);

    const desk = await staffPage(browser, `/${lang}/staff/orders/${order.uuid}`);
    await expect(desk.getByRole('heading', { level: 1, name: new RegExp(texts.heading(order.number)) })).toBeVisible();
    await expect(desk.getByRole('heading', { name: texts.timeline })).toBeVisible();
    await expectAccessible(desk, `the staff order page (${lang})`, { everyRule: true });

    const seen = (await (await desk.request.get(`/backend/api/staff/orders/${order.uuid}`)).json()) as StaffOrder;
    const title = seen.lines[0]!.title!;
    await desk.getByRole('button', { name: texts.edit }).click();
    await desk.getByLabel(texts.quantityOf(title)).fill('3');
    await desk.getByRole('button', { name: texts.preview }).click();
    await expect(desk.getByTestId('change-preview')).toBeVisible();
    await expectAccessible(desk, `the staff order page in edit mode (${lang})`, { everyRule: true });
    await desk.getByRole('button', { name: texts.save }).click();
    await expect(desk.getByText(new RegExp(`^${texts.saved}`))).toBeVisible();
    await expect(desk.getByTestId('order-lines').locator('tbody tr').first()).toContainText(title);
    await expect(desk.getByTestId('order-lines').locator('tbody tr').first().locator('td').nth(2)).toHaveText('3');

    // The customer sees the new quantity on their order page, and has the mail listing it.
    expect((await orderAs(page, order.uuid, lang)).order_items[0]!.quantity).toBe('3');
    await page.goto(`/${lang}/account/orders/${order.id}`);
    await expect(page.getByRole('row', { name: new RegExp(title) }).first()).toContainText('3');
    await expect.poll(() => outboxMails().filter((m) => m.subject.startsWith(texts.changedSubject(order.number))).length).toBe(1);
    expect(outboxMails().find((m) => m.subject.startsWith(texts.changedSubject(order.number)))!.text).toContain('2 → 3');

    // Cancelling asks for a reason.
    await desk.getByRole('button', { name: texts.cancel }).click();
    const dialog = desk.getByRole('dialog');
    await dialog.getByRole('button', { name: texts.cancelConfirm }).click();
    await expect(dialog.getByText(texts.reasonRequired)).toBeVisible();
    await expectAccessible(desk, `the cancel dialog (${lang})`, { everyRule: true });
    await dialog.getByLabel(texts.reason).fill(lang === 'nl' ? 'Klant belde: dubbel besteld' : 'The customer called: ordered twice');
    await dialog.getByRole('button', { name: texts.cancelConfirm }).click();
    await expect(desk.getByRole('heading', { level: 1 })).toContainText(texts.canceled);
    await expect.poll(() => outboxMails().filter((m) => m.subject.startsWith(texts.canceledSubject(order.number))).length).toBe(1);
    await desk.context().close();
  });
}
