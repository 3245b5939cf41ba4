import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { StaffOpenInvoicesQuery, StaffOpenInvoicesResponse } from '../../../../shared/api/staff-invoices';
import { api } from '../../../lib/api-client';

export interface OpenInvoiceParams {
  search: string;
  overdue: boolean;
  page: number;
}

/** GET /api/staff/open-invoices (finance): a page of every relation's open invoices. */
export const openInvoicesQueryOptions = ({ search, overdue, page }: OpenInvoiceParams) =>
  queryOptions({
    queryKey: ['staff', 'open-invoices', { search, overdue, page }],
    queryFn: ({ signal }) => {
      const query = { search: search || undefined, overdue: overdue ? '1' : undefined, page: page > 1 ? page : undefined } satisfies StaffOpenInvoicesQuery;
      return api.get<StaffOpenInvoicesResponse>('/api/staff/open-invoices', { query, signal });
    },
    placeholderData: keepPreviousData,
  });

export function useOpenInvoices(params: OpenInvoiceParams) {
  return useQuery(openInvoicesQueryOptions(params));
}
