import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch, on } from '../../test/fetch-mock';
import { logIn, renderApp } from '../../test/render';
import { menus, staffRecord } from '../../test/shop-data';

const financeRecord = { ...staffRecord, roles: ['authenticated', 'staff', 'staff_finance'] };
const noReview = on('GET', '/api/staff/payments/review', () => jsonResponse(200, { data: [] }));
const noOrderChecks = on('GET', '/api/staff/finance/orders', () => jsonResponse(200, { data: [] }));

describe('the staff area', () => {
  it('shows each staff user the menu of the pages their roles reach, and starts on the first', async () => {
    // The dashboard's figures fail here: its charts need a canvas, which jsdom has not (the browser tests draw them).
    mockFetch(menus, noReview, noOrderChecks, on('GET', '/api/staff/dashboard', () => jsonResponse(500, { message: 'no figures in this test' })));
    logIn(financeRecord);
    const { router } = renderApp('/en/staff');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/staff/dashboard'), { timeout: 10_000 });
    const nav = await screen.findByRole('navigation', { name: 'Staff area' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Dashboard', 'Orders', 'Payments to check', 'Open invoices', 'Audit log']);
    await userEvent.click(within(nav).getByRole('link', { name: 'Payments to check' }));
    expect(await screen.findByText('There are no payments to check.')).toBeInTheDocument();
  });

  it('tells a staff user whose role does not reach a page so, without asking its calls', async () => {
    const calls = mockFetch(menus, noReview, noOrderChecks);
    logIn(financeRecord);
    renderApp('/nl/staff/customers');
    expect(await screen.findByText(/Je medewerkersrol geeft geen toegang tot deze pagina/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/api/staff/customers'))).toBe(false);
  });

  it('keeps the old addresses under My account working, with their query', async () => {
    mockFetch(menus, on('GET', '/api/staff/food/incomplete', () => jsonResponse(200, { data: [], meta: { count: 0, page: 1, per_page: 50 } })));
    logIn(staffRecord);
    const { router } = renderApp('/nl/account/food-completeness?missing=allergens');
    await waitFor(() => expect(router.state.location.pathname).toBe('/nl/staff/food-completeness'), { timeout: 10_000 });
    expect(router.state.location.search).toBe('?missing=allergens');
  });

  it('is reached from the account menu by staff', async () => {
    const user = userEvent.setup();
    mockFetch(menus, noReview, noOrderChecks);
    logIn(staffRecord);
    renderApp('/en/account');
    await user.click(await screen.findByRole('button', { name: /Ingrid|staff|account/i }, { timeout: 10_000 }));
    // in the opened menu and in the account pages' side menu
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Staff area' })).toHaveLength(2));
    const links = screen.getAllByRole('link', { name: 'Staff area' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/en/staff', '/en/staff']);
  });
});
