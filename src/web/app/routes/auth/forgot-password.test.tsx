import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch, on } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';

const MAILED =
  'Password reset instructions will be mailed to the user with username {name} if the user exists. You must log out to use the password reset link in the email.';

async function send(name: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Username', undefined, { timeout: 10_000 }), name);
  await user.click(screen.getByRole('button', { name: 'Send' }));
}

describe('Forgotten password page', () => {
  it('keeps Send disabled until a username is entered, and links back to login', async () => {
    mockFetch();
    const user = userEvent.setup();
    renderApp('/en/user/password');
    expect(await screen.findByRole('heading', { name: 'Forgotten password', level: 1 }, { timeout: 10_000 })).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText('Username'), '   ');
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText('Username'), 'taqueria');
    expect(send).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/en/user/login');
  });

  it('sends the name and shows the mailed message', async () => {
    const calls = mockFetch(on('POST', '/user/password', () => jsonResponse(200, {})));
    renderApp('/en/user/password');
    await send('taqueria');
    expect(await screen.findByRole('status')).toHaveTextContent(MAILED.replace('{name}', 'taqueria'));
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/backend/en/user/password?_format=json', body: { name: 'taqueria' } });
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toBeInTheDocument();
  });

  it('shows the same message when the server answers 400 (unknown user)', async () => {
    mockFetch(on('POST', '/user/password', () => jsonResponse(400, { message: 'Unrecognized username or email address.' })));
    renderApp('/en/user/password');
    await send('nobody');
    expect(await screen.findByRole('status')).toHaveTextContent(MAILED.replace('{name}', 'nobody'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows "Something went wrong, please try again." on any other failure', async () => {
    mockFetch(on('POST', '/user/password', () => jsonResponse(500, { message: 'Something went wrong on our side.' })));
    renderApp('/en/user/password');
    await send('taqueria');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Something went wrong, please try again\.$/);
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it("shows the server's message while requests are blocked (429), in Dutch on /nl", async () => {
    mockFetch(on('POST', '/user/password', () => jsonResponse(429, { message: 'Er is te vaak een nieuw wachtwoord aangevraagd.' })));
    const user = userEvent.setup();
    renderApp('/nl/user/password');
    expect(await screen.findByRole('heading', { name: 'Wachtwoord vergeten', level: 1 }, { timeout: 10_000 })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Gebruikersnaam'), 'taqueria');
    await user.click(screen.getByRole('button', { name: 'Versturen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Er is te vaak een nieuw wachtwoord aangevraagd.');
  });
});
