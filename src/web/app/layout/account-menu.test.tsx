import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch, on } from '../../test/fetch-mock';
import { logIn, renderApp } from '../../test/render';

const noMenus = on('GET', '/jsonapi/menu_items/', () => jsonResponse(200, { data: [] }));

describe('the account menu', () => {
  // The entries' code loads when the menu is first reached for (decision 012); the arrow key
  // that opens the menu before that code is there still lands on its first entry.
  it('opens at its first entry with ArrowDown before its entries were loaded, and closes on Escape', async () => {
    mockFetch(noMenus);
    logIn();
    const user = userEvent.setup();
    renderApp('/en/cart');
    const toggle = await screen.findByRole('button', { name: /Taquería El Sol/ }, { timeout: 10_000 });
    toggle.focus();
    await user.keyboard('{ArrowDown}');

    await waitFor(() => expect(screen.getByRole('link', { name: 'Orders' })).toHaveFocus());
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});
