import { useTranslation } from 'react-i18next';

import type { CartOrderItem } from '../../../../../shared/api/cart';
import { useUnitLabel } from '../../../../components/ui/sales-unit';

/**
 * A cart line's unit price per sales unit, and per piece where a unit holds several ("€ 23,20 /
 * doos" over "€ 0,08 / stuk"; decision 029). A piece shows the price alone, as the spec's cart does.
 */
export function CartLineUnitPrice({ item }: { item: CartOrderItem }) {
  const { t } = useTranslation('common');
  const label = useUnitLabel();
  const code = item.sales_unit?.code ?? 'piece';
  if (code === 'piece' && !item.unit_price_per_piece) return <>{item.unit_price.formatted}</>;
  return (
    <>
      {code === 'piece' ? item.unit_price.formatted : t('salesUnit.pricePer', { price: item.unit_price.formatted, unit: label(code) })}
      {item.unit_price_per_piece ? (
        <span className="d-block small text-muted cart-line-piece-price">{t('salesUnit.pricePer', { price: item.unit_price_per_piece.formatted, unit: t('salesUnit.pieceUnit') })}</span>
      ) : null}
    </>
  );
}
