import { queryOptions, useQuery } from '@tanstack/react-query';

import type { OrderResource } from '../../../../shared/api/checkout';
import type { Language } from '../../../../shared/lang';
import { api } from '../../../lib/api-client';

import { loadCheckoutContracts } from './contracts';

/** The placed order as the completed page shows it: lines with their variation and pictures. */
const ORDER_INCLUDE = 'uid,order_items,order_items.purchased_entity,order_items.purchased_entity.product_images';

/** GET /jsonapi/commerce_order/default/{uuid}?jsonapi_include=1&include=... (spec section 7). */
export async function getOrder(uuid: string, lang: Language, signal?: AbortSignal): Promise<OrderResource> {
  const [body, { orderResponse }] = await Promise.all([
    api.get<unknown>(`/jsonapi/commerce_order/default/${encodeURIComponent(uuid)}`, {
      query: { jsonapi_include: 1, include: ORDER_INCLUDE },
      lang,
      signal,
    }),
    loadCheckoutContracts(),
  ]);
  return orderResponse.parse(body).data;
}

export const getOrderQueryOptions = (uuid: string, lang: Language) =>
  queryOptions({
    queryKey: ['orders', 'detail', { uuid, lang }],
    queryFn: ({ signal }) => getOrder(uuid, lang, signal),
  });

/** The order with that uuid; nothing is asked without one. */
export function useOrder(uuid: string | null, lang: Language) {
  return useQuery({ ...getOrderQueryOptions(uuid ?? '', lang), enabled: uuid !== null });
}
