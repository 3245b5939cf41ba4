import type { Product } from '../../../../shared/api/catalog';
import { useProducts } from '../../../lib/api/get-products';
import { useSessionUser } from '../../../lib/session';
import { useLang } from '../../../lib/use-lang';

import { useDebouncedValue } from '../../../hooks/use-debounced-value';

/** How many products a suggestion list shows, and how long typing pauses before it asks. */
export const SUGGESTION_LIMIT = 8;
export const SUGGESTION_DELAY_MS = 200;
/** Fewer characters than this ask nothing (one digit matches half the catalogue). */
export const SUGGESTION_MIN_CHARS = 2;

export interface Suggestions {
  products: Product[];
  /** The term the products are for (what was typed, once typing paused). */
  term: string;
  /** True once an answer for `term` is there. */
  settled: boolean;
}

/**
 * Products matching what is typed in an article field: the assortment's own list call
 * (`filter[fulltext]` matches article-number prefixes and names) with the customer's prices.
 */
export function useSuggestions(typed: string, enabled: boolean): Suggestions {
  const lang = useLang();
  const relation = useSessionUser()?.relation ?? null;
  const term = useDebouncedValue(typed.trim(), SUGGESTION_DELAY_MS);
  const asking = enabled && term.length >= SUGGESTION_MIN_CHARS;
  const query = useProducts(
    { search: term, page: 1, items: SUGGESTION_LIMIT, category: null, favoritesOf: null, relation, lang },
    { enabled: asking },
  );
  if (!asking) return { products: [], term, settled: false };
  // the list keeps the previous answer while the next loads (keepPreviousData)
  return { products: query.data?.data ?? [], term, settled: query.isSuccess && !query.isPlaceholderData };
}
