import { queryOptions, useQuery } from '@tanstack/react-query';

import type { StaffDashboardResponse } from '../../../../shared/api/staff-dashboard';
import { api } from '../../../lib/api-client';

/** GET /api/staff/dashboard, read again every few minutes while the page is open. */
export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['staff', 'dashboard'],
    queryFn: ({ signal }) => api.get<StaffDashboardResponse>('/api/staff/dashboard', { signal }),
    refetchInterval: 5 * 60_000,
  });

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
