import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { CartOrder } from '../../../../../shared/api/cart';
import { price } from '../../../../../shared/money';
import { ApiError } from '../../../../lib/api-client';
import { jsonResponse, type MockCall, mockFetch, on } from '../../../../test/fetch-mock';
import { logIn, renderApp } from '../../../../test/render';
import { cartOrder, relationRecord } from '../../../../test/shop-data';
import { checkoutFailureText, NoOrderError } from '../api/checkout';
import { checkoutPageCalls, checkoutSteps, type ServerCart } from '../test/checkout-page';

// the first render loads the route's chunk (date picker included)
const T = { timeout: 15_000 };

const relation = relationRecord({
  delivery_addresses: [
    { profile_id: 11, label: 'Restaurant', address_line1: 'Oudegracht 12', postal_code: '3511 AN', locality: 'Utrecht', country_code: 'NL' },
    { profile_id: 12, label: 'Warehouse Nieuwegein', address_line1: 'Industrieweg 4', postal_code: '3430 AA', locality: 'Nieuwegein', country_code: 'NL' },
  ],
});

function handlers(start: CartOrder | null) {
  const cart: ServerCart = { current: start };
  return [
    ...checkoutPageCalls(cart, relation),
    checkoutSteps(cart, (current, method) => ({ ...current, shipments: [{ shipping_method: method, shipping_profile: 11, amount: price(1250) }] })),
    on('POST', '/api/checkout/77/place', () => {
      cart.current = null;
      return jsonResponse(200, { status: 'success', orderId: 77, uuid: 'c0c0c0c0-0000-4000-8000-000000000077', order_number: 'W2026-000077' });
    }),
  ];
}

const posts = (calls: MockCall[], fragment: string) => calls.filter((call) => call.method === 'POST' && call.url.includes(fragment));

describe('the checkout page', () => {
  it("shows the three blocks and posts the effective delivery date when the cart has none", async () => {
    const calls = mockFetch(...handlers(cartOrder()));
    logIn();
    renderApp('/en/cart/checkout');

    expect(await screen.findByRole('heading', { level: 1, name: 'Complete order' }, T)).toBeInTheDocument();
    // the title is set by an effect, which may run after the heading shows
    await waitFor(() => expect(document.title).toBe('Complete order | Casa Maíz'), T);
    expect(await screen.findByRole('radio', { name: /Restaurant/ }, T)).toBeChecked();
    expect(document.querySelector('address')).toHaveTextContent(/Taquería El Sol B\.V\.\s*Oudegracht 12\s*3511 AN Utrecht\s*NL/);
    expect(await screen.findByRole('radio', { name: /Standard delivery.*€\s12,50/ }, T)).not.toBeChecked();
    expect(screen.getByRole('radio', { name: /Pick up.*Free/ })).toBeInTheDocument();
    expect(screen.getByText('VAT 9%')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'delivery terms' })).toHaveAttribute('href', '/en/delivery-terms');
    await waitFor(() => expect(posts(calls, '/set-delivery-date')).toHaveLength(1), T);
    expect((posts(calls, '/set-delivery-date')[0]?.body as { date: string }).date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(posts(calls, '/set-profile')).toHaveLength(0);
  });

  it('shows what is missing under each block when paying without the choices, and sends nothing', async () => {
    const calls = mockFetch(...handlers(cartOrder()));
    logIn();
    const user = userEvent.setup();
    renderApp('/en/cart/checkout');

    const pay = await screen.findByRole('button', { name: 'Pay order' }, T);
    await screen.findByRole('radio', { name: /On account/ }, T);
    await waitFor(() => expect(pay).toBeEnabled(), T);
    await user.click(pay);

    const terms = 'Please confirm you accept our delivery terms';
    const shipping = 'Please choose a shipping method';
    const payment = 'Please choose a payment method';
    expect(await screen.findByText(terms)).toBeInTheDocument();
    expect(screen.getByText(shipping)).toBeInTheDocument();
    expect(screen.getByText(payment)).toBeInTheDocument();
    // each message under its own block
    const shipment = screen.getByRole('region', { name: /Shipment and payment/ });
    expect(within(shipment).getByText(shipping)).toBeInTheDocument();
    expect(within(shipment).getByText(payment)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: /Order summary/ })).getByText(terms)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /I accept the delivery terms/ })).toHaveAttribute('aria-invalid', 'true');
    expect(posts(calls, '/place')).toHaveLength(0);
    expect(posts(calls, '/create-payment')).toHaveLength(0);

    // choosing clears the matching message; the others stay
    await user.click(screen.getByRole('radio', { name: /Standard delivery/ }));
    await waitFor(() => expect(screen.queryByText(shipping)).not.toBeInTheDocument());
    expect(posts(calls, '/set-shipping').map((c) => c.body)).toEqual([{ method: 'standard' }]);
    expect(screen.getByText(payment)).toBeInTheDocument();
    expect(screen.getByText(terms)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /I accept the delivery terms/ }));
    expect(screen.queryByText(terms)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay order' }));
    expect(screen.getByText(payment)).toBeInTheDocument();
    expect(posts(calls, '/place')).toHaveLength(0);
  });

  it('places an order paid on account, stores its uuid as placed and goes to the completed page', async () => {
    const calls = mockFetch(...handlers(cartOrder()));
    logIn();
    const user = userEvent.setup();
    const { router } = renderApp('/en/cart/checkout');

    await user.click(await screen.findByRole('radio', { name: /Pick up/ }, T));
    await user.click(await screen.findByRole('radio', { name: /On account/ }, T));
    await user.click(screen.getByRole('checkbox', { name: /I accept the delivery terms/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay order' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Pay order' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/en/cart/checkout/77/completed'), T);
    expect(posts(calls, '/place').map((c) => c.body)).toEqual([{ terms_accepted: true }]);
    expect(posts(calls, '/set-payment').map((c) => c.body)).toEqual([{ method: 'on_account' }]);
    expect(localStorage.getItem('placed')).toBe('c0c0c0c0-0000-4000-8000-000000000077');
  });

  it('sends an empty cart back to the cart page', async () => {
    mockFetch(...handlers(null));
    logIn();
    const { router } = renderApp('/nl/cart/checkout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/nl/cart'), T);
  });

  it('shows the server message of a refused choice', async () => {
    mockFetch(
      on('POST', '/set-delivery-date', () => jsonResponse(400, { message: 'We do not deliver to you on that day of the week.', code: 'delivery_date_not_a_delivery_day' })),
      ...handlers(cartOrder()),
    );
    logIn();
    renderApp('/en/cart/checkout');
    expect(await screen.findByText('We do not deliver to you on that day of the week.', {}, T)).toBeInTheDocument();
  });
});

describe('checkoutFailureText', () => {
  const texts = { generic: 'Something went wrong', noOrder: 'No order found' };
  it("says 'No order found' for a change without an order id", () => {
    expect(checkoutFailureText(new NoOrderError(), texts)).toBe('No order found');
  });
  it("shows the server's 4xx message, else 'Something went wrong'; nothing for a 403", () => {
    expect(checkoutFailureText(new ApiError(400, 'The earliest delivery date is 08-12-2026.'), texts)).toBe('The earliest delivery date is 08-12-2026.');
    expect(checkoutFailureText(new ApiError(404, 'No API route POST /x.', { code: 'not_found' }), texts)).toBe('Something went wrong');
    expect(checkoutFailureText(new ApiError(500, 'Internal Server Error'), texts)).toBe('Something went wrong');
    expect(checkoutFailureText(new ApiError(0, 'Failed to fetch'), texts)).toBe('Something went wrong');
    expect(checkoutFailureText(new TypeError('boom'), texts)).toBe('Something went wrong');
    expect(checkoutFailureText(new ApiError(403, 'Forbidden'), texts)).toBeNull();
  });
});
