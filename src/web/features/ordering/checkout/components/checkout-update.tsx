import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';

import { PaymentStatusCard } from '../../../../components/ui/payment-status-card';
import { toast } from '../../../../lib/toast';
import { useLang, useLocalizedPath } from '../../../../lib/use-lang';
import { usePageTitle } from '../../../../lib/use-page-title';
import { reloadCart } from '../../../../lib/api/get-cart';
import { usePaymentReturn } from '../api/payments';
import { storePlacedOrder } from '../hooks/placed-order';

/** The order id of the route, or null when it is not one. */
function orderOf(param: string | undefined): number | null {
  return param && /^\d{1,10}$/.test(param) ? Number(param) : null;
}

/**
 * The payment status check after checkout ('Status controleren', spec sections 2 and 4): the
 * provider sends the payer here. It polls GET /api/mollie_return/{order} every 2.5 s with a
 * spinner and the server's message until the answer is no longer waiting; then the cart is
 * reloaded and status 1 stores the order as 'placed' and goes to the completed page with a
 * success toast, status 0 goes back to the checkout with the message as an error toast.
 */
export function CheckoutUpdate() {
  const { t } = useTranslation(['checkout', 'common']);
  const title = t('common:pages.checkoutUpdate');
  usePageTitle(title);
  const lang = useLang();
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const order = orderOf(useParams().order);
  const answer = usePaymentReturn(order, lang);
  const { data } = answer;

  // a final answer is handled once (the query is not asked again after it)
  const handled = useRef(false);
  useEffect(() => {
    if (!data || data.waiting || handled.current || order === null) return;
    handled.current = true;
    void reloadCart(queryClient);
    if (data.status === 1) {
      if (data.order?.uuid) storePlacedOrder(data.order.uuid);
      toast.success(data.message);
      void navigate(to(`/cart/checkout/${order}/completed`), { replace: true });
    } else {
      toast.error(data.message);
      void navigate(to('/cart/checkout'), { replace: true });
    }
  }, [data, order, navigate, queryClient, to]);

  const failed = order === null || (answer.isError && !answer.isFetching);

  return (
    <PaymentStatusCard
      title={title}
      className="checkout-update"
      failed={failed}
      failedText={t('checkout:update.failed')}
      onRetry={order !== null ? () => void answer.refetch() : null}
      retryText={t('checkout:update.retry')}
      back={{ to: to('/cart/checkout'), text: t('checkout:update.backToCheckout') }}
      waiting={data?.waiting !== false}
      message={data?.message ?? t('checkout:update.checking')}
      messageTestId="payment-status-message"
    />
  );
}
