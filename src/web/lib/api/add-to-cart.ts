import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import type { CartOrderItem } from '../../../shared/api/cart';
import { api } from '../api-client';
import { toast } from '../toast';

import { failureText, type FailureTextRules } from './failure-text';
import { reloadCart } from './get-cart';

export interface AddToCartLine {
  /** The variation's drupal_internal__variation_id. */
  variationId: number;
  /** Positive to add. */
  quantity: number;
}

/** POST /cart/add?_format=json (spec section 7): adds to the quantity already in the cart (`combine`). */
export function addToCart(lines: readonly AddToCartLine[]): Promise<CartOrderItem[]> {
  const body = lines.map((line) => ({
    purchased_entity_type: 'commerce_product_variation',
    purchased_entity_id: line.variationId,
    quantity: line.quantity,
    combine: true,
  }));
  return api.post<CartOrderItem[]>('/cart/add', body, { query: { _format: 'json' } });
}

export interface AddToCartOptions {
  /**
   * The success toast, 'Added to you cart' (spec section 8) from the caller's own translations;
   * no toast when left out.
   */
  successText?: string;
  /** A success text made from the answer's lines (a backorder, decision 030); `successText` when it gives none. */
  successTextOf?: (items: CartOrderItem[]) => string | undefined;
  /** How a failure reads in the error toast (see FailureTextRules; by default a 4xx's own message). */
  failure?: FailureTextRules;
}

/**
 * Add to cart, for the catalogue's pages ('Order again' asks POST /quick-order/order-again
 * instead, lib/api/order-again.tsx): the success toast, or an error toast for a failure (none for a 403: the
 * user is being logged out), then the cart is reloaded, which the header's count reads.
 */
export function useAddToCart({ successText, successTextOf, failure }: AddToCartOptions = {}) {
  const { t } = useTranslation('errors');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onSuccess: (items) => {
      const text = successTextOf?.(items) ?? successText;
      if (text) toast.success(text);
    },
    onError: (error) => {
      const text = failureText(error, t('generic'), failure);
      if (text) toast.error(text);
    },
    onSettled: () => reloadCart(queryClient),
  });
}
