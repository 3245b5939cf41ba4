import { queryOptions, useQuery } from '@tanstack/react-query';

import type { UsualProductsResponse } from '../../../../shared/api/quick-order';
import type { Language } from '../../../../shared/lang';
import { api } from '../../../lib/api-client';
import { loadQuickOrderContracts } from '../../../lib/api/quick-order-contracts';
import { USUAL_SORTS, USUAL_SOURCES } from './contracts';

export type UsualSort = (typeof USUAL_SORTS)[number];
export type UsualSource = (typeof USUAL_SOURCES)[number];

export interface UsualProductsParams {
  source: UsualSource;
  sort: UsualSort;
  lang: Language;
  /** The logged-in user: another user (or a masquerade) has other usual products. */
  user: number;
}

/** ?source= and ?sort= of the page's address; anything else is the default. */
export function readUsualParams(search: URLSearchParams): Pick<UsualProductsParams, 'source' | 'sort'> {
  const source = search.get('source');
  const sort = search.get('sort');
  return {
    source: (USUAL_SOURCES as readonly string[]).includes(source ?? '') ? (source as UsualSource) : 'orders',
    sort: (USUAL_SORTS as readonly string[]).includes(sort ?? '') ? (sort as UsualSort) : 'frequency',
  };
}

/** GET /quick-order/usual?source=&sort=: what the relation usually orders, or its favourites. */
export async function getUsualProducts(params: UsualProductsParams, signal?: AbortSignal): Promise<UsualProductsResponse> {
  const [body, { usualProductsResponse }] = await Promise.all([
    api.get<unknown>('/quick-order/usual', { query: { source: params.source, sort: params.sort }, lang: params.lang, signal }),
    loadQuickOrderContracts(),
  ]);
  return usualProductsResponse.parse(body);
}

export const getUsualProductsQueryOptions = (params: UsualProductsParams) =>
  queryOptions({ queryKey: ['quick-order', 'usual', params], queryFn: ({ signal }) => getUsualProducts(params, signal) });

export function useUsualProducts(params: UsualProductsParams) {
  return useQuery(getUsualProductsQueryOptions(params));
}
