import { useTranslation } from 'react-i18next';

import type { OrderAdjustment } from '../../../../../shared/api/cart';
import type { Money } from '../../../../../shared/api/catalog';
import { taxPercentage } from '../../../../lib/format';

/** The label of an adjustment: 'VAT 9%' for tax, the shipping method's own label for shipping. */
export function useAdjustmentLabel(): (adjustment: OrderAdjustment) => string {
  const { t } = useTranslation('checkout');
  return (adjustment) => (adjustment.type === 'tax' ? t('summary.tax', { percentage: taxPercentage(adjustment.percentage) }) : adjustment.label);
}

interface Props {
  subtotal: Money;
  adjustments: readonly OrderAdjustment[];
  total: Money;
}

/** Subtotal, the adjustments (shipping, VAT per rate) and the total. */
export function CheckoutTotals({ subtotal, adjustments, total }: Props) {
  const { t } = useTranslation('checkout');
  const labelOf = useAdjustmentLabel();
  return (
    <dl className="checkout-totals mb-0">
      <div className="d-flex justify-content-between">
        <dt className="fw-normal">{t('summary.subtotal')}</dt>
        <dd className="mb-1">{subtotal.formatted}</dd>
      </div>
      {adjustments.map((adjustment) => (
        <div key={`${adjustment.type}-${adjustment.label}-${adjustment.percentage ?? ''}`} className="d-flex justify-content-between" data-adjustment={adjustment.type}>
          <dt className="fw-normal">{labelOf(adjustment)}</dt>
          <dd className="mb-1">{adjustment.amount.formatted}</dd>
        </div>
      ))}
      <div className="d-flex justify-content-between border-top pt-2 mt-2 fw-bold checkout-total">
        <dt>{t('summary.grandTotal')}</dt>
        <dd className="mb-0">{total.formatted}</dd>
      </div>
    </dl>
  );
}
