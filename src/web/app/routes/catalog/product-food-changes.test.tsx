import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { ProductDetail } from '../../../../shared/api/catalog';
import { cheeseDipFood, productDetailFixture, productList } from '../../../features/catalog/test/fixtures';
import { jsonResponse, mockFetch, on } from '../../../test/fetch-mock';
import { logIn, renderApp } from '../../../test/render';

/* Issue 19 point 6: the notice of changed ingredients or allergens on the product page. */

// The route's chunk loads first: on a busy machine that takes a while.
const T = { timeout: 10_000 };
const JSONAPI = 'application/vnd.api+json';
const menus = on('GET', '/jsonapi/menu_items/', () => jsonResponse(200, { data: [] }, JSONAPI));
const favorites = on('GET', '/jsonapi/index/products/', () => jsonResponse(200, productList([]), JSONAPI));
const noMutations = on('POST', '/api/upcoming-price-mutations', () => jsonResponse(200, { data: [] }));

const CHANGED = productDetailFixture({
  food: cheeseDipFood(),
  food_changes: [
    { changed_on: '2026-11-22', ingredients_changed: true, allergens: [{ allergen: 'milk', from: 'free', to: 'contains' }] },
  ],
});

function openProduct(product: ProductDetail, lang: 'en' | 'nl', hash = '') {
  mockFetch(menus, favorites, noMutations, on('GET', `/jsonapi/commerce_product/default/${product.id}`, () => jsonResponse(200, { data: product }, JSONAPI)));
  logIn();
  renderApp(`/${lang}/assortment/${product.id}${hash}`);
}

describe('the notice of changed food information', () => {
  it('says in English when and what changed, with a sign besides its colour, and opens the Food information tab', async () => {
    openProduct(CHANGED, 'en');
    const notice = await screen.findByRole('region', { name: 'Food information changed' }, T);
    expect(notice).toHaveTextContent('The ingredients or allergens of this product changed on 22-11-2026. You bought it in the last 90 days: please check the food information.');
    expect(within(notice).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'The ingredients have changed.',
      'Milk: was ‘free of’, now ‘contains’.',
    ]);
    const foodTab = screen.getByRole('tab', { name: 'Food information' });
    expect(foodTab).toHaveAttribute('aria-selected', 'false');
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'See the food information' }));
    await waitFor(() => expect(foodTab).toHaveAttribute('aria-selected', 'true'));
    expect(foodTab).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Food information' })).toHaveTextContent('Allergens');
  });

  it('speaks Dutch on Dutch pages, each change with its date when there are several', async () => {
    openProduct(
      {
        ...CHANGED,
        food_changes: [
          { changed_on: '2026-11-24', ingredients_changed: false, allergens: [{ allergen: 'gluten', from: null, to: 'may_contain' }] },
          ...(CHANGED.food_changes ?? []),
        ],
      },
      'nl',
    );
    const notice = await screen.findByRole('region', { name: 'Voedingsinformatie gewijzigd' }, T);
    expect(notice).toHaveTextContent('De ingrediënten of allergenen van dit product zijn gewijzigd op 24-11-2026.');
    expect(within(notice).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '24-11-2026: Glutenbevattende granen: was ‘onbekend’, nu ‘kan bevatten’.',
      '22-11-2026: De ingrediënten zijn gewijzigd.',
      '22-11-2026: Melk: was ‘bevat geen’, nu ‘bevat’.',
    ]);
    expect(within(notice).getByRole('button', { name: 'Bekijk de voedingsinformatie' })).toBeInTheDocument();
  });

  it('opens on the Food information tab from a link ending in #food (as the change mail has)', async () => {
    openProduct(CHANGED, 'en', '#food');
    const foodTab = await screen.findByRole('tab', { name: 'Food information' }, T);
    expect(foodTab).toHaveAttribute('aria-selected', 'true');
  });

  it('is not there for a product without changes to tell of', async () => {
    openProduct(productDetailFixture({ food: cheeseDipFood() }), 'en');
    await screen.findByRole('tab', { name: 'Food information' }, T);
    expect(screen.queryByRole('region', { name: /Food information changed/ })).not.toBeInTheDocument();
  });
});
