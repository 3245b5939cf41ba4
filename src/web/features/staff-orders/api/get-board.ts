import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { StaffBoardResponse } from '../../../../shared/api/staff-orders';
import { api } from '../../../lib/api-client';
import { type BoardParams, boardQueryOf } from '../board-query';

/** GET /api/staff/orders (order desk and finance): a page of the board with the counts per state. */
export const boardQueryOptions = (params: BoardParams) =>
  queryOptions({
    queryKey: ['staff', 'orders-board', boardQueryOf(params)],
    queryFn: ({ signal }) => api.get<StaffBoardResponse>('/api/staff/orders', { query: boardQueryOf(params), signal }),
    placeholderData: keepPreviousData,
  });

export function useBoard(params: BoardParams) {
  return useQuery(boardQueryOptions(params));
}
