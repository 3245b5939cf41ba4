import { useTranslation } from 'react-i18next';

import type { LineBackorder } from '../../../../shared/api/availability';

/**
 * The success toast of adding to the cart, naming how much of the added line is a backorder (the
 * expected date is on the card and in the cart; not formatted here, which keeps the date
 * formatting out of the assortment's first load, decision 012).
 */
export function useAddedText(): (items: ReadonlyArray<{ backorder?: LineBackorder | null }>) => string | undefined {
  const { t } = useTranslation('catalog');
  return (items) => {
    const later = items.find((item) => item.backorder)?.backorder;
    return later ? t('availability.addedBackorder', { count: later.quantity }) : undefined;
  };
}
