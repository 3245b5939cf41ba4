import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ProductDetail } from '../../../../shared/api/catalog';
import type { Language } from '../../../../shared/lang';
import { api } from '../../../lib/api-client';

import { loadCatalogContracts } from './contracts';

/** GET /jsonapi/commerce_product/default/{id}: one product with images, variations, prices and quotes. */
export async function getProduct(id: string, lang: Language, signal?: AbortSignal): Promise<ProductDetail> {
  const [body, { productDetailResponse }] = await Promise.all([
    api.get<unknown>(`/jsonapi/commerce_product/default/${encodeURIComponent(id)}`, {
      query: { jsonapi_include: 1, include: 'cb_product,images,variations,is_favorite' },
      lang,
      signal,
    }),
    loadCatalogContracts(),
  ]);
  return productDetailResponse.parse(body).data;
}

export const getProductQueryOptions = (id: string, lang: Language) =>
  queryOptions({
    queryKey: ['products', 'detail', { id, lang }],
    queryFn: ({ signal }) => getProduct(id, lang, signal),
  });

export function useProduct(id: string, lang: Language) {
  return useQuery(getProductQueryOptions(id, lang));
}

const PRODUCT_PATH = /^\/assortment\/([0-9a-f-]{36})$/i;

/**
 * The name of the product whose page is at a path (without language segment), when the page
 * has loaded it; never fetches itself (for the breadcrumbs, which sit on every page).
 */
export function useLoadedProductName(path: string, lang: Language): string | undefined {
  const id = PRODUCT_PATH.exec(path)?.[1] ?? '';
  const { data } = useQuery({ ...getProductQueryOptions(id, lang), enabled: false });
  return id ? data?.title : undefined;
}
