import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { CartOrder } from '../../../../../shared/api/cart';
import type { CheckoutInvoicesResponse } from '../../../../../shared/api/payments';
import { formatEuro, price } from '../../../../../shared/money';
import { jsonResponse, type MockCall, mockFetch, on } from '../../../../test/fetch-mock';
import { logIn, renderApp } from '../../../../test/render';
import { cartOrder, relationRecord } from '../../../../test/shop-data';
import { checkoutPageCalls, checkoutSteps, type ServerCart } from '../test/checkout-page';


/** The browser is never sent anywhere in these tests: the payment page is recorded. */
const payment = vi.hoisted(() => ({ goTo: vi.fn<(url: string) => void>() }));
vi.mock('../../../../lib/payment-page', () => ({ paymentPage: { go: payment.goTo } }));

// the first render loads the route's chunk (date picker included)
const T = { timeout: 15_000 };
const ORDER_UUID = 'c0c0c0c0-0000-4000-8000-000000000077';
const SANDBOX_URL = 'http://localhost/backend/payment-sandbox/tr_sbx0123456789abcdef';

const relation = relationRecord();

/** A cart of € 8,01 to be paid with iDEAL, everything chosen but the terms. */
function idealCart(overrides: Partial<CartOrder> = {}): CartOrder {
  return cartOrder({
    payment_method: 'ideal',
    payment_gateway: 'ideal',
    shipments: [{ shipping_method: 'pickup', shipping_profile: 11, amount: price(0) }],
    req_dlv_date: '2099-01-05',
    ...overrides,
  });
}

/** The server's invoices answer for an order total (cents) and invoice amounts (EUR). */
function invoicesFor(orderCents: number, amounts: Array<[string, number]>): CheckoutInvoicesResponse {
  const invoicesCents = amounts.reduce((sum, [, amount]) => sum + Math.round(amount * 100), 0);
  return {
    invoices: amounts.map(([invoiceNumber, outstandingAmount]) => ({ invoiceNumber, outstandingAmount })),
    total: { number: invoicesCents / 100, formatted: formatEuro(invoicesCents) },
    order_total: price(orderCents),
    to_pay: price(Math.max(0, orderCents + invoicesCents)),
  };
}

const OPEN: Array<[string, number]> = [
  ['F260101', 626.54],
  ['F260102', 898.34],
  ['F260103', -33.07],
];

interface Setup {
  cart?: CartOrder;
  invoices?: (call: MockCall, cart: CartOrder) => Response;
  createPayment?: (call: MockCall) => Response;
}

function handlers({ cart = idealCart(), invoices, createPayment }: Setup = {}) {
  const server: ServerCart = { current: cart };
  return [
    ...checkoutPageCalls(server, relation),
    on('GET', '/api/checkout/77/invoices', (call) =>
      server.current
        ? (invoices ?? ((_call, c) => jsonResponse(200, invoicesFor(Math.round(Number(c.total_price.number) * 100), OPEN))))(call, server.current)
        : jsonResponse(404, { message: 'No order found' }),
    ),
    checkoutSteps(server, (current, method) => {
      const shippingCents = method === 'standard' ? 1250 : 0;
      return { ...current, shipments: [{ shipping_method: method, shipping_profile: 11, amount: price(shippingCents) }], total_price: price(801 + shippingCents) };
    }),
    on(
      'POST',
      '/api/checkout/77/create-payment',
      (call) => createPayment?.(call) ?? jsonResponse(200, { status: 'success', orderId: 77, paymentUrl: SANDBOX_URL }),
    ),
  ];
}

const calls = (all: MockCall[], method: string, fragment: string) => all.filter((call) => call.method === method && call.url.includes(fragment));

async function payWithIdeal(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('checkbox', { name: /I accept the delivery terms/ }, T));
  const pay = screen.getByRole('button', { name: 'Pay order' });
  await waitFor(() => expect(pay).toBeEnabled(), T);
  await user.click(pay);
}

beforeEach(() => {
  payment.goTo.mockReset();
});

describe('the outstanding invoices at checkout', () => {
  it("lists the invoices with iDEAL (a credit marked as such), the order total and the total to pay", async () => {
    const all = mockFetch(...handlers());
    logIn();
    renderApp('/en/cart/checkout');

    const block = await screen.findByRole('region', { name: 'Outstanding invoices' }, T);
    const rows = await within(block).findAllByRole('row', {}, T);
    // header plus three invoices
    expect(rows.map((row) => row.textContent?.replace(/\s+/g, ' '))).toEqual(['Invoice numberOutstanding', 'F260101€ 626,54', 'F260102€ 898,34', 'F260103Credit€ -33,07']);
    expect(within(rows[3] as HTMLElement).getByText('Credit')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).queryByText('Credit')).not.toBeInTheDocument();
    expect(within(block).getByTestId('invoices-order-total')).toHaveTextContent('€ 8,01');
    expect(within(block).getByTestId('invoices-total')).toHaveTextContent('€ 1.491,81');
    expect(within(block).getByText('Total to pay').nextElementSibling).toHaveTextContent('€ 1.499,82');
    // asked in the page's language
    expect(calls(all, 'GET', '/api/checkout/77/invoices')[0]?.url).toMatch(/\/en\/api\/checkout\/77\/invoices$/);
  });

  it('asks again when the cart changes and shows the new total to pay', async () => {
    const all = mockFetch(...handlers());
    logIn();
    const user = userEvent.setup();
    renderApp('/en/cart/checkout');

    const block = await screen.findByRole('region', { name: 'Outstanding invoices' }, T);
    await waitFor(() => expect(within(block).getByTestId('invoices-to-pay')).toHaveTextContent('€ 1.499,82'), T);
    expect(calls(all, 'GET', '/invoices')).toHaveLength(1);

    await user.click(screen.getByRole('radio', { name: /Standard delivery/ }));
    await waitFor(() => expect(within(block).getByTestId('invoices-to-pay')).toHaveTextContent('€ 1.512,32'), T);
    expect(within(block).getByTestId('invoices-order-total')).toHaveTextContent('€ 20,51');
    expect(calls(all, 'GET', '/invoices')).toHaveLength(2);
  });

  it('says so when there are none; the total to pay is the order total', async () => {
    mockFetch(...handlers({ invoices: (_call, cart) => jsonResponse(200, invoicesFor(Math.round(Number(cart.total_price.number) * 100), [])) }));
    logIn();
    renderApp('/nl/cart/checkout');

    const block = await screen.findByRole('region', { name: 'Openstaande facturen' }, T);
    expect(await within(block).findByText('Je hebt geen openstaande facturen.', {}, T)).toBeInTheDocument();
    expect(within(block).queryByRole('table')).not.toBeInTheDocument();
    expect(within(block).queryByTestId('invoices-total')).not.toBeInTheDocument();
    expect(within(block).getByText('Totaal te betalen').nextElementSibling).toHaveTextContent('€ 8,01');
  });

  it("shows 'Something went wrong' when the invoices cannot be loaded", async () => {
    mockFetch(...handlers({ invoices: () => jsonResponse(404, { message: 'No order found', code: 'order_not_found' }) }));
    logIn();
    renderApp('/en/cart/checkout');

    const block = await screen.findByRole('region', { name: 'Outstanding invoices' }, T);
    expect(await within(block).findByText('Something went wrong', {}, T)).toBeInTheDocument();
  });

  it('is shown only while iDEAL is chosen', async () => {
    const all = mockFetch(...handlers({ cart: idealCart({ payment_method: 'on_account', payment_gateway: 'on_account' }) }));
    logIn();
    const user = userEvent.setup();
    renderApp('/en/cart/checkout');

    await user.click(await screen.findByRole('radio', { name: /iDEAL/ }, T));
    expect(await screen.findByRole('region', { name: 'Outstanding invoices' }, T)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /On account/ }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Outstanding invoices' })).not.toBeInTheDocument());
    expect(calls(all, 'GET', '/invoices').length).toBeGreaterThan(0);
  });
});

describe('paying with iDEAL', () => {
  it('creates the payment and sends the browser to its page', async () => {
    const all = mockFetch(...handlers());
    logIn();
    const user = userEvent.setup();
    renderApp('/en/cart/checkout');

    await payWithIdeal(user);
    await waitFor(() => expect(payment.goTo).toHaveBeenCalledWith(SANDBOX_URL), T);
    expect(calls(all, 'POST', '/create-payment').map((call) => call.body)).toEqual([{ terms_accepted: true }]);
    expect(calls(all, 'POST', '/place')).toHaveLength(0);
    // on its way: no second payment
    expect(screen.getByRole('button', { name: 'Placing your order…' })).toBeDisabled();

    // back from the payment page through the back/forward cache: the customer can pay again
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay order' })).toBeEnabled());
  });

  it("goes to the completed page when credits covered everything (no payment URL), with the order stored as 'placed'", async () => {
    mockFetch(...handlers({ createPayment: () => jsonResponse(200, { status: 'success', orderId: 77, paymentUrl: null, uuid: ORDER_UUID }) }));
    logIn();
    const user = userEvent.setup();
    const { router } = renderApp('/en/cart/checkout');

    await payWithIdeal(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/cart/checkout/77/completed'), T);
    expect(localStorage.getItem('placed')).toBe(ORDER_UUID);
    expect(payment.goTo).not.toHaveBeenCalled();
  });

  it("only logs a failed payment creation and says 'Something went wrong'", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch(...handlers({ createPayment: () => jsonResponse(502, { message: 'Something went wrong', code: 'payment_not_created' }) }));
    logIn();
    const user = userEvent.setup();
    const { router } = renderApp('/en/cart/checkout');

    await payWithIdeal(user);
    expect(await screen.findByText('Something went wrong', {}, T)).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('The payment was not created', expect.anything());
    expect(payment.goTo).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/en/cart/checkout');
    expect(localStorage.getItem('placed')).toBeNull();
    // the customer can try again
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay order' })).toBeEnabled());
  });

  it("shows the server's message when it refuses the payment for a missing choice", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch(
      ...handlers({
        createPayment: () =>
          jsonResponse(400, { message: 'Please choose a shipping method', code: 'checkout_incomplete', errors: [{ field: 'shipping_method', message: 'Please choose a shipping method' }] }),
      }),
    );
    logIn();
    const user = userEvent.setup();
    renderApp('/en/cart/checkout');

    await payWithIdeal(user);
    expect(await screen.findByText('Please choose a shipping method', { selector: '.Toastify__toast *, .Toastify__toast' }, T)).toBeInTheDocument();
    expect(payment.goTo).not.toHaveBeenCalled();
  });
});
