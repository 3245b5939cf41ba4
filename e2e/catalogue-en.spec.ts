import { expect, test } from '@playwright/test';
import { card, mailsSince, productsAs, uniquelyNamed, upcomingMutationsAs } from './catalogue-support';
import { baseURL } from './env';
import { FAVOURITES_EN_SPEC_ACCOUNT, loginAs, signIn } from './fixtures';

/**
 * The other language of e2e/catalogue.spec.ts: what that spec checks in Dutch is checked here
 * in English, and what it checks in English (article-number search, paging) here in Dutch.
 * English: search, categories, scaled prices, the minimum quantity, quotes and upcoming prices
 * (demo-en, and demo and grooth on /en pages: no English account has quotes or a minimum),
 * GH-INT's price on request with its mail (ghint), the order list (FAVOURITES_EN_SPEC_ACCOUNT).
 * Only the favourites test changes data, with an account of its own; the price request mails
 * about a product that the Dutch GROOTH test does not pick.
 */

test.describe('the assortment', () => {
  test('searches by name from the header, shows the dismissible alert and clears it (en)', async ({ page }) => {
    await loginAs(page, 'demo-en');
    // demo-en lands on the English assortment, English footer included
    await expect(page).toHaveURL(/\/en\/assortment$/);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Delivery terms' })).toBeVisible();
    const search = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
    await search.fill('tort');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/en\/assortment\?search=tort$/);
    const alert = page.getByRole('alert').filter({ hasText: 'Search results for' });
    await expect(alert).toContainText('tort');
    const expected = await productsAs(page, { 'filter[fulltext]': 'tort' }, 'en');
    expect(expected.length).toBeGreaterThan(0);
    const titles = page.getByRole('article').getByRole('heading');
    await expect(titles.first()).toContainText(/tort/i);
    await expect(page.getByRole('status').filter({ hasText: /products?$/ })).toHaveText(`${expected.length} product${expected.length === 1 ? '' : 's'}`);
    await expect(page.getByRole('article')).toHaveCount(Math.min(15, expected.length));

    await alert.getByRole('button', { name: 'Clear search' }).click();
    await expect(page).toHaveURL(/\/en\/assortment$/);
    await expect(page.getByRole('alert').filter({ hasText: 'Search results for' })).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('combobox', { name: 'Search products' })).toHaveValue('');
    await expect(page.getByRole('article')).toHaveCount(15);
  });

  test('finds a product by its article number and opens its page (nl)', async ({ page }) => {
    await loginAs(page, 'demo');
    const all = await productsAs(page);
    // A product beyond the first page: only the search can bring it to the top.
    const wanted = uniquelyNamed(all.slice(15))[0];
    if (!wanted) throw new Error('no product beyond the first page');
    const search = page.getByRole('banner').getByRole('combobox', { name: 'Producten zoeken' });
    await search.fill(wanted.sku);
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/nl/assortment\\?search=${wanted.sku}$`));
    await expect(page.getByRole('alert').filter({ hasText: 'Zoekresultaten voor' })).toContainText(wanted.sku);
    const found = card(page, wanted);
    await expect(found).toContainText(`Artikelnummer: ${wanted.sku}`);
    await expect(page.getByRole('article').first()).toContainText(wanted.sku);
    await found.getByRole('link', { name: wanted.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/nl/assortment/${wanted.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: wanted.title })).toBeVisible();
    await expect(page).toHaveTitle(`${wanted.title} | Casa Maíz`);
    // The last crumb names the product, not its uuid.
    await expect(page.getByRole('navigation', { name: 'Kruimelpad' }).locator('[aria-current="page"]')).toHaveText(wanted.title);
    await expect(page.getByRole('tab', { name: 'Omschrijving' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText('Besteleenheid');
    await page.getByRole('tab', { name: 'Specificaties' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('EAN');
    await expect(page.getByRole('tabpanel')).toContainText('Land van herkomst');
  });

  test('filters on a category with its subcategories, opening and bolding the path (en)', async ({ page }) => {
    await loginAs(page, 'demo-en');
    const tree = page.getByRole('navigation', { name: 'Categories' });
    const top = tree.getByRole('link', { name: 'Tortillas', exact: true });
    const child = tree.getByRole('link', { name: 'Corn tortillas', exact: true });
    // Nothing filtered: all products is current, the subcategories are closed.
    await expect(tree.getByRole('link', { name: 'All products' })).toHaveAttribute('aria-current', 'page');
    await expect(child).toHaveCount(0);

    await top.click();
    await expect(page).toHaveURL(/\/en\/assortment\?categories=\d+$/);
    const topId = new URL(page.url()).searchParams.get('categories') ?? '';
    const all = await productsAs(page, { 'filter[categories]': topId }, 'en');
    await expect(page.getByRole('status').filter({ hasText: /products?$/ })).toHaveText(`${all.length} products`);
    // Open: its children show; bold and current.
    await expect(top).toHaveAttribute('aria-current', 'page');
    await expect(top).toHaveClass(/fw-bold/);
    await expect(tree.getByRole('button', { name: 'Hide subcategories of Tortillas' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('article').first()).toContainText(all[0]?.sku ?? 'missing');

    await child.click();
    await expect(page).toHaveURL(/\/en\/assortment\?categories=\d+$/);
    const childId = new URL(page.url()).searchParams.get('categories') ?? '';
    expect(childId).not.toBe(topId);
    await expect(child).toHaveAttribute('aria-current', 'page');
    await expect(child).toHaveClass(/fw-bold/);
    // The parent stays open and bold while its child is the filter, but is no longer current.
    await expect(top).toHaveClass(/fw-bold/);
    await expect(top).not.toHaveAttribute('aria-current', 'page');
    const some = await productsAs(page, { 'filter[categories]': childId }, 'en');
    expect(some.length).toBeGreaterThan(0);
    expect(some.length).toBeLessThan(all.length);
    await expect(page.getByRole('status').filter({ hasText: /products?$/ })).toHaveText(`${some.length} product${some.length === 1 ? '' : 's'}`);
    await expect(page.getByRole('article')).toHaveCount(Math.min(15, some.length));
    await expect(page.getByRole('article').first()).toContainText(some[0]?.sku ?? 'missing');

    // Collapsing hides the children; expanding shows them again.
    await tree.getByRole('button', { name: 'Hide subcategories of Tortillas' }).click();
    await expect(child).toHaveCount(0);
    await tree.getByRole('button', { name: 'Show subcategories of Tortillas' }).click();
    await expect(child).toHaveAttribute('aria-current', 'page');
  });

  test('pages with first, previous, next and last, and keeps page size and page in the URL (nl)', async ({ page }) => {
    // A walk over many pages: under two busy workers it takes 20 s, close to the default 30 s.
    test.setTimeout(60_000);
    await loginAs(page, 'demo');
    const all = await productsAs(page);
    expect(all.length).toBeGreaterThan(60);
    const pagination = page.getByRole('navigation', { name: "Pagina's met producten" });
    const first = page.getByRole('article').first();
    await expect(pagination.getByRole('button', { name: 'Pagina 1' })).toBeDisabled();
    await expect(pagination.getByRole('button', { name: 'Eerste pagina' })).toBeDisabled();
    await expect(pagination.getByRole('button', { name: 'Vorige pagina' })).toBeDisabled();

    await pagination.getByRole('button', { name: 'Volgende pagina' }).click();
    await expect(page).toHaveURL(/\/nl\/assortment\?page=2$/);
    await expect(pagination.getByRole('button', { name: 'Pagina 2' })).toBeDisabled();
    await expect(first).toContainText(all[15]?.sku ?? 'missing');
    await pagination.getByRole('button', { name: 'Vorige pagina' }).click();
    await expect(page).toHaveURL(/\/nl\/assortment\?page=1$/);
    await expect(pagination.getByRole('button', { name: 'Pagina 1' })).toBeDisabled();
    await expect(first).toContainText(all[0]?.sku ?? 'missing');

    // Another page size starts again at page 1.
    await pagination.getByRole('button', { name: 'Pagina 2' }).click();
    await expect(page).toHaveURL(/\/nl\/assortment\?page=2$/);
    await page.getByLabel('Producten per pagina').selectOption('30');
    await expect(page).toHaveURL(/\/nl\/assortment\?items=30$/);
    await expect(page.getByRole('article')).toHaveCount(30);
    await expect(first).toContainText(all[0]?.sku ?? 'missing');

    const lastPage = Math.ceil(all.length / 30);
    await pagination.getByRole('button', { name: 'Laatste pagina' }).click();
    await expect(page).toHaveURL(new RegExp(`/nl/assortment\\?items=30&page=${lastPage}$`));
    await expect(page.getByRole('article')).toHaveCount(all.length - (lastPage - 1) * 30);
    await expect(first).toContainText(all[(lastPage - 1) * 30]?.sku ?? 'missing');
    await expect(pagination.getByRole('button', { name: 'Laatste pagina' })).toBeDisabled();
    await expect(pagination.getByRole('button', { name: 'Volgende pagina' })).toBeDisabled();
    await expect(pagination.getByRole('button', { name: `Pagina ${lastPage}` })).toBeDisabled();
    // A window of at most five page numbers.
    await expect(pagination.getByRole('button', { name: /^Pagina \d+$/ })).toHaveCount(Math.min(5, lastPage));

    await pagination.getByRole('button', { name: 'Eerste pagina' }).click();
    await expect(page).toHaveURL(/\/nl\/assortment\?items=30&page=1$/);
    await expect(first).toContainText(all[0]?.sku ?? 'missing');
    await expect(page.getByRole('article')).toHaveCount(30);

    // The URL alone brings the same page back, page size included.
    await page.goto('/nl/assortment?items=45&page=2');
    await expect(page.getByLabel('Producten per pagina')).toHaveValue('45');
    await expect(pagination.getByRole('button', { name: 'Pagina 2' })).toBeDisabled();
    await expect(page.getByRole('article')).toHaveCount(Math.min(45, all.length - 45));
    await expect(first).toContainText(all[45]?.sku ?? 'missing');
  });
});

test.describe('prices', () => {
  test('a GH-INT customer sees price on request and asks for a price; sales gets the mail (en)', async ({ page, browser }) => {
    // The Dutch test mails about GROOTH's first product on request and counts mails by article
    // number: ask here about one that GROOTH has a price for.
    const groothContext = await browser.newContext({ baseURL, locale: 'nl-NL' });
    const groothPage = await groothContext.newPage();
    await signIn(groothPage, 'grooth');
    const groothOnRequest = new Set((await productsAs(groothPage)).filter((p) => p.price_on_request).map((p) => p.id));
    await groothContext.close();

    await loginAs(page, 'ghint');
    await expect(page).toHaveURL(/\/en\/assortment$/);
    const all = await productsAs(page, {}, 'en');
    const onRequest = uniquelyNamed(all).find((p) => p.price_on_request && !groothOnRequest.has(p.id));
    if (!onRequest) throw new Error('no GH-INT product without price that GROOTH has a price for');
    expect(onRequest.scaled_prices).toEqual([]);

    await page.goto(`/en/assortment?search=${onRequest.sku}`);
    const found = card(page, onRequest);
    await expect(found.getByRole('button', { name: `Add ${onRequest.title} to cart` })).toBeDisabled();
    await expect(found.getByRole('list', { name: 'Prices' })).toHaveCount(0);
    // The plain request asks for the quantity chosen on the card.
    await found.getByLabel(`Quantity of ${onRequest.title}`).fill('3');
    const since = Date.now() - 1000;
    await found.getByRole('button', { name: 'Price on request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a price' });
    await expect(dialog).toContainText(`Would you like to know the price of ${onRequest.title}?`);
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(
      page.locator('.Toastify__toast--success').filter({ hasText: 'Thank you, we have received your price request and will contact you soon.' }),
    ).toBeVisible();

    const about = () => mailsSince(since).filter((m) => m.includes(`Artikelnummer: ${onRequest.sku}`));
    await expect.poll(() => about().length, { timeout: 15_000 }).toBe(1);
    const [mail] = about();
    expect(mail).toContain('Klant: Tom Peeters (ghint)');
    expect(mail).toContain('E-mail: ghint@example.be');
    expect(mail).toContain('Relatie: Latina Distributie BV (debiteurnummer 1003)');
    expect(mail).toMatch(/^Aantal: 3$/m);
    expect(mail).toMatch(/^Taal van de klant: Engels$/m);
  });

  test('clicking a scaled price sets the quantity (en)', async ({ page }) => {
    await signIn(page, 'demo-en');
    const tiered = (await productsAs(page, {}, 'en')).find((p) => p.scaled_prices.length >= 2 && p.minimum_quantity === 1);
    if (!tiered) throw new Error('demo data lacks a tiered product for STANDAARD');
    const [lowest, tier] = tiered.scaled_prices;
    if (!lowest || !tier) throw new Error('no second tier');

    await page.goto(`/en/assortment/${tiered.id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: tiered.title })).toBeVisible();
    const quantity = main.getByLabel(`Quantity of ${tiered.title}`);
    await expect(quantity).toHaveValue('1');
    await main.getByRole('button', { name: new RegExp(`^from ${tier.quantity} `) }).click();
    await expect(quantity).toHaveValue(String(tier.quantity));
    await main.getByRole('button', { name: new RegExp(`^from ${lowest.quantity} `) }).click();
    await expect(quantity).toHaveValue(String(lowest.quantity));
    await expect(main.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  });

  test('an amount under the minimum quantity opens the price request for that amount (en)', async ({ page }) => {
    // No English customer has a minimum above 1 (GROOTH has): grooth, on the English page.
    await signIn(page, 'grooth');
    const minimum = (await productsAs(page, {}, 'en')).find((p) => p.minimum_quantity >= 2 && !p.price_on_request);
    if (!minimum) throw new Error('demo data lacks a minimum quantity product for GROOTH');

    await page.goto(`/en/assortment/${minimum.id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: minimum.title })).toBeVisible();
    await expect(main.getByRole('list', { name: 'Prices' })).toContainText(`from ${minimum.minimum_quantity}`);
    const quantity = main.getByLabel(`Quantity of ${minimum.title}`);
    await quantity.fill(String(minimum.minimum_quantity - 1));
    await main.getByRole('button', { name: 'Add to cart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a price' });
    await expect(dialog).toContainText(`${minimum.title} is sold from ${minimum.minimum_quantity} st. at the listed prices.`);
    await expect(dialog.getByLabel('Quantity', { exact: true })).toHaveValue(String(minimum.minimum_quantity - 1));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('demo on the English pages sees the quote dialog and the upcoming price note (en)', async ({ page }) => {
    // Only demo has quotes (and it is Dutch): the EN link switches the same page to English.
    await loginAs(page, 'demo');
    await page.getByRole('banner').getByRole('navigation', { name: 'Taal' }).getByRole('link', { name: 'EN', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/assortment$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Assortment' })).toBeVisible();

    const firstPage = await productsAs(page, { 'page[limit]': '15' }, 'en');
    const quoted = firstPage.find((p) => p.quote_product_data.length > 0);
    if (!quoted) throw new Error('demo has no quote on the first page');
    const [quote] = quoted.quote_product_data;
    const [line] = quote?.productData ?? [];
    if (!quote || !line) throw new Error('a quote without lines');
    await card(page, quoted).getByRole('button', { name: `Better price available for ${quoted.title}` }).click();
    const dialog = page.getByRole('dialog', { name: `Better price for ${quoted.title}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: quote.label })).toBeVisible();
    await expect(dialog.getByRole('columnheader', { name: 'Quote price' }).first()).toBeVisible();
    await expect(dialog).toContainText('Valid until');
    await expect(dialog).toContainText(line.quote_price_formatted);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toHaveCount(0);

    const [announced] = await upcomingMutationsAs(page, firstPage);
    if (!announced) throw new Error('no upcoming price mutation on the first page');
    const changing = firstPage.find((p) => p.id === announced.product);
    if (!changing) throw new Error('mutation for a product not on the page');
    const { date, percentage, newPrice } = announced.mutation;
    const [year, month, day] = date.split('-');
    const signed = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(percentage);
    await expect(card(page, changing)).toContainText(`From ${day}-${month}-${year} the price changes by ${signed}% to ${newPrice.formatted}`);
  });
});

test.describe('the order list', () => {
  test('the heart adds to and removes from the order list, with toasts and the header count (en)', async ({ page }) => {
    // The account is Dutch; the UI language comes from the path.
    await signIn(page, FAVOURITES_EN_SPEC_ACCOUNT, '/en/assortment');
    await expect(page.getByRole('heading', { level: 1, name: 'Assortment' })).toBeVisible();
    const all = await productsAs(page, {}, 'en');
    const before = all.filter((p) => p.is_favorite).length;
    const product = uniquelyNamed(all).find((p, index) => index < 15 && !p.is_favorite);
    // Of the first fifteen by article number: also on the first page of the order list.
    if (!product || all.indexOf(product) >= 15) throw new Error('no product on the first page that is not on the order list');
    const countText = (n: number) => `${n} product${n === 1 ? '' : 's'} on your order list`;
    const favouritesLink = page.getByRole('banner').getByRole('link', { name: /order list/i });
    await expect(favouritesLink).toHaveAccessibleName(`Order list, ${countText(before)}`);

    await card(page, product).getByRole('button', { name: `Add ${product.title} to your order list` }).click();
    await expect(page.locator('.Toastify__toast--success').filter({ hasText: 'Added to your order list' })).toBeVisible();
    await expect(favouritesLink).toHaveAccessibleName(`Order list, ${countText(before + 1)}`);
    await expect(card(page, product).getByRole('button', { name: `Remove ${product.title} from your order list` })).toBeVisible();

    await favouritesLink.click();
    await expect(page).toHaveURL(/\/en\/assortment\/order-list$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My order list' })).toBeVisible();
    await expect(page).toHaveTitle('My order list | Casa Maíz');
    await expect(favouritesLink).toHaveAccessibleName(`Back to the assortment, ${countText(before + 1)}`);
    await expect(page.getByRole('article')).toHaveCount(Math.min(15, before + 1));
    await card(page, product).getByRole('button', { name: `Remove ${product.title} from your order list` }).click();
    await expect(page.locator('.Toastify__toast--error').filter({ hasText: 'Removed from your order list' })).toBeVisible();
    await expect(card(page, product)).toHaveCount(0);
    await expect(page.getByRole('article')).toHaveCount(Math.min(15, before));
    await expect(favouritesLink).toHaveAccessibleName(`Back to the assortment, ${countText(before)}`);
    // From the order list the icon leads back to the assortment.
    await favouritesLink.click();
    await expect(page).toHaveURL(/\/en\/assortment$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Assortment' })).toBeVisible();
    await expect(card(page, product).getByRole('button', { name: `Add ${product.title} to your order list` })).toBeVisible();
  });
});
