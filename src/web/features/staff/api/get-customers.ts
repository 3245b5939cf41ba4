import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { CustomerListResponse } from '../../../../shared/api/staff';
import { api } from '../../../lib/api-client';

export interface CustomerListParams {
  search: string;
  page: number;
}

/** GET /api/staff/customers?search=&page= (staff only): one page of customer users and the total. */
export function getCustomers({ search, page }: CustomerListParams, signal?: AbortSignal): Promise<CustomerListResponse> {
  return api.get<CustomerListResponse>('/api/staff/customers', {
    query: { search: search || undefined, page: page > 1 ? page : undefined },
    signal,
  });
}

export const getCustomersQueryOptions = (params: CustomerListParams) =>
  queryOptions({
    queryKey: ['customers', 'list', params],
    queryFn: ({ signal }) => getCustomers(params, signal),
    placeholderData: keepPreviousData,
  });

/** `enabled` is false for anyone but staff: a customer's call would answer 403, which logs out. */
export function useCustomers(params: CustomerListParams, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getCustomersQueryOptions(params), enabled });
}
