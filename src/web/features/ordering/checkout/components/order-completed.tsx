import Card from 'react-bootstrap/Card';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';

import { Alert } from '../../../../components/ui/alert';
import type { OrderResource } from '../../../../../shared/api/checkout';
import { OrderAgainButton } from '../../../../components/ui/order-again-button';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { SectionCard } from '../../../../components/ui/section-card';
import { usePlacedOrder } from '../../../../lib/api/placed-order';
import { formatDay, formatMomentDay } from '../../../../lib/format';
import { useLang, useLocalizedPath } from '../../../../lib/use-lang';
import { usePageTitle } from '../../../../lib/use-page-title';
import { readPlacedOrder } from '../hooks/placed-order';

import { OrderOverview } from './order-overview';

function CompletedOrder({ order }: { order: OrderResource }) {
  const { t } = useTranslation(['checkout', 'cart']);
  const to = useLocalizedPath();
  return (
    <div className="row g-4">
      <div className="col-lg-4 order-lg-2">
        <Card className="order-completed-details">
          <Card.Body className="p-4">
            <dl className="mb-0">
              <dt className="text-body-secondary small text-uppercase">{t('completed.orderNumber')}</dt>
              <dd className="fs-5 fw-semibold" data-testid="order-number">
                {order.order_number}
              </dd>
              <dt className="text-body-secondary small text-uppercase">{t('completed.orderDate')}</dt>
              <dd data-testid="order-date">{formatMomentDay(order.placed)}</dd>
              {order.req_dlv_date ? (
                <>
                  <dt className="text-body-secondary small text-uppercase">{t('completed.deliveryDate')}</dt>
                  <dd className="mb-0">{formatDay(order.req_dlv_date)}</dd>
                </>
              ) : null}
            </dl>
          </Card.Body>
        </Card>
        <div className="d-grid gap-2 mt-3">
          <OrderAgainButton order={order} successText={t('cart:added')}>
            {t('completed.orderAgain')}
          </OrderAgainButton>
          <Link to={to('/assortment')} className="btn btn-outline-primary">
            {t('completed.continueShopping')}
          </Link>
        </div>
      </div>
      <div className="col-lg-8 order-lg-1">
        <SectionCard id="order-overview-title" title={t('completed.overview')}>
          <OrderOverview order={order} />
        </SectionCard>
      </div>
    </div>
  );
}

/**
 * The order confirmation ('Order placed', spec section 2) of the order stored under 'placed';
 * without one the page goes to the cart.
 */
export function OrderCompleted() {
  const { t } = useTranslation('checkout');
  usePageTitle(t('completed.title'));
  const lang = useLang();
  const to = useLocalizedPath();
  const uuid = readPlacedOrder();
  const order = usePlacedOrder(uuid, lang);

  if (uuid === null) return <Navigate to={to('/cart')} replace />;
  return (
    <section className="order-completed">
      <h1 className="page-title">{t('completed.title')}</h1>
      <div className="order-completed-intro mb-4">
        <p className="lead mb-1">{t('completed.thanks')}</p>
        <p className="mb-1">{order.data?.mail ? t('completed.mailTo', { mail: order.data.mail }) : t('completed.mail')}</p>
        <p className="mb-0">
          <Trans t={t} i18nKey="completed.terms" components={{ terms: <Link to={to(t('termsPath'))} /> }} />
        </p>
      </div>
      {order.isError ? <Alert variant="danger">{t('completed.loadFailed')}</Alert> : null}
      {order.data ? <CompletedOrder order={order.data} /> : order.isError ? null : <PageSpinner />}
    </section>
  );
}
