import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

/**
 * Logs in through the login page, as a customer does, and waits for the assortment. Tests about something else start
 * with signIn, which costs a browser about half as much.
 */
export async function loginAs(page: Page, name: string, path = '/user/login'): Promise<void> {
  await page.goto(path);
  await page.getByLabel(/^(Username|Gebruikersnaam)/).fill(name);
  await page.getByLabel(/^(Password|Wachtwoord)/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /^(Login|Inloggen)$/ }).click();
  await expect(page).toHaveURL(/\/(nl|en)\/assortment/);
}

/** The login page's call (spec section 4) with a request context, which keeps the session cookie; answers the CSRF token. */
export async function loginCall(request: APIRequestContext, name: string): Promise<string> {
  const res = await request.post('/backend/user/login?_format=json', { data: { name, pass: DEMO_PASSWORD } });
  expect(res.status(), `logging in as ${name}`).toBe(200);
  return ((await res.json()) as { csrf_token: string }).csrf_token;
}

/**
 * Logs in with the login page's own call (spec section 4), without the login page and the assortment it leads to: for
 * tests about something else (about 1.7 s of CPU less than loginAs, measured with a page opened after each). Keeps what
 * loginAs leaves: the session cookie in the browser and the CSRF token the call answered in localStorage, written from
 * a document of the shop's origin that is not the app. With `path`, opens it and waits until the app has cached the
 * current user (as after a reload); without, the page stays on that document, for API calls before the first page.
 */
export async function signIn(page: Page, name: string, path?: string): Promise<void> {
  const token = await loginCall(page.request, name);
  await page.goto('/backend/health');
  await page.evaluate((csrf) => localStorage.setItem('csrf_token', csrf), token);
  if (path === undefined) return;
  await page.goto(path);
  await page.waitForFunction(() => localStorage.getItem('current_user') !== null);
}

/**
 * Generated customers of the demo data (scale 0.25) whose passwords e2e/password.spec.ts
 * changes while other tests run: no other spec may log in with them.
 */
export const PASSWORD_SPEC_ACCOUNTS = ['r1005-inkoop', 'r1006-inkoop', 'r1008-inkoop'] as const;

/** A generated customer (relation 5, STANDAARD, no favourites) whose order list e2e/catalogue.spec.ts changes. */
export const FAVOURITES_SPEC_ACCOUNT = 'r1004-bedrijfsleider';

/**
 * A generated customer (relation 8, GROOTH, Dutch, with an order list of its own) whose order
 * list e2e/catalogue-en.spec.ts changes on the English pages. Favourites belong to the relation,
 * so no other spec may log in with it or with its colleague r1007-inkoop.
 */
export const FAVOURITES_EN_SPEC_ACCOUNT = 'r1007-keuken';

/**
 * Generated customers (STANDAARD) whose carts e2e/cart.spec.ts fills and empties: a cart belongs
 * to its user, so no other spec may log in with them. Dutch and English pages respectively.
 */
export const CART_SPEC_ACCOUNTS = { nl: 'r1011-inkoop', en: 'r1013-purchasing' } as const;

/** A generated customer (STANDAARD) whose cart and orders e2e/checkout.spec.ts makes. */
export const CHECKOUT_SPEC_ACCOUNT = 'r1005-bar';

/**
 * Generated customers (STANDAARD) whose carts, orders and online payments e2e/payments.spec.ts
 * makes, and whose relations' open invoices it pays: no other spec may log in with them (nor with
 * other users of relations 1013 and 1015 where invoices matter). English and Dutch pages; the
 * last is a spare of relation 1015.
 */
export const PAYMENTS_SPEC_ACCOUNTS = { en: 'r1013-planning', nl: 'r1015-bar', spare: 'r1015-bedrijfsleider' } as const;

/**
 * A generated customer (relation 1010, GROOTH, English, one open invoice in the demo data)
 * whose open invoices e2e/payment-links.spec.ts pays through a payment link: paying settles them
 * for good, so no other spec may pay this relation's invoices (nor check out with iDEAL as it).
 */
export const PAYMENT_LINK_SPEC_ACCOUNT = 'r1010-purchasing';

/**
 * Generated customers whose carts and invoices e2e/orders.spec.ts changes: `orders` (relation
 * 1012, STANDAARD, with past orders) orders again and empties its cart; `invoices` (relation 1009,
 * with the only open invoice of a generated relation outside the other specs' accounts) pays that
 * invoice for good. No other spec may log in with them, nor with their colleagues r1012-bedrijfsleider
 * and r1009-inkoop.
 */
export const ORDERS_SPEC_ACCOUNTS = { orders: 'r1012-inkoop', invoices: 'r1009-planning' } as const;

/**
 * The demo customer `grooth` (relation 3, GROOTH, Dutch, two open invoices) whose cart, orders
 * and (canceled) online payments e2e/accessibility.spec.ts makes to look at the cart, checkout,
 * completed and payment status pages. e2e/catalogue-en.spec.ts only reads its prices; no other
 * spec may change its cart, place orders for it or pay its relation's invoices.
 */
export const ACCESSIBILITY_SPEC_ACCOUNT = 'grooth';

/**
 * A generated customer (relation 1014, GH-INT, English, no open invoices) whose cart and orders
 * e2e/keyboard.spec.ts makes, by keyboard alone. Used by no other spec.
 */
export const KEYBOARD_SPEC_ACCOUNT = 'r1014-purchasing';

/**
 * Generated customers (relations 1016 and 1017, STANDAARD, Dutch) whose carts and orders
 * e2e/deposits.spec.ts makes, on the Dutch and the English pages respectively. Used by no other spec.
 */
export const DEPOSITS_SPEC_ACCOUNTS = { nl: 'r1016-inkoop', en: 'r1017-keuken' } as const;
