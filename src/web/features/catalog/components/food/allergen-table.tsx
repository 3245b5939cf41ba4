import { useTranslation } from 'react-i18next';

import type { AllergenLevel, FoodInformation } from '../../../../../shared/api/food';

/** A symbol per level, beside its text: never colour alone. */
const SYMBOLS: Record<AllergenLevel | 'unknown', string> = { contains: '●', may_contain: '◐', free: '○', unknown: '?' };

/** The 14 allergens of Annex II with how the product stands to each; unknown says unknown. */
export function AllergenTable({ allergens }: { allergens: FoodInformation['allergens'] }) {
  const { t } = useTranslation('catalog');
  return (
    <table className="table table-sm food-allergens">
      <caption className="caption-top h5 text-body">{t('food.allergens.title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('food.allergens.allergen')}</th>
          <th scope="col">{t('food.allergens.level')}</th>
        </tr>
      </thead>
      <tbody>
        {allergens.map(({ allergen, level }) => {
          const key = level ?? 'unknown';
          return (
            <tr key={allergen} className={`food-level-${key}`}>
              <th scope="row" className="fw-normal">
                {t(`food.allergens.names.${allergen}`)}
              </th>
              <td>
                <span className={`food-level food-level-${key}`}>
                  <span className="food-level-icon" aria-hidden="true">
                    {SYMBOLS[key]}
                  </span>{' '}
                  {t(`food.allergens.levels.${key}`)}
                </span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
