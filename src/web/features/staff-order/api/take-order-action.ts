import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { StaffOrder, StaffOrderAction, StaffOrderActionRequest } from '../../../../shared/api/staff-order';
import { api } from '../../../lib/api-client';

import { staffOrderKey } from './get-staff-order';

export interface OrderActionInput extends StaffOrderActionRequest {
  uuid: string;
  action: StaffOrderAction;
}

/** POST /api/staff/orders/{uuid}/actions/{action}: one step through the state machine, with the version seen. */
export function takeOrderAction({ uuid, action, ...body }: OrderActionInput): Promise<StaffOrder> {
  return api.post<StaffOrder>(`/api/staff/orders/${encodeURIComponent(uuid)}/actions/${action}`, body);
}

/** The answer is the order after the step: it replaces the cached order, and the staff lists refetch. */
export function useTakeOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeOrderAction,
    onSuccess: (order) => {
      queryClient.setQueryData(staffOrderKey(order.uuid), order);
      void queryClient.invalidateQueries({ queryKey: ['staff-orders', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['staff', 'audit'] });
    },
  });
}
