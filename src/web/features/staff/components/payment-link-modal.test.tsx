import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { CreatePaymentLinkResponse } from '../../../../shared/api/payments';
import type { CustomerListResponse } from '../../../../shared/api/staff';
import { jsonResponse, mockFetch, on } from '../../../test/fetch-mock';
import { logIn, renderApp } from '../../../test/render';
import { menus, staffCustomer, staffRecord } from '../../../test/shop-data';

const CUSTOMERS: CustomerListResponse = {
  data: [staffCustomer(1, 'demo', 'Restaurant La Catrina'), staffCustomer(2, 'demo-en', 'The Taco Lab B.V.', { relationId: 11 }), staffCustomer(3, 'loose', null)],
  meta: { count: 3, page: 1, per_page: 25 },
};

const LINK: CreatePaymentLinkResponse = {
  url: 'http://shop.test/backend/pay/0b7c1f5e-1d2a-4c3b-9e8f-0123456789ab',
  amount: { number: '1457.18', currency_code: 'EUR', formatted: '€ 1.457,18' },
  invoices: [
    { invoiceNumber: 'F260007', outstandingAmount: 626.54 },
    { invoiceNumber: 'F260008', outstandingAmount: 863.71 },
    { invoiceNumber: 'F260009', outstandingAmount: -33.07 },
  ],
};

function staffPage(paymentLinks: (relation: unknown) => Response) {
  const calls = mockFetch(
    menus,
    on('GET', '/api/staff/customers', () => jsonResponse(200, CUSTOMERS)),
    on('GET', '/api/staff/payments/review', () => jsonResponse(200, { data: [] })),
    on('GET', '/api/staff/undelivered-mails', () => jsonResponse(200, { data: [] })),
    on('GET', '/api/staff/search-statistics', () => jsonResponse(200, { from: '2026-10-27', to: '2026-11-25', top: [], without_results: [] })),
    on('POST', '/api/payment-links', (call) => paymentLinks(call.body)),
  );
  logIn(staffRecord);
  return calls;
}

describe('a payment link from the staff customers page', () => {
  it("makes a link for the customer's relation and shows amount, invoices and the link to copy", async () => {
    const calls = staffPage(() => jsonResponse(200, LINK));
    const user = userEvent.setup();
    renderApp('/en/staff/customers');

    const table = await screen.findByRole('table', { name: 'Customers' }, { timeout: 10_000 });
    // only customers with a relation get the button
    expect(within(table).getAllByRole('button', { name: /^Payment link for/ })).toHaveLength(2);
    expect(within(within(table).getByRole('row', { name: /loose person/ })).queryByRole('button', { name: /Payment link/ })).toBeNull();

    await user.click(within(table).getByRole('button', { name: 'Payment link for The Taco Lab B.V. (demo-en)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment link for The Taco Lab B.V.' });
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/backend/en/api/payment-links');
    expect(post?.body).toEqual({ relation_id: 11 });
    expect(post?.headers['X-CSRF-Token']).toBe('csrf-abc');

    expect(within(dialog).getByTestId('payment-link-amount')).toHaveTextContent('€ 1.457,18');
    const invoices = within(dialog).getByRole('table', { name: 'Invoices' });
    const rows = within(invoices).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent(/F260007\s*€\s626,54/);
    expect(rows[3]).toHaveTextContent(/F260009\s*Credit\s*€\s-33,07/);

    const field = within(dialog).getByRole('textbox', { name: 'Link' });
    expect(field).toHaveValue(LINK.url);
    expect(field).toHaveAttribute('readonly');

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(LINK.url);
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('The link has been copied.');

    // the header's cross and the footer's button both close it
    const closers = within(dialog).getAllByRole('button', { name: 'Close' });
    expect(closers).toHaveLength(2);
    await user.click(closers[1] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('selects the link for Ctrl+C when the clipboard refuses', async () => {
    staffPage(() => jsonResponse(200, LINK));
    const user = userEvent.setup();
    renderApp('/nl/staff/customers');
    await user.click(await screen.findByRole('button', { name: 'Betaallink voor Restaurant La Catrina (demo)' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Betaallink voor Restaurant La Catrina' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Not allowed', 'NotAllowedError'));

    await user.click(within(dialog).getByRole('button', { name: 'Kopiëren' }));
    const field = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Link' });
    await waitFor(() => expect(field).toHaveFocus());
    expect(field.selectionStart).toBe(0);
    expect(field.selectionEnd).toBe(LINK.url.length);
    expect(within(dialog).getByRole('status')).toHaveTextContent('De link is geselecteerd: druk op Ctrl+C (⌘C op een Mac) om hem te kopiëren.');
    expect(within(dialog).getByText('Te betalen')).toBeInTheDocument();
    expect(within(dialog).getByRole('columnheader', { name: 'Factuurnummer' })).toBeInTheDocument();
  });

  it('says so in an error toast when the relation has nothing to pay, and opens no dialog', async () => {
    staffPage(() => jsonResponse(400, { message: 'This relation has no open invoices to pay.', code: 'nothing_to_pay' }));
    const user = userEvent.setup();
    const { router } = renderApp('/nl/staff/customers');
    await user.click(await screen.findByRole('button', { name: 'Betaallink voor Restaurant La Catrina (demo)' }, { timeout: 10_000 }));
    expect(
      await screen.findByText('Restaurant La Catrina heeft geen openstaande facturen om te betalen.', {
        selector: '.Toastify__toast--error, .Toastify__toast--error *',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/nl/staff/customers');
    // the buttons are usable again
    expect(screen.getByRole('button', { name: 'Betaallink voor Restaurant La Catrina (demo)' })).toBeEnabled();
  });

  it("shows another 4xx with the server's message, and anything else as the generic error", async () => {
    let answer = jsonResponse(404, { message: 'There is no such relation.', code: 'relation_not_found' });
    staffPage(() => answer);
    const user = userEvent.setup();
    renderApp('/en/staff/customers');
    const button = await screen.findByRole('button', { name: 'Payment link for Restaurant La Catrina (demo)' }, { timeout: 10_000 });
    await user.click(button);
    expect(await screen.findByText('The payment link could not be made: There is no such relation.')).toBeInTheDocument();

    answer = jsonResponse(500, { message: 'Internal Server Error' });
    await user.click(button);
    expect(await screen.findByText('Something went wrong, please try again')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
