import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { SuggestionsResponse } from '../../../../shared/api/search';
import { SUGGEST_MIN_CHARS, SUGGESTIONS_PATH } from '../../../../shared/api/search-limits';
import type { Language } from '../../../../shared/lang';
import { api } from '../../../lib/api-client';

/** Letters and digits of a text: fewer than SUGGEST_MIN_CHARS ask nothing (as the server decides). */
export const askable = (term: string) => term.replace(/[^\p{L}\p{N}]/gu, '').length >= SUGGEST_MIN_CHARS;

/** GET /api/search/suggestions?q=: products (with the customer's price) and categories for what is typed. */
export function getSuggestions(term: string, lang: Language, signal?: AbortSignal): Promise<SuggestionsResponse> {
  return api.get<SuggestionsResponse>(SUGGESTIONS_PATH, { query: { q: term }, signal, lang });
}

export const getSuggestionsQueryOptions = (term: string, lang: Language) =>
  queryOptions({
    queryKey: ['search', 'suggestions', lang, term],
    // the signal makes TanStack Query abort a request whose term is no longer wanted
    queryFn: ({ signal }) => getSuggestions(term, lang, signal),
    placeholderData: keepPreviousData,
  });

export function useSuggestions(term: string, lang: Language) {
  return useQuery({ ...getSuggestionsQueryOptions(term, lang), enabled: askable(term) });
}
