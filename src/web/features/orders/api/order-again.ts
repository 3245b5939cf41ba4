import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import type { OrderResource } from '../../../../shared/api/checkout';
import { api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

import { ordersFailureText } from './error-message';

/** The cart's queries all start with this key (the cart feature's cartQueryKey): reloaded after a change. */
const CART_QUERY_KEY = ['cart'] as const;

export interface OrderAgainLine {
  variationId: number;
  quantity: number;
}

/** Every line of the order that still has its variation, with its quantity. */
export function orderAgainLines(order: Pick<OrderResource, 'order_items'>): OrderAgainLine[] {
  return order.order_items.flatMap((item) =>
    item.purchased_entity ? [{ variationId: item.purchased_entity.drupal_internal__variation_id, quantity: Number(item.quantity) }] : [],
  );
}

/** POST /cart/add?_format=json with every line, combined with what the cart holds (spec section 7). */
export function addLinesToCart(lines: readonly OrderAgainLine[]): Promise<unknown> {
  return api.post<unknown>(
    '/cart/add',
    lines.map((line) => ({
      purchased_entity_type: 'commerce_product_variation',
      purchased_entity_id: line.variationId,
      quantity: line.quantity,
      combine: true,
    })),
    { query: { _format: 'json' } },
  );
}

/** 'Order again' (spec section 2): the lines go to the cart, the toast 'Added to you cart', the cart is reloaded. */
export function useOrderAgain() {
  const { t } = useTranslation(['orders', 'errors']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addLinesToCart,
    onSuccess: () => {
      toast.success(t('orders:detail.addedToCart'));
    },
    onError: (error) => {
      const text = ordersFailureText(error, t('errors:generic'));
      if (text) toast.error(text);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY }),
  });
}
