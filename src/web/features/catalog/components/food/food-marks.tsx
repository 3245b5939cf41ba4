import { useTranslation } from 'react-i18next';

import type { FoodMarks as Marks } from '../../../../../shared/api/food';

/** Short signs for the card; the full name is the title and what a screen reader reads. */
const SIGNS = { ambient: '⌂', chilled: '❆', frozen: '❄', vegetarian: 'V', vegan: 'VG', gluten_free: 'GF', organic: 'BIO', halal: 'H', kosher: 'K' };

/** The product card's storage type and diet marks, compactly; nothing when there are none. */
export function FoodMarks({ marks }: { marks: Marks }) {
  const { t } = useTranslation('catalog');
  const keys = [...(marks.storage ? [`storage.${marks.storage}` as const] : []), ...marks.diets.map((diet) => `diets.${diet}` as const)];
  if (keys.length === 0) return null;
  return (
    <ul className="food-marks list-unstyled d-flex flex-wrap gap-1 mb-0" aria-label={t('food.marks')}>
      {keys.map((key) => {
        const label = t(`food.${key}`);
        return (
          <li key={key} className="food-mark" title={label}>
            <span aria-hidden="true">{SIGNS[key.slice(key.indexOf('.') + 1) as keyof typeof SIGNS]}</span>
            <span className="visually-hidden">{label}</span>
          </li>
        );
      })}
    </ul>
  );
}
