import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearchParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { SuggestionsResponse } from '../../../shared/api/search';
import { jsonResponse, type MockCall, mockFetch, on } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

import { SearchForm } from './search-form';

/*
 * The suggestions' code loads on the box's first focus (React.lazy). Here it arrives only when a
 * test lets it (`gate.release()`), so what is typed, and submitted, before it arrives is tested.
 */
const gate = vi.hoisted(() => {
  let release = () => undefined as void;
  const loaded = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { loaded, release: () => release() };
});
vi.mock('../../features/search-suggest/components/search-suggestions', async (importOriginal) => {
  await gate.loaded;
  return importOriginal();
});

function HeaderSearch() {
  const [params] = useSearchParams();
  return <SearchForm initial={params.get('search') ?? ''} />;
}
const routes = () => [{ path: '*', element: <HeaderSearch /> }];
const answer: SuggestionsResponse = { products: [], categories: [{ id: 3, name: 'Corn tortillas' }] };
const suggestionCalls = (calls: MockCall[]) => calls.filter((call) => call.url.includes('/api/search/suggestions'));

afterEach(() => {
  vi.useRealTimers();
});

describe('SearchForm before the suggestions have loaded', () => {
  it('a search typed and submitted before they load: no list opens over the results when they arrive', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = mockFetch(on('GET', '/api/search/suggestions', () => jsonResponse(200, answer)));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderApp('/en/cart', { routes });
    const box = screen.getByRole('combobox', { name: 'Search products' });
    await user.click(box);
    await user.keyboard('tortilla{Enter}');
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/en/assortment?search=tortilla'));
    expect(box).not.toHaveAttribute('aria-controls');

    gate.release();
    // loaded: the suggestions make the box a combobox with a list
    await waitFor(() => expect(box).toHaveAttribute('aria-controls'));
    await act(async () => vi.advanceTimersByTime(1000));
    expect(suggestionCalls(calls)).toEqual([]);
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveFocus();

    // typing again opens it as usual
    await user.keyboard('s');
    await act(async () => vi.advanceTimersByTime(1000));
    await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
  });
});
