import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import type { CartOrderItem } from '../../../../shared/api/cart';
import { api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

import { cartQueryKey } from './get-cart';
import { cartFailureText } from './error-message';

export interface AddToCartLine {
  /** The variation's drupal_internal__variation_id. */
  variationId: number;
  /** Positive to add; -1 from the cart's minus button. */
  quantity: number;
}

/** POST /cart/add?_format=json (spec section 7): combines with the quantity already in the cart. */
export function addToCart(lines: readonly AddToCartLine[]): Promise<CartOrderItem[]> {
  const body = lines.map((line) => ({
    purchased_entity_type: 'commerce_product_variation',
    purchased_entity_id: line.variationId,
    quantity: line.quantity,
    combine: true,
  }));
  return api.post<CartOrderItem[]>('/cart/add', body, { query: { _format: 'json' } });
}

/** PATCH /cart/{orderId}/items?_format=json with `{ itemId: { quantity } }`. */
export function setItemQuantity(orderId: number, itemId: number, quantity: number): Promise<unknown> {
  return api.patch<unknown>(`/cart/${orderId}/items`, { [itemId]: { quantity } }, { query: { _format: 'json' } });
}

/** DELETE /cart/{orderId}/items/{itemId}?_format=json. */
export function removeItem(orderId: number, itemId: number): Promise<unknown> {
  return api.delete<unknown>(`/cart/${orderId}/items/${itemId}`, { query: { _format: 'json' } });
}

/**
 * Add to cart as the catalogue, the completed page's 'Order again' and the cart's plus and minus
 * buttons use it: the toast 'Added to you cart' (unless quiet), then the cart is reloaded.
 */
export function useAddToCart({ quiet = false }: { quiet?: boolean } = {}) {
  const { t } = useTranslation(['cart', 'errors']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onSuccess: () => {
      if (!quiet) toast.success(t('cart:added'));
    },
    onError: (error) => {
      const text = cartFailureText(error, t('errors:generic'));
      if (text) toast.error(text);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartQueryKey }),
  });
}

/** Quantity changes and removals on the cart page; the cart is reloaded after each (spec section 4). */
export function useChangeCartItem() {
  const { t } = useTranslation(['errors']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { orderId: number; itemId: number; quantity: number | 'remove' }) =>
      change.quantity === 'remove' ? removeItem(change.orderId, change.itemId) : setItemQuantity(change.orderId, change.itemId, change.quantity),
    onError: (error) => {
      const text = cartFailureText(error, t('errors:generic'));
      if (text) toast.error(text);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartQueryKey }),
  });
}
