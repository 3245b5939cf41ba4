import type { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { Outlet, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { PaymentReturnResponse } from '../../../../shared/api/payments';
import { jsonResponse, type MockCall, mockFetch, on } from '../../../test/fetch-mock';
import { logIn, renderApp } from '../../../test/render';
import { getCartQueryOptions } from '../../../lib/api/get-cart';
import { PAYMENT_POLL_INTERVAL_MS } from '../api/payments';

import { CheckoutUpdate } from './checkout-update';

const ORDER_UUID = 'c0c0c0c0-0000-4000-8000-000000000077';

/** The update page with stand-ins for the pages it sends the payer to, and the toasts. */
function routes(): RouteObject[] {
  const pages = (prefix: string) => [
    { path: `${prefix}/cart/checkout/:order/update`, element: <CheckoutUpdate /> },
    { path: `${prefix}/cart/checkout/:order/completed`, element: <p>the completed page</p> },
    { path: `${prefix}/cart/checkout`, element: <p>the checkout page</p> },
  ];
  return [
    {
      path: '/',
      element: (
        <>
          <Outlet />
          <ToastContainer position="top-right" autoClose={5000} />
        </>
      ),
      children: [...pages('en'), ...pages('nl')],
    },
  ];
}

const WAITING_EN: PaymentReturnResponse = { status: 0, waiting: true, message: 'We are waiting for the confirmation of your payment…', order: { id: 77, uuid: ORDER_UUID, order_number: null } };
const PAID_EN: PaymentReturnResponse = { status: 1, waiting: false, message: 'Your payment has been received. Thank you!', order: { id: 77, uuid: ORDER_UUID, order_number: 'W0000077' } };
const FAILED_NL: PaymentReturnResponse = {
  status: 0,
  waiting: false,
  message: 'Je betaling is mislukt. Probeer het opnieuw of kies een andere betaalmethode.',
  order: { id: 77, uuid: ORDER_UUID, order_number: null },
};

/** Answers mollie_return with the given answers in turn (the last one repeats). */
function answering(...answers: Array<PaymentReturnResponse | Response>) {
  let next = 0;
  return on('GET', '/api/mollie_return/77', () => {
    const answer = answers[Math.min(next++, answers.length - 1)] as PaymentReturnResponse | Response;
    return answer instanceof Response ? answer : jsonResponse(200, answer);
  });
}

const polls = (calls: MockCall[]) => calls.filter((call) => call.url.includes('/api/mollie_return/'));

/** Lets the poll interval pass, as many times as asked (the only timer that is faked). */
async function pollAfter(times = 1) {
  for (let i = 0; i < times; i++) {
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS));
  }
}

function withCart(queryClient: QueryClient) {
  // the cart as the checkout left it: reloaded once the payment is final
  queryClient.setQueryData(getCartQueryOptions(7).queryKey, null);
  return () => queryClient.getQueryState(getCartQueryOptions(7).queryKey)?.isInvalidated;
}

beforeEach(() => {
  // only the poll's interval is faked: fetches, the router and the toasts run as they do
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the payment update page ('Status controleren')", () => {
  it('polls every 2.5 s while waiting, then stores the order, says so and goes to the completed page', async () => {
    const calls = mockFetch(answering(WAITING_EN, WAITING_EN, PAID_EN));
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
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS - 1));
    expect(polls(calls)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await waitFor(() => expect(polls(calls)).toHaveLength(2));
    expect(router.state.location.pathname).toBe('/en/cart/checkout/77/update');
    expect(localStorage.getItem('placed')).toBeNull();
    expect(cartInvalidated()).toBe(false);

    await pollAfter();
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/cart/checkout/77/completed'));
    expect(localStorage.getItem('placed')).toBe(ORDER_UUID);
    expect(await screen.findByText(PAID_EN.message, { selector: '.Toastify__toast--success, .Toastify__toast--success *' })).toBeInTheDocument();
    expect(cartInvalidated()).toBe(true);

    // final: no more polling
    await pollAfter(3);
    expect(polls(calls)).toHaveLength(3);
  });

  it("goes back to the checkout with the server's message as an error toast when the payment failed", async () => {
    const calls = mockFetch(answering(FAILED_NL));
    logIn();
    localStorage.setItem('placed', 'an-earlier-order');
    const { router, queryClient } = renderApp('/nl/cart/checkout/77/update', { routes });
    const cartInvalidated = withCart(queryClient);

    await waitFor(() => expect(router.state.location.pathname).toBe('/nl/cart/checkout'));
    expect(await screen.findByText(FAILED_NL.message, { selector: '.Toastify__toast--error, .Toastify__toast--error *' })).toBeInTheDocument();
    expect(screen.getByText('the checkout page')).toBeInTheDocument();
    expect(localStorage.getItem('placed')).toBe('an-earlier-order');
    expect(cartInvalidated()).toBe(true);
    expect(polls(calls)[0]?.url).not.toContain('/en/');
    await pollAfter(2);
    expect(polls(calls)).toHaveLength(1);
  });

  it("says 'Something went wrong, please try again' when the call fails, and can check again", async () => {
    const calls = mockFetch(answering(jsonResponse(404, { message: 'No order found', code: 'order_not_found' }), PAID_EN));
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
