import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { UsualProductsResponse } from '../../../../shared/api/quick-order';
import { jsonResponse, type MockCall, mockFetch, on } from '../../../test/fetch-mock';
import { addedOf, okLine, problemLine, quickProduct, usualItem } from '../../../test/quick-order-fixtures';
import { logIn, renderApp } from '../../../test/render';

const T = { timeout: 10_000 };
const JSONAPI = 'application/vnd.api+json';
const menus = on('GET', '/jsonapi/menu_items/', () => jsonResponse(200, { data: [] }, JSONAPI));
const emptyCart = on('GET', '/cart?', () => jsonResponse(200, []));
const favourites = on('GET', '/jsonapi/index/products/', () => jsonResponse(200, { data: [], meta: { count: 0 } }, JSONAPI));

const query = (call: MockCall) => Object.fromEntries(new URL(call.url, 'http://shop.test').searchParams);
const usualCalls = (calls: MockCall[]) => calls.filter((call) => call.method === 'GET' && call.url.includes('/quick-order/usual'));

const salsa = quickProduct('200410', 'Salsa verde 500 ml');
const chipotle = quickProduct('300200', 'Chipotle en adobo 2,8 kg', { minimum_quantity: 6 });
const mole = quickProduct('300300', 'Mole poblano 1 kg');

function usual(items: UsualProductsResponse['items'], source: 'orders' | 'favourites' = 'orders', sort: 'frequency' | 'name' | 'sku' = 'frequency') {
  return on('GET', '/quick-order/usual', (call) => {
    const asked = query(call) as Partial<Pick<UsualProductsResponse, 'source' | 'sort'>>;
    return jsonResponse(200, { source: asked.source ?? source, sort: asked.sort ?? sort, days: 90, items } satisfies UsualProductsResponse);
  });
}

const items = [
  usualItem(salsa, { times_ordered: 7, last_quantity: 4, last_ordered: '2026-11-03' }),
  usualItem(chipotle, { times_ordered: 0, last_quantity: null, last_ordered: null }),
  usualItem(mole, { times_ordered: 2, last_quantity: 1, last_ordered: '2026-09-14', status: 'not_orderable', unit_price: null }),
];

describe('my usual products', () => {
  it('lists how often, the last quantity and date (nl-NL) and the own price, most ordered first, in Dutch', async () => {
    const calls = mockFetch(menus, emptyCart, favourites, usual(items));
    logIn();
    const user = userEvent.setup();
    renderApp('/nl/usual-products');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mijn vaste producten' }, T)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Mijn vaste producten | Casa Maíz'));
    const rows = await screen.findAllByTestId('usual-product', {}, T);
    const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').replaceAll('\u00a0', ' '));
    expect(cells(rows[0] as HTMLElement)).toEqual(['', 'Salsa verde 500 mlArt.nr. 200410', '7', '4', '03-11-2026', '€ 2,45', '']);
    expect(cells(rows[1] as HTMLElement)).toEqual(['', 'Chipotle en adobo 2,8 kgArt.nr. 300200', '0', '–', 'Niet in de afgelopen 90 dagen', '€ 2,45', '']);
    expect(cells(rows[2] as HTMLElement)).toEqual(['', 'Mole poblano 1 kgArt.nr. 300300', '2', '1', '14-09-2026', '⚠ Niet meer leverbaar', '']);
    // quantities start at the last one ordered, else the minimum
    expect(screen.getByRole('spinbutton', { name: 'Aantal Salsa verde 500 ml' })).toHaveValue(4);
    expect(screen.getByRole('spinbutton', { name: 'Aantal Chipotle en adobo 2,8 kg' })).toHaveValue(6);
    expect(screen.getByRole('checkbox', { name: 'Mole poblano 1 kg kiezen' })).toBeDisabled();
    // the route's loader starts the call (the tests' query client keeps nothing fresh, so the page asks again)
    expect(new Set(usualCalls(calls).map((call) => call.url))).toEqual(new Set(['/backend/quick-order/usual?source=orders&sort=frequency']));
    expect(screen.getByRole('radio', { name: 'Besteld in de afgelopen 90 dagen' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Sorteren op' })).toHaveValue('frequency');
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Snel bestellen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Snel bestellen' }, T)).toBeInTheDocument();
  });

  it('keeps the sort and the source in the address (?sort=name, ?source=favourites) and asks for them', async () => {
    const calls = mockFetch(menus, emptyCart, favourites, usual(items));
    logIn();
    const user = userEvent.setup();
    const { router } = renderApp('/en/usual-products?sort=sku');
    await screen.findAllByTestId('usual-product', {}, T);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('sku');
    expect(query(usualCalls(calls)[0] as MockCall)).toEqual({ source: 'orders', sort: 'sku' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'name');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=name'));
    await waitFor(() => expect(query(usualCalls(calls).at(-1) as MockCall)).toEqual({ source: 'orders', sort: 'name' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('name'));

    await user.click(screen.getByRole('radio', { name: 'Favourites' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=name&source=favourites'));
    await waitFor(() => expect(query(usualCalls(calls).at(-1) as MockCall)).toEqual({ source: 'favourites', sort: 'name' }));
    // the router's state changes before React renders the page for it
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Favourites' })).toBeChecked());

    // the defaults leave the address
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'frequency');
    await waitFor(() => expect(router.state.location.search).toBe('?source=favourites'));
  });

  it('adds the selected products with their quantities in one request, says the counts and names what was left out', async () => {
    const calls = mockFetch(
      menus,
      emptyCart,
      favourites,
      usual(items),
      on('POST', '/quick-order/add', () =>
        jsonResponse(200, addedOf([okLine(1, salsa, 10, 245), problemLine(2, '300200', 'below_minimum', 'Chipotle en adobo 2,8 kg is sold from 6.', { quantity: 2, product: chipotle })], 10)),
      ),
    );
    logIn();
    const user = userEvent.setup();
    renderApp('/en/usual-products');
    await screen.findAllByTestId('usual-product', {}, T);
    const add = screen.getByRole('button', { name: 'Add selected to cart' });
    expect(add).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select Salsa verde 500 ml' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Chipotle en adobo 2,8 kg' }));
    const salsaQuantity = screen.getByRole('spinbutton', { name: 'Quantity of Salsa verde 500 ml' });
    await user.clear(salsaQuantity);
    await user.type(salsaQuantity, '10');
    const chipotleQuantity = screen.getByRole('spinbutton', { name: 'Quantity of Chipotle en adobo 2,8 kg' });
    await user.clear(chipotleQuantity);
    await user.type(chipotleQuantity, '2');
    await user.click(screen.getByRole('button', { name: 'Add 2 selected products to cart' }));

    expect(await screen.findByText('1 line added, 1 left out', {}, T)).toBeInTheDocument();
    const adds = calls.filter((call) => call.method === 'POST' && call.url.includes('/quick-order/add'));
    expect(adds.map((call) => [call.url, call.body])).toEqual([
      [
        '/backend/en/quick-order/add',
        {
          rows: [
            { line: 1, article: '200410', quantity: 10 },
            { line: 2, article: '300200', quantity: 2 },
          ],
        },
      ],
    ]);
    const notice = screen.getByRole('region', { name: '1 line was not added to your cart' });
    expect(notice).toHaveTextContent('Chipotle en adobo 2,8 kg (300200): Chipotle en adobo 2,8 kg is sold from 6.');
    // the added product is no longer selected; the left-out one is, to correct
    expect(screen.getByRole('checkbox', { name: 'Select Salsa verde 500 ml' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Chipotle en adobo 2,8 kg' })).toBeChecked();
    within(notice).getByRole('button', { name: 'Close this notice' });
  });

  it('steps by the order multiple, offers the next multiple for a last quantity that is no multiple, and sends only multiples', async () => {
    const sixes = { code: 'pack', content: 'zak van 30', pieces: 30, multiple: 6 } as const;
    const small = quickProduct('100130', 'Tortilla de maíz 12 cm', { minimum_quantity: 4, sales_unit: sixes });
    const mini = quickProduct('100140', 'Tortilla de maíz 10 cm', { minimum_quantity: 4, sales_unit: sixes });
    const calls = mockFetch(
      menus,
      emptyCart,
      favourites,
      usual([usualItem(small, { last_quantity: 7 }), usualItem(mini, { times_ordered: 0, last_quantity: null, last_ordered: null })]),
      on('POST', '/quick-order/add', () => jsonResponse(200, addedOf([okLine(1, small, 12, 245), okLine(2, mini, 12, 245)], 24))),
    );
    logIn();
    const user = userEvent.setup();
    renderApp('/en/usual-products');
    await screen.findAllByTestId('usual-product', {}, T);
    // the last quantity stays as it was; without one the field starts at the first orderable quantity
    const smallQuantity = screen.getByRole('spinbutton', { name: 'Quantity of Tortilla de maíz 12 cm' });
    expect(smallQuantity).toHaveValue(7);
    expect(smallQuantity).toHaveAttribute('step', '6');
    expect(smallQuantity).toHaveAttribute('min', '6');
    const miniQuantity = screen.getByRole('spinbutton', { name: 'Quantity of Tortilla de maíz 10 cm' });
    expect(miniQuantity).toHaveValue(6);
    expect(screen.getAllByTestId('multiple-offer')).toHaveLength(1);
    expect(screen.getByTestId('multiple-offer')).toHaveTextContent('7 is not a multiple of 6.');

    // ticked, a quantity that is no multiple is not sent
    await user.click(screen.getByRole('checkbox', { name: 'Select all products that can be ordered' }));
    expect(screen.getByRole('button', { name: 'Add 2 selected products to cart' })).toBeDisabled();
    expect(smallQuantity).toHaveAttribute('aria-invalid', 'true');
    // a typed quantity that is no multiple is offered the next one too
    await user.clear(miniQuantity);
    await user.type(miniQuantity, '8');
    expect(screen.getAllByTestId('multiple-offer')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Order 12 of Tortilla de maíz 10 cm (multiple of 6)' }));
    expect(miniQuantity).toHaveValue(12);

    await user.click(screen.getByRole('button', { name: 'Order 12 of Tortilla de maíz 12 cm (multiple of 6)' }));
    expect(smallQuantity).toHaveValue(12);
    expect(screen.queryByTestId('multiple-offer')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add 2 selected products to cart' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST' && call.url.includes('/quick-order/add'))).toHaveLength(1));
    expect(calls.find((call) => call.url.includes('/quick-order/add'))?.body).toEqual({
      rows: [
        { line: 1, article: '100130', quantity: 12 },
        { line: 2, article: '100140', quantity: 12 },
      ],
    });
  });

  it('offers the next multiple in Dutch', async () => {
    const small = quickProduct('100130', 'Tortilla de maíz 12 cm', { sales_unit: { code: 'pack', content: null, pieces: 30, multiple: 6 } });
    mockFetch(menus, emptyCart, favourites, usual([usualItem(small, { last_quantity: 9 })]));
    logIn();
    renderApp('/nl/usual-products');
    expect(await screen.findByTestId('multiple-offer', {}, T)).toHaveTextContent('9 is geen veelvoud van 6.');
    expect(screen.getByRole('button', { name: 'Bestel 12 van Tortilla de maíz 12 cm (veelvoud van 6)' })).toBeEnabled();
  });

  it('tells a customer without orders in the last 90 days where to start', async () => {
    mockFetch(menus, emptyCart, favourites, usual([]));
    logIn();
    renderApp('/en/usual-products');
    expect(await screen.findByText('You have not ordered anything in the last 90 days.', {}, T)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'To the assortment' })).toHaveAttribute('href', '/en/assortment');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /to cart/ })).not.toBeInTheDocument();
  });
});
