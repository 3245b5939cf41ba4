import { expect, test } from '@playwright/test';
import { card, mailsSince, productsAs } from './catalogue-support';
import { FAVOURITES_SPEC_ACCOUNT, loginAs, signIn } from './fixtures';

/**
 * The catalogue in a real browser: search, categories, paging, prices, price requests,
 * favourites, quotes and upcoming prices, in Dutch (demo, grooth) and English (demo-en). Only
 * the favourites test changes data, with an account of its own.
 */

test.describe('the assortment', () => {
  test('searches by name from the header, shows the dismissible alert and clears it (nl)', async ({ page }) => {
    await loginAs(page, 'demo');
    const search = page.getByRole('banner').getByRole('combobox', { name: 'Producten zoeken' });
    await search.fill('tort');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/nl\/assortment\?search=tort$/);
    const alert = page.getByRole('alert').filter({ hasText: 'Zoekresultaten voor' });
    await expect(alert).toContainText('tort');
    const titles = page.getByRole('article').getByRole('heading');
    await expect(titles.first()).toContainText(/tort/i);
    const expected = await productsAs(page, { 'filter[fulltext]': 'tort', 'page[limit]': '15' });
    await expect(page.getByRole('status').filter({ hasText: /producten?$/ })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(Math.min(15, expected.length));

    await alert.getByRole('button', { name: 'Zoekopdracht wissen' }).click();
    await expect(page).toHaveURL(/\/nl\/assortment$/);
    await expect(page.getByRole('alert').filter({ hasText: 'Zoekresultaten voor' })).toHaveCount(0);
  });

  test('finds a product by its article number and opens its page (en)', async ({ page }) => {
    await loginAs(page, 'demo-en');
    const [first] = await productsAs(page, { 'page[limit]': '1' }, 'en');
    if (!first) throw new Error('no products');
    const search = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
    await search.fill(first.sku);
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/en/assortment\\?search=${first.sku}$`));
    await expect(page.getByRole('alert').filter({ hasText: 'Search results for' })).toContainText(first.sku);
    const found = card(page, first);
    await expect(found).toContainText(first.sku);
    await expect(page.getByRole('article').first()).toContainText(first.sku);
    await found.getByRole('link', { name: first.title }).first().click();
    await expect(page).toHaveURL(new RegExp(`/en/assortment/${first.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
    await expect(page).toHaveTitle(`${first.title} | Casa Maíz`);
    // The last crumb names the product, not its uuid.
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).locator('[aria-current="page"]')).toHaveText(first.title);
    await expect(page.getByRole('tab', { name: 'Description' })).toBeVisible();
    await page.getByRole('tab', { name: 'Specifications' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('EAN');
  });

  test('filters on a category with its subcategories, opening and bolding the path (nl)', async ({ page }) => {
    await loginAs(page, 'demo');
    const tree = page.getByRole('navigation', { name: 'Categorieën' });
    await tree.getByRole('link', { name: "Tortilla's", exact: true }).click();
    await expect(page).toHaveURL(/\/nl\/assortment\?categories=\d+$/);
    const top = Number(new URL(page.url()).searchParams.get('categories'));
    const all = await productsAs(page, { 'filter[categories]': String(top) });
    await expect(page.getByRole('status').filter({ hasText: `${all.length} producten` })).toBeVisible();
    // Open: its children show; bold and current.
    const current = tree.getByRole('link', { name: "Tortilla's", exact: true });
    await expect(current).toHaveAttribute('aria-current', 'page');
    await expect(current).toHaveClass(/fw-bold/);
    const child = tree.getByRole('link', { name: "Maïstortilla's", exact: true });
    await child.click();
    await expect(page).toHaveURL(/\/nl\/assortment\?categories=\d+$/);
    await expect(child).toHaveAttribute('aria-current', 'page');
    // The parent stays open and bold while its child is the filter.
    await expect(current).toHaveClass(/fw-bold/);
    const some = await productsAs(page, { 'filter[categories]': new URL(page.url()).searchParams.get('categories') ?? '' });
    expect(some.length).toBeLessThan(all.length);
    await expect(page.getByRole('article')).toHaveCount(Math.min(15, some.length));
    // Collapsing hides the children.
    await tree.getByRole('button', { name: "Subcategorieën van Tortilla's verbergen" }).click();
    await expect(child).toHaveCount(0);
  });

  test('pages with first, previous, next and last, and keeps page size and page in the URL (en)', async ({ page }) => {
    // A walk over many pages: under two busy workers it takes 20 s, close to the default 30 s.
    test.setTimeout(60_000);
    await loginAs(page, 'demo-en');
    const all = await productsAs(page, {}, 'en');
    const pagination = page.getByRole('navigation', { name: 'Pages of products' });
    await expect(pagination.getByRole('button', { name: 'Page 1' })).toBeDisabled();
    await expect(pagination.getByRole('button', { name: 'First page' })).toBeDisabled();
    await pagination.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/\/en\/assortment\?page=2$/);
    await expect(pagination.getByRole('button', { name: 'Page 2' })).toBeDisabled();
    await expect(page.getByRole('article').first()).toContainText(all[15]?.sku ?? 'missing');

    await page.getByLabel('Products per page').selectOption('30');
    await expect(page).toHaveURL(/items=30/);
    await expect(page.getByRole('article')).toHaveCount(30);
    await expect(page.getByRole('article').first()).toContainText(all[0]?.sku ?? 'missing');

    const lastPage = Math.ceil(all.length / 30);
    await pagination.getByRole('button', { name: 'Last page' }).click();
    await expect(page).toHaveURL(new RegExp(`page=${lastPage}`));
    await expect(page.getByRole('article')).toHaveCount(all.length - (lastPage - 1) * 30);
    await expect(pagination.getByRole('button', { name: 'Last page' })).toBeDisabled();
    // A window of at most five page numbers.
    await expect(pagination.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(Math.min(5, lastPage));

    // The URL alone brings the same page back.
    await page.goto(`/en/assortment?items=45&page=2`);
    await expect(page.getByRole('article')).toHaveCount(Math.min(45, all.length - 45));
    await expect(page.getByRole('article').first()).toContainText(all[45]?.sku ?? 'missing');
  });
});

test.describe('prices', () => {
  test('a GROOTH customer sees price on request and asks for a price; sales gets the mail (nl)', async ({ page }) => {
    await signIn(page, 'grooth');
    const onRequest = (await productsAs(page)).find((p) => p.price_on_request);
    if (!onRequest) throw new Error('no GROOTH product without price');
    await page.goto(`/nl/assortment?search=${onRequest.sku}`);
    const found = card(page, onRequest);
    await expect(found.getByRole('button', { name: `${onRequest.title} in winkelwagen leggen` })).toBeDisabled();
    const since = Date.now() - 1000;
    await found.getByRole('button', { name: 'Prijs op aanvraag' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(onRequest.title);
    await dialog.getByRole('button', { name: 'Aanvraag versturen' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.locator('.Toastify__toast--success')).toBeVisible();
    await expect.poll(() => mailsSince(since).filter((m) => m.includes(onRequest.sku)).length, { timeout: 15_000 }).toBe(1);
  });

  test('clicking a scaled price sets the quantity; an amount under the minimum opens the price request (nl)', async ({ page }) => {
    await signIn(page, 'grooth');
    const all = await productsAs(page);
    // The demo data gives article three a GROOTH price from 6 pieces on.
    const minimum = all.find((p) => p.minimum_quantity >= 2 && !p.price_on_request);
    const tiered = all.find((p) => p.scaled_prices.length >= 2 && p.minimum_quantity === 1);
    if (!minimum || !tiered) throw new Error('demo data lacks a minimum or tiered product for GROOTH');

    await page.goto(`/nl/assortment/${tiered.id}`);
    await expect(page.getByRole('heading', { level: 1, name: tiered.title })).toBeVisible();
    const tier = tiered.scaled_prices[1];
    if (!tier) throw new Error('no second tier');
    await page.getByRole('main').getByRole('button', { name: new RegExp(`^vanaf ${tier.quantity} `) }).click();
    await expect(page.getByRole('main').getByLabel(/^Aantal/).first()).toHaveValue(String(tier.quantity));

    await page.goto(`/nl/assortment/${minimum.id}`);
    await expect(page.getByRole('heading', { level: 1, name: minimum.title })).toBeVisible();
    const quantity = page.getByRole('main').getByLabel(/^Aantal/).first();
    await quantity.fill('1');
    await page.getByRole('main').getByRole('button', { name: /winkelwagen/ }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`${minimum.minimum_quantity} st.`);
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('demo sees the quote dialog and the upcoming price note on the first page (nl)', async ({ page }) => {
    await loginAs(page, 'demo');
    const firstPage = await productsAs(page, { 'page[limit]': '15' });
    const quoted = firstPage.find((p) => p.quote_product_data.length > 0);
    if (!quoted) throw new Error('demo has no quote on the first page');
    const quoteCard = card(page, quoted);
    await quoteCard.getByRole('button', { name: `Betere prijs beschikbaar voor ${quoted.title}` }).click();
    const dialog = page.getByRole('dialog', { name: `Betere prijs voor ${quoted.title}` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(quoted.quote_product_data[0]?.label ?? 'missing');
    await expect(dialog).toContainText(quoted.quote_product_data[0]?.productData[0]?.quote_price_formatted ?? 'missing');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    const mutations = await page.request.post('/backend/api/upcoming-price-mutations', {
      data: { products: firstPage.map((p) => p.id) },
      headers: { 'x-csrf-token': await page.evaluate(() => localStorage.getItem('csrf_token') ?? '') },
    });
    const announced = ((await mutations.json()) as { data: { product: string; mutation: { newPrice: { formatted: string } } }[] }).data[0];
    if (!announced) throw new Error('no upcoming price mutation on the first page');
    const changing = firstPage.find((p) => p.id === announced.product);
    if (!changing) throw new Error('mutation for a product not on the page');
    await expect(card(page, changing)).toContainText(/wijzigt de prijs/i);
    await expect(card(page, changing)).toContainText(announced.mutation.newPrice.formatted);
  });
});

test.describe('the order list', () => {
  test('the heart adds to and removes from the order list, with toasts and the header count (nl)', async ({ page }) => {
    await loginAs(page, FAVOURITES_SPEC_ACCOUNT);
    const [first] = await productsAs(page, { 'page[limit]': '1' });
    if (!first) throw new Error('no products');
    const header = page.getByRole('banner');
    const favouritesLink = header.getByRole('link', { name: /bestellijst/i });
    await expect(favouritesLink).toContainText('0');

    await card(page, first).getByRole('button', { name: `${first.title} op je bestellijst zetten` }).click();
    await expect(page.locator('.Toastify__toast--success').filter({ hasText: 'Toegevoegd aan je bestellijst' })).toBeVisible();
    await expect(favouritesLink).toContainText('1');

    await favouritesLink.click();
    await expect(page).toHaveURL(/\/nl\/assortment\/order-list/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mijn bestellijst' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
    await card(page, first).getByRole('button', { name: `${first.title} van je bestellijst halen` }).click();
    await expect(page.locator('.Toastify__toast--error').filter({ hasText: 'Verwijderd uit je bestellijst' })).toBeVisible();
    await expect(page.getByText('Geen favorieten gevonden')).toBeVisible();
    await expect(favouritesLink).toContainText('0');
    // From the order list the icon leads back to the assortment.
    await favouritesLink.click();
    await expect(page).toHaveURL(/\/nl\/assortment$/);
  });

  test('a user without relation gets no order list', async ({ page }) => {
    await signIn(page, 'norelation', '/nl/assortment/order-list');
    await expect(page.getByRole('alert')).toContainText('Er is iets misgegaan');
    await page.goto('/nl/assortment');
    await page.getByRole('article').first().getByRole('button', { name: /op je bestellijst zetten/ }).click();
    await expect(page.locator('.Toastify__toast--error').filter({ hasText: 'Geen relatie gevonden' })).toBeVisible();
  });
});
