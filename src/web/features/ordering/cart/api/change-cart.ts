import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { api } from '../../../../lib/api-client';
import { failureText } from '../../../../lib/api/failure-text';
import { reloadCart } from '../../../../lib/api/get-cart';
import { toast } from '../../../../lib/toast';

/** PATCH /cart/{orderId}/items?_format=json with `{ itemId: { quantity } }`. */
export function setItemQuantity(orderId: number, itemId: number, quantity: number): Promise<unknown> {
  return api.patch<unknown>(`/cart/${orderId}/items`, { [itemId]: { quantity } }, { query: { _format: 'json' } });
}

/** DELETE /cart/{orderId}/items/{itemId}?_format=json. */
export function removeItem(orderId: number, itemId: number): Promise<unknown> {
  return api.delete<unknown>(`/cart/${orderId}/items/${itemId}`, { query: { _format: 'json' } });
}

/** Quantity changes and removals on the cart page; the cart is reloaded after each (spec section 4). */
export function useChangeCartItem() {
  const { t } = useTranslation(['errors']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { orderId: number; itemId: number; quantity: number | 'remove' }) =>
      change.quantity === 'remove' ? removeItem(change.orderId, change.itemId) : setItemQuantity(change.orderId, change.itemId, change.quantity),
    onError: (error) => {
      const text = failureText(error, t('errors:generic'));
      if (text) toast.error(text);
    },
    onSettled: () => reloadCart(queryClient),
  });
}
