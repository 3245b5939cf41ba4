import { useSearchParams } from 'react-router';

import { pageParam } from './page-param';

/**
 * A list's filters and page kept in the address, so the back button goes back a filter or a page.
 * `read` takes the filters from the address (what it does not understand left out), `write` gives
 * their query (empty values are left out; by default the filters as they are). `show` changes filters and starts at page 1;
 * `showPage` turns the page with the same filters.
 */
export function useListAddress<F extends object>(read: (search: URLSearchParams) => F, write: (filters: F) => Record<string, string | undefined> = (filters) => filters as Record<string, string | undefined>) {
  const [search, setSearch] = useSearchParams();
  const filters = read(search);
  const page = pageParam(search.get('page'));
  function go(next: F, nextPage: number) {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(write(next))) if (value) query.set(key, value);
    if (nextPage > 1) query.set('page', String(nextPage));
    setSearch(query);
  }
  return {
    filters,
    page,
    show: (change: Partial<F>) => go({ ...filters, ...change }, 1),
    showPage: (next: number) => go(filters, next),
  };
}
