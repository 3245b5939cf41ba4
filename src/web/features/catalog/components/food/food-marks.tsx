import { useTranslation } from 'react-i18next';

import type { Diet, FoodMarks as Marks, StorageType } from '../../../../../shared/api/food';

/** Short signs for the card; the full name is the title and what a screen reader reads. */
const STORAGE_SIGNS: Record<StorageType, string> = { ambient: '⌂', chilled: '❆', frozen: '❄' };
const DIET_SIGNS: Record<Diet, string> = { vegetarian: 'V', vegan: 'VG', gluten_free: 'GF', organic: 'BIO', halal: 'H', kosher: 'K' };

function Mark({ sign, label, kind }: { sign: string; label: string; kind: string }) {
  return (
    <li className={`food-mark food-mark-${kind}`} title={label}>
      <span aria-hidden="true">{sign}</span>
      <span className="visually-hidden">{label}</span>
    </li>
  );
}

/** Diet marks; `long` shows their names (the product page), otherwise their signs (the card). */
export function DietMarks({ diets, long = false }: { diets: readonly Diet[]; long?: boolean }) {
  const { t } = useTranslation('catalog');
  if (long) return <>{diets.map((diet) => t(`food.diets.${diet}`)).join(', ')}</>;
  return (
    <>
      {diets.map((diet) => (
        <Mark key={diet} sign={DIET_SIGNS[diet]} label={t(`food.diets.${diet}`)} kind={diet} />
      ))}
    </>
  );
}

/** The product card's storage type and diet marks, compactly; nothing when there are none. */
export function FoodMarks({ marks }: { marks: Marks }) {
  const { t } = useTranslation('catalog');
  if (!marks.storage && marks.diets.length === 0) return null;
  return (
    <ul className="food-marks list-unstyled d-flex flex-wrap gap-1 mb-0" aria-label={t('food.marks')}>
      {marks.storage && <Mark sign={STORAGE_SIGNS[marks.storage]} label={t(`food.storage.${marks.storage}`)} kind={marks.storage} />}
      <DietMarks diets={marks.diets} />
    </ul>
  );
}
