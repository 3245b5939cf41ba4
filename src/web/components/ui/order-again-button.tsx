import type { ReactNode } from 'react';

import type { OrderResource } from '../../../shared/api/checkout';
import { leftOutLines, useOrderAgain } from '../../lib/api/order-again';

import { BusyButton } from './busy-button';
import { LeftOutNotice } from './left-out-notice';

/**
 * 'Order again' (spec section 2) on the completed page and an order's detail: the server adds in
 * one call what can still be ordered (issue 18, point 6), the toast says 'Added to you cart' with
 * the counts, and the lines it left out are listed with their reasons under the button.
 */
export function OrderAgainButton({ order, successText, children }: { order: OrderResource; successText: string; children: ReactNode }) {
  const orderAgain = useOrderAgain({ successText });
  return (
    <>
      <BusyButton variant="primary" busy={orderAgain.isPending} disabled={orderAgain.isPending || order.order_items.length === 0} onClick={() => orderAgain.mutate(order.id)}>
        {children}
      </BusyButton>
      <LeftOutNotice lines={leftOutLines(orderAgain.data)} onClose={() => orderAgain.reset()} />
    </>
  );
}
