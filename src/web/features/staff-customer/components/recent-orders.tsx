import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Alert } from '../../../components/ui/alert';
import { OrderStateBadge } from '../../../components/ui/order-state-badge';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { SectionCard } from '../../../components/ui/section-card';
import { Spinner } from '../../../components/ui/spinner';
import { TableHead } from '../../../components/ui/table-parts';
import { formatDay, formatEuro } from '../../../lib/format';
import { useLocalizedPath } from '../../../lib/use-lang';
import { useRecentOrders } from '../api/customer-page';

/** The customer's latest orders (number to its page with the delivery date below it, state, total: narrow enough for a phone), and the link to all of them on the board. */
export function RecentOrders({ relation, company }: { relation: string; company: string }) {
  const { t } = useTranslation(['staff-customer', 'errors']);
  const to = useLocalizedPath();
  const recent = useRecentOrders(relation);
  const orders = recent.data ?? [];
  return (
    <SectionCard id="customer-orders" title={t('orders.title')}>
      {recent.isPending && <Spinner size="sm" className="d-block mb-3" role="status" aria-label={t('orders.loading')} />}
      {recent.isError && <Alert variant="danger">{t('errors:generic')}</Alert>}
      {recent.data && orders.length === 0 && <p className="text-body-secondary">{t('orders.none')}</p>}
      {orders.length > 0 && (
        <ScrollRegion label={t('orders.caption', { company })}>
          <Table size="sm" className="mb-3 align-middle">
            <caption className="visually-hidden">{t('orders.caption', { company })}</caption>
            <TableHead columns={[t('orders.number'), t('orders.state'), { label: t('orders.total'), className: 'text-end' }]} />
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <td>
                    <Link to={`${to('/staff/orders')}/${order.id}`}>{order.order_number ?? order.drupal_internal__order_id}</Link>
                    <div className="small text-body-secondary">{order.delivery_date ? (
                        <>
                          {t('orders.delivery')} <span className="text-nowrap">{formatDay(order.delivery_date)}</span>
                        </>
                      ) : (
                        t('orders.noDelivery')
                      )}</div>
                  </td>
                  <td>
                    <OrderStateBadge state={order.state}>{t(`orders.states.${order.state}`)}</OrderStateBadge>
                  </td>
                  <td className="text-end text-nowrap">{formatEuro(order.total_cents)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </ScrollRegion>
      )}
      <Link to={`${to('/staff/orders')}?customer=${relation}`}>{t('orders.all')}</Link>
    </SectionCard>
  );
}
