import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { getCachedUser } from '../../../lib/session';
import { jsonResponse, mockFetch, on } from '../../../test/fetch-mock';
import { currentUserRecord, renderApp } from '../../../test/render';

const emptyMenus = on('GET', '/jsonapi/menu_items/', () => jsonResponse(200, { data: [] }, 'application/vnd.api+json'));

describe('Login page', () => {
  it('shows the form with the title, logo link and forgot-password link', async () => {
    mockFetch();
    renderApp('/en/user/login');
    expect(await screen.findByRole('heading', { name: 'Login', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Login | Casa Maíz'));
    expect(screen.getByRole('link', { name: /Casa Maíz, to the start page/ })).toHaveAttribute('href', '/en/');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/en/user/password');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
  });

  it('keeps Login disabled until username and password are both filled', async () => {
    mockFetch();
    const user = userEvent.setup();
    renderApp('/en/user/login');
    const button = await screen.findByRole('button', { name: 'Login' });
    expect(button).toBeDisabled();

    await user.type(screen.getByLabelText('Username'), 'taqueria');
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'secret');
    expect(button).toBeEnabled();
    await user.clear(screen.getByLabelText('Username'));
    expect(button).toBeDisabled();
  });

  it('shows "Unrecognized username or password." when the server answers 400', async () => {
    const calls = mockFetch(
      on('POST', '/user/login', () => jsonResponse(400, { message: 'Sorry, unrecognized username or password.' })),
    );
    const user = userEvent.setup();
    renderApp('/en/user/login');
    await user.type(await screen.findByLabelText('Username'), 'taqueria');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Unrecognized username or password.');
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/backend/en/user/login?_format=json', body: { name: 'taqueria', pass: 'wrong' } });
    expect(getCachedUser()).toBeNull();
  });

  it("shows the server's own message when logins are blocked (429)", async () => {
    mockFetch(on('POST', '/user/login', () => jsonResponse(429, { message: 'Too many failed login attempts.' })));
    const user = userEvent.setup();
    renderApp('/nl/user/login');
    await user.type(await screen.findByLabelText('Gebruikersnaam'), 'taqueria');
    await user.type(screen.getByLabelText('Wachtwoord'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many failed login attempts.');
  });

  it('stores the token and the current user after success and goes to the assortment of the relation language', async () => {
    const calls = mockFetch(
      on('POST', '/user/login', () =>
        jsonResponse(200, {
          current_user: { uid: '7', name: 'taqueria', roles: ['authenticated'] },
          csrf_token: 'csrf-new',
          logout_token: 'logout-1',
        }),
      ),
      on('GET', '/jsonapi/current-user', () =>
        jsonResponse(200, { data: currentUserRecord({ active_relation: { ...currentUserRecord().active_relation!, langcode: 'en' } }) }),
      ),
      emptyMenus,
    );
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await user.type(await screen.findByLabelText('Username'), 'taqueria');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/en/assortment'));
    expect(localStorage.getItem('csrf_token')).toBe('csrf-new');
    expect(getCachedUser()).toMatchObject({ id: 7, name: 'Taquería El Sol', relation: 42, relation_uuid: 'a1a2a3a4-0000-4000-8000-000000000002' });
    // the browser (jsdom) prefers English, so the calls carry /en
    expect(calls[1]?.url).toBe('/backend/en/jsonapi/current-user?jsonapi_include=1&include=active_relation');
    expect(await screen.findByRole('heading', { name: 'Assortment', level: 1 })).toBeInTheDocument();
  });

  it.each([
    ['unticked', false],
    ['ticked', true],
  ])("sends 'Remember me' %s as remember: %s beside name and pass", async (_what, remember) => {
    const calls = mockFetch(on('POST', '/user/login', () => jsonResponse(400, { message: 'Sorry, unrecognized username or password.' })));
    const user = userEvent.setup();
    renderApp('/en/user/login');
    await user.type(await screen.findByLabelText('Username'), 'taqueria');
    await user.type(screen.getByLabelText('Password'), 'secret');
    if (remember) await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await screen.findByRole('alert');
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/backend/en/user/login?_format=json' });
    expect(calls[0]?.body).toEqual({ name: 'taqueria', pass: 'secret', remember });
  });
});
