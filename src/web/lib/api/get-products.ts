import { keepPreviousData, queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';

import type { ProductListResponse } from '../../../shared/api/catalog';
import type { Language } from '../../../shared/lang';
import { api } from '../api-client';

/** The catalogue's zod contract, loaded when the first answer needs parsing (STACK-NOTES 10). */
const loadCatalogContracts = () => import('../../../shared/api/catalog');

export interface ProductListParams {
  search: string;
  /** 1-based. */
  page: number;
  /** Page size: 15, 30 or 45. */
  items: number;
  /** Category term id (drupal_internal__tid), or null for all. */
  category: number | null;
  /** Only the favourites of this relation (the order list), or null for the whole assortment. */
  favoritesOf: number | null;
  /** The relation whose prices to show (`page[u]`); null for a user without one. */
  relation: number | null;
  lang: Language;
  /** Food filters (issue 19): comma-separated allergen, diet and storage keys; strict '1'. */
  food?: { without: string | null; strict: string | null; diet: string | null; storage: string | null };
}

/** The query string of spec section 7 (Drupal's bracketed keys). */
export function productListQuery(params: ProductListParams) {
  return {
    jsonapi_include: 1,
    include: 'images,variations',
    'filter[entity_type]': 'commerce_product',
    'sort[artnr][path]': 'sku',
    'sort[artnr][direction]': 'ASC',
    'page[offset]': (params.page - 1) * params.items,
    'page[limit]': params.items,
    'page[u]': params.relation,
    'filter[fulltext]': params.search || undefined,
    'filter[favorites]': params.favoritesOf,
    'filter[categories]': params.category,
    'filter[without]': params.food?.without,
    'filter[without_strict]': params.food?.strict,
    'filter[diet]': params.food?.diet,
    'filter[storage]': params.food?.storage,
  };
}

/**
 * GET /jsonapi/index/products/: one page of products and the number of matches. The assortment,
 * the order list and quick order's suggestions (a few products matching what is typed) ask it.
 */
export async function getProducts(params: ProductListParams, signal?: AbortSignal): Promise<ProductListResponse> {
  const [body, { productListResponse }] = await Promise.all([
    api.get<unknown>('/jsonapi/index/products/', { query: productListQuery(params), lang: params.lang, signal }),
    loadCatalogContracts(),
  ]);
  return productListResponse.parse(body);
}

export const getProductsQueryOptions = (params: ProductListParams) =>
  queryOptions({
    queryKey: ['products', 'list', params],
    queryFn: ({ signal }) => getProducts(params, signal),
    placeholderData: keepPreviousData,
  });

/** The order list's product pages, which change when a favourite is toggled. */
export function isOrderListQuery(queryKey: QueryKey): boolean {
  const params = queryKey[2] as Partial<ProductListParams> | undefined;
  return queryKey[0] === 'products' && queryKey[1] === 'list' && params?.favoritesOf != null;
}

export function useProducts(params: ProductListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getProductsQueryOptions(params), enabled });
}
