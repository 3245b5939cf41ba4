import { useTranslation } from 'react-i18next';

import type { LineBackorder, LineShortage } from '../../../shared/api/availability';
import type { OrderLineUnit } from '../../../shared/api/checkout';
import { expectedStock, formatStockDate } from '../../../shared/stock-date';
import { useLang } from '../../lib/use-lang';

/**
 * What a line says under its title beyond its prices: the part that is a backorder (decision 030),
 * the cart line's quantity over stock, and a placed line's sales unit (decision 029). The cart, the
 * order placed page and the order detail show the same notes; their texts are in `cart`.
 */

/**
 * How much of a line is not in stock and comes later, with the expected date when known; "expected
 * soon" when that date is before `asOf`, the shop's day the note speaks from (a cart: today; a placed
 * order: the day it was placed, as its confirmation mail said).
 */
export function BackorderNote({ backorder, asOf }: { backorder: LineBackorder | null | undefined; asOf: string }) {
  const { t } = useTranslation('cart');
  const lang = useLang();
  if (!backorder) return null;
  const when = expectedStock(backorder.expected_date, asOf);
  const count = backorder.quantity;
  const text =
    when === null
      ? t('backorder.later', { count })
      : when === 'soon'
        ? t('backorder.laterSoon', { count })
        : t('backorder.laterDate', { count, date: formatStockDate(when.date, lang) });
  return <div className="backorder-note small text-warning-emphasis">{text}</div>;
}

/** A cart line over the stock of an article without backorders: the checkout refuses it until the quantity changes. */
export function StockShortNote({ short }: { short: LineShortage | null | undefined }) {
  const { t } = useTranslation('cart');
  if (!short) return null;
  return (
    <div className="stock-short-note small text-danger" role="status">
      {short.available > 0 ? t('stockShort.left', { count: short.available }) : t('stockShort.none')}
    </div>
  );
}

/** A placed line's quantity in its sales unit and what one unit holds: "2 dozen · doos van 6 × 50". */
export function UnitQuantityNote({ quantity, unit }: { quantity: number; unit: OrderLineUnit | null | undefined }) {
  const { t } = useTranslation('cart');
  if (!unit) return null;
  const count = t(`unitCount.${unit.code}`, { count: quantity });
  return <div className="unit-quantity-note small text-body-secondary">{unit.content ? `${count} · ${unit.content}` : count}</div>;
}
