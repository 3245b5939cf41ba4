import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { ORDERS_PAGE_SIZE, type OrderListResponse } from '../../../../../shared/api/orders';
import { api } from '../../../../lib/api-client';

import { loadOrderContracts } from './contracts';

/**
 * GET /jsonapi/commerce_order/default with the filters of spec section 7: the user's own orders
 * out of draft, newest first, 15 a page (`page` counts from 1).
 */
export async function getOrders(user: number, page: number, signal?: AbortSignal): Promise<OrderListResponse> {
  const [body, { orderListResponse }] = await Promise.all([
    api.get<unknown>('/jsonapi/commerce_order/default', {
      query: {
        'filter[uid.meta.drupal_internal__target_id]': user,
        'filter[state][condition][path]': 'state',
        'filter[state][condition][operator]': 'NOT IN',
        'filter[state][condition][value][]': ['draft'],
        sort: '-placed',
        'page[offset]': ORDERS_PAGE_SIZE * (page - 1),
        'page[limit]': ORDERS_PAGE_SIZE,
      },
      signal,
    }),
    loadOrderContracts(),
  ]);
  return orderListResponse.parse(body);
}

export const ordersQueryKey = ['orders', 'list'] as const;

export const getOrdersQueryOptions = (user: number, page: number) =>
  queryOptions({
    queryKey: [...ordersQueryKey, { user, page }],
    queryFn: ({ signal }) => getOrders(user, page, signal),
  });

/** One page of the user's orders; the previous page stays shown while the next one loads. */
export function useOrders(user: number | null, page: number) {
  return useQuery({ ...getOrdersQueryOptions(user ?? 0, page), enabled: user !== null, placeholderData: keepPreviousData });
}

/** The number of pages for `count` orders (at least 1). */
export function orderPages(count: number): number {
  return Math.max(1, Math.ceil(count / ORDERS_PAGE_SIZE));
}
