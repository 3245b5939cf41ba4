import { queryOptions, useQuery } from '@tanstack/react-query';

import type { OrderResource } from '../../../shared/api/checkout';
import type { Language } from '../../../shared/lang';

import { api } from '../api-client';

/**
 * A placed order with its lines, their variation and pictures, as the completed page (cart) and
 * the order detail (orders) both show it: one call and one cache entry,
 * `['orders', 'detail', { uuid, lang }]`. The zod contract loads with the first answer (STACK-NOTES 10).
 */
const ORDER_INCLUDE = 'uid,order_items,order_items.purchased_entity,order_items.purchased_entity.product_images';

/** GET /jsonapi/commerce_order/default/{id}?jsonapi_include=1&include=... (spec section 7); `id` is the uuid or the number. */
export async function getPlacedOrder(id: string, lang: Language, signal?: AbortSignal): Promise<OrderResource> {
  const [body, { orderResponse }] = await Promise.all([
    api.get<unknown>(`/jsonapi/commerce_order/default/${encodeURIComponent(id)}`, {
      query: { jsonapi_include: 1, include: ORDER_INCLUDE },
      lang,
      signal,
    }),
    import('../../../shared/api/checkout'),
  ]);
  return orderResponse.parse(body).data;
}

export const placedOrderQueryOptions = (uuid: string, lang: Language) =>
  queryOptions({
    queryKey: ['orders', 'detail', { uuid, lang }],
    queryFn: ({ signal }) => getPlacedOrder(uuid, lang, signal),
    // as the app's default (query-client.ts), said here because the order detail fills this
    // entry (found by the order's number) just before the page reads it
    staleTime: 30_000,
  });

/** The placed order with that uuid; nothing is asked without one. */
export function usePlacedOrder(uuid: string | null, lang: Language) {
  return useQuery({ ...placedOrderQueryOptions(uuid ?? '', lang), enabled: uuid !== null });
}
