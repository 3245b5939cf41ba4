import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { StaffFinanceChecksResponse } from '../../../../shared/api/staff-order';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { TableHead } from '../../../components/ui/table-parts';
import { formatEuro, formatMoment } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useLocalizedPath } from '../../../lib/use-lang';
import { useFinanceOrderChecks, useMarkOrderChecked } from '../api/finance-order-checks';

type Item = StaffFinanceChecksResponse['data'][number];

/** One order to settle: when it was flagged, who, why, its total and what was paid, and 'Handled'. */
function CheckRow({ item, busy, onHandled }: { item: Item; busy: boolean; onHandled: (item: Item) => void }) {
  const { t, i18n } = useTranslation('staff');
  const to = useLocalizedPath();
  const number = item.order_number ?? t('orderChecks.noNumber');
  return (
    <tr>
      <td>{formatMoment(item.flagged_at, i18n.language === 'en' ? 'en' : 'nl')}</td>
      <td>
        <Link to={to(`/staff/orders/${item.uuid}`)}>{number}</Link>
      </td>
      <td>
        {item.relation.name} <span className="text-body-secondary">({item.relation.erp_number})</span>
      </td>
      <td>{t(`orderChecks.reasons.${item.reason}`)}</td>
      <td className="text-end">{formatEuro(item.total_cents)}</td>
      <td className="text-end">{item.paid_cents === null ? '–' : formatEuro(item.paid_cents)}</td>
      <td className="text-end">
        <Button size="sm" variant="outline-primary" disabled={busy} aria-label={t('orderChecks.markFor', { order: number })} onClick={() => onHandled(item)}>
          {t('orderChecks.mark')}
        </Button>
      </td>
    </tr>
  );
}

/**
 * Paid orders the order desk canceled (the customer gets a refund) or raised above what was
 * paid (issue 42): finance settles them with the customer and marks them handled.
 */
export function OrderChecks() {
  const { t } = useTranslation(['staff', 'errors']);
  const checks = useFinanceOrderChecks();
  const mark = useMarkOrderChecked();
  const items = checks.data?.data ?? [];

  async function handled(item: Item) {
    try {
      await mark.mutateAsync(item.uuid);
      toast.success(t('staff:orderChecks.done', { order: item.order_number ?? '' }));
    } catch {
      toast.error(t('errors:generic'));
    }
  }

  if (checks.isError) return <Alert variant="danger">{t('errors:generic')}</Alert>;
  if (items.length === 0) return null;
  return (
    <section className="mb-4" aria-labelledby="orders-to-check">
      <h2 id="orders-to-check" className="h5">
        {t('staff:orderChecks.title')} <Badge bg="warning" text="dark">{items.length}</Badge>
      </h2>
      <p className="text-body-secondary">{t('staff:orderChecks.intro')}</p>
      <ScrollRegion label={t('staff:orderChecks.title')}>
        <Table className="align-middle">
          <caption className="visually-hidden">{t('staff:orderChecks.title')}</caption>
          <TableHead
            columns={[
              t('staff:orderChecks.flaggedAt'),
              t('staff:orderChecks.order'),
              t('staff:table.company'),
              t('staff:review.reason'),
              { label: t('staff:orderChecks.total'), className: 'text-end' },
              { label: t('staff:review.paid'), className: 'text-end' },
              { label: t('staff:table.actions'), hidden: true },
            ]}
          />
          <tbody>
            {items.map((item) => (
              <CheckRow key={item.uuid} item={item} busy={mark.isPending} onHandled={(next) => void handled(next)} />
            ))}
          </tbody>
        </Table>
      </ScrollRegion>
    </section>
  );
}
