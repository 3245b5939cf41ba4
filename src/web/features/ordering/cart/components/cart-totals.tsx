import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';

import type { CartOrder } from '../../../../../shared/api/cart';
import { taxPercentage } from '../../../../lib/format';

/** The totals side panel: subtotal, the adjustments (shipping, VAT per rate) and the total. */
export function CartTotals({ order, children }: { order: CartOrder; children?: ReactNode }) {
  const { t } = useTranslation('cart');
  return (
    <Card className="cart-totals">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {t('totals.title')}
        </Card.Title>
        <p className="text-muted small mb-2">{t('totals.itemCount', { count: order.quantity_total })}</p>
        <dl className="cart-totals-list mb-3">
          <div className="d-flex justify-content-between">
            <dt className="fw-normal">{t('totals.subtotal')}</dt>
            <dd className="mb-1">{order.order_total.subtotal.formatted}</dd>
          </div>
          {order.order_total.adjustments.map((adjustment) => (
            <div key={`${adjustment.type}-${adjustment.label}`} className="d-flex justify-content-between" data-adjustment={adjustment.type}>
              <dt className="fw-normal">{adjustment.type === 'tax' ? t('totals.tax', { percentage: taxPercentage(adjustment.percentage) }) : adjustment.label}</dt>
              <dd className="mb-1">{adjustment.amount.formatted}</dd>
            </div>
          ))}
          <div className="d-flex justify-content-between border-top pt-2 mt-2 fw-bold cart-total">
            <dt>{t('totals.total')}</dt>
            <dd className="mb-0">{order.total_price.formatted}</dd>
          </div>
        </dl>
        {children}
      </Card.Body>
    </Card>
  );
}
