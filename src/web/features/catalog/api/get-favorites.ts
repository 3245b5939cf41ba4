import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

import { FAVORITES_LIMIT, loadCatalogContracts } from './contracts';

/** A product on the order list (spec section 3, Favourite). */
export interface Favorite {
  /** The product's uuid. */
  uuid: string;
  productId: number;
  /** The favourite record's id, for DELETE. */
  favoriteId: string;
}

export const favoritesQueryKey = ['favorites', 'list'] as const;

/**
 * GET /jsonapi/index/products/?page[offset]=0&page[limit]=1000&filter[favorites]={relation}:
 * the relation's favourites.
 */
export async function getFavorites(relation: number, signal?: AbortSignal): Promise<Favorite[]> {
  const [body, { productListResponse }] = await Promise.all([
    api.get<unknown>('/jsonapi/index/products/', {
    query: {
      'page[offset]': 0,
      'page[limit]': FAVORITES_LIMIT,
      'filter[favorites]': relation,
      'filter[entity_type]': 'commerce_product',
    },
      signal,
    }),
    loadCatalogContracts(),
  ]);
  return productListResponse.parse(body).data.flatMap((product) =>
    product.favorite_id ? [{ uuid: product.id, productId: product.drupal_internal__product_id, favoriteId: product.favorite_id }] : [],
  );
}

export const getFavoritesQueryOptions = (relation: number) =>
  queryOptions({
    queryKey: [...favoritesQueryKey, { relation }],
    queryFn: ({ signal }) => getFavorites(relation, signal),
  });

/** The order list of the user's relation; nothing is asked for a user without one (spec section 5). */
export function useFavorites(relation: number | null) {
  return useQuery({ ...getFavoritesQueryOptions(relation ?? 0), enabled: relation !== null });
}
