import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { getCachedUser } from '../lib/session';
import { jsonResponse, mockFetch, on } from '../test/fetch-mock';
import { currentUserRecord, logIn, renderApp } from '../test/render';

const menus = on('GET', '/jsonapi/menu_items/', (call) => {
  if (call.url.endsWith('/webshop-footer-my-page')) return jsonResponse(200, { data: [] });
  return jsonResponse(200, {
    data: [
      {
        type: 'menu_link_content--menu_link_content',
        id: 'menu_link_content:2',
        attributes: { title: 'Delivery terms', url: '/delivery-terms', weight: 2, menu_name: 'x', drupal_internal__id: 2, parent: '', enabled: true },
      },
      {
        type: 'menu_link_content--menu_link_content',
        id: 'menu_link_content:1',
        attributes: { title: 'Recipes', url: 'https://recepten.example/', weight: 1, menu_name: 'x', drupal_internal__id: 1, parent: '', enabled: true },
      },
    ],
  });
});

describe('routes and guards', () => {
  it.each([
    ['/assortment', 'Assortment'],
    ['/nl/assortment', 'Assortiment'],
    ['/en/assortment', 'Assortment'],
  ])('%s renders the assortment for a logged-in user', async (path, heading) => {
    mockFetch(menus);
    logIn();
    renderApp(path);
    expect(await screen.findByRole('heading', { name: heading, level: 1 }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('sends anonymous visitors of a guarded page to /user/login', async () => {
    mockFetch(on('GET', '/jsonapi/current-user', () => jsonResponse(403, { message: 'Forbidden' })));
    const { router } = renderApp('/en/cart');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    expect(await screen.findByRole('heading', { name: 'Login', level: 1 })).toBeInTheDocument();
  });

  it('lets a visitor with a valid session cookie but no local cache in, and caches the user', async () => {
    mockFetch(on('GET', '/jsonapi/current-user', () => jsonResponse(200, { data: currentUserRecord() })), menus);
    renderApp('/en/cart');
    expect(await screen.findByRole('heading', { name: 'Cart', level: 1 })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('current_user') ?? 'null')).toMatchObject({ id: 7, relation: 42 });
  });

  it.each(['/', '/en/user/login', '/nl/user/password'])('sends a logged-in user on %s to the assortment in the relation language', async (path) => {
    mockFetch(menus);
    logIn();
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/nl/assortment'));
  });

  it('uses nl for a logged-in user without an active relation', async () => {
    mockFetch(menus);
    logIn({ active_relation: null });
    const { router } = renderApp('/en/user/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/nl/assortment'));
  });

  it('does not guard the anonymous bulk payment page', async () => {
    mockFetch();
    renderApp('/en/bulk/payment/pay-1/update/anonymous');
    expect(await screen.findByRole('heading', { name: 'Payment status', level: 1 })).toBeInTheDocument();
  });

  it('shows the 404 page for an unknown path', async () => {
    mockFetch(menus);
    logIn();
    renderApp('/en/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Oops! It seems our tacos wandered off the menu!' })).toBeInTheDocument();
  });

  it('renders the layout: search, account menu, language control, breadcrumbs and footer menus', async () => {
    mockFetch(menus);
    logIn();
    renderApp('/en/account/orders?page=2');
    await screen.findByRole('heading', { name: 'My orders', level: 1 });

    expect(screen.getByPlaceholderText('Search on productname or articlenumber')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Taquería El Sol/ })).toBeInTheDocument();
    const languages = screen.getByRole('navigation', { name: 'Language' });
    expect(within(languages).getByRole('link', { name: 'NL' })).toHaveAttribute('href', '/nl/account/orders?page=2');

    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Assortment' })).toHaveAttribute('href', '/en/assortment');
    expect(within(crumbs).getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/en/account');
    expect(within(crumbs).getByText('Orders')).toHaveAttribute('aria-current', 'page');

    const order = await screen.findByRole('navigation', { name: 'Order' });
    const links = within(order).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Recipes', 'Delivery terms']);
    expect(links[1]).toHaveAttribute('href', '/en/delivery-terms');
    expect(links[0]).toHaveAttribute('target', '_blank');
    // an empty menu is left out
    expect(screen.queryByRole('navigation', { name: 'My page' })).not.toBeInTheDocument();
    expect(screen.getByText('© 2023 Casa Maíz. All rights reserved.')).toBeInTheDocument();
  });

  it('shows the masquerade banner only while masquerading', async () => {
    mockFetch(menus);
    logIn({ is_masquerading: true });
    renderApp('/en/assortment');
    await screen.findByRole('heading', { name: 'Assortment', level: 1 });
    // the banner's code loads after the page (decision 012)
    expect(await screen.findByText('Logged in as')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to own account' })).toBeInTheDocument();
  });

  it('logs out: clears the local session and goes to /user/login', async () => {
    const calls = mockFetch(menus, on('GET', '/user/cb-logout', () => jsonResponse(204)));
    logIn();
    const user = userEvent.setup();
    const { router } = renderApp('/en/cart');
    await user.click(await screen.findByRole('button', { name: /Taquería El Sol/ }));
    // the entries' code loads as the menu first opens (decision 012)
    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    expect(calls.some((call) => call.url === '/backend/en/user/cb-logout?_format=json')).toBe(true);
    expect(getCachedUser()).toBeNull();
    expect(localStorage.getItem('csrf_token')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Login', level: 1 })).toBeInTheDocument();
  });

  it('shows an error toast when logging out fails', async () => {
    mockFetch(menus, on('GET', '/user/cb-logout', () => jsonResponse(500, { message: 'boom' })));
    logIn();
    const user = userEvent.setup();
    renderApp('/en/cart');
    await user.click(await screen.findByRole('button', { name: /Taquería El Sol/ }));
    // the entries' code loads as the menu first opens (decision 012)
    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Something went wrong, please try again')).toBeInTheDocument();
    expect(getCachedUser()).not.toBeNull();
  });
});
