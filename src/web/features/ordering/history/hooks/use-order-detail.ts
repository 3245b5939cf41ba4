import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';

import { ApiError } from '../../../../lib/api-client';
import { useSessionUser } from '../../../../lib/session';
import { usePlacedOrder } from '../../../../lib/api/placed-order';
import { useLang } from '../../../../lib/use-lang';
import { getOrderUuidQueryOptions } from '../api/get-order-uuid';

import { linkedUuid } from './order-link-state';

/** The order id of the route, or null when it is not one. */
export function orderIdOf(param: string | undefined): number | null {
  return param && /^\d{1,10}$/.test(param) ? Number(param) : null;
}

/**
 * The placed order of the route's numeric id: by the uuid a link from My orders handed over,
 * else from a cached list page or by asking the order call by its id. `missing` when the user
 * has no such order.
 */
export function useOrderDetail(orderId: number | null) {
  const user = useSessionUser();
  const lang = useLang();
  const queryClient = useQueryClient();
  const { state } = useLocation();
  const fromLink = orderId === null ? null : linkedUuid(state, orderId);
  const lookup = useQuery({
    ...getOrderUuidQueryOptions(queryClient, user?.id ?? 0, orderId ?? 0, lang),
    enabled: fromLink === null && orderId !== null && user !== null,
  });
  const uuid = fromLink ?? lookup.data ?? null;
  const order = usePlacedOrder(uuid, lang);
  // a uuid handed over for another order (a stale history entry) does not count
  const wrong = order.data !== undefined && order.data.drupal_internal__order_id !== orderId;
  const missing = orderId === null || (fromLink === null && lookup.data === null) || wrong || isNotFound(order.error);
  const failed = !missing && (lookup.isError || order.isError);
  return { order: missing ? undefined : order.data, missing, failed, retry: () => void (lookup.isError ? lookup.refetch() : order.refetch()) };
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
