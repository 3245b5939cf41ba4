import { useTranslation } from 'react-i18next';

import { Alert } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { usePaymentReview } from '../../../features/staff/api/payment-review';
import { PaymentsToReview } from '../../../features/staff/components/payments-to-review';
import { usePageTitle } from '../../../lib/use-page-title';

/** Finance: the paid payments the shop did not apply, to settle with the customer (decision 010). */
export default function StaffPaymentsPage() {
  const { t } = useTranslation(['staff-layout', 'staff']);
  usePageTitle(t('staff-layout:nav.payments'));
  const review = usePaymentReview({ enabled: true });
  return (
    <section>
      <h1 className="page-title">{t('staff-layout:nav.payments')}</h1>
      {review.isPending && <PageSpinner />}
      {review.data?.data.length === 0 && <Alert variant="info">{t('staff-layout:paymentsNone')}</Alert>}
      <PaymentsToReview enabled />
    </section>
  );
}
