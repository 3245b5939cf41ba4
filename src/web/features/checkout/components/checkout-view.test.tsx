import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { RelationRecord } from '../../../../shared/api/account';
import type { CartOrder } from '../../../../shared/api/cart';
import { price } from '../../../../shared/money';
import { ApiError } from '../../../lib/api-client';
import { jsonResponse, type MockCall, mockFetch, on } from '../../../test/fetch-mock';
import { logIn, renderApp } from '../../../test/render';
import { checkoutFailureText, NoOrderError } from '../api/checkout';

// the first render loads the route's chunk (date picker included)
const T = { timeout: 15_000 };
const JSONAPI = 'application/vnd.api+json';
const RELATION_UUID = 'a1a2a3a4-0000-4000-8000-000000000002';

const relation: RelationRecord = {
  type: 'relation--relation',
  id: RELATION_UUID,
  attributes: {
    drupal_internal__id: 42,
    name: 'Taquería El Sol B.V.',
    address: { address_line1: 'Oudegracht 12', postal_code: '3511 AN', locality: 'Utrecht', country_code: 'NL' },
    phone: '+31 30 123 4567',
    mail: 'info@elsol.example',
    coc_number: '12345678',
    vat_number: 'NL123456789B01',
    free_delivery_amount: 'Franco vanaf € 350,-',
    delivery_days: [],
    delivery_addresses: [
      { profile_id: 11, label: 'Restaurant', address_line1: 'Oudegracht 12', postal_code: '3511 AN', locality: 'Utrecht', country_code: 'NL' },
      { profile_id: 12, label: 'Warehouse Nieuwegein', address_line1: 'Industrieweg 4', postal_code: '3430 AA', locality: 'Nieuwegein', country_code: 'NL' },
    ],
    pricelist: 'STANDAARD',
    langcode: 'nl',
  },
};

function cartFixture(overrides: Partial<CartOrder> = {}): CartOrder {
  return {
    order_id: 77,
    uuid: 'c0c0c0c0-0000-4000-8000-000000000077',
    order_number: null,
    state: 'draft',
    order_items: [
      {
        order_item_id: 5,
        uuid: 'i1',
        order_id: 77,
        title: 'Tortilla de maíz 15 cm',
        quantity: '3',
        purchased_entity: { variation_id: 9, uuid: 'v9', sku: '100120', product_id: 4, product_uuid: 'p4', product_images: [] },
        unit_price: price(245),
        total_price: price(735),
        tax_percentage: '0.09',
      },
    ],
    total_price: price(801),
    order_total: {
      subtotal: price(735),
      adjustments: [{ type: 'tax', label: 'BTW', percentage: '0.09', amount: price(66) }],
      total: price(801),
    },
    payment_method: null,
    payment_gateway: null,
    shipments: [],
    shipping_profile: 11,
    req_dlv_date: null,
    quantity_total: 3,
    free_delivery: null,
    ...overrides,
  };
}

function handlers(cart: CartOrder | null) {
  let current = cart;
  return [
    on('GET', '/jsonapi/menu_items/', () => jsonResponse(200, { data: [] }, JSONAPI)),
    on('GET', '/jsonapi/index/products/', () => jsonResponse(200, { data: [], meta: { count: 0 } }, JSONAPI)),
    on('GET', '/cart?', () => jsonResponse(200, current ? [current] : [])),
    on('GET', `/jsonapi/relation/relation/${RELATION_UUID}`, () => jsonResponse(200, { data: relation }, JSONAPI)),
    on('GET', '/api/checkout/77/shipping', () =>
      jsonResponse(200, [
        { id: 'standard', label: 'Standard delivery', amount: price(1250) },
        { id: 'pickup', label: 'Pick up', amount: price(0) },
      ]),
    ),
    on('GET', '/api/checkout/77/payment', () =>
      jsonResponse(200, [
        { id: 'on_account', label: 'On account', online: false },
        { id: 'ideal', label: 'iDEAL', online: true },
      ]),
    ),
    (call: MockCall) => {
      const match = /\/api\/checkout\/77\/(set-[a-z-]+)$/.exec(call.url);
      if (call.method !== 'POST' || !match || !current) return undefined;
      const body = call.body as Record<string, string | number>;
      if (match[1] === 'set-shipping') current = { ...current, shipments: [{ shipping_method: String(body.method), shipping_profile: 11, amount: price(1250) }] };
      if (match[1] === 'set-payment') current = { ...current, payment_method: String(body.method), payment_gateway: String(body.method) };
      if (match[1] === 'set-delivery-date') current = { ...current, req_dlv_date: String(body.date) };
      if (match[1] === 'set-profile') current = { ...current, shipping_profile: Number(body.profileId) };
      return jsonResponse(200, current);
    },
    on('POST', '/api/checkout/77/place', () => {
      current = null;
      return jsonResponse(200, { status: 'success', orderId: 77, uuid: 'c0c0c0c0-0000-4000-8000-000000000077', order_number: 'W2026-000077' });
    }),
  ];
}

const posts = (calls: MockCall[], fragment: string) => calls.filter((call) => call.method === 'POST' && call.url.includes(fragment));

describe('the checkout page', () => {
  it("shows the three blocks and posts the effective delivery date when the cart has none", async () => {
    const calls = mockFetch(...handlers(cartFixture()));
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
    const calls = mockFetch(...handlers(cartFixture()));
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
    const calls = mockFetch(...handlers(cartFixture()));
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
      ...handlers(cartFixture()),
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
