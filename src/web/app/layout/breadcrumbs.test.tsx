import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { productDetailFixture, productList } from '../../features/catalog/test/fixtures';
import { jsonResponse, mockFetch, on } from '../../test/fetch-mock';
import { logIn, renderApp } from '../../test/render';

const T = { timeout: 10_000 };
const JSONAPI = 'application/vnd.api+json';
const menus = on('GET', '/jsonapi/menu_items/', () => jsonResponse(200, { data: [] }, JSONAPI));
const favorites = on('GET', '/jsonapi/index/products/', () => jsonResponse(200, productList([]), JSONAPI));
const noMutations = on('POST', '/api/upcoming-price-mutations', () => jsonResponse(200, { data: [] }));
const product = productDetailFixture({ title: 'Tortilla de maíz 15 cm' });

describe('the breadcrumbs', () => {
  // The code that reads a page's name loads with the product and content pages (decision 012).
  it("name a product page's crumb after the product, not its uuid", async () => {
    mockFetch(menus, favorites, noMutations, on('GET', `/jsonapi/commerce_product/default/${product.id}`, () => jsonResponse(200, { data: product }, JSONAPI)));
    logIn();
    renderApp(`/en/assortment/${product.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Tortilla de maíz 15 cm' }, T)).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Assortment' })).toHaveAttribute('href', '/en/assortment');
    await waitFor(() => expect(within(crumbs).getByText('Tortilla de maíz 15 cm')).toHaveAttribute('aria-current', 'page'));
  });
});
