import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch, on } from '../../../../test/fetch-mock';
import { addedOf, okLine, problemLine, quickProduct } from '../../../../test/quick-order-fixtures';
import { logIn, renderApp } from '../../../../test/render';
import { emptyCart, favorites, JSONAPI, menus, orderResource } from '../../../../test/shop-data';

const T = { timeout: 15_000 };
const UUID = 'c0c0c0c0-0000-4000-8000-000000000077';

/** The order as the checkout just placed it, late in the evening in UTC. */
const order = orderResource(77, {
  order_number: 'W2026-000077',
  placed: '2026-11-22T23:30:00.000Z',
  req_dlv_date: '2026-11-26',
  billing_address: null,
  delivery_address: null,
  shipping_method: 'delivery',
  payment_method: 'on_account',
  payment_state: null,
});

describe('the order completed page', () => {
  it("shows the order stored as 'placed' and orders it again in one call, saying which line was left out and why", async () => {
    const calls = mockFetch(
      menus,
      favorites,
      emptyCart,
      on('GET', `/jsonapi/commerce_order/default/${UUID}`, () => jsonResponse(200, { data: order }, JSONAPI)),
      on('POST', '/quick-order/order-again', () =>
        jsonResponse(
          200,
          addedOf(
            [
              okLine(1, quickProduct('100120', 'Tortilla de maíz 15 cm'), 3, 245),
              problemLine(2, '200410', 'not_orderable', 'Salsa verde 500 ml is no longer sold.', { quantity: 12, product: quickProduct('200410', 'Salsa verde 500 ml') }),
            ],
            3,
          ),
        ),
      ),
    );
    logIn();
    localStorage.setItem('placed', UUID);
    const user = userEvent.setup();
    renderApp('/en/cart/checkout/77/completed');

    expect(await screen.findByRole('heading', { level: 1, name: 'Order placed' }, T)).toBeInTheDocument();
    // the title is set by an effect, which may run after the heading shows
    await waitFor(() => expect(document.title).toBe('Order placed | Casa Maíz'), T);
    expect(await screen.findByTestId('order-number', {}, T)).toHaveTextContent('W2026-000077');
    // placed late in the evening in UTC: the next day in Amsterdam
    expect(screen.getByTestId('order-date')).toHaveTextContent('23-11-2026');
    expect(screen.getByText('You will receive a confirmation of your order by e-mail at inkoop@elsol.example.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'delivery terms' })).toHaveAttribute('href', '/en/delivery-terms');
    const request = calls.find((call) => call.url.includes('/jsonapi/commerce_order/default/'));
    expect(request?.url).toBe(
      `/backend/en/jsonapi/commerce_order/default/${UUID}?jsonapi_include=1&include=uid%2Corder_items%2Corder_items.purchased_entity%2Corder_items.purchased_entity.product_images`,
    );

    const table = screen.getByRole('table');
    const tortilla = within(table).getByText('Tortilla de maíz 15 cm').closest('tr') as HTMLElement;
    expect(within(tortilla).getByRole('img', { name: 'Picture of Tortilla de maíz 15 cm' })).toHaveAttribute('src', '/img/t/1.webp');
    expect(tortilla).toHaveTextContent('Art. no. 100120');
    expect(tortilla).toHaveTextContent(/3\s*€\s2,45\s*€\s7,35/);
    expect(within(table).getByText('VAT 9%')).toBeInTheDocument();
    expect(within(table).getByText('Delivery')).toBeInTheDocument();
    expect(within(table).getByText('Total (incl. VAT)').closest('tr')).toHaveTextContent('€ 76,50');

    await user.click(screen.getByRole('button', { name: 'Order again' }));
    expect(await screen.findByText('Added to you cart', {}, T)).toBeInTheDocument();
    expect(await screen.findByText('1 line added, 1 left out', {}, T)).toBeInTheDocument();
    const adds = calls.filter((call) => call.method === 'POST' && call.url.includes('/quick-order/order-again'));
    expect(adds.map((call) => [call.url, call.body])).toEqual([['/backend/en/quick-order/order-again', { order: UUID }]]);
    expect(calls.some((call) => call.url.includes('/cart/add'))).toBe(false);
    // the line left out is named with its reason, until the notice is closed
    const notice = screen.getByRole('region', { name: '1 line was not added to your cart' });
    expect(notice).toHaveTextContent('Salsa verde 500 ml (200410): Salsa verde 500 ml is no longer sold.');
    await user.click(within(notice).getByRole('button', { name: 'Close this notice' }));
    expect(screen.queryByRole('region', { name: '1 line was not added to your cart' })).not.toBeInTheDocument();
  });

  it('goes to the cart without a stored placed order', async () => {
    mockFetch(menus, favorites, emptyCart);
    logIn();
    const { router } = renderApp('/nl/cart/checkout/77/completed');
    await waitFor(() => expect(router.state.location.pathname).toBe('/nl/cart'), T);
  });
});
