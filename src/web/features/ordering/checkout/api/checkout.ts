import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import type { CartOrder } from '../../../../../shared/api/cart';
import type { PaymentMethod, PlaceOrderResponse, ShippingMethod } from '../../../../../shared/api/checkout';
import type { Language } from '../../../../../shared/lang';
import { api } from '../../../../lib/api-client';
import { failureText } from '../../../../lib/api/failure-text';
import { loadCartContracts, reloadCart } from '../../../../lib/api/get-cart';
import { toast } from '../../../../lib/toast';

import { loadCheckoutContracts } from './contracts';

/**
 * The checkout calls of spec section 7 (Checkout): the methods to choose from, the relation's
 * addresses and delivery days, the four choices (each answers the cart) and placing the order.
 * The online payment's calls are in ./payments.ts.
 */

/** A change call while the cart state has no order id (spec section 8: 'No order found'). */
export class NoOrderError extends Error {
  override readonly name = 'NoOrderError';
  constructor() {
    super('No order found');
  }
}

/**
 * The text shown for a failed checkout call (spec section 8): 'No order found' without an order
 * id; otherwise the shop's one failure text with the checkout's rules: the server's own message
 * for a 4xx that has one (a date that is no longer allowed, a missing choice), 'Something went
 * wrong' for anything else, a network error and an API route that does not exist (yet) included.
 * Null for a 403: the user is being logged out (spec section 6).
 */
export function checkoutFailureText(error: unknown, texts: { generic: string; noOrder: string }): string | null {
  if (error instanceof NoOrderError) return texts.noOrder;
  return failureText(error, texts.generic, { networkMessage: false, hiddenCodes: ['not_found'] });
}

/** Shows a failed checkout call as an error toast. */
export function useCheckoutFailureToast(): (error: unknown) => void {
  const { t } = useTranslation('checkout');
  return (error) => {
    const text = checkoutFailureText(error, { generic: t('errors.generic'), noOrder: t('errors.noOrder') });
    if (text) toast.error(text);
  };
}

// --- the methods to choose from ---------------------------------------------------------------

/** GET /api/checkout/{order}/shipping: the shipping methods with what each costs this order. */
export async function getShippingMethods(order: number, lang: Language, signal?: AbortSignal): Promise<ShippingMethod[]> {
  const [body, { shippingMethodsResponse }] = await Promise.all([
    api.get<unknown>(`/api/checkout/${order}/shipping`, { lang, signal }),
    loadCheckoutContracts(),
  ]);
  return shippingMethodsResponse.parse(body);
}

/** GET /api/checkout/{order}/payment: the payment methods ('ideal' is paid online). */
export async function getPaymentMethods(order: number, lang: Language, signal?: AbortSignal): Promise<PaymentMethod[]> {
  const [body, { paymentMethodsResponse }] = await Promise.all([
    api.get<unknown>(`/api/checkout/${order}/payment`, { lang, signal }),
    loadCheckoutContracts(),
  ]);
  return paymentMethodsResponse.parse(body);
}

/** `subtotal`: the cart's subtotal; the amounts depend on it (free delivery above the relation's threshold). */
export const getShippingMethodsQueryOptions = (order: number, lang: Language, subtotal: string) =>
  queryOptions({
    queryKey: ['shipping-methods', 'list', { order, lang, subtotal }],
    queryFn: ({ signal }) => getShippingMethods(order, lang, signal),
  });

export const getPaymentMethodsQueryOptions = (order: number, lang: Language) =>
  queryOptions({
    queryKey: ['payment-methods', 'list', { order, lang }],
    queryFn: ({ signal }) => getPaymentMethods(order, lang, signal),
    staleTime: 5 * 60_000,
  });

/** The shipping methods of the cart, asked again when the cart's subtotal changes. */
export function useShippingMethods(order: number | undefined, lang: Language, subtotal: string) {
  return useQuery({ ...getShippingMethodsQueryOptions(order ?? 0, lang, subtotal), enabled: order !== undefined });
}

export function usePaymentMethods(order: number | undefined, lang: Language) {
  return useQuery({ ...getPaymentMethodsQueryOptions(order ?? 0, lang), enabled: order !== undefined });
}

// --- the choices ------------------------------------------------------------------------------

export type CheckoutChoice =
  | { kind: 'shipping'; method: string }
  | { kind: 'payment'; method: string }
  | { kind: 'delivery-date'; date: string }
  | { kind: 'profile'; profileId: number }
  | { kind: 'reference'; po_reference: string; comment: string };

const CHOICE_PATHS = {
  shipping: 'set-shipping',
  payment: 'set-payment',
  'delivery-date': 'set-delivery-date',
  profile: 'set-profile',
  reference: 'set-reference',
} as const;

function choiceBody(choice: CheckoutChoice): Record<string, string | number> {
  switch (choice.kind) {
    case 'shipping':
    case 'payment':
      return { method: choice.method };
    case 'delivery-date':
      return { date: choice.date };
    case 'profile':
      return { profileId: choice.profileId };
    case 'reference':
      return { po_reference: choice.po_reference, comment: choice.comment };
  }
}

/** POST /api/checkout/{order}/set-shipping | set-payment | set-delivery-date | set-profile | set-reference: answers the cart. */
export async function postCheckoutChoice(order: number | undefined, choice: CheckoutChoice): Promise<CartOrder> {
  if (order === undefined) throw new NoOrderError();
  const [body, { cartOrder }] = await Promise.all([
    api.post<unknown>(`/api/checkout/${order}/${CHOICE_PATHS[choice.kind]}`, choiceBody(choice)),
    loadCartContracts(),
  ]);
  return cartOrder.parse(body);
}

/** Every checkout choice runs under this key: paying waits until none is being posted. */
export const CHECKOUT_CHOICE_MUTATION_KEY = ['checkout', 'choice'] as const;

/** One checkout choice (spec section 4): posted, then the cart is reloaded; a failure shows a toast. */
export function useCheckoutChoice(order: number | undefined) {
  const queryClient = useQueryClient();
  const showFailure = useCheckoutFailureToast();
  return useMutation({
    mutationKey: CHECKOUT_CHOICE_MUTATION_KEY,
    mutationFn: (choice: CheckoutChoice) => postCheckoutChoice(order, choice),
    onError: showFailure,
    onSettled: () => reloadCart(queryClient),
  });
}

// --- placing and paying -----------------------------------------------------------------------

/** POST /api/checkout/{order}/place with `{ terms_accepted: true }` (decision 009): methods not paid online. */
export async function placeOrder(order: number): Promise<PlaceOrderResponse> {
  const [body, { placeOrderResponse }] = await Promise.all([
    api.post<unknown>(`/api/checkout/${order}/place`, { terms_accepted: true }),
    loadCheckoutContracts(),
  ]);
  return placeOrderResponse.parse(body);
}
