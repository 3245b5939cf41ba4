import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import * as contract from '../../../../../shared/api/food-overview';
import { mockFetch } from '../../../../test/fetch-mock';
import { logIn, renderApp } from '../../../../test/render';
import { staffRecord } from '../../../../test/shop-data';
import * as web from '../api/food-overview';
import { ordersPageCalls, T } from '../test/fixtures';

const links = (section: HTMLElement) => within(section).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href'), a.hasAttribute('download')]);

describe('the allergen overview on My orders', () => {
  beforeEach(() => {
    // Monday 23 November 2026, 09:00 in Amsterdam; only the clock is faked.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T08:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('offers the last 90 days as PDF, CSV and Excel, linking to the API in Dutch', async () => {
    const calls = mockFetch(...ordersPageCalls());
    logIn();
    renderApp('/nl/account/orders');
    const section = await screen.findByRole('region', { name: 'Allergenenoverzicht' }, T);
    expect(within(section).getByLabelText('Van')).toHaveValue('2026-08-26');
    expect(within(section).getByLabelText('Tot en met')).toHaveValue('2026-11-23');
    expect(links(section)).toEqual([
      ['PDF (afdrukken)', '/backend/food-overview?from=2026-08-26&to=2026-11-23&format=pdf', true],
      ['CSV', '/backend/food-overview?from=2026-08-26&to=2026-11-23&format=csv', true],
      ['Excel', '/backend/food-overview?from=2026-08-26&to=2026-11-23&format=xlsx', true],
    ]);
    // Plain links: the page itself fetches nothing for the overview.
    expect(calls.some((call) => call.url.includes('/food-overview'))).toBe(false);
  });

  it('takes a chosen period, says in English what is wrong with a bad one, and links under /en', async () => {
    mockFetch(...ordersPageCalls());
    logIn();
    renderApp('/en/account/orders');
    const section = await screen.findByRole('region', { name: 'Allergen overview' }, T);
    const user = userEvent.setup();
    const from = within(section).getByLabelText('From');
    const to = within(section).getByLabelText('To (inclusive)');
    await user.clear(from);
    await user.type(from, '2026-12-01');
    expect(within(section).getByRole('alert')).toHaveTextContent('The start date is after the end date.');
    expect(within(section).queryAllByRole('link')).toEqual([]);
    await user.clear(from);
    await user.type(from, '2024-01-01');
    expect(within(section).getByRole('alert')).toHaveTextContent('A period is at most 2 years.');
    await user.clear(from);
    await user.type(from, '2026-01-01');
    await user.clear(to);
    await user.type(to, '2026-06-30');
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Excel' })).toHaveAttribute('href', '/backend/en/food-overview?from=2026-01-01&to=2026-06-30&format=xlsx');
  });

  it('is not shown to a user without a relation', async () => {
    mockFetch(...ordersPageCalls());
    logIn(staffRecord);
    renderApp('/nl/account/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mijn bestellingen' }, T)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Allergenenoverzicht' })).not.toBeInTheDocument();
  });

  it("keeps the web's copies equal to the contract", () => {
    expect(web.FOOD_OVERVIEW_PATH).toBe(contract.FOOD_OVERVIEW_PATH);
    expect(web.FOOD_OVERVIEW_DAYS).toBe(contract.FOOD_OVERVIEW_DAYS);
    expect(web.FOOD_OVERVIEW_MAX_YEARS).toBe(contract.FOOD_OVERVIEW_MAX_YEARS);
    expect(web.FOOD_OVERVIEW_FORMATS).toEqual(contract.FOOD_OVERVIEW_FORMATS);
  });
});
