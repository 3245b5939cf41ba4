import Badge from 'react-bootstrap/Badge';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { Button } from '../../../components/ui/button';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';

import type { PaymentReviewResponse } from '../../../../shared/api/payments';
import { formatEuros, formatMoment } from '../../../lib/format';
import { Alert } from '../../../components/ui/alert';
import { TableHead } from '../../../components/ui/table-parts';
import { toast } from '../../../lib/toast';
import { useMarkPaymentReviewed, usePaymentReview } from '../api/payment-review';

type Item = PaymentReviewResponse['data'][number];

/** One payment to check: when, who, why, paid and expected, the order, and 'Checked'. */
function ReviewRow({ item, busy, onHandled }: { item: Item; busy: boolean; onHandled: (item: Item) => void }) {
  const { t, i18n } = useTranslation('staff');
  return (
    <tr>
      <td>{formatMoment(item.paid_at, i18n.language === 'en' ? 'en' : 'nl')}</td>
      <td>
        {item.relation.name} <span className="text-body-secondary">({item.relation.erp_number})</span>
        {item.user_mail ? <div className="small text-body-secondary">{item.user_mail}</div> : null}
      </td>
      <td>{t(`review.reasons.${item.reason}`)}</td>
      <td className="text-end">{formatEuros(item.paid)}</td>
      <td className="text-end">{item.expected === null ? '–' : formatEuros(item.expected)}</td>
      <td>{item.order ? (item.order.order_number ?? t('review.notPlaced')) : '–'}</td>
      <td className="text-end">
        <Button
          size="sm"
          variant="outline-primary"
          disabled={busy}
          aria-label={t('review.markFor', { company: item.relation.name, amount: formatEuros(item.paid) })}
          onClick={() => onHandled(item)}
        >
          {t('review.mark')}
        </Button>
      </td>
    </tr>
  );
}

/** Marks a payment as settled with the customer; the outcome is a toast. */
function useMarkHandled() {
  const { t } = useTranslation(['staff', 'errors']);
  const markReviewed = useMarkPaymentReviewed();

  async function handled(item: Item) {
    try {
      await markReviewed.mutateAsync(item.uuid);
      toast.success(t('staff:review.done', { company: item.relation.name }));
    } catch {
      toast.error(t('errors:generic'));
    }
  }

  return { busy: markReviewed.isPending, handled };
}

/**
 * Paid payments the shop did not apply (decision 010): what was paid, what the order would
 * cost now, why, and a button for staff once they settled it with the customer. Nothing is
 * shown when there is nothing to check.
 */
export function PaymentsToReview({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation(['staff', 'errors']);
  const review = usePaymentReview({ enabled });
  const { busy, handled } = useMarkHandled();
  const items = review.data?.data ?? [];
  if (review.isError) return <Alert variant="danger">{t('errors:generic')}</Alert>;
  if (items.length === 0) return null;

  return (
    <section className="mb-4" aria-labelledby="payments-to-review">
      <h2 id="payments-to-review" className="h5">
        {t('staff:review.title')} <Badge bg="warning" text="dark">{items.length}</Badge>
      </h2>
      <p className="text-body-secondary">{t('staff:review.intro')}</p>
      <ScrollRegion label={t('staff:review.title')}>
        <Table className="align-middle">
          <caption className="visually-hidden">{t('staff:review.title')}</caption>
          <TableHead
            columns={[
              t('staff:review.paidAt'),
              t('staff:table.company'),
              t('staff:review.reason'),
              { label: t('staff:review.paid'), className: 'text-end' },
              { label: t('staff:review.expected'), className: 'text-end' },
              t('staff:review.order'),
              { label: t('staff:table.actions'), hidden: true },
            ]}
          />
          <tbody>
            {items.map((item) => (
              <ReviewRow key={item.uuid} item={item} busy={busy} onHandled={(next) => void handled(next)} />
            ))}
          </tbody>
        </Table>
      </ScrollRegion>
    </section>
  );
}
