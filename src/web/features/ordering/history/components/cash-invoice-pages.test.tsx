import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { InvoicePaymentReturnResponse } from '../../../../../shared/api/orders';
import CashInvoiceCompletedPage from '../../../../app/routes/invoices/cash-invoice-completed';
import CashInvoiceFailedPage from '../../../../app/routes/invoices/cash-invoice-failed';
import CashInvoiceUpdatePage from '../../../../app/routes/invoices/cash-invoice-update';
import { jsonResponse, type MockCall, mockFetch, on } from '../../../../test/fetch-mock';
import { answering, cached, callsTo, errorToast, expectNextPollAfter, fakePollInterval, pollAfter as pollEvery, successToast, withToasts } from '../../../../test/payment-status';
import { logIn, renderApp } from '../../../../test/render';
import { INVOICE_POLL_INTERVAL_MS } from '../api/invoice-payment-return';
import { paymentPage } from '../../../../lib/payment-page';

/** The three invoice pages with a stand-in for My orders, and the toasts. */
const routes = withToasts((prefix) => [
  { path: `${prefix}/cash-invoices/payment/:cashInvoice/update`, element: <CashInvoiceUpdatePage /> },
  { path: `${prefix}/cash-invoices/payment/:cashInvoice/completed`, element: <CashInvoiceCompletedPage /> },
  { path: `${prefix}/cash-invoices/payment/:cashInvoice/failed`, element: <CashInvoiceFailedPage /> },
  { path: `${prefix}/account/orders`, element: <p>the orders page</p> },
]);

const WAITING_EN: InvoicePaymentReturnResponse = {
  status: 'error',
  waiting: true,
  message: 'We are waiting for the confirmation of your payment…',
  invoiceDetails: { invoiceNumber: 'F260002' },
};
const PAID_EN: InvoicePaymentReturnResponse = { status: 'success', waiting: false, message: 'Your payment has been received. Thank you!', invoiceDetails: { invoiceNumber: 'F260002' } };
const WAITING_NL: InvoicePaymentReturnResponse = {
  status: 'error',
  waiting: true,
  message: 'We wachten op de bevestiging van je betaling…',
  invoiceDetails: { invoiceNumber: 'F260002' },
};
const FAILED_NL: InvoicePaymentReturnResponse = {
  status: 'error',
  waiting: false,
  message: 'Je betaling is mislukt. Probeer het opnieuw of kies een andere betaalmethode.',
  invoiceDetails: { invoiceNumber: 'F260002' },
};

const returns = (...answers: Array<InvoicePaymentReturnResponse | Response>) => answering('POST', '/api/cash-invoice/2/payment-return', answers);
const polls = (calls: MockCall[]) => callsTo(calls, '/payment-return');
const pollAfter = (times?: number) => pollEvery(INVOICE_POLL_INTERVAL_MS, times);

/** Open invoices in the cache, as My orders left them; says whether the page invalidated them. */
const withInvoices = (queryClient: QueryClient) => cached(queryClient, ['cash-invoices', 'list', { user: 7 }], []);

describe('the cash invoice update page', () => {
  fakePollInterval();

  it("polls every 1.5 s while waiting, then goes to 'Invoice paid' with the invoice number", async () => {
    const calls = mockFetch(returns(WAITING_EN, WAITING_EN, PAID_EN));
    logIn();
    const { router, queryClient } = renderApp('/en/cash-invoices/payment/2/update', { routes });
    const invalidated = withInvoices(queryClient);

    expect(screen.getByRole('heading', { level: 1, name: 'Payment status' })).toBeInTheDocument();
    expect(document.title).toBe('Payment status | Casa Maíz');
    expect(screen.getByRole('status')).toHaveTextContent('We are checking the status of your payment…');
    expect(await screen.findByText(WAITING_EN.message)).toBeInTheDocument();
    expect(polls(calls)).toHaveLength(1);
    expect(polls(calls)[0]).toMatchObject({ url: '/backend/en/api/cash-invoice/2/payment-return', method: 'POST', headers: { 'X-CSRF-Token': 'csrf-abc' } });

    await expectNextPollAfter(INVOICE_POLL_INTERVAL_MS, () => polls(calls).length);
    expect(router.state.location.pathname).toBe('/en/cash-invoices/payment/2/update');
    expect(document.querySelector('.Toastify__toast')).toBeNull();
    expect(invalidated()).toBe(false);

    await pollAfter();
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/cash-invoices/payment/2/completed'));
    expect(router.state.location.search).toBe('?invoiceNumber=F260002');
    expect(await successToast(PAID_EN.message)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice paid' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Invoice paid | Casa Maíz'));
    expect(screen.getByTestId('invoice-payment-result')).toHaveTextContent('Thank you! We have received your payment for invoice F260002.');
    expect(screen.getByRole('link', { name: 'Back to my orders' })).toHaveAttribute('href', '/en/account/orders');
    expect(invalidated()).toBe(true);

    await pollAfter(3);
    expect(polls(calls)).toHaveLength(3);
  });

  it('goes to the failed page with the texts of the spec when the payment failed (nl)', async () => {
    const calls = mockFetch(returns(WAITING_NL, FAILED_NL));
    logIn();
    const { router } = renderApp('/nl/cash-invoices/payment/2/update', { routes });
    expect(screen.getByRole('heading', { level: 1, name: 'Betaalstatus' })).toBeInTheDocument();
    expect(await screen.findByText(WAITING_NL.message)).toBeInTheDocument();
    await pollAfter();
    await waitFor(() => expect(router.state.location.pathname).toBe('/nl/cash-invoices/payment/2/failed'));
    expect(router.state.location.search).toBe('?invoiceNumber=F260002');
    expect(await errorToast(FAILED_NL.message)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Betaling van factuur mislukt' })).toBeInTheDocument();
    const result = screen.getByTestId('invoice-payment-result');
    expect(result).toHaveTextContent('Je betaling voor factuur F260002 is mislukt.');
    expect(result).toHaveTextContent('Probeer het opnieuw of neem contact met ons op als je hulp nodig hebt.');
    expect(polls(calls)[0]?.url).toBe('/backend/api/cash-invoice/2/payment-return');
    await pollAfter(2);
    expect(polls(calls)).toHaveLength(2);
  });

  it('stops and offers to check again when the invoice is not found', async () => {
    const calls = mockFetch(returns(jsonResponse(404, { message: 'Invoice not found.' }), PAID_EN));
    logIn();
    const user = userEvent.setup();
    const { router } = renderApp('/en/cash-invoices/payment/2/update', { routes });
    expect(await screen.findByText('Something went wrong, please try again')).toBeInTheDocument();
    await pollAfter(2);
    expect(polls(calls)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back to my orders' })).toHaveAttribute('href', '/en/account/orders');
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/cash-invoices/payment/2/completed'));
  });

  it('asks nothing for a path that is no invoice id', async () => {
    const calls = mockFetch();
    logIn();
    renderApp('/en/cash-invoices/payment/abc/update', { routes });
    expect(await screen.findByText('Something went wrong, please try again')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check again' })).not.toBeInTheDocument();
    expect(polls(calls)).toHaveLength(0);
  });
});

describe('the invoice result pages', () => {
  it("says 'Your payment for invoice … has failed.' and pays again with 'Try again' (en)", async () => {
    const go = vi.spyOn(paymentPage, 'go').mockImplementation(() => {});
    const calls = mockFetch(on('POST', '/api/cash-invoice/2/create-payment', () => jsonResponse(200, { paymentUrl: '/backend/payment-sandbox/tr_sbx00000000000000bb' })));
    logIn();
    const user = userEvent.setup();
    renderApp('/en/cash-invoices/payment/2/failed?invoiceNumber=F260002', { routes });
    expect(screen.getByRole('heading', { level: 1, name: 'Invoice payment failed' })).toBeInTheDocument();
    expect(document.title).toBe('Invoice payment failed | Casa Maíz');
    const result = screen.getByTestId('invoice-payment-result');
    expect(result).toHaveTextContent('Your payment for invoice F260002 has failed.');
    expect(result).toHaveTextContent('Please try again or contact us if you need help.');
    expect(screen.getByRole('link', { name: 'Back to my orders' })).toHaveAttribute('href', '/en/account/orders');
    await user.click(screen.getByRole('button', { name: 'Try again (invoice F260002)' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/backend/payment-sandbox/tr_sbx00000000000000bb'));
    expect(calls.map((call) => call.url)).toEqual(['/backend/en/api/cash-invoice/2/create-payment']);
  });

  it("shows 'Invoice paid' in Dutch", () => {
    mockFetch();
    logIn();
    renderApp('/nl/cash-invoices/payment/2/completed?invoiceNumber=F260002', { routes });
    expect(screen.getByRole('heading', { level: 1, name: 'Factuur betaald' })).toBeInTheDocument();
    expect(screen.getByTestId('invoice-payment-result')).toHaveTextContent('Bedankt! We hebben je betaling voor factuur F260002 ontvangen.');
    expect(screen.getByRole('link', { name: 'Terug naar mijn bestellingen' })).toHaveAttribute('href', '/nl/account/orders');
  });
});
