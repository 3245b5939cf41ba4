import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { Product } from '../../../../shared/api/catalog';
import { price } from '../../../../shared/money';
import { categoryTree, productFixture, productList } from '../../../features/catalog/test/fixtures';
import { jsonResponse, type MockCall, mockFetch, on } from '../../../test/fetch-mock';
import { logIn, renderApp } from '../../../test/render';

const T = { timeout: 10_000 };
const JSONAPI = 'application/vnd.api+json';
const menus = on('GET', '/jsonapi/menu_items/', () => jsonResponse(200, { data: [] }, JSONAPI));

function query(call: MockCall): Record<string, string> {
  return Object.fromEntries(new URL(call.url, 'http://shop.test').searchParams);
}

const isListCall = (call: MockCall) => call.method === 'GET' && call.url.includes('/jsonapi/index/products/') && query(call).include === 'images,variations';
const isFavoritesCall = (call: MockCall) =>
  call.method === 'GET' && call.url.includes('/jsonapi/index/products/') && query(call).include === undefined;

interface Catalogue {
  products?: (call: MockCall) => Response;
  favorites?: Product[];
}

/** The catalogue calls of the assortment: product pages, favourites, categories, price mutations. */
function catalogue({ products, favorites = [] }: Catalogue) {
  return [
    menus,
    (call: MockCall) => (isListCall(call) ? (products ?? (() => jsonResponse(200, productList([]), JSONAPI)))(call) : undefined),
    (call: MockCall) => (isFavoritesCall(call) ? jsonResponse(200, productList(favorites), JSONAPI) : undefined),
    on('GET', '/jsonapi/index/products?filter', () => jsonResponse(200, { data: categoryTree, meta: { count: 5 } }, JSONAPI)),
    on('POST', '/api/upcoming-price-mutations', () => jsonResponse(200, { data: [] })),
  ];
}

/** `count` products, served a page at a time as the server would. */
function pagedProducts(count: number) {
  const all = Array.from({ length: count }, (_, index) => productFixture({ title: `Product ${index + 1}`, sku: String(200001 + index) }));
  return (call: MockCall) => {
    const q = query(call);
    const offset = Number(q['page[offset]']);
    const limit = Number(q['page[limit]']);
    return jsonResponse(200, productList(all.slice(offset, offset + limit), count), JSONAPI);
  };
}

describe('the assortment page', () => {
  it('lists a page of products sorted by article number with the relation, count and page size', async () => {
    const calls = mockFetch(...catalogue({ products: pagedProducts(40) }));
    logIn();
    const user = userEvent.setup();
    const { router } = renderApp('/en/assortment');

    expect(await screen.findByRole('heading', { level: 1, name: 'Assortment' }, T)).toBeInTheDocument();
    expect(await screen.findByText('40 products', {}, T)).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(15);
    // the title is set by an effect, which may run after the heading shows
    await waitFor(() => expect(document.title).toBe('Assortment | Casa Maíz'), T);
    const list = calls.find(isListCall) as MockCall;
    expect(list.url.startsWith('/backend/en/jsonapi/index/products/?')).toBe(true);
    expect(query(list)).toEqual({
      jsonapi_include: '1',
      include: 'images,variations',
      'filter[entity_type]': 'commerce_product',
      'sort[artnr][path]': 'sku',
      'sort[artnr][direction]': 'ASC',
      'page[offset]': '0',
      'page[limit]': '15',
      'page[u]': '42',
    });
    // the price changes are asked once, for the products of the page
    await waitFor(() => expect(calls.filter((call) => call.url.includes('/api/upcoming-price-mutations'))).toHaveLength(1));
    const mutations = calls.find((call) => call.url.includes('/api/upcoming-price-mutations')) as MockCall;
    expect((mutations.body as { products: string[] }).products).toHaveLength(15);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Products per page' }), '30');
    await waitFor(() => expect(router.state.location.search).toBe('?items=30'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(30), T);
    expect(query(calls.filter(isListCall).at(-1) as MockCall)['page[limit]']).toBe('30');
  });

  it('pages through the products, updating ?page= and scrolling to 120 px', async () => {
    const calls = mockFetch(...catalogue({ products: pagedProducts(50) }));
    logIn();
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const user = userEvent.setup();
    const { router } = renderApp('/en/assortment?page=2');
    const nav = await screen.findByRole('navigation', { name: 'Pages of products' }, T);
    expect(within(nav).getByRole('button', { name: 'Page 2' })).toBeDisabled();
    expect(within(nav).queryByRole('button', { name: 'Page 5' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Product 16' })).toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=4'));
    expect(await screen.findByRole('link', { name: 'Product 50' }, T)).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(5);
    expect(query(calls.filter(isListCall).at(-1) as MockCall)['page[offset]']).toBe('45');
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 120 });
  });

  it("shows 'Search results for' with the term, searches on it, and forgets it when dismissed", async () => {
    const salsa = productFixture({ title: 'Salsa roja' });
    const calls = mockFetch(...catalogue({ products: () => jsonResponse(200, productList([salsa]), JSONAPI) }));
    logIn();
    const user = userEvent.setup();
    const { router } = renderApp('/en/assortment?search=salsa&page=1');
    const alert = await screen.findByText('Search results for', {}, T);
    expect(alert.closest('.alert')).toHaveTextContent('Search results for salsa');
    expect(await screen.findByRole('link', { name: 'Salsa roja' }, T)).toBeInTheDocument();
    expect(query(calls.find(isListCall) as MockCall)['filter[fulltext]']).toBe('salsa');
    expect(screen.getByRole('combobox', { name: 'Search products' })).toHaveValue('salsa');

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // the router's state changes before React renders the page for it
    await waitFor(() => expect(screen.queryByText('Search results for')).not.toBeInTheDocument());
  });

  it("says 'No products found' for a search without matches", async () => {
    mockFetch(...catalogue({}));
    logIn();
    renderApp('/en/assortment?search=xyzzy');
    const alert = (await screen.findByText('No products found', {}, T)).closest('.alert') as HTMLElement;
    expect(alert).toHaveTextContent('No results were found for xyzzy');
    expect(screen.getByText('0 products')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages of products' })).not.toBeInTheDocument();
  });

  it('shows the generic error and a count of 0 when the list fails', async () => {
    mockFetch(...catalogue({ products: () => jsonResponse(500, { message: 'boom' }) }));
    logIn();
    renderApp('/en/assortment');
    expect(await screen.findByText('Something went wrong, please try again', {}, T)).toBeInTheDocument();
    expect(screen.getByText('0 products')).toBeInTheDocument();
  });

  it("shows a rate limit's message for a refused search, and stays logged in", async () => {
    const message = 'Too many requests in a short time. Please try again in 42 seconds.';
    mockFetch(...catalogue({ products: () => jsonResponse(429, { message, errors: [{ status: '429', title: 'Too Many Requests', detail: message }] }) }));
    logIn();
    renderApp('/en/assortment?search=tortilla');
    expect(await screen.findByText(message, {}, T)).toBeInTheDocument();
    expect(screen.getByText('0 products')).toBeInTheDocument();
    expect(window.location.pathname).not.toBe('/user/login');
  });

  it('filters on a category from the tree', async () => {
    const calls = mockFetch(...catalogue({ products: pagedProducts(3) }));
    logIn();
    const user = userEvent.setup();
    const { router } = renderApp('/en/assortment?page=2');
    const tree = await screen.findByRole('navigation', { name: 'Categories' }, T);
    await user.click(within(tree).getByRole('link', { name: 'Sauces' }));
    await waitFor(() => expect(router.state.location.search).toBe('?categories=4'));
    await waitFor(() => expect(query(calls.filter(isListCall).at(-1) as MockCall)['filter[categories]']).toBe('4'));
    expect(await within(tree).findByRole('link', { name: 'Salsa' }, T)).toBeInTheDocument();
    expect(within(tree).getByRole('link', { name: 'Sauces' })).toHaveClass('fw-bold');
  });

  it('speaks Dutch on Dutch pages', async () => {
    mockFetch(...catalogue({ products: pagedProducts(1) }));
    logIn();
    renderApp('/nl/assortment');
    expect(await screen.findByRole('heading', { level: 1, name: 'Assortiment' }, T)).toBeInTheDocument();
    expect(await screen.findByText('1 product', {}, T)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Producten per pagina' })).toHaveValue('15');
  });
});

describe('the order list', () => {
  it("lists the relation's favourites under 'My order list', counted in the header", async () => {
    const favorites = [productFixture({ title: 'Frijoles', favorite_id: 'fav-1', is_favorite: true }), productFixture({ title: 'Arroz', favorite_id: 'fav-2', is_favorite: true })];
    const calls = mockFetch(...catalogue({ products: () => jsonResponse(200, productList(favorites), JSONAPI), favorites }));
    logIn();
    renderApp('/en/assortment/order-list');
    expect(await screen.findByRole('heading', { level: 1, name: 'My order list' }, T)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Frijoles' }, T)).toBeInTheDocument();
    expect(query(calls.find(isListCall) as MockCall)['filter[favorites]']).toBe('42');
    const header = screen.getByRole('banner');
    const back = await within(header).findByRole('link', { name: /2 products on your order list/ }, T);
    expect(back).toHaveAttribute('href', '/en/assortment');
    expect(await screen.findByRole('button', { name: 'Remove Frijoles from your order list' }, T)).toBeInTheDocument();
  });

  it("says 'No favorite found' when the order list is empty", async () => {
    mockFetch(...catalogue({}));
    logIn();
    renderApp('/en/assortment/order-list');
    expect(await screen.findByText('No favorite found', {}, T)).toBeInTheDocument();
  });

  it('shows the generic error to a user without relation and asks nothing', async () => {
    const calls = mockFetch(...catalogue({}));
    logIn({ active_relation: null });
    renderApp('/en/assortment/order-list');
    expect(await screen.findByText('Something went wrong, please try again', {}, T)).toBeInTheDocument();
    expect(calls.some(isListCall)).toBe(false);
    expect(calls.some(isFavoritesCall)).toBe(false);
  });

  it('takes a removed favourite off the order list', async () => {
    let favorites = [productFixture({ title: 'Frijoles', favorite_id: 'fav-1', is_favorite: true })];
    mockFetch(
      (call) => (isFavoritesCall(call) ? jsonResponse(200, productList(favorites), JSONAPI) : undefined),
      ...catalogue({ products: () => jsonResponse(200, productList(favorites), JSONAPI) }),
      on('DELETE', '/jsonapi/favorite_product/favorite_product/fav-1', () => {
        favorites = [];
        return jsonResponse(204);
      }),
    );
    logIn();
    const user = userEvent.setup();
    renderApp('/en/assortment/order-list');
    const remove = await screen.findByRole('button', { name: 'Remove Frijoles from your order list' }, T);
    await waitFor(() => expect(remove).toBeEnabled());
    await user.click(remove);
    expect(await screen.findByText('No favorite found', {}, T)).toBeInTheDocument();
    expect(await screen.findByText('Removed from your order list', {}, T)).toBeInTheDocument();
  });
});

describe('a product with an upcoming price change', () => {
  it('shows the note on its card', async () => {
    const product = productFixture({ title: 'Guacamole' });
    mockFetch(
      on('POST', '/api/upcoming-price-mutations', () =>
        jsonResponse(200, { data: [{ product: product.id, mutation: { date: '2027-01-15', percentage: -5, oldPrice: price(245), newPrice: price(233) } }] }),
      ),
      ...catalogue({ products: () => jsonResponse(200, productList([product]), JSONAPI) }),
    );
    logIn();
    renderApp('/nl/assortment');
    expect(await screen.findByText('Vanaf 15-01-2027 wijzigt de prijs met -5% naar € 2,33', {}, T)).toBeInTheDocument();
  });
});
