import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { StaffBoardOrder, StaffBoardResponse } from '../../../../shared/api/staff-orders';
import { jsonResponse, type MockCall, mockFetch, on } from '../../../test/fetch-mock';
import { logIn, renderApp } from '../../../test/render';
import { menus, staffRecord } from '../../../test/shop-data';

const deskRecord = { ...staffRecord, roles: ['authenticated', 'staff', 'staff_order_desk'] };
const RELATION = '11111111-1111-4111-8111-111111111111';

const order = (n: number, day: string, state: StaffBoardOrder['state']): StaffBoardOrder => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  drupal_internal__order_id: n,
  order_number: `W000000${n}`,
  placed_at: '2026-11-20T09:30:00Z',
  delivery_date: day,
  state,
  customer: { id: RELATION, name: 'Restaurant La Catrina', erp_number: '1000' },
  payment_method: { id: 'on_account', label: 'Op rekening' },
  payment_status: 'on_account',
  po_reference: `PO-${n}`,
  total_cents: 12_345,
});

function board(call: MockCall): StaffBoardResponse {
  const state = new URL(call.url, 'http://shop.test').searchParams.get('state');
  const all = [order(1, '2026-11-26', 'placed'), order(2, '2026-11-26', 'exported'), order(3, '2026-11-24', 'placed')];
  const data = all.filter((o) => !state || state.split(',').includes(o.state));
  return { data, meta: { count: data.length, page: 1, per_page: 50, counts: { placed: 2, exported: 1, confirmed: 0, shipped: 0, delivered: 0, completed: 0, canceled: 0 } } };
}

describe('the staff orders board', () => {
  it('groups the orders under their delivery date, links each to its page, and keeps the filters in the address', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(menus, on('GET', '/api/staff/orders', (call) => jsonResponse(200, board(call))));
    logIn(deskRecord);
    const { router } = renderApp(`/nl/staff/orders?customer=${RELATION}`);
    const first = await screen.findByRole('heading', { level: 2, name: /donderdag 26 november 2026/ }, { timeout: 10_000 });
    expect(screen.getByRole('heading', { level: 2, name: /dinsdag 24 november 2026/ })).toBeInTheDocument();
    const day = first.closest('section')!;
    expect(within(day).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/nl/staff/orders/00000000-0000-4000-8000-000000000001', '/nl/staff/orders/00000000-0000-4000-8000-000000000002']);
    expect(screen.getByText('Klant: Restaurant La Catrina')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes(`customer=${RELATION}`))).toBe(true);
    expect(screen.getByRole('link', { name: 'CSV downloaden' }).getAttribute('href')).toContain(`/api/staff/orders/export?customer=${RELATION}&format=csv`);

    await user.click(screen.getByRole('button', { name: 'Naar het ERP: 1' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?state=exported&customer=${RELATION}`));
    await waitFor(() => expect(screen.getAllByTestId('board-row')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Naar het ERP: 1' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: 'Excel downloaden' }).getAttribute('href')).toContain('state=exported');
  });
});
