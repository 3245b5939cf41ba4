import { type QueryClient, queryOptions } from '@tanstack/react-query';

import type { OrderListItem } from '../../../../../shared/api/orders';
import type { Language } from '../../../../../shared/lang';
import { ApiError } from '../../../../lib/api-client';
import { getPlacedOrder, placedOrderQueryOptions } from '../../../../lib/api/placed-order';

import { ordersQueryKey } from './get-orders';

/* The uuid of an order id: the route has the number, the placed-order call's cache is keyed by uuid. */

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
    const order = await getPlacedOrder(String(orderId), lang);
    queryClient.setQueryData(placedOrderQueryOptions(order.id, lang).queryKey, order);
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
