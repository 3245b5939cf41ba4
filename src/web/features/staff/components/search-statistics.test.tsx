import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { SearchStatisticsResponse } from '../../../../shared/api/search';
import { jsonResponse, type MockCall, mockFetch, on } from '../../../test/fetch-mock';
import { logIn, renderApp } from '../../../test/render';
import { staffRecord } from '../../../test/shop-data';

const T = { timeout: 10_000 };
const STATISTICS: SearchStatisticsResponse = {
  from: '2026-10-25',
  to: '2026-11-23',
  top: [
    { term: 'tortilla', searches: 1204, empty_searches: 0 },
    { term: 'tortila', searches: 96, empty_searches: 96 },
  ],
  without_results: [{ term: 'tortila', searches: 96, empty_searches: 96 }],
};

function staffPage() {
  const calls = mockFetch(
    on('GET', '/jsonapi/menu_items/', () => jsonResponse(200, { data: [] }, 'application/vnd.api+json')),
    on('GET', '/api/staff/customers', () => jsonResponse(200, { data: [], meta: { count: 0, page: 1, per_page: 25 } })),
    on('GET', '/api/staff/payments/review', () => jsonResponse(200, { data: [] })),
    on('GET', '/api/staff/undelivered-mails', () => jsonResponse(200, { data: [] })),
    on('GET', '/api/staff/search-statistics', (call) =>
      new URL(call.url, 'http://shop.test').searchParams.get('from') === '2026-12-01'
        ? jsonResponse(400, { code: 'period_reversed', message: 'De begindatum ligt na de einddatum.' })
        : jsonResponse(200, STATISTICS),
    ),
  );
  logIn(staffRecord);
  return calls;
}

const statisticsCalls = (calls: MockCall[]) => calls.filter((call) => call.url.includes('/api/staff/search-statistics'));

describe('search statistics on the staff page', () => {
  it('shows the top search terms and the searches without results of the last 30 days, in English', async () => {
    staffPage();
    renderApp('/en/staff/search-statistics');
    const top = await screen.findByRole('table', { name: 'Top 50 search terms' }, T);
    expect(within(top).getAllByRole('row').map((row) => row.textContent)).toEqual(['#Search termSearches', '1tortilla1,204', '2tortila96']);
    const empty = screen.getByRole('table', { name: 'Top 50 searches without results' });
    expect(within(empty).getAllByRole('row').map((row) => row.textContent)).toEqual(['#Search termWithout results', '1tortila96']);
    expect(screen.getByLabelText('From')).toHaveValue('2026-10-25');
    expect(screen.getByLabelText('Up to and including')).toHaveValue('2026-11-23');
  });

  it('asks for a chosen period, in Dutch, and shows a refusal in words', async () => {
    const calls = staffPage();
    const user = userEvent.setup();
    renderApp('/nl/staff/search-statistics');
    await screen.findByRole('table', { name: 'Top 50 zoektermen' }, T);
    const from = screen.getByLabelText('Van');
    fireEvent.change(from, { target: { value: '2026-11-01' } });
    await user.click(screen.getByRole('button', { name: 'Tonen' }));
    await waitFor(() => expect(statisticsCalls(calls).some((call) => call.url.includes('from=2026-11-01'))).toBe(true));

    fireEvent.change(from, { target: { value: '2026-12-01' } });
    await user.click(screen.getByRole('button', { name: 'Tonen' }));
    expect(await screen.findByText('De begindatum ligt na de einddatum.', undefined, T)).toBeInTheDocument();
  });
});
