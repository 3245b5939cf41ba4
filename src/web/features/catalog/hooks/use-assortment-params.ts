import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

import { ALLERGEN_KEYS, DEFAULT_PAGE_SIZE, DIET_KEYS, PAGE_SIZES, STORAGE_KEYS } from '../api/contracts';

/** The food filters (issue 19): ?without=gluten,milk&strict=1&diet=vegan&storage=frozen. */
export interface FoodFilterParams {
  /** Allergens the products are free of. */
  without: string[];
  /** Also leave out products that may contain them. */
  strict: boolean;
  /** Diet marks the products all have. */
  diet: string[];
  /** Storage types, any of them. */
  storage: string[];
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

/** The known values of a comma-separated list, each once, in the contract's order. */
const listOf = (value: string | null, known: readonly string[]) => {
  const given = (value ?? '').split(',');
  return known.filter((key) => given.includes(key));
};

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
      without: listOf(params.get('without'), ALLERGEN_KEYS),
      strict: params.get('strict') === '1',
      diet: listOf(params.get('diet'), DIET_KEYS),
      storage: listOf(params.get('storage'), STORAGE_KEYS),
    },
  };
}

/**
 * The next query string: the given changes on top of the current one. Any change other than
 * the page itself starts again at page 1.
 */
export function nextAssortmentSearch(current: URLSearchParams, changes: Partial<AssortmentParams>): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | number | null | undefined) => {
    if (value === undefined) return;
    if (value === null || value === '') next.delete(key);
    else next.set(key, String(value));
  };
  set('search', changes.search);
  set('items', changes.items);
  set('categories', changes.category);
  if (changes.food) {
    set('without', changes.food.without.join(','));
    set('strict', changes.food.strict ? 1 : null);
    set('diet', changes.food.diet.join(','));
    set('storage', changes.food.storage.join(','));
  }
  if (changes.page !== undefined) set('page', changes.page);
  else next.delete('page');
  return next;
}

/** The parameters and a function that changes them in the URL (a new history entry). */
export function useAssortmentParams(): [AssortmentParams, (changes: Partial<AssortmentParams>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readAssortmentParams(searchParams), [searchParams]);
  const update = useCallback(
    (changes: Partial<AssortmentParams>) => setSearchParams((current) => nextAssortmentSearch(current, changes)),
    [setSearchParams],
  );
  return [params, update];
}
