import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { StaffOrder, StaffOrderChangePreview, StaffOrderChangeRequest } from '../../../../shared/api/staff-order';
import { api } from '../../../lib/api-client';

import { staffOrderKey } from './get-staff-order';

export interface OrderChangeInput extends StaffOrderChangeRequest {
  uuid: string;
}

/** POST /api/staff/orders/{uuid}/changes/preview: the change re-priced, before and after; nothing is stored. */
export function previewOrderChange({ uuid, ...body }: OrderChangeInput): Promise<StaffOrderChangePreview> {
  return api.post<StaffOrderChangePreview>(`/api/staff/orders/${encodeURIComponent(uuid)}/changes/preview`, body);
}

/** POST /api/staff/orders/{uuid}/changes: the change kept, with the version seen. */
export function saveOrderChange({ uuid, ...body }: OrderChangeInput): Promise<StaffOrder> {
  return api.post<StaffOrder>(`/api/staff/orders/${encodeURIComponent(uuid)}/changes`, body);
}

export function usePreviewOrderChange() {
  return useMutation({ mutationFn: previewOrderChange });
}

export function useSaveOrderChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOrderChange,
    onSuccess: (order) => {
      queryClient.setQueryData(staffOrderKey(order.uuid), order);
      void queryClient.invalidateQueries({ queryKey: ['staff-orders', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['staff', 'audit'] });
    },
  });
}
