import { queryOptions, useQuery } from '@tanstack/react-query';

import type { PaymentReturnResponse } from '../../../../shared/api/payments';
import type { Language } from '../../../../shared/lang';
import { api } from '../../../lib/api-client';
import { isClientError, paymentPolling } from '../../../lib/payment-polling';

/** Poll interval of the bulk payment status pages (spec section 9). */
export const BULK_PAYMENT_POLL_INTERVAL_MS = 2500;

/** A payment id is the payment's uuid; anything else is not asked for (the server would answer 400). */
const PAYMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isPaymentId(value: string | undefined): value is string {
  return value !== undefined && PAYMENT_ID.test(value);
}

/**
 * POST /api/mollie_return/bulk/{paymentId}, no body (spec section 7): where the payment stands,
 * with the server's message in `lang`. Needs no login, so the anonymous page asks it too.
 */
export function getBulkPaymentReturn(paymentId: string, lang: Language, signal?: AbortSignal): Promise<PaymentReturnResponse> {
  return api.post<PaymentReturnResponse>(`/api/mollie_return/bulk/${encodeURIComponent(paymentId)}`, undefined, { lang, signal });
}

/**
 * Asked every 2.5 s until the answer is no longer waiting (spec section 4); the polling stops
 * with the page (the query has no observer then) and on a 4xx. Never kept after the page
 * closes: an old final answer must not act again on a later visit.
 */
export const getBulkPaymentReturnQueryOptions = (paymentId: string, lang: Language) =>
  queryOptions({
    queryKey: ['bulk-payment', 'detail', { paymentId, lang }],
    queryFn: ({ signal }) => getBulkPaymentReturn(paymentId, lang, signal),
    ...paymentPolling<PaymentReturnResponse>(BULK_PAYMENT_POLL_INTERVAL_MS, isClientError),
  });

export function useBulkPaymentReturn(paymentId: string | undefined, lang: Language) {
  const valid = isPaymentId(paymentId);
  return useQuery({ ...getBulkPaymentReturnQueryOptions(valid ? paymentId : '', lang), enabled: valid });
}
