import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearchParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { SuggestionsResponse } from '../../../shared/api/search';
import { price } from '../../../shared/money';
import { jsonResponse, type MockCall, mockFetch, on } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

import { SUGGEST_DELAY_MS } from '../../features/search-suggest/components/search-suggestions';

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
    const box = screen.getByRole('combobox', { name: 'Search products' });

    await user.tab();
    expect(box).toHaveFocus();
    await user.keyboard('  salsa verde {Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?search=salsa+verde'));
    expect(router.state.location.pathname).toBe('/en/assortment');
    // the same box, still focused, with the search as the URL has it
    expect(screen.getByRole('combobox', { name: 'Search products' })).toBe(box);
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
    const box = screen.getByRole('combobox', { name: 'Producten zoeken' });
    expect(box).toHaveValue('mole');
    await user.clear(box);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/nl/assortment');
  });
});

const answer: SuggestionsResponse = {
  products: [
    { id: '11111111-1111-4111-8111-111111111111', title: 'Tortilla de maíz 15 cm', sku: '100120', image: null, price: price(245) },
    { id: '22222222-2222-4222-8222-222222222222', title: 'Tortilla de trigo 30 cm', sku: '100220', image: null, price: null },
  ],
  categories: [{ id: 3, name: 'Corn tortillas' }],
};
const suggestionCalls = (calls: MockCall[]) => calls.filter((call) => call.url.includes('/api/search/suggestions'));
const termOf = (call: MockCall) => new URL(call.url, 'http://shop.test').searchParams.get('q');

/** A user whose typing moves the fake clock (the suggestions' tests run on one, see beforeEach). */
const clockedUser = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
/** Typing pauses: the suggestions' debounce passes on the fake clock instead of in real time. */
const typingPauses = () => act(async () => vi.advanceTimersByTime(SUGGEST_DELAY_MS));

/** The box on /en/cart with `text` typed and the suggestions' list shown. */
async function typedWithList(text: string) {
  mockFetch(on('GET', '/api/search/suggestions', () => jsonResponse(200, answer)));
  const user = clockedUser();
  const { router } = renderApp('/en/cart', { routes });
  const box = screen.getByRole('combobox', { name: 'Search products' });
  await user.click(box);
  await user.keyboard(text);
  await typingPauses();
  await screen.findByRole('listbox', { name: 'Suggestions' });
  return { user, router, box };
}

describe('SearchForm suggestions (combobox)', () => {
  // The clock also moves with real time, which testing-library's waits need in Vitest.
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('suggests products and categories after two characters; arrows move, Enter opens the highlighted product', async () => {
    const calls = mockFetch(on('GET', '/api/search/suggestions', () => jsonResponse(200, answer)));
    const user = clockedUser();
    const { router } = renderApp('/en/cart', { routes });
    const box = screen.getByRole('combobox', { name: 'Search products' });
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await user.click(box);
    await user.keyboard('t');
    await user.keyboard('ortilla');
    await typingPauses();
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);
    // typing pauses once: one request, for the whole word (never for a single character)
    expect(suggestionCalls(calls).map(termOf)).toEqual(['tortilla']);
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining('Tortilla de maíz 15 cm'),
      expect.stringContaining('Price on request'),
      'Corn tortillas',
    ]);
    expect(options[0]).toHaveTextContent('Art. no. 100120');
    expect(options[0]).toHaveTextContent('€ 2,45');
    expect(within(list).getByRole('group', { name: 'Products' })).toBeInTheDocument();
    expect(within(list).getByRole('group', { name: 'Categories' })).toBeInTheDocument();
    expect(box).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(box).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/assortment/22222222-2222-4222-8222-222222222222'));
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('Enter on a highlighted category opens its assortment page', async () => {
    mockFetch(on('GET', '/api/search/suggestions', () => jsonResponse(200, answer)));
    const user = clockedUser();
    const { router } = renderApp('/nl/cart', { routes });
    const box = screen.getByRole('combobox', { name: 'Producten zoeken' });
    await user.click(box);
    await user.keyboard('mais');
    await typingPauses();
    await screen.findByRole('listbox', { name: 'Suggesties' });
    await user.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/nl/assortment?categories=3'));
  });

  it('Enter without a chosen suggestion searches the assortment, as before', async () => {
    const { user, router, box } = await typedWithList('tortilla');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/en/assortment?search=tortilla'));
    // the list does not stay open over the results
    expect(screen.queryByRole('listbox', { name: 'Suggestions' })).toBeNull();
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it("closes the list when the URL's search changes (a link, back or forward), and opens it again on typing", async () => {
    const { user, router, box } = await typedWithList('tortilla');
    await act(() => router.navigate('/en/assortment?search=salsa'));
    expect(box).toHaveValue('salsa');
    expect(screen.queryByRole('listbox', { name: 'Suggestions' })).toBeNull();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard(' verde');
    await typingPauses();
    await screen.findByRole('listbox', { name: 'Suggestions' });
  });

  it('never asks for the text the box started with once the customer clears it and types another word', async () => {
    const calls = mockFetch(on('GET', '/api/search/suggestions', () => jsonResponse(200, answer)));
    const user = clockedUser();
    renderApp('/en/assortment?search=tortilla', { routes });
    const box = screen.getByRole('combobox', { name: 'Search products' });
    await user.click(box);
    await waitFor(() => expect(box).toHaveAttribute('aria-controls'));
    await user.clear(box);
    await user.keyboard('salsa');
    await typingPauses();
    await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(suggestionCalls(calls).map(termOf)).toEqual(['salsa']);
  });

  it('Escape closes the list first, then empties the box', async () => {
    const { user, box } = await typedWithList('tortilla');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveValue('tortilla');
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
  });

  it('asks nothing for one character, and once typing pauses for two', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const calls = mockFetch(on('GET', '/api/search/suggestions', () => jsonResponse(200, answer)));
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderApp('/en/cart', { routes });
      const box = screen.getByRole('combobox', { name: 'Search products' });
      await user.click(box);
      await user.keyboard('t');
      await act(async () => vi.advanceTimersByTime(1000));
      expect(suggestionCalls(calls)).toEqual([]);
      expect(box).toHaveAttribute('aria-expanded', 'false');
      await user.keyboard('o');
      await act(async () => vi.advanceTimersByTime(1000));
      await screen.findByRole('listbox', { name: 'Suggestions' });
      expect(suggestionCalls(calls).map(termOf)).toEqual(['to']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('aborts the request for a term no longer wanted', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const pending: Promise<Response> = new Promise(() => undefined);
      mockFetch(() => jsonResponse(200, answer));
      // the first term's answer never comes: the box has moved on before it could
      const fetchMock = vi.mocked(fetch);
      const answered = fetchMock.getMockImplementation()!;
      fetchMock.mockImplementation((input, init) => (String(input).endsWith('q=to') ? pending : answered(input, init)));
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderApp('/en/cart', { routes });
      const box = screen.getByRole('combobox', { name: 'Search products' });
      await user.click(box);
      await user.keyboard('to');
      await act(async () => vi.advanceTimersByTime(1000));
      await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).includes('q=to'))).toBe(true));
      await user.keyboard('rt');
      await act(async () => vi.advanceTimersByTime(1000));
      await screen.findByRole('listbox', { name: 'Suggestions' });
      const first = fetchMock.mock.calls.find(([input]) => String(input).endsWith('q=to'));
      expect(first?.[1]?.signal?.aborted).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
