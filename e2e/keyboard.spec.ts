import { expect, type Locator, type Page, test } from '@playwright/test';

import { cartAs, emptyCart } from './cart-support';
import { productsAs, uniquelyNamed } from './catalogue-support';
import { DEMO_PASSWORD, KEYBOARD_SPEC_ACCOUNT } from './fixtures';

/**
 * The main flow by keyboard alone: login → search → add to cart → cart → checkout → order placed,
 * with page.keyboard only (Tab, Shift+Tab, Enter, Space, arrow keys and typing): no clicks, no
 * fill. After every key that moves focus, the focused element must show it (:focus-visible with
 * an outline or a focus shadow). The account is this spec's own (an English customer, so the
 * shop shows its English pages after login).
 */
const ACCOUNT = KEYBOARD_SPEC_ACCOUNT;

interface FocusState {
  /** tag#id and name of the focused element, for messages */
  what: string;
  focusVisible: boolean;
  /** an outline or a box shadow is drawn around it */
  indicated: boolean;
  /** it has a size on the screen (a skip link is no longer visually hidden) */
  shown: boolean;
}

function focusState(page: Page): Promise<FocusState | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return null;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    const box = element.getBoundingClientRect();
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    return {
      what: `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${name}"`,
      focusVisible: element.matches(':focus-visible'),
      indicated: outline || shadow,
      shown: box.width > 1 && box.height > 1,
    };
  });
}

/** The focused element shows that it has the focus (polled: Bootstrap animates its focus shadow in). */
async function expectVisibleFocus(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      const state = await focusState(page);
      return state && state.focusVisible && state.indicated && state.shown ? 'visible' : `not visible: ${JSON.stringify(state)}`;
    })
    .toBe('visible');
}

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has the focus, checking the focus is visible at every stop. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    await expectVisibleFocus(page);
    if (await isFocused(target)) return;
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} did not reach ${target.toString()}`);
}

/** The Dutch login page: from the top of the page to the username field, typing, Enter submits. */
async function loginByKeyboard(page: Page, name: string): Promise<void> {
  await page.goto('/user/login');
  await tabTo(page, page.getByLabel('Gebruikersnaam'));
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await expectVisibleFocus(page);
  await expect(page.getByLabel('Wachtwoord')).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/(nl|en)\/assortment$/);
}

test('login, search, add to cart, cart, checkout and order placed by keyboard alone', async ({ page }) => {
  // a dozen pages, each walked key by key
  test.slow();

  await loginByKeyboard(page, ACCOUNT);
  await expect(page).toHaveURL(/\/en\/assortment$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Assortment' })).toBeVisible();

  // A product this customer can order from 1 piece (looked up through the API with the page's session).
  await emptyCart(page);
  const product = uniquelyNamed(await productsAs(page, { jsonapi_include: '1', include: 'images,variations' }, 'en')).find(
    (p) => !p.price_on_request && p.minimum_quantity === 1 && p.variations.length > 0,
  );
  expect(product, `${ACCOUNT} can order a product from 1 piece`).toBeTruthy();
  const title = product?.title ?? '';

  // The first stop is the skip link, shown when focused; the search box is in the header after it.
  await page.keyboard.press('Tab');
  await expectVisibleFocus(page);
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  const search = page.getByRole('combobox', { name: 'Search products' });
  await tabTo(page, search);
  await page.keyboard.type(title);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/assortment\?search=/);
  const card = page.getByRole('article', { name: title, exact: true });
  await expect(card).toBeVisible();
  // the focus stays in the search box: the search does not drop it to the page
  await expect(search).toBeFocused();
  await expectVisibleFocus(page);

  // Skip to the content, then on to the card's add-to-cart button; Enter adds one.
  await tabTo(page, page.getByRole('link', { name: 'Skip to content' }), { back: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  const add = card.getByRole('button', { name: `Add ${title} to cart` });
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  await expect(page.locator('.Toastify__toast--success').filter({ hasText: 'Added to you cart' })).toBeVisible();
  const cartLink = page.getByRole('link', { name: 'Cart, 1 item in your cart' });
  await expect(cartLink).toBeVisible();

  // Back up to the header's cart link; Enter opens the cart.
  await tabTo(page, cartLink, { back: true, max: 150 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/cart$/);
  await expect(page.getByRole('link', { name: title })).toBeVisible();

  // The cart: one more with the + button (Space), then 'Go to payment'.
  const more = page.getByRole('button', { name: `One more ${title}` });
  await tabTo(page, more);
  await page.keyboard.press('Space');
  await expect(page.getByRole('spinbutton', { name: `Quantity of ${title}` })).toHaveValue('2');
  await tabTo(page, page.getByRole('link', { name: 'Go to payment' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/cart\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Complete order' })).toBeVisible();
  await expect(page.getByLabel('Delivery date', { exact: true })).not.toHaveValue('');

  // The checkout: past the date (preset to the earliest day), Space on 'Delivery', the arrow
  // key from iDEAL to 'On account', Space on the terms, Enter on 'Pay order'.
  const delivery = page.getByRole('radio', { name: /^Delivery\b/ });
  const terms = page.getByRole('checkbox', { name: /I accept the delivery terms/ });
  await tabTo(page, delivery);
  const shipped = page.waitForResponse((r) => r.url().includes('/set-shipping') && r.ok());
  await page.keyboard.press('Space');
  await shipped;
  await expect(delivery).toBeChecked();
  // The terms wait while a choice is saved and the cart reloaded, as a customer sees.
  await expect(terms).toBeEnabled();
  await expect(delivery).toBeFocused();

  await tabTo(page, page.getByRole('radio', { name: 'iDEAL', exact: true }));
  const paid = page.waitForResponse((r) => r.url().includes('/set-payment') && r.request().postData()?.includes('on_account') === true && r.ok());
  await page.keyboard.press('ArrowDown');
  await paid;
  const onAccount = page.getByRole('radio', { name: 'On account' });
  await expect(onAccount).toBeChecked();
  await expect(terms).toBeEnabled();
  await expect(onAccount).toBeFocused();
  await expectVisibleFocus(page);

  await tabTo(page, terms);
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Pay order' }));
  await page.keyboard.press('Enter');

  // Placed: the completed page with the order number, and the cart is empty.
  await expect(page).toHaveURL(/\/en\/cart\/checkout\/\d+\/completed$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible();
  await expect(page.getByTestId('order-number')).toHaveText(/^W\d{7}$/);
  expect(await cartAs(page)).toBeNull();
});

test('the account menu and a dialog by keyboard: opened, kept, closed with Escape, focus back where it was', async ({ page }) => {
  // `demo` (Dutch, only looked at) has quotes: the quote icon opens a dialog
  await loginByKeyboard(page, 'demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Assortiment' })).toBeVisible();

  // The account menu: Enter opens it, the arrow key walks it, Escape closes it on its toggle.
  const toggle = page.locator('#account-menu-toggle');
  await tabTo(page, toggle);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('banner').getByRole('list');
  await expect(menu).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('link', { name: 'Bestellingen' })).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();
  await expectVisibleFocus(page);

  // The quote dialog: Enter opens it with the focus inside; Tab stays in it; Escape closes it on its button.
  const quoted = uniquelyNamed(await productsAs(page)).find((p) => p.quote_product_data.length > 0);
  expect(quoted, 'demo has a quote for a product').toBeTruthy();
  const search = page.getByRole('combobox', { name: 'Producten zoeken' });
  await tabTo(page, search, { back: true });
  await page.keyboard.type(quoted?.sku ?? '');
  await page.keyboard.press('Enter');
  const card = page.getByRole('article', { name: quoted?.title, exact: true });
  await expect(card).toBeVisible();
  const quoteButton = card.getByRole('button', { name: `Betere prijs beschikbaar voor ${quoted?.title ?? ''}` });
  await tabTo(page, quoteButton);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Betere prijs voor ${quoted?.title ?? ''}` });
  await expect(dialog).toBeVisible();
  // Tab walks the dialog's controls and never reaches the page behind it. Past the last control
  // the focus may leave for the browser's own bar and come back into the dialog, as with a native
  // modal <dialog> (react-bootstrap's Modal does so on purpose).
  const visited: string[] = [];
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    const focused = () =>
      dialog.evaluate((element) => {
        const active = document.activeElement;
        if (!active || active === document.body) return 'outside the page';
        if (active === element) return 'the dialog';
        return element.contains(active) ? (active.getAttribute('aria-label') ?? active.textContent ?? '') : `behind the dialog: ${active.outerHTML.slice(0, 80)}`;
      });
    // Coming back from the browser's bar the focus may touch the page's first link for a moment:
    // the Modal takes it back in a task after the focus event. It must never stay behind the dialog.
    await expect.poll(focused, { timeout: 2000 }).not.toMatch(/^behind the dialog/);
    const where = await focused();
    if (where !== 'outside the page') await expectVisibleFocus(page);
    visited.push(where);
  }
  // the header's ✕ and the footer's button ('Sluiten' both); after leaving the page the focus
  // comes back to the dialog and from there to the buttons again
  expect(visited.slice(0, 5)).toEqual(['Sluiten', 'Sluiten', 'outside the page', 'the dialog', 'Sluiten']);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(quoteButton).toBeFocused();
  await expectVisibleFocus(page);
});
