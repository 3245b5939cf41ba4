import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { FoodFacets } from '../../../../shared/api/catalog';
import { categoryTree, productFixture, productList } from '../../../features/catalog/test/fixtures';
import { jsonResponse, type MockCall, mockFetch, on } from '../../../test/fetch-mock';
import { logIn, renderApp } from '../../../test/render';

const T = { timeout: 10_000 };
const JSONAPI = 'application/vnd.api+json';

const query = (call: MockCall) => Object.fromEntries(new URL(call.url, 'http://shop.test').searchParams);
const isListCall = (call: MockCall) => call.method === 'GET' && call.url.includes('/jsonapi/index/products/') && query(call).include === 'images,variations';

const facets: FoodFacets = {
  without: { gluten: 12, crustaceans: 30, eggs: 25, fish: 30, peanuts: 28, soybeans: 20, milk: 9, nuts: 22, celery: 18, mustard: 17, sesame: 21, sulphites: 26, lupin: 30, molluscs: 30 },
  diet: { vegetarian: 14, vegan: 7, gluten_free: 5, organic: 3, halal: 0, kosher: 1 },
  storage: { ambient: 20, chilled: 6, frozen: 4 },
};

/** The assortment's calls; the list answers two products and the counts above. */
function catalogue() {
  return mockFetch(
    on('GET', '/jsonapi/menu_items/', () => jsonResponse(200, { data: [] }, JSONAPI)),
    (call) => (isListCall(call) ? jsonResponse(200, { ...productList([productFixture({ title: 'Tostadas' })], 30), meta: { count: 30, facets } }, JSONAPI) : undefined),
    (call) => (call.method === 'GET' && call.url.includes('/jsonapi/index/products/') ? jsonResponse(200, productList([]), JSONAPI) : undefined),
    on('GET', '/jsonapi/index/products?filter', () => jsonResponse(200, { data: categoryTree, meta: { count: 5 } }, JSONAPI)),
    on('POST', '/api/upcoming-price-mutations', () => jsonResponse(200, { data: [] })),
  );
}

const lastList = (calls: MockCall[]) => query(calls.filter(isListCall).at(-1) as MockCall);

describe('the food filters of the assortment (issue 19)', () => {
  it('shows each value with its count, and keeps the choice in the URL and the list call', async () => {
    const calls = catalogue();
    logIn();
    const user = userEvent.setup();
    const { router } = renderApp('/en/assortment?search=salsa&page=2');
    const without = await screen.findByRole('group', { name: 'Without' }, T);
    const gluten = await within(without).findByRole('checkbox', { name: /^Cereals containing gluten ?\(12\)$/ }, T);
    expect(within(without).getAllByRole('checkbox')).toHaveLength(14);
    expect(screen.getByRole('checkbox', { name: /^Vegan ?\(7\)$/ })).not.toBeChecked();
    expect(within(screen.getByRole('group', { name: 'Storage' })).getByRole('checkbox', { name: /^Frozen ?\(4\)$/ })).toBeInTheDocument();

    await user.click(gluten);
    await waitFor(() => expect(router.state.location.search).toBe('?search=salsa&without=gluten'));
    await waitFor(() => expect(gluten).toBeChecked());
    await user.click(screen.getByRole('checkbox', { name: /^Vegan/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=salsa&without=gluten&diet=vegan'));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /^Vegan/ })).toBeChecked());
    await user.click(screen.getByRole('switch', { name: 'Strict: also exclude “may contain”' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: /^Strict/ })).toBeChecked());
    await user.click(screen.getByRole('checkbox', { name: /^Milk/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=salsa&without=gluten%2Cmilk&diet=vegan&strict=1'));
    await waitFor(() =>
      expect(lastList(calls)).toMatchObject({ 'filter[fulltext]': 'salsa', 'filter[without]': 'gluten,milk', 'filter[without_strict]': '1', 'filter[diet]': 'vegan', 'page[offset]': '0' }),
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=salsa'));
  }, 30_000);

  it('reads a shared URL: the boxes are ticked and the list asked with the filters', async () => {
    const calls = catalogue();
    logIn();
    renderApp('/en/assortment?without=gluten,milk&diet=vegan&storage=chilled,frozen&strict=1&categories=4&items=30');
    expect(await screen.findByRole('checkbox', { name: /^Cereals containing gluten/ }, T)).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Milk/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Eggs/ })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Frozen/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /^Strict/ })).toBeChecked();
    await waitFor(() =>
      expect(lastList(calls)).toMatchObject({
        'filter[without]': 'gluten,milk',
        'filter[without_strict]': '1',
        'filter[diet]': 'vegan',
        'filter[storage]': 'chilled,frozen',
        'filter[categories]': '4',
        'page[limit]': '30',
      }),
    );
  });

  it('folds away behind a Filters button on a phone, and speaks Dutch', async () => {
    catalogue();
    logIn();
    const user = userEvent.setup();
    renderApp('/nl/assortment?diet=vegan');
    const toggle = await screen.findByRole('button', { name: 'Filters (1 actief)' }, T);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(panel).toHaveClass('d-none', 'd-lg-block');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panel).not.toHaveClass('d-none');
    expect(within(panel).getByRole('group', { name: 'Zonder' })).toBeInTheDocument();
    expect(await within(panel).findByRole('checkbox', { name: /^Glutenbevattende granen ?\(12\)$/ }, T)).not.toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: /^Veganistisch ?\(7\)$/ })).toBeChecked();
    expect(within(panel).getByRole('switch', { name: 'Streng: ook “kan sporen bevatten” uitsluiten' })).toBeInTheDocument();
  });
});
