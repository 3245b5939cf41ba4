import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

import { serverMessageOf } from './error-message';

export interface AddToCartLine {
  /** The variation's drupal_internal__variation_id. */
  variationId: number;
  quantity: number;
}

/** POST /cart/add?_format=json (spec section 7): adds to the quantity already in the cart (`combine`). */
export function addToCart(lines: readonly AddToCartLine[]): Promise<unknown> {
  const body = lines.map((line) => ({
    purchased_entity_type: 'commerce_product_variation',
    purchased_entity_id: line.variationId,
    quantity: line.quantity,
    combine: true,
  }));
  return api.post<unknown>('/cart/add', body, { query: { _format: 'json' } });
}

/**
 * The one add-to-cart action of the catalogue: the toast 'Added to you cart' or the generic
 * error, then the cart (query key 'cart') is reloaded, which the header's count reads.
 */
export function useAddToCart() {
  const { t } = useTranslation(['catalog', 'errors']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onSuccess: () => {
      toast.success(t('catalog:cart.added'));
    },
    onError: (error) => {
      // A 4xx of the cart says what is wrong (a minimum quantity, a product no longer sold).
      const text = serverMessageOf(error, t('errors:generic'));
      if (text) toast.error(text);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['cart'] }),
  });
}
