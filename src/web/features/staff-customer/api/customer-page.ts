import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { BlockUserBody, InviteUserBody, StaffCustomerResponse, StaffUserResponse } from '../../../../shared/api/staff-customer';
import type { StaffBoardResponse } from '../../../../shared/api/staff-orders';
import { api } from '../../../lib/api-client';

const customerKey = (relation: string) => ['staff', 'customer', relation] as const;

/** GET /api/staff/relations/{relation}: the relation, its addresses, users and open invoices. */
export const staffCustomerQueryOptions = (relation: string) =>
  queryOptions({
    queryKey: customerKey(relation),
    queryFn: ({ signal }) => api.get<StaffCustomerResponse>(`/api/staff/relations/${relation}`, { signal }),
  });

export function useStaffCustomer(relation: string) {
  return useQuery(staffCustomerQueryOptions(relation));
}

/** After a change of one of its users: the staff area's queries (this page, the timelines, the lists) read again. */
function useReloadCustomer() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['staff'] });
}

/** POST /api/staff/relations/{relation}/users: a new user, who gets the welcome mail. */
export function useInviteUser(relation: string) {
  const reload = useReloadCustomer();
  return useMutation({
    mutationFn: (body: InviteUserBody) => api.post<StaffUserResponse>(`/api/staff/relations/${relation}/users`, body),
    onSuccess: reload,
  });
}

export type UserAction = { kind: 'block'; body: BlockUserBody } | { kind: 'unblock' } | { kind: 'welcome-mail' };

/** Block (with a reason), unblock, or send the welcome mail again. */
export function useUserAction() {
  const reload = useReloadCustomer();
  return useMutation({
    mutationFn: ({ user, action }: { user: string; action: UserAction }) =>
      api.post<StaffUserResponse>(`/api/staff/users/${user}/${action.kind}`, action.kind === 'block' ? action.body : undefined),
    onSuccess: reload,
  });
}

/** How many of the customer's latest orders its page shows (the board has all of them). */
export const RECENT_ORDERS = 5;

/** GET /api/staff/orders?customer={relation}: the board's first page, the newest delivery date first; its first few. */
export function useRecentOrders(relation: string) {
  return useQuery({
    queryKey: [...customerKey(relation), 'recent-orders'],
    queryFn: ({ signal }) => api.get<StaffBoardResponse>('/api/staff/orders', { query: { customer: relation, per_page: RECENT_ORDERS }, signal }),
    select: (board) => board.data,
  });
}
