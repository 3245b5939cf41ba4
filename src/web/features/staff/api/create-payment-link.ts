import { useMutation } from '@tanstack/react-query';

import type { CreatePaymentLinkResponse } from '../../../../shared/api/payments';
import { api } from '../../../lib/api-client';

/**
 * POST /api/payment-links with `{ relation_id }` (staff only; a customer's call answers 403,
 * which logs out): a link that pays the relation's open invoices without logging in, the
 * amount and the invoices it covers. 400 when the relation has nothing to pay.
 */
export function createPaymentLink(relationId: number): Promise<CreatePaymentLinkResponse> {
  return api.post<CreatePaymentLinkResponse>('/api/payment-links', { relation_id: relationId });
}

export function useCreatePaymentLink() {
  return useMutation({ mutationFn: createPaymentLink });
}
