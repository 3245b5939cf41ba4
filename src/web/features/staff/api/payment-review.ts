import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { PaymentReviewResponse } from '../../../../shared/api/payments';
import { api } from '../../../lib/api-client';
import { reloadQueries } from '../../../lib/api/reload-queries';

const reviewKey = ['staff', 'payments', 'review'] as const;

/** GET /api/staff/payments/review (staff only): paid payments the shop kept for staff. */
export const paymentReviewQueryOptions = () =>
  queryOptions({
    queryKey: reviewKey,
    queryFn: ({ signal }) => api.get<PaymentReviewResponse>('/api/staff/payments/review', { signal }),
  });

/** `enabled` is false for anyone but staff: a customer's call would answer 403, which logs out. */
export function usePaymentReview({ enabled }: { enabled: boolean }) {
  return useQuery({ ...paymentReviewQueryOptions(), enabled });
}

/** POST /api/staff/payments/{uuid}/reviewed: the payment is handled; the list is loaded again. */
export function useMarkPaymentReviewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => api.post<unknown>(`/api/staff/payments/${uuid}/reviewed`),
    onSettled: () => reloadQueries(queryClient, { queryKey: reviewKey }),
  });
}
