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
 * The final answer acts once per payment: a toast with its message (success for status 1, error
 * for 0), `onFinal`, and for a logged-in payer the redirect. A language switch asks again, but
 * toasts and redirects do not repeat.
 */
function useFinalAnswer(data: PaymentReturnResponse | undefined, paymentId: string | undefined, anonymous: boolean, onFinal: Props['onFinal']) {
  const to = useLocalizedPath();
  const navigate = useNavigate();
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
}

/** Paid: the server's message, and a link to 'My orders' (or, anonymous, a note instead). */
function PaidResult({ message, anonymous }: { message: string; anonymous: boolean }) {
  const { t } = useTranslation('payments');
  const to = useLocalizedPath();
  return (
    <Alert variant="success" className="mb-0 text-start" data-testid="bulk-payment-result">
      <AlertHeading as="h2" className="h4">
        {t('status.paid.title')}
      </AlertHeading>
      <p className={anonymous ? undefined : 'mb-3'}>{message}</p>
      {anonymous ? (
        <p className="mb-0">{t('status.paid.anonymousNote')}</p>
      ) : (
        <Link to={to('/account/orders')} className="btn btn-primary">
          {t('status.paid.toOrders')}
        </Link>
      )}
    </Alert>
  );
}

/** Not paid: the server's message and the advice to use the link again. */
function FailedResult({ message }: { message: string }) {
  const { t } = useTranslation('payments');
  return (
    <Alert variant="danger" className="mb-0 text-start" data-testid="bulk-payment-result">
      <AlertHeading as="h2" className="h4">
        {t('status.failed.title')}
      </AlertHeading>
      <p>{message}</p>
      <p className="mb-0">{t('status.failed.useLinkAgain')}</p>
    </Alert>
  );
}

/** The call itself failed: the generic error and 'try again'. */
function AnswerFailed({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation(['payments', 'errors']);
  return (
    <>
      <Alert variant="danger" className="text-start">
        {t('errors:generic')}
      </Alert>
      <Button variant="primary" disabled={retrying} onClick={onRetry}>
        {t('payments:status.retry')}
      </Button>
    </>
  );
}

/** Still waiting: a spinner and the server's latest message. */
function Checking({ message }: { message: string | undefined }) {
  const { t } = useTranslation('payments');
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <Spinner animation="border" variant="primary" className="mb-3" aria-hidden="true" />
      <p className="lead mb-0" data-testid="bulk-payment-message">
        {message ?? t('status.checking')}
      </p>
    </div>
  );
}

/** What the card shows for the answer so far. */
function BulkPaymentBody({ answer, paymentId, anonymous }: { answer: ReturnType<typeof useBulkPaymentReturn>; paymentId: string | undefined; anonymous: boolean }) {
  const { t } = useTranslation('payments');
  const { data } = answer;
  const notFound = !isPaymentId(paymentId) || (answer.error instanceof ApiError && answer.error.status === 404);
  const final = data && !data.waiting ? data : null;
  // A logged-in payer leaves for the completed page or the checkout: the spinner stays until then.
  const leaving = final !== null && !anonymous && (final.status === 0 || final.order !== null);

  if (final && final.status === 1 && !leaving) return <PaidResult message={final.message} anonymous={anonymous} />;
  if (final && final.status === 0 && !leaving) return <FailedResult message={final.message} />;
  if (notFound) {
    return (
      <Alert variant="danger" className="mb-0 text-start">
        {t('status.notFound')}
      </Alert>
    );
  }
  if (answer.isError && !data) return <AnswerFailed retrying={answer.isFetching} onRetry={() => void answer.refetch()} />;
  return <Checking message={data?.message} />;
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
  const { paymentId } = useParams();
  const answer = useBulkPaymentReturn(paymentId, lang);
  useFinalAnswer(answer.data, paymentId, anonymous, onFinal);

  return (
    <section className="bulk-payment-status">
      {/* The anonymous page stands alone in the public layout: its title goes with the card. */}
      {anonymous ? null : <h1 className="page-title">{title}</h1>}
      <div className="row justify-content-center mt-4">
        <div className="col-md-10 col-lg-7 col-xl-6">
          {anonymous ? <h1 className="page-title text-center mb-4">{title}</h1> : null}
          <Card>
            <Card.Body className="p-4 text-center">
              <BulkPaymentBody answer={answer} paymentId={paymentId} anonymous={anonymous} />
            </Card.Body>
          </Card>
        </div>
      </div>
    </section>
  );
}
