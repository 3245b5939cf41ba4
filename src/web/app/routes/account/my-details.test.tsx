import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch, on } from '../../../test/fetch-mock';
import { logIn, renderApp } from '../../../test/render';
import { menus, RELATION_UUID, relationCall as shopRelationCall, relationRecord } from '../../../test/shop-data';

const relationCall = shopRelationCall(relationRecord({ delivery_days: ['tuesday'], delivery_addresses: [] }));

const T = { timeout: 10_000 };

function field(label: string) {
  return screen.getByLabelText(label, { selector: 'input' });
}

/** Fills the password form on the English page once it shows, and saves it. */
async function changePassword(user: ReturnType<typeof userEvent.setup>, current: string) {
  renderApp('/en/account');
  await user.type(await screen.findByLabelText('Current password', { selector: 'input' }, T), current);
  await user.type(field('New password'), 'nieuw-1');
  await user.type(field('Repeat new password'), 'nieuw-1');
  await user.click(screen.getByRole('button', { name: 'Save password' }));
}

describe('My details page', () => {
  it("shows the relation's details, the user's name and the invoice address, read-only", async () => {
    const calls = mockFetch(menus, relationCall);
    logIn({ firstname: 'Rosa', surname_prefix: 'van', surname: 'Jansen' });
    renderApp('/en/account');
    expect(await screen.findByRole('heading', { name: 'My details', level: 1 }, T)).toBeInTheDocument();
    const details = await screen.findByRole('region', { name: 'Details' }, T);
    const row = (label: string) => within(details).getByText(label).nextElementSibling;
    await waitFor(() => expect(row('Company')).toHaveTextContent('Taquería El Sol B.V.'), T);
    expect(row('Name')).toHaveTextContent('Rosa van Jansen');
    expect(row('City')).toHaveTextContent('Utrecht');
    expect(row('Email address')).toHaveTextContent('info@elsol.example');
    expect(row('Phone number')).toHaveTextContent('+31 30 123 4567');
    const invoice = screen.getByRole('region', { name: 'Invoice address' });
    expect(invoice).toHaveTextContent('Oudegracht 12');
    expect(invoice).toHaveTextContent('3511 AN');
    expect(invoice).toHaveTextContent('Utrecht');
    expect(invoice).toHaveTextContent('NL');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === `/backend/en/jsonapi/relation/relation/${RELATION_UUID}`)).toBe(true);
  });

  it("shows 'No relation found' for a user without a relation and still offers the password form", async () => {
    const calls = mockFetch(menus);
    logIn({ active_relation: null });
    renderApp('/en/account');
    expect(await screen.findByRole('alert', {}, T)).toHaveTextContent('No relation found');
    expect(screen.getByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/jsonapi/relation/'))).toBe(false);
  });

  it("shows 'No relation found' when the server answers 404", async () => {
    mockFetch(menus, on('GET', '/jsonapi/relation/relation/', () => jsonResponse(404, { message: 'No relation found' })));
    logIn();
    renderApp('/en/account');
    expect(await screen.findByRole('alert', {}, T)).toHaveTextContent('No relation found');
  });
});

describe('Change password form', () => {
  it('hints whether the passwords match and keeps save disabled until all is filled, matching and 5 long', async () => {
    mockFetch(menus, relationCall);
    logIn();
    const user = userEvent.setup();
    renderApp('/en/account');
    const save = await screen.findByRole('button', { name: 'Save password' }, T);
    expect(save).toBeDisabled();
    expect(screen.queryByText('Passwords match!')).not.toBeInTheDocument();

    await user.type(field('Current password'), 'oud-wachtwoord');
    await user.type(field('New password'), 'abcd');
    expect(screen.getByText("Passwords don't match.")).toBeInTheDocument();
    await user.type(field('Repeat new password'), 'abcd');
    expect(screen.getByText('Passwords match!')).toBeInTheDocument();
    expect(save).toBeDisabled(); // 4 characters

    await user.type(field('New password'), 'e');
    expect(screen.getByText("Passwords don't match.")).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.type(field('Repeat new password'), 'e');
    expect(screen.getByText('Passwords match!')).toBeInTheDocument();
    expect(save).toBeEnabled();

    await user.clear(field('Current password'));
    expect(save).toBeDisabled();
  });

  it('sends current, new and repeat with the CSRF token and shows the success toast', async () => {
    const calls = mockFetch(menus, relationCall, on('POST', '/api/account/change-password', () => jsonResponse(200, { status: 1 })));
    logIn();
    const user = userEvent.setup();
    await changePassword(user, 'oud-wachtwoord');

    expect(await screen.findByText('Successfully changed password', {}, T)).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post).toMatchObject({
      url: '/backend/en/api/account/change-password',
      body: { current: 'oud-wachtwoord', new: 'nieuw-1', repeat: 'nieuw-1' },
      headers: { 'X-CSRF-Token': 'csrf-abc' },
    });
    expect(field('Current password')).toHaveValue('');
  });

  it("shows the server's messages under their fields and the failure toast", async () => {
    mockFetch(
      menus,
      relationCall,
      on('POST', '/api/account/change-password', () =>
        jsonResponse(400, {
          status: 0,
          message: 'Not all values were correct.',
          validation: [{ field: 'current', message: 'The current password is not correct.' }],
        }),
      ),
    );
    logIn();
    const user = userEvent.setup();
    await changePassword(user, 'verkeerd');

    expect(await screen.findByText('Not all values were correct.', {}, T)).toBeInTheDocument();
    expect(field('Current password')).toHaveAccessibleDescription('The current password is not correct.');
    expect(field('Current password')).toBeInvalid();
    expect(field('New password')).not.toBeInvalid();

    await user.type(field('Current password'), 'x');
    expect(screen.queryByText('The current password is not correct.')).not.toBeInTheDocument();
  });

  it("shows the server's own message in a toast when password changes are blocked (429)", async () => {
    const blocked = 'Too many attempts with a wrong current password. Changing your password is temporarily blocked.';
    mockFetch(
      menus,
      relationCall,
      on('POST', '/api/account/change-password', () => jsonResponse(429, { code: 'password_change_blocked', message: blocked })),
    );
    logIn();
    const user = userEvent.setup();
    await changePassword(user, 'verkeerd');

    expect(await screen.findByText(blocked, {}, T)).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong, please try again')).not.toBeInTheDocument();
  });

  it('speaks Dutch on /nl', async () => {
    mockFetch(menus, relationCall);
    logIn();
    const user = userEvent.setup();
    renderApp('/nl/account');
    expect(await screen.findByRole('heading', { name: 'Mijn gegevens', level: 1 }, T)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nieuw wachtwoord', { selector: 'input' }), 'abcde');
    await user.type(screen.getByLabelText('Herhaal nieuw wachtwoord', { selector: 'input' }), 'abcdf');
    expect(screen.getByText('Wachtwoorden komen niet overeen.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Wachtwoord opslaan' })).toBeDisabled();
  });
});
