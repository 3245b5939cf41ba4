import { useTranslation } from 'react-i18next';

import type { PriceMutation } from '../../../../shared/api/catalog-actions';
import { useLang } from '../../../lib/use-lang';

import { formatDay, formatPercentage } from '../../../lib/format';

/** 'From {date} the price changes by {percentage}% to {newPrice}' (spec section 2). */
export function UpcomingPriceNote({ mutation, className = '' }: { mutation: PriceMutation | undefined; className?: string }) {
  const { t } = useTranslation('catalog');
  const lang = useLang();
  if (!mutation) return null;
  return (
    <p className={`upcoming-price-note small mb-0 ${className}`}>
      {t('upcomingPrice', {
        date: formatDay(mutation.date),
        percentage: formatPercentage(mutation.percentage, lang),
        newPrice: mutation.newPrice.formatted,
      })}
    </p>
  );
}
