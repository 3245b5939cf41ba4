import { queryOptions, useQuery } from '@tanstack/react-query';

import type { CategoryTerm } from '../../../../shared/api/catalog';
import type { Language } from '../../../../shared/lang';
import { api } from '../../../lib/api-client';

import { loadCatalogContracts } from './contracts';

/** GET /jsonapi/index/products?filter[entity_type]=taxonomy_term: the category tree in the language of the call. */
export async function getCategories(lang: Language, signal?: AbortSignal): Promise<CategoryTerm[]> {
  const [body, { categoryTreeResponse }] = await Promise.all([
    api.get<unknown>('/jsonapi/index/products', { query: { 'filter[entity_type]': 'taxonomy_term' }, lang, signal }),
    loadCatalogContracts(),
  ]);
  return categoryTreeResponse.parse(body).data;
}

export const getCategoriesQueryOptions = (lang: Language) =>
  queryOptions({
    queryKey: ['categories', 'list', { lang }],
    queryFn: ({ signal }) => getCategories(lang, signal),
    staleTime: 10 * 60_000,
  });

export function useCategories(lang: Language) {
  return useQuery(getCategoriesQueryOptions(lang));
}
