import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { UndeliveredMailsResponse } from '../../../../shared/api/mail';
import { jsonResponse, mockFetch, on } from '../../../test/fetch-mock';
import { logIn, renderApp } from '../../../test/render';
import { staffRecord } from '../../../test/shop-data';

const GIVEN_UP: UndeliveredMailsResponse['data'][number] = {
  id: 7,
  kind: 'food_change',
  to: 'keuken@lacatrina.example',
  subject: 'Gewijzigde ingrediënten of allergenen | Casa Maíz',
  last_error: '550 5.1.1 <keuken@lacatrina.example>: no such user',
  attempts: 1,
  created_at: '2026-11-23T08:00:00.000Z',
  failed_at: '2026-11-23T08:01:00.000Z',
};

function staffPage(list: UndeliveredMailsResponse) {
  const calls = mockFetch(
    on('GET', '/jsonapi/menu_items/', () => jsonResponse(200, { data: [] }, 'application/vnd.api+json')),
    on('GET', '/api/staff/customers', () => jsonResponse(200, { data: [], meta: { count: 0, page: 1, per_page: 25 } })),
    on('GET', '/api/staff/payments/review', () => jsonResponse(200, { data: [] })),
    on('GET', '/api/staff/undelivered-mails', () => jsonResponse(200, list)),
  );
  logIn(staffRecord);
  return calls;
}

describe('mails not delivered, on the staff customers page', () => {
  it('lists a mail the shop gave up on: to whom, what kind, the subject, the last error, when and the attempts', async () => {
    const calls = staffPage({ data: [GIVEN_UP] });
    renderApp('/en/staff/customers');
    const table = await screen.findByRole('table', { name: 'Mails not delivered' }, { timeout: 10_000 });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('keuken@lacatrina.example');
    expect(row).toHaveTextContent('Changed ingredients or allergens');
    expect(row).toHaveTextContent('Gewijzigde ingrediënten of allergenen | Casa Maíz');
    expect(row).toHaveTextContent('550 5.1.1');
    expect(row).toHaveTextContent('23 Nov 2026, 09:01');
    expect(within(row).getAllByRole('cell').at(-1)).toHaveTextContent('1');
    expect(calls.find((c) => c.url.includes('undelivered-mails'))?.url).toBe('/backend/en/api/staff/undelivered-mails');
  });

  it('speaks Dutch on the Dutch page', async () => {
    staffPage({ data: [GIVEN_UP] });
    renderApp('/nl/staff/customers');
    const table = await screen.findByRole('table', { name: 'Niet bezorgde e-mails' }, { timeout: 10_000 });
    expect(within(table).getByText('Gewijzigde ingrediënten of allergenen')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Onderwerp' })).toBeInTheDocument();
    expect(within(table).getByText(/^Laatste foutmelding: 550 5\.1\.1/)).toBeInTheDocument();
  });

  it('shows nothing when every mail was delivered', async () => {
    const calls = staffPage({ data: [] });
    renderApp('/en/staff/customers');
    await screen.findByRole('heading', { name: 'Customers', level: 1 }, { timeout: 10_000 });
    await expect.poll(() => calls.some((c) => c.url.includes('undelivered-mails'))).toBe(true);
    expect(screen.queryByRole('table', { name: 'Mails not delivered' })).toBeNull();
  });
});
