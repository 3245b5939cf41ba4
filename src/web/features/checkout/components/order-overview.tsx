import { useTranslation } from 'react-i18next';

import type { OrderResource } from '../../../../shared/api/checkout';
import { OrderTable } from '../../../components/ui/order-table';

import { useAdjustmentLabel } from './checkout-totals';

/** The placed order's lines (picture, title, article number, quantity, unit price, total), adjustments and total. */
export function OrderOverview({ order }: { order: OrderResource }) {
  const { t } = useTranslation('checkout');
  const labelOf = useAdjustmentLabel();
  return (
    <OrderTable
      order={order}
      className="order-overview"
      totalRow={{ className: 'order-overview-total' }}
      texts={{
        image: t('completed.image'),
        description: t('completed.description'),
        quantity: t('completed.quantity'),
        unitPrice: t('completed.unitPrice'),
        total: t('completed.total'),
        subtotal: t('summary.subtotal'),
        grandTotal: t('summary.grandTotal'),
        imageOf: (name) => t('completed.imageOf', { name }),
        articleNumber: (sku) => t('summary.articleNumber', { sku }),
        adjustment: labelOf,
      }}
    />
  );
}
