import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { StaffFinanceChecksResponse } from '../../../../shared/api/staff-order';
import { api } from '../../../lib/api-client';
import { reloadQueries } from '../../../lib/api/reload-queries';

const checksKey = ['staff', 'finance', 'orders'] as const;

/** GET /api/staff/finance/orders (finance): paid orders canceled (a refund) or raised above what was paid. */
export function useFinanceOrderChecks() {
  return useQuery({
    queryKey: checksKey,
    queryFn: ({ signal }) => api.get<StaffFinanceChecksResponse>('/api/staff/finance/orders', { signal }),
  });
}

/** POST /api/staff/finance/orders/{uuid}/checked: finance settled it; the list is loaded again. */
export function useMarkOrderChecked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => api.post<unknown>(`/api/staff/finance/orders/${encodeURIComponent(uuid)}/checked`),
    onSettled: () => reloadQueries(queryClient, { queryKey: checksKey }),
  });
}
