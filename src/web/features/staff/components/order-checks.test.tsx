import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { StaffFinanceChecksResponse } from '../../../../shared/api/staff-order';
import { jsonResponse, mockFetch, on } from '../../../test/fetch-mock';
import { logIn, renderApp } from '../../../test/render';
import { staffRecord } from '../../../test/shop-data';

const REFUND: StaffFinanceChecksResponse['data'][number] = {
  uuid: '5a0c1c0e-8d0b-4f55-9a55-0f1d2b8f4c11',
  order_number: 'W2026-00042',
  state: 'canceled',
  reason: 'refund',
  total_cents: 64665,
  paid_cents: 64665,
  flagged_at: '2026-11-23T08:00:00.000Z',
  relation: { name: 'Restaurant La Catrina', erp_number: '1000' },
};

function financePage() {
  let list: StaffFinanceChecksResponse = { data: [REFUND] };
  const calls = mockFetch(
    on('GET', '/jsonapi/menu_items/', () => jsonResponse(200, { data: [] }, 'application/vnd.api+json')),
    on('GET', '/api/staff/payments/review', () => jsonResponse(200, { data: [] })),
    on('GET', '/api/staff/finance/orders', () => jsonResponse(200, list)),
    on('POST', `/api/staff/finance/orders/${REFUND.uuid}/checked`, () => {
      list = { data: [] };
      return jsonResponse(204);
    }),
  );
  logIn(staffRecord);
  return calls;
}

describe('orders to settle on the payments page', () => {
  it('lists a canceled paid order with its total, what was paid and a link to it; Handled takes it off', async () => {
    const calls = financePage();
    const user = userEvent.setup();
    renderApp('/en/staff/payments');
    const table = await screen.findByRole('table', { name: 'Orders to settle' }, { timeout: 10_000 });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Restaurant La Catrina (1000)');
    expect(row).toHaveTextContent('Canceled after payment: refund');
    expect(row).toHaveTextContent(/€\s646,65.*€\s646,65/);
    expect(within(row).getByRole('link', { name: 'W2026-00042' })).toHaveAttribute('href', `/en/staff/orders/${REFUND.uuid}`);

    await user.click(within(row).getByRole('button', { name: 'Mark order W2026-00042 as handled' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Orders to settle' })).toBeNull());
    expect(await screen.findByText('There are no payments to check.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe(`/backend/en/api/staff/finance/orders/${REFUND.uuid}/checked`);
  });

  it('speaks Dutch on the Dutch page', async () => {
    financePage();
    renderApp('/nl/staff/payments');
    const table = await screen.findByRole('table', { name: 'Te verrekenen bestellingen' }, { timeout: 10_000 });
    expect(within(table).getByText('Geannuleerd na betaling: terugbetalen')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Bestelling W2026-00042 markeren als afgehandeld' })).toBeInTheDocument();
  });
});
