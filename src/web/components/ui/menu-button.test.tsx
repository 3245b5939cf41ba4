import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { MenuButton } from './menu-button';

function Menu() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <MenuButton id="menu-toggle" toggle="Account" menuLabel="Account menu" open={open} onOpenChange={setOpen}>
        <li>
          <a className="dropdown-item" href="#orders">
            Orders
          </a>
        </li>
        <li>
          <button type="button" className="dropdown-item" disabled>
            Disabled
          </button>
        </li>
        <li>
          <button type="button" className="dropdown-item">
            Logout
          </button>
        </li>
      </MenuButton>
      <button type="button">Elsewhere</button>
    </>
  );
}

const toggle = () => screen.getByRole('button', { name: 'Account' });

describe('MenuButton', () => {
  it('opens and closes on its button, which says whether it is open', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Orders' })).not.toBeInTheDocument();
    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('list', { name: 'Account menu' })).toBeVisible();
    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  it('works by keyboard: ArrowDown opens at the first entry, arrows skip disabled entries, Escape returns to the button', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    toggle().focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle()).toHaveFocus();
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when focus or a click goes elsewhere, and when an entry is chosen', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    await user.click(toggle());
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle());
    await user.tab(); // to Orders
    await user.tab(); // Logout (the disabled entry is skipped)
    await user.tab(); // out of the menu
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle());
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });
});
