import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { CheckoutInvoicesResponse, CreatePaymentResponse, PaymentReturnResponse } from '../../../../../shared/api/payments';
import type { Language } from '../../../../../shared/lang';
import { api } from '../../../../lib/api-client';
import { paymentPolling } from '../../../../lib/payment-polling';

/**
 * The online payment calls of the checkout (spec section 7, Checkout): the outstanding invoices
 * paid together with an iDEAL order, starting the payment and asking where it stands.
 */

/** The payments' zod contracts (src/shared/api/payments.ts), loaded when the first answer needs parsing. */
const loadPaymentContracts = () => import('../../../../../shared/api/payments');

/** Poll interval of the payment update page (spec section 9). */
export const PAYMENT_POLL_INTERVAL_MS = 2500;

// --- the outstanding invoices -------------------------------------------------------------------

/** GET /api/checkout/{order}/invoices: the relation's outstanding invoices, the order total and what the payment takes. */
export async function getCheckoutInvoices(order: number, lang: Language, signal?: AbortSignal): Promise<CheckoutInvoicesResponse> {
  const [body, { checkoutInvoicesResponse }] = await Promise.all([
    api.get<unknown>(`/api/checkout/${order}/invoices`, { lang, signal }),
    loadPaymentContracts(),
  ]);
  return checkoutInvoicesResponse.parse(body);
}

/**
 * `cartTotal`: the cart's total including VAT; the order total and the amount to pay depend on
 * it, so a changed cart asks again (spec section 2: the invoices are shown with the cart).
 */
export const getCheckoutInvoicesQueryOptions = (order: number, lang: Language, cartTotal: string) =>
  queryOptions({
    queryKey: ['checkout-invoices', 'list', { order, lang, cartTotal }],
    queryFn: ({ signal }) => getCheckoutInvoices(order, lang, signal),
    staleTime: 0,
  });

/** The invoices of the cart's order; the previous answer stays shown while a changed cart is asked for. */
export function useCheckoutInvoices(order: number | undefined, lang: Language, cartTotal: string) {
  return useQuery({
    ...getCheckoutInvoicesQueryOptions(order ?? 0, lang, cartTotal),
    enabled: order !== undefined,
    placeholderData: keepPreviousData,
  });
}

// --- starting the payment -----------------------------------------------------------------------

/**
 * POST /api/checkout/{order}/create-payment with `{ terms_accepted: true }`: a payment URL to send
 * the browser to, or none (with the order's uuid) when credits covered everything and the order
 * is placed.
 */
export async function createCheckoutPayment(order: number): Promise<CreatePaymentResponse> {
  const [body, { createPaymentResponse }] = await Promise.all([
    api.post<unknown>(`/api/checkout/${order}/create-payment`, { terms_accepted: true }),
    loadPaymentContracts(),
  ]);
  return createPaymentResponse.parse(body);
}

// --- where the payment stands -------------------------------------------------------------------

/** GET /api/mollie_return/{order}: status 1 paid, 0 not (yet); `waiting` while the provider has no final answer. */
export async function getPaymentReturn(order: number, lang: Language, signal?: AbortSignal): Promise<PaymentReturnResponse> {
  const [body, { paymentReturnResponse }] = await Promise.all([
    api.get<unknown>(`/api/mollie_return/${order}`, { lang, signal }),
    loadPaymentContracts(),
  ]);
  return paymentReturnResponse.parse(body);
}

/**
 * Polled every 2.5 s until the answer is no longer waiting (spec section 4); a failed call stops
 * the polling (the page offers to check again). Never kept after the page closes: an old final
 * answer must not send a later visit on at once.
 */
export const getPaymentReturnQueryOptions = (order: number, lang: Language) =>
  queryOptions({
    queryKey: ['payment-return', 'detail', { order, lang }],
    queryFn: ({ signal }) => getPaymentReturn(order, lang, signal),
    // any failed call ends the polling: the page offers to check again
    ...paymentPolling<PaymentReturnResponse>(PAYMENT_POLL_INTERVAL_MS, () => true),
  });

export function usePaymentReturn(order: number | null, lang: Language) {
  return useQuery({ ...getPaymentReturnQueryOptions(order ?? 0, lang), enabled: order !== null });
}
