import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { PaymentReviewResponse } from '../../../../shared/api/payments';
import { jsonResponse, mockFetch, on } from '../../../test/fetch-mock';
import { logIn, renderApp } from '../../../test/render';
import { staffRecord } from '../../../test/shop-data';

const KEPT: PaymentReviewResponse['data'][number] = {
  uuid: '3876755c-c40c-483b-8455-69636e189259',
  kind: 'checkout',
  reason: 'amount_mismatch',
  paid: 646.65,
  expected: 652.1,
  paid_at: '2026-11-23T08:00:00.000Z',
  relation: { name: 'Restaurant La Catrina', erp_number: '1000' },
  user_mail: 'demo@example.nl',
  order: { id: 41, order_number: null },
  provider_id: 'tr_test000002',
};

function staffPage() {
  let list: PaymentReviewResponse = { data: [KEPT] };
  const calls = mockFetch(
    on('GET', '/jsonapi/menu_items/', () => jsonResponse(200, { data: [] }, 'application/vnd.api+json')),
    on('GET', '/api/staff/customers', () => jsonResponse(200, { data: [], meta: { count: 0, page: 1, per_page: 25 } })),
    on('GET', '/api/staff/payments/review', () => jsonResponse(200, list)),
    on('GET', '/api/staff/undelivered-mails', () => jsonResponse(200, { data: [] })),
    on('GET', '/api/staff/finance/orders', () => jsonResponse(200, { data: [] })),
    on('POST', `/api/staff/payments/${KEPT.uuid}/reviewed`, () => {
      list = { data: [] };
      return jsonResponse(204);
    }),
  );
  logIn(staffRecord);
  return calls;
}

describe('payments to check on the staff customers page', () => {
  it('lists a payment kept for staff with what was paid, what it should have been and why; Handled takes it off', async () => {
    const calls = staffPage();
    const user = userEvent.setup();
    renderApp('/en/staff/payments');
    const table = await screen.findByRole('table', { name: 'Payments to check' }, { timeout: 10_000 });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Restaurant La Catrina (1000)');
    expect(row).toHaveTextContent('Amount differs from the order');
    expect(row).toHaveTextContent(/€\s646,65/);
    expect(row).toHaveTextContent(/€\s652,10/);
    expect(row).toHaveTextContent('Not placed (still in the cart)');

    await user.click(within(row).getByRole('button', { name: /^Mark the payment of €\s646,65 by Restaurant La Catrina as handled$/ }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Payments to check' })).toBeNull());
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe(`/backend/en/api/staff/payments/${KEPT.uuid}/reviewed`);
    expect(post?.headers['X-CSRF-Token']).toBe('csrf-abc');
  });

  it('speaks Dutch on the Dutch page', async () => {
    staffPage();
    renderApp('/nl/staff/payments');
    const table = await screen.findByRole('table', { name: 'Te controleren betalingen' }, { timeout: 10_000 });
    expect(within(table).getByText('Bedrag wijkt af van de bestelling')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Had moeten zijn' })).toBeInTheDocument();
  });
});
