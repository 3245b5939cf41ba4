import { queryOptions, useQuery } from '@tanstack/react-query';

import type { StaffOrder } from '../../../../shared/api/staff-order';
import { api } from '../../../lib/api-client';

export const staffOrderKey = (uuid: string) => ['staff-orders', 'detail', uuid] as const;

/** GET /api/staff/orders/{uuid} (order desk and finance): the order with its version, change window and allowed steps. */
export function getStaffOrder(uuid: string, signal?: AbortSignal): Promise<StaffOrder> {
  return api.get<StaffOrder>(`/api/staff/orders/${encodeURIComponent(uuid)}`, { signal });
}

export const getStaffOrderQueryOptions = (uuid: string) =>
  queryOptions({ queryKey: staffOrderKey(uuid), queryFn: ({ signal }) => getStaffOrder(uuid, signal) });

export function useStaffOrder(uuid: string) {
  return useQuery(getStaffOrderQueryOptions(uuid));
}
