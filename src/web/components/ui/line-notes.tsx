import { useTranslation } from 'react-i18next';

import type { LineBackorder } from '../../../../shared/api/availability';
import { formatStockDate } from '../../../../shared/stock-date';
import { useLang } from '../../../lib/use-lang';

/** Under a cart line: how much of it is not in stock and comes later (decision 030). */
export function BackorderNote({ backorder }: { backorder: LineBackorder | null | undefined }) {
  const { t } = useTranslation('cart');
  const lang = useLang();
  if (!backorder) return null;
  const text = backorder.expected_date
    ? t('backorder.laterDate', { count: backorder.quantity, date: formatStockDate(backorder.expected_date, lang) })
    : t('backorder.later', { count: backorder.quantity });
  return <div className="backorder-note small text-warning-emphasis">{text}</div>;
}
