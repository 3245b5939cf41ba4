import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';

import { toast } from '../../../lib/toast';
import { useLang, useLocalizedPath } from '../../../lib/use-lang';
import { usePageTitle } from '../../../lib/use-page-title';
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
    void queryClient.invalidateQueries({ queryKey: openInvoicesQueryKey });
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
    <section className="cash-invoice-update">
      <h1 className="page-title">{title}</h1>
      <div className="row justify-content-center mt-4">
        <div className="col-md-10 col-lg-8 col-xl-7">
          <Card>
            <Card.Body className="p-4 text-center">
              {failed ? (
                <>
                  <Alert variant="danger" className="text-start">
                    {t('orders:cashInvoice.failedCall')}
                  </Alert>
                  <div className="d-flex justify-content-center flex-wrap gap-2">
                    {invoiceId !== null ? (
                      <Button variant="primary" onClick={() => void answer.refetch()}>
                        {t('orders:cashInvoice.retry')}
                      </Button>
                    ) : null}
                    <Link to={to('/account/orders')} className="btn btn-outline-primary">
                      {t('orders:cashInvoice.toOrders')}
                    </Link>
                  </div>
                </>
              ) : (
                <div role="status" aria-live="polite" aria-busy={data?.waiting !== false}>
                  <Spinner animation="border" variant="primary" className="mb-3" aria-hidden="true" />
                  <p className="lead mb-0" data-testid="invoice-payment-message">
                    {data?.message ?? t('orders:cashInvoice.checking')}
                  </p>
                </div>
              )}
            </Card.Body>
          </Card>
        </div>
      </div>
    </section>
  );
}
