import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { price } from '../../../../shared/money';
import { productDetailFixture, productList } from '../../../features/catalog/test/fixtures';
import { jsonResponse, type MockCall, mockFetch, on } from '../../../test/fetch-mock';
import { logIn, renderApp } from '../../../test/render';

const T = { timeout: 10_000 };
const JSONAPI = 'application/vnd.api+json';
const menus = on('GET', '/jsonapi/menu_items/', () => jsonResponse(200, { data: [] }, JSONAPI));
const favorites = on('GET', '/jsonapi/index/products/', () => jsonResponse(200, productList([]), JSONAPI));
const noMutations = on('POST', '/api/upcoming-price-mutations', () => jsonResponse(200, { data: [] }));

const product = productDetailFixture({
  title: 'Tortilla de maíz 15 cm',
  sku: '100120',
  description: { value: '', processed: '<p>Made from <strong>nixtamalised</strong> corn.</p>', format: 'basic_html' },
  specifications: { value: '', processed: '<ul><li>Diameter 15 cm</li></ul>', format: 'basic_html' },
  scaled_prices: [
    { quantity: 1, price: price(245) },
    { quantity: 12, price: price(219) },
  ],
  images: [1, 2].map((n) => ({
    type: 'file--file' as const,
    id: `img-${n}`,
    filename: `t${n}.svg`,
    image_style_uri: { small_thumbnail: `/img/s/${n}.webp`, thumbnail: `/img/t/${n}.webp`, large: `/img/l/${n}.webp` },
  })),
});

describe('the product page', () => {
  it('shows the product: gallery, article number, prices, tabs with the server HTML', async () => {
    const calls = mockFetch(menus, favorites, noMutations, on('GET', `/jsonapi/commerce_product/default/${product.id}`, () => jsonResponse(200, { data: product }, JSONAPI)));
    logIn();
    const user = userEvent.setup();
    renderApp(`/en/assortment/${product.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Tortilla de maíz 15 cm' }, T)).toBeInTheDocument();
    // the title is set by an effect, which may run after the heading shows
    await waitFor(() => expect(document.title).toBe('Tortilla de maíz 15 cm | Casa Maíz'), T);
    const detail = calls.find((call) => call.url.includes('/jsonapi/commerce_product/default/')) as MockCall;
    expect(detail.url).toBe(
      `/backend/en/jsonapi/commerce_product/default/${product.id}?jsonapi_include=1&include=cb_product%2Cimages%2Cvariations%2Cis_favorite`,
    );
    expect(screen.getByText('100120')).toBeInTheDocument();

    const main = screen.getByRole('img', { name: 'Picture of Tortilla de maíz 15 cm' });
    expect(main).toHaveAttribute('src', '/img/l/1.webp');
    await user.click(screen.getByRole('button', { name: 'Show picture 2 of 2' }));
    expect(main).toHaveAttribute('src', '/img/l/2.webp');
    expect(screen.getByRole('button', { name: 'Show picture 2 of 2' })).toHaveAttribute('aria-pressed', 'true');

    expect(screen.getByRole('tab', { name: 'Description' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Description' })).toContainHTML('<strong>nixtamalised</strong>');
    await user.click(screen.getByRole('tab', { name: 'Specifications' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Specifications' })).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByRole('tabpanel', { name: 'Specifications' })).toHaveTextContent('Diameter 15 cm');
  });

  it('sets the quantity from a clicked scaled price and adds that many', async () => {
    const calls = mockFetch(
      menus,
      favorites,
      noMutations,
      on('GET', `/jsonapi/commerce_product/default/${product.id}`, () => jsonResponse(200, { data: product }, JSONAPI)),
      on('POST', '/cart/add', () => jsonResponse(200, [])),
    );
    logIn();
    const user = userEvent.setup();
    renderApp(`/en/assortment/${product.id}`);
    const prices = await screen.findByRole('list', { name: 'Prices' }, T);
    await user.click(within(prices).getByRole('button', { name: /from 12/ }));
    expect(screen.getByRole('spinbutton', { name: 'Quantity of Tortilla de maíz 15 cm' })).toHaveValue(12);
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Added to you cart', {}, T)).toBeInTheDocument();
    const add = calls.find((call) => call.url.includes('/cart/add')) as MockCall;
    expect(add.body).toEqual([{ purchased_entity_type: 'commerce_product_variation', purchased_entity_id: product.variations[0]?.drupal_internal__variation_id, quantity: 12, combine: true }]);
  });

  it('speaks Dutch on Dutch pages', async () => {
    mockFetch(menus, favorites, noMutations, on('GET', `/jsonapi/commerce_product/default/${product.id}`, () => jsonResponse(200, { data: product }, JSONAPI)));
    logIn();
    renderApp(`/nl/assortment/${product.id}`);
    expect(await screen.findByRole('tab', { name: 'Omschrijving' }, T)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Specificaties' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'In winkelwagen' })).toBeInTheDocument();
  });

  it('shows the 404 page for an unknown product', async () => {
    mockFetch(menus, favorites, on('GET', '/jsonapi/commerce_product/default/', () => jsonResponse(404, { errors: [{ status: '404', title: 'Not Found', detail: 'No such product.' }] }, JSONAPI)));
    logIn();
    renderApp('/en/assortment/00000000-0000-4000-8000-00000000dead');
    expect(await screen.findByRole('heading', { name: 'Oops! It seems our tacos wandered off the menu!' }, T)).toBeInTheDocument();
  });
});
