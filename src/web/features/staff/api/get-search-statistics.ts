import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { SearchStatisticsResponse } from '../../../../shared/api/search';
import { api } from '../../../lib/api-client';

/** A period of days (YYYY-MM-DD, both included); empty: the server's default, the last 30 days. */
export interface SearchStatisticsPeriod {
  from: string;
  to: string;
}

/** GET /api/staff/search-statistics?from=&to= (staff only): the top 50 terms and the top 50 that found nothing. */
export function getSearchStatistics({ from, to }: SearchStatisticsPeriod, signal?: AbortSignal): Promise<SearchStatisticsResponse> {
  return api.get<SearchStatisticsResponse>('/api/staff/search-statistics', { query: { from: from || undefined, to: to || undefined }, signal });
}

export const getSearchStatisticsQueryOptions = (period: SearchStatisticsPeriod) =>
  queryOptions({
    queryKey: ['staff', 'search-statistics', period],
    queryFn: ({ signal }) => getSearchStatistics(period, signal),
    placeholderData: keepPreviousData,
  });

/** `enabled` is false for anyone but staff: a customer's call would answer 403, which logs out. */
export function useSearchStatistics(period: SearchStatisticsPeriod, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getSearchStatisticsQueryOptions(period), enabled });
}
