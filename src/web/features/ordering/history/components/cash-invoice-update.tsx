import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';

import { PaymentStatusCard } from '../../../../components/ui/payment-status-card';
import { reloadQueries } from '../../../../lib/api/reload-queries';
import { toast } from '../../../../lib/toast';
import { useLang, useLocalizedPath } from '../../../../lib/use-lang';
import { usePageTitle } from '../../../../lib/use-page-title';
import { openInvoicesQueryKey } from '../api/get-open-invoices';
import { invoiceIdOf, useInvoicePaymentReturn } from '../api/invoice-payment-return';

/**
 * The cash invoice payment state check (spec sections 2 and 4): the provider sends the payer to
 * /{lang}/cash-invoices/payment/{id}/update. It polls POST /api/cash-invoice/{id}/payment-return
 * every 1.5 s with a spinner and the server's message while the answer is waiting; then success
 * goes to the completed page and error to the failed page, both with ?invoiceNumber=, and the
 * server's message shows as a toast (success or error). The open invoices are asked again.
 */
export function CashInvoiceUpdate() {
  const { t } = useTranslation(['orders', 'common']);
  const title = t('common:pages.cashInvoiceUpdate');
  usePageTitle(title);
  const lang = useLang();
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invoiceId = invoiceIdOf(useParams().cashInvoice);
  const answer = useInvoicePaymentReturn(invoiceId, lang);
  const { data } = answer;

  // a final answer acts once per invoice (a language switch asks again, but does not redirect twice)
  const handledFor = useRef<number | null>(null);
  useEffect(() => {
    if (!data || data.waiting || invoiceId === null || handledFor.current === invoiceId) return;
    handledFor.current = invoiceId;
    void reloadQueries(queryClient, { queryKey: openInvoicesQueryKey });
    const query = `?${new URLSearchParams({ invoiceNumber: data.invoiceDetails.invoiceNumber }).toString()}`;
    if (data.status === 'success') {
      toast.success(data.message);
      void navigate(to(`/cash-invoices/payment/${invoiceId}/completed${query}`), { replace: true });
    } else {
      toast.error(data.message);
      void navigate(to(`/cash-invoices/payment/${invoiceId}/failed${query}`), { replace: true });
    }
  }, [data, invoiceId, navigate, queryClient, to]);

  const failed = invoiceId === null || (answer.isError && !answer.isFetching);

  return (
    <PaymentStatusCard
      title={title}
      className="cash-invoice-update"
      width="col-md-10 col-lg-8 col-xl-7"
      failed={failed}
      failedText={t('orders:cashInvoice.failedCall')}
      onRetry={invoiceId !== null ? () => void answer.refetch() : null}
      retryText={t('orders:cashInvoice.retry')}
      back={{ to: to('/account/orders'), text: t('orders:cashInvoice.toOrders') }}
      waiting={data?.waiting !== false}
      message={data?.message ?? t('orders:cashInvoice.checking')}
      messageTestId="invoice-payment-message"
    />
  );
}
