import { queryOptions, useQuery } from '@tanstack/react-query';

import type { PriceMutation } from '../../../../shared/api/catalog-actions';
import type { Language } from '../../../../shared/lang';
import { api } from '../../../lib/api-client';

import { loadCatalogContracts } from './contracts';

/** Upcoming price changes by product uuid. */
export type PriceMutations = Record<string, PriceMutation>;

/** POST /api/upcoming-price-mutations {products}: future prices in the caller's price list. */
export async function getUpcomingPriceMutations(products: readonly string[], lang: Language): Promise<PriceMutations> {
  const [body, { upcomingPriceMutationsResponse }] = await Promise.all([
    api.post<unknown>('/api/upcoming-price-mutations', { products }, { lang }),
    loadCatalogContracts(),
  ]);
  const result: PriceMutations = {};
  for (const { product, mutation } of upcomingPriceMutationsResponse.parse(body).data) result[product] = mutation;
  return result;
}

export const getUpcomingPriceMutationsQueryOptions = (products: readonly string[], lang: Language) =>
  queryOptions({
    queryKey: ['upcoming-price-mutations', 'list', { products, lang }],
    queryFn: () => getUpcomingPriceMutations(products, lang),
    staleTime: 5 * 60_000,
  });

/** Asked once per page of products (and once for a product page); nothing for an empty page. */
export function useUpcomingPriceMutations(products: readonly string[], lang: Language) {
  return useQuery({ ...getUpcomingPriceMutationsQueryOptions(products, lang), enabled: products.length > 0 });
}
