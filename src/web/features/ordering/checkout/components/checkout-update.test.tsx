import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { PaymentReturnResponse } from '../../../../../shared/api/payments';
import { jsonResponse, type MockCall, mockFetch } from '../../../../test/fetch-mock';
import { answering, cached, callsTo, errorToast, expectNextPollAfter, fakePollInterval, pollAfter as pollEvery, successToast, withToasts } from '../../../../test/payment-status';
import { logIn, renderApp } from '../../../../test/render';
import { getCartQueryOptions } from '../../../../lib/api/get-cart';
import { PAYMENT_POLL_INTERVAL_MS } from '../api/payments';

import { CheckoutUpdate } from './checkout-update';

const ORDER_UUID = 'c0c0c0c0-0000-4000-8000-000000000077';

/** The update page with stand-ins for the pages it sends the payer to, and the toasts. */
const routes = withToasts((prefix) => [
  { path: `${prefix}/cart/checkout/:order/update`, element: <CheckoutUpdate /> },
  { path: `${prefix}/cart/checkout/:order/completed`, element: <p>the completed page</p> },
  { path: `${prefix}/cart/checkout`, element: <p>the checkout page</p> },
]);

const WAITING_EN: PaymentReturnResponse = { status: 0, waiting: true, message: 'We are waiting for the confirmation of your payment…', order: { id: 77, uuid: ORDER_UUID, order_number: null } };
const PAID_EN: PaymentReturnResponse = { status: 1, waiting: false, message: 'Your payment has been received. Thank you!', order: { id: 77, uuid: ORDER_UUID, order_number: 'W0000077' } };
const FAILED_NL: PaymentReturnResponse = {
  status: 0,
  waiting: false,
  message: 'Je betaling is mislukt. Probeer het opnieuw of kies een andere betaalmethode.',
  order: { id: 77, uuid: ORDER_UUID, order_number: null },
};

const returns = (...answers: Array<PaymentReturnResponse | Response>) => answering('GET', '/api/mollie_return/77', answers);
const polls = (calls: MockCall[]) => callsTo(calls, '/api/mollie_return/');
const pollAfter = (times?: number) => pollEvery(PAYMENT_POLL_INTERVAL_MS, times);

/** The cart as the checkout left it: reloaded once the payment is final. */
const withCart = (queryClient: QueryClient) => cached(queryClient, getCartQueryOptions(7).queryKey, null);

fakePollInterval();

describe("the payment update page ('Status controleren')", () => {
  it('polls every 2.5 s while waiting, then stores the order, says so and goes to the completed page', async () => {
    const calls = mockFetch(returns(WAITING_EN, WAITING_EN, PAID_EN));
    logIn();
    const { router, queryClient } = renderApp('/en/cart/checkout/77/update', { routes });
    const cartInvalidated = withCart(queryClient);

    expect(screen.getByRole('heading', { level: 1, name: 'Status controleren' })).toBeInTheDocument();
    expect(document.title).toBe('Status controleren | Casa Maíz');
    expect(await screen.findByText(WAITING_EN.message)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    expect(polls(calls)).toHaveLength(1);
    expect(polls(calls)[0]?.url).toMatch(/\/en\/api\/mollie_return\/77$/);

    // nothing more before the interval has passed
    await expectNextPollAfter(PAYMENT_POLL_INTERVAL_MS, () => polls(calls).length);
    expect(router.state.location.pathname).toBe('/en/cart/checkout/77/update');
    expect(localStorage.getItem('placed')).toBeNull();
    expect(cartInvalidated()).toBe(false);

    await pollAfter();
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/cart/checkout/77/completed'));
    expect(localStorage.getItem('placed')).toBe(ORDER_UUID);
    expect(await successToast(PAID_EN.message)).toBeInTheDocument();
    expect(cartInvalidated()).toBe(true);

    // final: no more polling
    await pollAfter(3);
    expect(polls(calls)).toHaveLength(3);
  });

  it("goes back to the checkout with the server's message as an error toast when the payment failed", async () => {
    const calls = mockFetch(returns(FAILED_NL));
    logIn();
    localStorage.setItem('placed', 'an-earlier-order');
    const { router, queryClient } = renderApp('/nl/cart/checkout/77/update', { routes });
    const cartInvalidated = withCart(queryClient);

    await waitFor(() => expect(router.state.location.pathname).toBe('/nl/cart/checkout'));
    expect(await errorToast(FAILED_NL.message)).toBeInTheDocument();
    expect(screen.getByText('the checkout page')).toBeInTheDocument();
    expect(localStorage.getItem('placed')).toBe('an-earlier-order');
    expect(cartInvalidated()).toBe(true);
    expect(polls(calls)[0]?.url).not.toContain('/en/');
    await pollAfter(2);
    expect(polls(calls)).toHaveLength(1);
  });

  it("says 'Something went wrong, please try again' when the call fails, and can check again", async () => {
    const calls = mockFetch(returns(jsonResponse(404, { message: 'No order found', code: 'order_not_found' }), PAID_EN));
    logIn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderApp('/en/cart/checkout/77/update', { routes });

    expect(await screen.findByText('Something went wrong, please try again')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to checkout' })).toHaveAttribute('href', '/en/cart/checkout');
    // a failed call is not polled again by itself
    await pollAfter(2);
    expect(polls(calls)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/en/cart/checkout/77/update');

    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/cart/checkout/77/completed'));
    expect(polls(calls)).toHaveLength(2);
  });

  it('asks nothing for an order id that is not one', async () => {
    const calls = mockFetch();
    logIn();
    renderApp('/nl/cart/checkout/abc/update', { routes });
    expect(await screen.findByText('Er is iets misgegaan, probeer het opnieuw')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Status controleren' })).toBeInTheDocument();
    expect(polls(calls)).toHaveLength(0);
  });
});
