import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import type { PaymentReturnResponse } from '../../../../shared/api/payments';
import { reloadCart } from '../../../lib/api/get-cart';
import { storePlacedOrder } from '../../../features/ordering/checkout/hooks/placed-order';
import { BulkPaymentStatus } from '../../../features/payments/components/bulk-payment-status';

/**
 * /{lang}/bulk/payment/{paymentId}/update: the bulk payment status check of a logged-in payer
 * (spec sections 2 and 4). Once the answer is final the cart is refreshed and a placed order is
 * stored as 'placed' for its completed page, before the page redirects there.
 */
export default function BulkPaymentUpdatePage() {
  const queryClient = useQueryClient();
  const onFinal = useCallback(
    (answer: PaymentReturnResponse) => {
      void reloadCart(queryClient);
      if (answer.status === 1 && answer.order) storePlacedOrder(answer.order.uuid);
    },
    [queryClient],
  );
  return <BulkPaymentStatus onFinal={onFinal} />;
}
