import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch, on } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';

const FAILURE = "Something went wrong with resetting password, try again with a new link from the 'Forgotten password' page.";

async function fillIn(pass: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('New password', undefined, { timeout: 10_000 }), pass);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Save password' }));
}

describe('Reset password page', () => {
  it('keeps hash and timestamp of the mailed link in local storage and moves to /{lang}/user/password/reset/{user}', async () => {
    mockFetch();
    const { router } = renderApp('/en/user/password/reset/12/1900000000/abc-DEF_123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/user/password/reset/12'), { timeout: 10_000 });
    expect(localStorage.getItem('hashState')).toBe('abc-DEF_123');
    expect(localStorage.getItem('timestampState')).toBe('1900000000');
    expect(await screen.findByRole('heading', { name: 'Reset password', level: 1 }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('This login can only be used once')).toBeInTheDocument();
  });

  it('sends the new password with the stored link and goes to / on success', async () => {
    const calls = mockFetch(on('POST', '/api/reset-password/', () => jsonResponse(200, { data: { status: 1 } })));
    const { router } = renderApp('/en/user/password/reset/12/1900000000/abc-DEF_123');
    await fillIn('nieuw-wachtwoord', 'nieuw-wachtwoord');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 10_000 });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/backend/en/api/reset-password/12/1900000000/abc-DEF_123',
      body: { pass: 'nieuw-wachtwoord', passConfirm: 'nieuw-wachtwoord' },
    });
    expect(localStorage.getItem('hashState')).toBeNull();
    expect(await screen.findByText('Your new password has been saved. You can now log in with it.')).toBeInTheDocument();
  });

  it('shows "The passwords do not match" and sends nothing when they differ', async () => {
    const calls = mockFetch();
    renderApp('/en/user/password/reset/12/1900000000/abc');
    await fillIn('nieuw-wachtwoord', 'nieuw-wachtwoordd');
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('keeps Save disabled until both fields are filled', async () => {
    mockFetch();
    const user = userEvent.setup();
    renderApp('/en/user/password/reset/12/1900000000/abc');
    const save = await screen.findByRole('button', { name: 'Save password' }, { timeout: 10_000 });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('New password'), 'abcdef');
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Confirm new password'), 'abcdef');
    expect(save).toBeEnabled();
  });

  it.each([
    ['status 0', () => jsonResponse(400, { data: { status: 0 }, message: 'This password reset link is invalid or has already been used.' })],
    ['a falsy status in a 200', () => jsonResponse(200, { data: { status: 0 } })],
    ['a server error', () => jsonResponse(500, { message: 'Something went wrong on our side.' })],
  ])('shows the failure text and a link back to login on %s', async (_what, respond) => {
    mockFetch(on('POST', '/api/reset-password/', respond));
    const { router } = renderApp('/en/user/password/reset/12/1900000000/abc');
    await fillIn('nieuw-wachtwoord', 'nieuw-wachtwoord');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(FAILURE);
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/en/user/login');
    expect(router.state.location.pathname).toBe('/en/user/password/reset/12');
  });

  it('shows the failure text without a stored link, sending nothing', async () => {
    const calls = mockFetch();
    renderApp('/nl/user/password/reset/12');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nieuw wachtwoord', undefined, { timeout: 10_000 }), 'nieuw-wachtwoord');
    await user.type(screen.getByLabelText('Bevestig nieuw wachtwoord'), 'nieuw-wachtwoord');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Vraag een nieuwe link aan via de pagina 'Wachtwoord vergeten'/);
    expect(screen.getByRole('link', { name: 'Terug naar inloggen' })).toHaveAttribute('href', '/nl/user/login');
    expect(calls).toHaveLength(0);
  });
});
