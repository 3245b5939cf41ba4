import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../api/contracts';
import { WITHIN_ASSORTMENT } from './use-scroll-within-assortment';

/**
 * The food filters (issue 19) as the URL has them: ?without=gluten,milk&strict=1&diet=vegan&storage=frozen
 * (null: not given). Whether the words are known values the server checks (an unknown one is a
 * 400, as an unknown category is): the lists stay out of the first load (food-keys.ts).
 */
export interface FoodFilterParams {
  /** Allergens the products are free of, comma-separated. */
  without: string | null;
  /** '1': also leave out products that may contain them. */
  strict: string | null;
  /** Diet marks the products all have, comma-separated. */
  diet: string | null;
  /** Storage types, any of them, comma-separated. */
  storage: string | null;
}

/** The assortment's query parameters (spec section 2): search, page, items, categories; and the food filters. */
export interface AssortmentParams {
  search: string;
  /** 1-based. */
  page: number;
  /** Page size: one of 15, 30, 45. */
  items: number;
  /** Category term id, or null for all products. */
  category: number | null;
  food: FoodFilterParams;
}


function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return null;
  const number = Number(value);
  return number >= 1 ? number : null;
}

/** Reads the URL; anything unusable falls back to its default (page 1, 15 items, no filter). */
export function readAssortmentParams(params: URLSearchParams): AssortmentParams {
  const items = positiveInt(params.get('items'));
  return {
    search: (params.get('search') ?? '').trim(),
    page: positiveInt(params.get('page')) ?? 1,
    items: items !== null && (PAGE_SIZES as readonly number[]).includes(items) ? items : DEFAULT_PAGE_SIZE,
    category: positiveInt(params.get('categories')),
    food: {
      without: params.get('without'),
      strict: params.get('strict'),
      diet: params.get('diet'),
      storage: params.get('storage'),
    },
  };
}

/**
 * The next query string: the given changes on top of the current one. Any change other than
 * the page itself starts again at page 1.
 */
export function nextAssortmentSearch(current: URLSearchParams, changes: Partial<Omit<AssortmentParams, 'food'>>): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | number | null | undefined) => {
    if (value === undefined) return;
    if (value === null || value === '') next.delete(key);
    else next.set(key, String(value));
  };
  set('search', changes.search);
  set('items', changes.items);
  set('categories', changes.category);
  if (changes.page !== undefined) set('page', changes.page);
  else next.delete('page');
  return next;
}

/** The parameters and a function that changes them in the URL (a new history entry). */
export function useAssortmentParams(): [AssortmentParams, (changes: Partial<Omit<AssortmentParams, 'food'>>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readAssortmentParams(searchParams), [searchParams]);
  const update = useCallback(
    (changes: Partial<Omit<AssortmentParams, 'food'>>) => setSearchParams((current) => nextAssortmentSearch(current, changes), WITHIN_ASSORTMENT),
    [setSearchParams],
  );
  return [params, update];
}
