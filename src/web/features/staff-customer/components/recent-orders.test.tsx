import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { StaffBoardOrder, StaffBoardResponse } from '../../../../shared/api/staff-orders';
import { jsonResponse, mockFetch, on } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';

import { RecentOrders } from './recent-orders';

const RELATION = '11111111-1111-4111-8111-111111111111';

const order = (n: number, state: StaffBoardOrder['state']): StaffBoardOrder => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  drupal_internal__order_id: n,
  order_number: `W000000${n}`,
  placed_at: '2026-11-20T09:30:00Z',
  delivery_date: `2026-11-${String(30 - n).padStart(2, '0')}`,
  state,
  customer: { id: RELATION, name: 'Restaurant La Catrina', erp_number: '1000' },
  payment_method: { id: 'on_account', label: 'Op rekening' },
  payment_status: 'on_account',
  po_reference: '',
  total_cents: 12_345 + n,
});

const board = (data: StaffBoardOrder[]): StaffBoardResponse => ({
  data,
  meta: { count: data.length, page: 1, per_page: 50, counts: { placed: data.length, exported: 0, confirmed: 0, shipped: 0, delivered: 0, completed: 0, canceled: 0 } },
});

const render = (lang: 'nl' | 'en') =>
  renderApp(`/${lang}/staff/customers/${RELATION}`, {
    routes: () => [{ path: `/${lang}/staff/customers/:relation`, element: <RecentOrders relation={RELATION} company="Restaurant La Catrina" /> }],
  });

describe("a customer's latest orders on its staff page", () => {
  it('shows the latest five from the board, each linked to its page, with the link to all of them', async () => {
    const all = [order(1, 'placed'), order(2, 'exported'), order(3, 'shipped'), order(4, 'placed'), order(5, 'canceled'), order(6, 'placed')];
    // As the server does: per_page rows of the board.
    const calls = mockFetch(on('GET', '/api/staff/orders', (call) => jsonResponse(200, board(all.slice(0, Number(new URL(call.url, 'http://shop.test').searchParams.get('per_page') ?? 50))))));
    render('nl');
    const table = await screen.findByRole('table', { name: 'Laatste bestellingen van Restaurant La Catrina' }, { timeout: 10_000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveTextContent('W0000001');
    expect(rows[0]).toHaveTextContent('29-11-2026');
    expect(rows[0]).toHaveTextContent('Geplaatst');
    expect(rows[0]).toHaveTextContent('€ 123,46');
    expect(rows[1]).toHaveTextContent('Naar het ERP');
    expect(within(rows[0]!).getByRole('link', { name: 'W0000001' }).getAttribute('href')).toBe('/nl/staff/orders/00000000-0000-4000-8000-000000000001');
    expect(screen.queryByText('W0000006')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alle bestellingen van deze klant' }).getAttribute('href')).toBe(`/nl/staff/orders?customer=${RELATION}`);
    expect(calls.some((c) => c.url.includes(`/api/staff/orders?customer=${RELATION}&per_page=5`))).toBe(true);
  });

  it('says so when the customer has no orders yet, in English too', async () => {
    mockFetch(on('GET', '/api/staff/orders', () => jsonResponse(200, board([]))));
    render('en');
    expect(await screen.findByText('This customer has not ordered anything yet.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All orders of this customer' }).getAttribute('href')).toBe(`/en/staff/orders?customer=${RELATION}`);
  });
});
