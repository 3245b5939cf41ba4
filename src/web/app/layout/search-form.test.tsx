import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';

import { renderApp } from '../../test/render';

import { SearchForm } from './search-form';

/** The header's use of the box: its text is the URL's search. */
function HeaderSearch() {
  const [params] = useSearchParams();
  return <SearchForm initial={params.get('search') ?? ''} />;
}

const routes = () => [{ path: '*', element: <HeaderSearch /> }];

describe('SearchForm', () => {
  it('keeps the keyboard focus in the box after a search, and follows the URL back and forward', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/en/assortment', { routes });
    const box = screen.getByRole('searchbox', { name: 'Search products' });

    await user.tab();
    expect(box).toHaveFocus();
    await user.keyboard('  salsa verde {Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?search=salsa+verde'));
    expect(router.state.location.pathname).toBe('/en/assortment');
    // the same box, still focused, with the search as the URL has it
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toBe(box);
    expect(box).toHaveFocus();
    expect(box).toHaveValue('salsa verde');

    await act(() => router.navigate(-1));
    expect(box).toHaveValue('');
    await act(() => router.navigate(1));
    expect(box).toHaveValue('salsa verde');
  });

  it('an empty search goes to the whole assortment', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/nl/assortment?search=mole', { routes });
    const box = screen.getByRole('searchbox', { name: 'Producten zoeken' });
    expect(box).toHaveValue('mole');
    await user.clear(box);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/nl/assortment');
  });
});
