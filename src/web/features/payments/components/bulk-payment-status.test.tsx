import type { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { PaymentReturnResponse } from '../../../../shared/api/payments';
import BulkPaymentAnonymousPage from '../../../app/routes/payments/bulk-payment-anonymous';
import BulkPaymentUpdatePage from '../../../app/routes/payments/bulk-payment-update';
import { getCachedUser } from '../../../lib/session';
import { jsonResponse, type MockCall, mockFetch } from '../../../test/fetch-mock';
import { answering, cached, callsTo, errorToast, expectNextPollAfter, fakePollInterval, pollAfter as pollEvery, successToast, withToasts } from '../../../test/payment-status';
import { logIn, renderApp } from '../../../test/render';
import { BULK_PAYMENT_POLL_INTERVAL_MS } from '../api/get-bulk-payment-return';

const PAYMENT = '5e5e5e5e-0000-4000-8000-0000000000a1';
const ORDER_UUID = 'c0c0c0c0-0000-4000-8000-000000000077';

const WAITING_EN: PaymentReturnResponse = { status: 0, waiting: true, message: 'We are waiting for the confirmation of your payment…', order: null };
const PAID_EN: PaymentReturnResponse = { status: 1, waiting: false, message: 'Your payment has been received. Thank you!', order: null };
const PAID_WITH_ORDER_EN: PaymentReturnResponse = { ...PAID_EN, order: { id: 77, uuid: ORDER_UUID, order_number: 'W0000077' } };
const WAITING_NL: PaymentReturnResponse = { status: 0, waiting: true, message: 'We wachten op de bevestiging van je betaling…', order: null };
const FAILED_NL: PaymentReturnResponse = {
  status: 0,
  waiting: false,
  message: 'Je betaling is mislukt. Probeer het opnieuw of kies een andere betaalmethode.',
  order: null,
};
const EXPIRED_EN: PaymentReturnResponse = { status: 0, waiting: false, message: 'Your payment has expired. Please try again.', order: null };

/** Both status pages with stand-ins for the pages a logged-in payer is sent to, and the toasts. */
const routes = withToasts((prefix) => [
  { path: `${prefix}/bulk/payment/:paymentId/update`, element: <BulkPaymentUpdatePage /> },
  { path: `${prefix}/bulk/payment/:paymentId/update/anonymous`, element: <BulkPaymentAnonymousPage /> },
  { path: `${prefix}/cart/checkout/:order/completed`, element: <p>the completed page</p> },
  { path: `${prefix}/cart/checkout`, element: <p>the checkout page</p> },
  { path: `${prefix}/account/orders`, element: <p>the orders page</p> },
  { path: `${prefix}/elsewhere`, element: <p>another page</p> },
]);

const returns = (...answers: Array<PaymentReturnResponse | Response>) => answering('POST', `/api/mollie_return/bulk/${PAYMENT}`, answers);
const polls = (calls: MockCall[]) => callsTo(calls, '/api/mollie_return/bulk/');
const pollAfter = (times?: number) => pollEvery(BULK_PAYMENT_POLL_INTERVAL_MS, times);

/** A cart in the cache, as the shop left it; says whether the page invalidated it. */
const withCart = (queryClient: QueryClient) => cached(queryClient, ['cart', 'detail', { user: 7 }], null);

fakePollInterval();

describe('the bulk payment status page of a logged-in payer', () => {
  it('polls every 2.5 s while waiting, then stores the order, says so and goes to its completed page', async () => {
    const calls = mockFetch(returns(WAITING_EN, WAITING_EN, PAID_WITH_ORDER_EN));
    logIn();
    const { router, queryClient } = renderApp(`/en/bulk/payment/${PAYMENT}/update`, { routes });
    const cartInvalidated = withCart(queryClient);

    expect(screen.getByRole('heading', { level: 1, name: 'Payment status' })).toBeInTheDocument();
    expect(document.title).toBe('Payment status | Casa Maíz');
    expect(screen.getByRole('status')).toHaveTextContent('We are checking the status of your payment…');
    expect(await screen.findByText(WAITING_EN.message)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    expect(polls(calls)).toHaveLength(1);
    expect(polls(calls)[0]?.url).toBe(`/backend/en/api/mollie_return/bulk/${PAYMENT}`);
    expect(polls(calls)[0]?.body).toBeUndefined();

    // nothing more before the interval has passed
    await expectNextPollAfter(BULK_PAYMENT_POLL_INTERVAL_MS, () => polls(calls).length);
    expect(router.state.location.pathname).toBe(`/en/bulk/payment/${PAYMENT}/update`);
    expect(localStorage.getItem('placed')).toBeNull();
    expect(cartInvalidated()).toBe(false);
    // no toast while waiting
    expect(document.querySelector('.Toastify__toast')).toBeNull();

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
    const calls = mockFetch(returns(WAITING_NL, FAILED_NL));
    logIn();
    localStorage.setItem('placed', 'an-earlier-order');
    const { router, queryClient } = renderApp(`/nl/bulk/payment/${PAYMENT}/update`, { routes });
    const cartInvalidated = withCart(queryClient);

    expect(screen.getByRole('heading', { level: 1, name: 'Betaalstatus' })).toBeInTheDocument();
    expect(await screen.findByText(WAITING_NL.message)).toBeInTheDocument();
    await pollAfter();
    await waitFor(() => expect(router.state.location.pathname).toBe('/nl/cart/checkout'));
    expect(await errorToast(FAILED_NL.message)).toBeInTheDocument();
    expect(cartInvalidated()).toBe(true);
    expect(localStorage.getItem('placed')).toBe('an-earlier-order');
    expect(polls(calls)[0]?.url).toBe(`/backend/api/mollie_return/bulk/${PAYMENT}`);
    await pollAfter(2);
    expect(polls(calls)).toHaveLength(2);
  });

  it("stays with a success panel and a link to 'My orders' when the payment placed no order", async () => {
    mockFetch(returns(PAID_EN));
    logIn();
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const { router, queryClient } = renderApp(`/en/bulk/payment/${PAYMENT}/update`, { routes });
    const cartInvalidated = withCart(queryClient);

    const result = await screen.findByTestId('bulk-payment-result');
    expect(within(result).getByRole('heading', { name: 'Payment received' })).toBeInTheDocument();
    expect(result).toHaveTextContent(PAID_EN.message);
    expect(await successToast(PAID_EN.message)).toBeInTheDocument();
    expect(cartInvalidated()).toBe(true);
    expect(localStorage.getItem('placed')).toBeNull();
    expect(router.state.location.pathname).toBe(`/en/bulk/payment/${PAYMENT}/update`);

    await user.click(within(result).getByRole('link', { name: 'My orders' }));
    expect(router.state.location.pathname).toBe('/en/account/orders');
  });

  it('stops polling when the page is left', async () => {
    const calls = mockFetch(returns(WAITING_EN));
    logIn();
    const { router } = renderApp(`/en/bulk/payment/${PAYMENT}/update`, { routes });
    expect(await screen.findByText(WAITING_EN.message)).toBeInTheDocument();
    await pollAfter();
    await waitFor(() => expect(polls(calls)).toHaveLength(2));

    await act(() => router.navigate('/en/elsewhere'));
    expect(screen.getByText('another page')).toBeInTheDocument();
    await pollAfter(3);
    expect(polls(calls)).toHaveLength(2);
  });
});

describe('the bulk payment status page of an anonymous payer', () => {
  it('polls until paid, shows the success panel and a toast, and stays on the page', async () => {
    const calls = mockFetch(returns(WAITING_EN, PAID_WITH_ORDER_EN));
    const { router, queryClient } = renderApp(`/en/bulk/payment/${PAYMENT}/update/anonymous`, { routes });
    const cartInvalidated = withCart(queryClient);

    expect(await screen.findByText(WAITING_EN.message)).toBeInTheDocument();
    await pollAfter();
    const result = await screen.findByTestId('bulk-payment-result');
    expect(within(result).getByRole('heading', { name: 'Payment received' })).toBeInTheDocument();
    expect(result).toHaveTextContent(PAID_EN.message);
    expect(result).toHaveTextContent('The invoices have been paid. You can close this page now.');
    expect(within(result).queryByRole('link')).toBeNull();
    expect(await successToast(PAID_EN.message)).toBeInTheDocument();

    // never redirects, even with an order in the answer, and leaves cart and 'placed' alone
    await pollAfter(3);
    expect(router.state.location.pathname).toBe(`/en/bulk/payment/${PAYMENT}/update/anonymous`);
    expect(localStorage.getItem('placed')).toBeNull();
    expect(cartInvalidated()).toBe(false);
    expect(polls(calls)).toHaveLength(2);
  });

  it.each([
    ['nl', FAILED_NL, 'Betaling niet afgerond', 'Open dan nog een keer de betaallink die je hebt ontvangen.'],
    ['en', EXPIRED_EN, 'Payment not completed', 'To try again, open the payment link you received once more.'],
  ] as const)('in %s: shows a failed payment with the message, an error toast and a note to use the link again', async (lang, answer, heading, note) => {
    mockFetch(returns(answer));
    const { router } = renderApp(`/${lang}/bulk/payment/${PAYMENT}/update/anonymous`, { routes });

    const result = await screen.findByTestId('bulk-payment-result');
    expect(within(result).getByRole('heading', { name: heading })).toBeInTheDocument();
    expect(result).toHaveTextContent(answer.message);
    expect(result).toHaveTextContent(note);
    expect(await errorToast(answer.message)).toBeInTheDocument();
    await pollAfter(2);
    expect(router.state.location.pathname).toBe(`/${lang}/bulk/payment/${PAYMENT}/update/anonymous`);
  });

  it("shows 'Something went wrong' when the call fails, and checks again on request", async () => {
    const calls = mockFetch(returns(jsonResponse(500, { message: 'boom' }), PAID_EN));
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderApp(`/en/bulk/payment/${PAYMENT}/update/anonymous`, { routes });

    expect(await screen.findByText('Something went wrong, please try again')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByTestId('bulk-payment-result')).toHaveTextContent(PAID_EN.message);
    expect(polls(calls)).toHaveLength(2);
  });

  it('keeps polling through a network error while waiting', async () => {
    const calls = mockFetch(returns(WAITING_EN, jsonResponse(503), PAID_EN));
    renderApp(`/en/bulk/payment/${PAYMENT}/update/anonymous`, { routes });
    expect(await screen.findByText(WAITING_EN.message)).toBeInTheDocument();
    await pollAfter();
    await waitFor(() => expect(polls(calls)).toHaveLength(2));
    // the last message stays while the next poll is awaited
    expect(screen.getByText(WAITING_EN.message)).toBeInTheDocument();
    await pollAfter();
    expect(await screen.findByTestId('bulk-payment-result')).toHaveTextContent(PAID_EN.message);
  });

  it('says an unknown payment is not found and stops asking; a malformed id is not asked for', async () => {
    const calls = mockFetch(returns(jsonResponse(404, { message: 'No payment found.', code: 'payment_not_found' })));
    const { unmount } = renderApp(`/en/bulk/payment/${PAYMENT}/update/anonymous`, { routes });
    expect(await screen.findByText(/This payment could not be found/)).toBeInTheDocument();
    await pollAfter(2);
    expect(polls(calls)).toHaveLength(1);
    unmount();

    renderApp('/nl/bulk/payment/not-a-payment/update/anonymous', { routes });
    expect(await screen.findByText(/Deze betaling is niet gevonden/)).toBeInTheDocument();
    expect(polls(calls)).toHaveLength(1);
  });
});

describe('the anonymous status page in the app', () => {
  it('is open without logging in, in the public layout, and a 403 there does not log out', async () => {
    const calls = mockFetch(returns(jsonResponse(403, { message: 'Forbidden' })));
    logIn();
    const { router } = renderApp(`/nl/bulk/payment/${PAYMENT}/update/anonymous`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Betaalstatus' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('Er is iets misgegaan, probeer het opnieuw')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/nl/bulk/payment/${PAYMENT}/update/anonymous`);
    expect(getCachedUser()).not.toBeNull();
    expect(polls(calls)).toHaveLength(1);
  });

  it('shows a paid payment to a visitor who is not logged in', async () => {
    mockFetch(returns(PAID_EN));
    const { router } = renderApp(`/en/bulk/payment/${PAYMENT}/update/anonymous`);
    expect(await screen.findByTestId('bulk-payment-result', {}, { timeout: 10_000 })).toHaveTextContent('Payment received');
    expect(router.state.location.pathname).toBe(`/en/bulk/payment/${PAYMENT}/update/anonymous`);
  });
});
