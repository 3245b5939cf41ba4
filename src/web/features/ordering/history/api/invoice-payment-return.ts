import { queryOptions, useQuery } from '@tanstack/react-query';

import type { InvoicePaymentReturnResponse } from '../../../../../shared/api/orders';
import type { Language } from '../../../../../shared/lang';
import { api } from '../../../../lib/api-client';
import { isClientError, paymentPolling } from '../../../../lib/payment-polling';

import { loadOrderContracts } from './contracts';

/** Poll interval of the cash invoice update page (spec section 9). */
export const INVOICE_POLL_INTERVAL_MS = 1500;

/** An invoice id of the route, or null when it is not one (the server would answer 400). */
export function invoiceIdOf(param: string | undefined): number | null {
  return param && /^\d{1,10}$/.test(param) ? Number(param) : null;
}

/** POST /api/cash-invoice/{id}/payment-return: status success or error, waiting, the server's message and the invoice number. */
export async function getInvoicePaymentReturn(invoiceId: number, lang: Language, signal?: AbortSignal): Promise<InvoicePaymentReturnResponse> {
  const [body, { invoicePaymentReturnResponse }] = await Promise.all([
    api.post<unknown>(`/api/cash-invoice/${invoiceId}/payment-return`, undefined, { lang, signal }),
    loadOrderContracts(),
  ]);
  return invoicePaymentReturnResponse.parse(body);
}

/**
 * Asked every 1.5 s until the answer is no longer waiting (spec section 4); the polling stops
 * with the page and on a 4xx. Never kept after the page closes: an old final answer must not
 * send a later visit on at once.
 */
export const getInvoicePaymentReturnQueryOptions = (invoiceId: number, lang: Language) =>
  queryOptions({
    queryKey: ['cash-invoice-payment', 'detail', { invoiceId, lang }],
    queryFn: ({ signal }) => getInvoicePaymentReturn(invoiceId, lang, signal),
    // a 4xx (an unknown invoice) ends the polling; a network error or 5xx may pass next time
    ...paymentPolling<InvoicePaymentReturnResponse>(INVOICE_POLL_INTERVAL_MS, isClientError),
  });

export function useInvoicePaymentReturn(invoiceId: number | null, lang: Language) {
  return useQuery({ ...getInvoicePaymentReturnQueryOptions(invoiceId ?? 0, lang), enabled: invoiceId !== null });
}
