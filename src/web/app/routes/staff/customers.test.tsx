import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { CustomerListResponse } from '../../../../shared/api/staff';
import { getCachedUser, getCsrfToken } from '../../../lib/session';
import { jsonResponse, type MockCall, mockFetch, on } from '../../../test/fetch-mock';
import { currentUserRecord, logIn, renderApp } from '../../../test/render';
import { menus, staffCustomer, staffRecord } from '../../../test/shop-data';

const noReview = on('GET', '/api/staff/payments/review', () => jsonResponse(200, { data: [] }));
const noUndelivered = on('GET', '/api/staff/undelivered-mails', () => jsonResponse(200, { data: [] }));
const customer = (uid: number, name: string, company: string, langcode: 'nl' | 'en' = 'nl') => staffCustomer(uid, name, company, { langcode });

function customerList(call: MockCall): CustomerListResponse {
  const search = new URL(call.url, 'http://shop.test').searchParams.get('search') ?? '';
  const all = [customer(1, 'demo', 'Restaurant La Catrina'), customer(2, 'demo-en', 'The Taco Lab B.V.', 'en')];
  const data = all.filter((c) => c.relation?.name.toLowerCase().includes(search.toLowerCase()));
  return { data, meta: { count: data.length, page: 1, per_page: 25 } };
}

describe('the staff customers page', () => {
  it('lists and searches customers, then logs in as one and lands on their assortment', async () => {
    let masquerading = false;
    const calls = mockFetch(
      menus,
      noReview,
      noUndelivered,
      on('GET', '/api/staff/customers', (call) => jsonResponse(200, customerList(call))),
      on('POST', '/api/staff/masquerade/2', () => {
        masquerading = true;
        return jsonResponse(200, {
          current_user: { uid: '2', name: 'demo-en', roles: ['authenticated', 'customer'] },
          csrf_token: 'csrf-of-the-customer',
          logout_token: 'logout',
        });
      }),
      on('GET', '/jsonapi/current-user', () =>
        jsonResponse(
          200,
          {
            data: currentUserRecord({
              drupal_internal__uid: 2,
              name: 'demo-en',
              display_name: 'Lucía Hernández',
              is_masquerading: masquerading,
              active_relation: { type: 'relation--relation', id: 'r-2', drupal_internal__id: 2, name: 'The Taco Lab B.V.', pricelist: 'STANDAARD', langcode: 'en' },
            }),
          },
          'application/vnd.api+json',
        ),
      ),
    );
    logIn(staffRecord);
    const user = userEvent.setup();
    const { router } = renderApp('/nl/staff/customers');

    expect(await screen.findByRole('heading', { name: 'Klanten', level: 1 }, { timeout: 10_000 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Klanten' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('columnheader', { name: 'Prijslijst' })).toBeInTheDocument();

    const main = screen.getByRole('main');
    await user.type(within(main).getByRole('searchbox', { name: 'Klanten zoeken' }), 'taco');
    await user.click(within(main).getByRole('button', { name: 'Zoeken' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=taco'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(calls.some((c) => c.url === '/backend/api/staff/customers?search=taco')).toBe(true);
    expect(screen.getByText('1 klant')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Inloggen als demo-en person (demo-en)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/assortment'));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.headers['X-CSRF-Token']).toBe('csrf-abc');
    expect(getCsrfToken()).toBe('csrf-of-the-customer');
    expect(getCachedUser()).toMatchObject({ id: 2, name: 'Lucía Hernández', data: { is_masquerading: true } });
    // No staff call went out as the customer (it would answer 403 and log out).
    const afterPost = calls.slice(calls.indexOf(post as MockCall) + 1);
    expect(afterPost.some((c) => c.url.includes('/api/staff/'))).toBe(false);
  });

  it('asks the session for its CSRF token first when none is stored (after a switch-back)', async () => {
    const calls = mockFetch(
      menus,
      noReview,
      noUndelivered,
      on('GET', '/api/staff/customers', (call) => jsonResponse(200, customerList(call))),
      on('GET', '/session/token', () => new Response('token-of-the-staff-session', { status: 200, headers: { 'Content-Type': 'text/plain' } })),
      on('POST', '/api/staff/masquerade/1', () =>
        jsonResponse(200, { current_user: { uid: '1', name: 'demo', roles: ['authenticated', 'customer'] }, csrf_token: 'next', logout_token: 'x' }),
      ),
      on('GET', '/jsonapi/current-user', () => jsonResponse(200, { data: currentUserRecord({ is_masquerading: true }) }, 'application/vnd.api+json')),
    );
    logIn(staffRecord);
    localStorage.removeItem('csrf_token');
    const user = userEvent.setup();
    const { router } = renderApp('/en/staff/customers');
    await user.click(await screen.findByRole('button', { name: 'Log in as demo person (demo)' }, { timeout: 10_000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/nl/assortment'));
    expect(calls.find((c) => c.method === 'POST')?.headers['X-CSRF-Token']).toBe('token-of-the-staff-session');
    expect(getCsrfToken()).toBe('next');
  });

  it('shows "No customers found" for a search without matches', async () => {
    mockFetch(menus, noReview, noUndelivered, on('GET', '/api/staff/customers', (call) => jsonResponse(200, customerList(call))));
    logIn(staffRecord);
    renderApp('/en/staff/customers?search=nobody');
    expect(await screen.findByText('No customers found', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it.each([
    ['a customer', {}],
    ['staff while masquerading', { ...staffRecord, roles: ['authenticated', 'customer'], is_masquerading: true }],
  ])('sends %s to the account page without asking the staff API', async (_who, record) => {
    const calls = mockFetch(menus);
    logIn(record);
    const { router } = renderApp('/en/staff/customers');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/account'), { timeout: 10_000 });
    expect(calls.some((c) => c.url.includes('/api/staff/'))).toBe(false);
  });
});

describe('the account menu for staff', () => {
  it('offers Customers to staff in the staff menu', async () => {
    mockFetch(menus, noReview, noUndelivered, on('GET', '/api/staff/customers', (call) => jsonResponse(200, customerList(call))));
    logIn(staffRecord);
    renderApp('/en/staff/customers');
    const nav = await screen.findByRole('navigation', { name: 'Staff area' }, { timeout: 10_000 });
    expect(within(nav).getByRole('link', { name: 'Customers' })).toHaveAttribute('aria-current', 'page');
  });

  it('offers Back to own account and no Customers while masquerading', async () => {
    const user = userEvent.setup();
    mockFetch(menus);
    logIn({ is_masquerading: true });
    renderApp('/en/account');
    await screen.findByRole('navigation', { name: 'My account' }, { timeout: 10_000 });
    expect(screen.queryByRole('link', { name: 'Staff area' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /Taquería El Sol/ }));
    const menu = (await screen.findByRole('button', { name: 'Logout' })).closest('ul') as HTMLElement;
    expect(within(menu).getByRole('button', { name: 'Back to own account' })).toBeVisible();
    expect(within(menu).queryByRole('link', { name: 'Staff area' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Logged in as' })).toHaveTextContent('Logged in as Taquería El Sol');
  });

  it('shows neither the staff area nor the banner to a customer', async () => {
    mockFetch(menus);
    logIn();
    renderApp('/en/account');
    await screen.findByRole('navigation', { name: 'My account' }, { timeout: 10_000 });
    expect(screen.queryByRole('link', { name: 'Staff area' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Logged in as' })).toBeNull();
  });
});
