import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';

import type { OrderResource } from '../../../../shared/api/checkout';
import type { OrderListItem } from '../../../../shared/api/orders';
import type { Language } from '../../../../shared/lang';
import { api, ApiError } from '../../../lib/api-client';

import { loadCheckoutContracts } from './contracts';
import { ordersQueryKey } from './get-orders';

/**
 * The placed order with its lines, their variation and pictures: the same call and include as
 * the completed page's, so both share one cache entry (`['orders', 'detail', { uuid, lang }]`).
 */
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
    // as the app's default (lib/query-client.ts), said here because findOrderUuid fills this
    // entry just before the page reads it
    staleTime: 30_000,
  });

/** The order with that uuid; nothing is asked without one. */
export function useOrder(uuid: string | null, lang: Language) {
  return useQuery({ ...getOrderQueryOptions(uuid ?? '', lang), enabled: uuid !== null });
}

// --- the uuid of an order id --------------------------------------------------------------------

/** The order of that id in a list page already in the cache (My orders was open before). */
function cachedUuid(queryClient: QueryClient, user: number, orderId: number): string | null {
  for (const [key, data] of queryClient.getQueriesData<{ data: OrderListItem[] }>({ queryKey: ordersQueryKey })) {
    const params = key[2] as { user?: number } | undefined;
    if (params?.user !== user) continue;
    const found = data?.data.find((order) => order.drupal_internal__order_id === orderId);
    if (found) return found.id;
  }
  return null;
}

/**
 * The route of the order detail has the numeric order id, the order call is keyed by uuid: a
 * link from My orders hands the uuid over, a list page in the cache has it, and otherwise the
 * order call is asked by the numeric id (the server takes both, as Drupal's JSON:API with its
 * id alias does); its answer fills the cache entry of that uuid, so the page asks nothing twice.
 * Null when the user has no such order.
 */
export async function findOrderUuid(queryClient: QueryClient, user: number, orderId: number, lang: Language): Promise<string | null> {
  const cached = cachedUuid(queryClient, user, orderId);
  if (cached) return cached;
  try {
    const order = await getOrder(String(orderId), lang);
    queryClient.setQueryData(getOrderQueryOptions(order.id, lang).queryKey, order);
    return order.id;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const getOrderUuidQueryOptions = (queryClient: QueryClient, user: number, orderId: number, lang: Language) =>
  queryOptions({
    queryKey: ['order-uuid', 'detail', { user, orderId, lang }],
    queryFn: () => findOrderUuid(queryClient, user, orderId, lang),
    staleTime: Infinity,
  });
