import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import Card from 'react-bootstrap/Card';
import { Spinner } from '../../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';

import { Alert, AlertHeading } from '../../../components/ui/alert';
import type { PaymentReturnResponse } from '../../../../shared/api/payments';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useLang, useLocalizedPath } from '../../../lib/use-lang';
import { usePageTitle } from '../../../lib/use-page-title';
import { isPaymentId, useBulkPaymentReturn } from '../api/get-bulk-payment-return';

interface Props {
  /** The anonymous variant (a payer who opened a payment link): never redirects, shows the final state. */
  anonymous?: boolean;
  /**
   * Called once with the final answer (no longer waiting), before any redirect: the route of
   * the logged-in page refreshes the cart and stores a placed order there (app/ composes).
   */
  onFinal?: (answer: PaymentReturnResponse) => void;
}

/**
 * The bulk payment status page (spec sections 2 and 4): a spinner and the server's message,
 * polling POST /api/mollie_return/bulk/{paymentId} every 2.5 s until the answer is final. The
 * final message shows as a toast (success for status 1, error for 0). A logged-in payer then
 * goes to the placed order's completed page (status 1 with an order) or back to the checkout
 * (status 0); status 1 without an order stays here with a link to 'My orders'. The anonymous
 * variant stays on this page whatever the answer.
 */
export function BulkPaymentStatus({ anonymous = false, onFinal }: Props) {
  const { t } = useTranslation(['payments', 'common', 'errors']);
  const title = t('common:pages.bulkPaymentUpdate');
  usePageTitle(title);
  const lang = useLang();
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const { paymentId } = useParams();
  const answer = useBulkPaymentReturn(paymentId, lang);
  const { data } = answer;

  // The final answer acts once per payment: a language switch asks again, but toasts and redirects do not repeat.
  const handledFor = useRef<string | null>(null);
  const onFinalRef = useRef(onFinal);
  useEffect(() => {
    onFinalRef.current = onFinal;
  }, [onFinal]);
  useEffect(() => {
    if (!data || data.waiting || paymentId === undefined || handledFor.current === paymentId) return;
    handledFor.current = paymentId;
    onFinalRef.current?.(data);
    if (data.status === 1) toast.success(data.message);
    else toast.error(data.message);
    if (anonymous) return;
    if (data.status === 1 && data.order) {
      void navigate(to(`/cart/checkout/${data.order.id}/completed`), { replace: true });
    } else if (data.status === 0) {
      void navigate(to('/cart/checkout'), { replace: true });
    }
  }, [anonymous, data, navigate, paymentId, to]);

  const notFound = !isPaymentId(paymentId) || (answer.error instanceof ApiError && answer.error.status === 404);
  const final = data && !data.waiting ? data : null;
  // A logged-in payer leaves for the completed page or the checkout: the spinner stays until then.
  const leaving = final !== null && !anonymous && (final.status === 0 || final.order !== null);

  let body;
  if (final && final.status === 1 && !leaving) {
    body = (
      <Alert variant="success" className="mb-0 text-start" data-testid="bulk-payment-result">
        <AlertHeading as="h2" className="h4">
          {t('payments:status.paid.title')}
        </AlertHeading>
        <p className={anonymous ? undefined : 'mb-3'}>{final.message}</p>
        {anonymous ? (
          <p className="mb-0">{t('payments:status.paid.anonymousNote')}</p>
        ) : (
          <Link to={to('/account/orders')} className="btn btn-primary">
            {t('payments:status.paid.toOrders')}
          </Link>
        )}
      </Alert>
    );
  } else if (final && final.status === 0 && !leaving) {
    body = (
      <Alert variant="danger" className="mb-0 text-start" data-testid="bulk-payment-result">
        <AlertHeading as="h2" className="h4">
          {t('payments:status.failed.title')}
        </AlertHeading>
        <p>{final.message}</p>
        <p className="mb-0">{t('payments:status.failed.useLinkAgain')}</p>
      </Alert>
    );
  } else if (notFound) {
    body = (
      <Alert variant="danger" className="mb-0 text-start">
        {t('payments:status.notFound')}
      </Alert>
    );
  } else if (answer.isError && !data) {
    body = (
      <>
        <Alert variant="danger" className="text-start">
          {t('errors:generic')}
        </Alert>
        <Button variant="primary" disabled={answer.isFetching} onClick={() => void answer.refetch()}>
          {t('payments:status.retry')}
        </Button>
      </>
    );
  } else {
    body = (
      <div role="status" aria-live="polite" aria-busy="true">
        <Spinner animation="border" variant="primary" className="mb-3" aria-hidden="true" />
        <p className="lead mb-0" data-testid="bulk-payment-message">
          {data?.message ?? t('payments:status.checking')}
        </p>
      </div>
    );
  }

  return (
    <section className="bulk-payment-status">
      {/* The anonymous page stands alone in the public layout: its title goes with the card. */}
      {anonymous ? null : <h1 className="page-title">{title}</h1>}
      <div className="row justify-content-center mt-4">
        <div className="col-md-10 col-lg-7 col-xl-6">
          {anonymous ? <h1 className="page-title text-center mb-4">{title}</h1> : null}
          <Card>
            <Card.Body className="p-4 text-center">{body}</Card.Body>
          </Card>
        </div>
      </div>
    </section>
  );
}
