import { queryOptions, useQuery } from '@tanstack/react-query';

import type { CashInvoice } from '../../../../../shared/api/orders';
import { api } from '../../../../lib/api-client';

import { loadOrderContracts } from './contracts';

/** GET /api/cash-invoice/user/{userId}/relation/open-invoices: the open invoices of the user's relation (data.data). */
export async function getOpenInvoices(user: number, signal?: AbortSignal): Promise<CashInvoice[]> {
  const [body, { openInvoicesResponse }] = await Promise.all([
    api.get<unknown>(`/api/cash-invoice/user/${user}/relation/open-invoices`, { signal }),
    loadOrderContracts(),
  ]);
  return openInvoicesResponse.parse(body).data.data;
}

/** Every open-invoices query starts with this key: a finished invoice payment invalidates it. */
export const openInvoicesQueryKey = ['cash-invoices', 'list'] as const;

export const getOpenInvoicesQueryOptions = (user: number) =>
  queryOptions({
    queryKey: [...openInvoicesQueryKey, { user }],
    queryFn: ({ signal }) => getOpenInvoices(user, signal),
    // paid elsewhere (a payment link, the checkout) counts at once
    staleTime: 0,
  });

/**
 * The open invoices; only asked for a user with a relation (the server answers 400 'No
 * relation found' otherwise, and there are no invoices to show).
 */
export function useOpenInvoices(user: number | null, hasRelation: boolean) {
  return useQuery({ ...getOpenInvoicesQueryOptions(user ?? 0), enabled: user !== null && hasRelation });
}

/** The invoices outside the webshop: those without an order. */
export function invoicesOutsideWebshop(invoices: readonly CashInvoice[]): CashInvoice[] {
  return invoices.filter((invoice) => invoice.orderId === undefined);
}

/** The open invoice of a webshop order (by its drupal_internal__order_id), if it has one. */
export function invoiceOfOrder(invoices: readonly CashInvoice[] | undefined, orderId: number): CashInvoice | undefined {
  return invoices?.find((invoice) => invoice.orderId === orderId);
}

/** 0 or below is a credit (spec section 2): nothing to pay. */
export function isCredit(invoice: CashInvoice): boolean {
  return invoice.outstandingAmount <= 0;
}
