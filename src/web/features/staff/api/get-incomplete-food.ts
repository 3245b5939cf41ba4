import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { IncompleteFoodResponse } from '../../../../shared/api/food-completeness';
import type { FoodGap } from '../../../../shared/api/food-gaps';
import { api } from '../../../lib/api-client';

export interface IncompleteFoodParams {
  page: number;
  /** Only the products that lack this part; undefined: every incomplete product. */
  missing?: FoodGap;
}

/** GET /api/staff/food/incomplete?page=&missing= (staff only): one page of food products with gaps, and the total. */
export function getIncompleteFood({ page, missing }: IncompleteFoodParams, signal?: AbortSignal): Promise<IncompleteFoodResponse> {
  return api.get<IncompleteFoodResponse>('/api/staff/food/incomplete', {
    query: { page: page > 1 ? page : undefined, missing },
    signal,
  });
}

export const getIncompleteFoodQueryOptions = (params: IncompleteFoodParams) =>
  queryOptions({
    queryKey: ['food-completeness', 'list', params],
    queryFn: ({ signal }) => getIncompleteFood(params, signal),
    placeholderData: keepPreviousData,
  });

/** `enabled` is false for anyone but staff: a customer's call would answer 403, which logs out. */
export function useIncompleteFood(params: IncompleteFoodParams, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getIncompleteFoodQueryOptions(params), enabled });
}
