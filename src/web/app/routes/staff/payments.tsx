import { useTranslation } from 'react-i18next';

import { Alert } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useFinanceOrderChecks } from '../../../features/staff/api/finance-order-checks';
import { usePaymentReview } from '../../../features/staff/api/payment-review';
import { OrderChecks } from '../../../features/staff/components/order-checks';
import { PaymentsToReview } from '../../../features/staff/components/payments-to-review';
import { usePageTitle } from '../../../lib/use-page-title';

/**
 * Finance: the paid payments the shop did not apply, to settle with the customer (decision 010),
 * and the paid orders the order desk canceled or raised (issue 42).
 */
export default function StaffPaymentsPage() {
  const { t } = useTranslation(['staff-layout', 'staff']);
  usePageTitle(t('staff-layout:nav.payments'));
  const review = usePaymentReview({ enabled: true });
  const checks = useFinanceOrderChecks();
  const pending = review.isPending || checks.isPending;
  const nothing = review.data?.data.length === 0 && checks.data?.data.length === 0;
  return (
    <section>
      <h1 className="page-title">{t('staff-layout:nav.payments')}</h1>
      {pending && <PageSpinner />}
      {nothing && <Alert variant="info">{t('staff-layout:paymentsNone')}</Alert>}
      <OrderChecks />
      <PaymentsToReview enabled />
    </section>
  );
}
