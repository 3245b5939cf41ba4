import { useTranslation } from 'react-i18next';

import type { Availability } from '../../../../shared/api/availability';
import { businessDay } from '../../../../shared/delivery-date';
import { expectedStock, formatStockDate } from '../../../../shared/stock-date';
import { useLang } from '../../../lib/use-lang';

/** The colour of each level backs up its words, never replaces them (the text says the level). */
const TONE = { in_stock: 'text-success-emphasis', few_left: 'text-warning-emphasis', out_of_stock: 'text-danger-emphasis' } as const;
const MARK = { in_stock: '●', few_left: '◐', out_of_stock: '○' } as const;

/**
 * In stock / few left / out of stock on a product card and the product page (issue 21 point 4,
 * decision 030), with when new stock is expected and whether it may be ordered now to come later.
 * Nothing for an article the shop does not keep in stock.
 */
export function AvailabilityNote({ availability, className = '' }: { availability: Availability | null | undefined; className?: string }) {
  const { t } = useTranslation('catalog');
  const lang = useLang();
  if (!availability) return null;
  const { status, backorder } = availability;
  // A date that has passed is "expected soon" (decision 030): the goods are late, not gone.
  const expected = status === 'in_stock' ? null : expectedStock(availability.expected_date, businessDay(new Date()));
  const details = [
    status === 'out_of_stock' && backorder ? t('availability.backorder') : null,
    expected === 'soon' ? t('availability.expectedSoon') : expected ? t('availability.expected', { date: formatStockDate(expected.date, lang) }) : null,
  ].filter((text): text is string => text !== null);
  return (
    <p className={`availability-note small mb-0 ${TONE[status]} ${className}`} data-availability={status}>
      <span aria-hidden="true">{MARK[status]} </span>
      <span className="fw-semibold">{t(`availability.${status}`)}</span>
      {details.length > 0 ? <span> · {details.join(' · ')}</span> : null}
    </p>
  );
}
