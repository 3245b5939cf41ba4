import type { ReactNode } from 'react';

import type { OrderResource } from '../../../shared/api/checkout';
import { orderAgainLines, useAddToCart } from '../../lib/api/add-to-cart';

import { BusyButton } from './busy-button';

/**
 * 'Order again' (spec section 2) on the completed page and an order's detail: every line of the
 * placed order goes to the cart in one call, with the caller's success toast.
 */
export function OrderAgainButton({ order, successText, children }: { order: OrderResource; successText: string; children: ReactNode }) {
  const addToCart = useAddToCart({ successText });
  const lines = orderAgainLines(order);
  return (
    <BusyButton variant="primary" busy={addToCart.isPending} disabled={addToCart.isPending || lines.length === 0} onClick={() => addToCart.mutate(lines)}>
      {children}
    </BusyButton>
  );
}
