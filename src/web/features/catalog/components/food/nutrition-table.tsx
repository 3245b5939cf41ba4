import { useTranslation } from 'react-i18next';

import type { Nutrition } from '../../../../../shared/api/food';
import { useLang } from '../../../../lib/use-lang';

import { formatDecimal } from '../../../../lib/format';

/** The nutrients after energy, in the order of Annex XV; the "of which" rows are indented. */
const ROWS = [
  ['fat', false],
  ['saturates', true],
  ['carbohydrate', false],
  ['sugars', true],
  ['fibre', false],
  ['protein', false],
  ['salt', false],
] as const;

/** The nutrition declaration per 100 g or 100 ml (Regulation (EU) No 1169/2011, Annex XV). */
export function NutritionTable({ nutrition }: { nutrition: Nutrition | null }) {
  const { t } = useTranslation('catalog');
  const lang = useLang();
  if (!nutrition) return <p className="text-body-secondary">{t('food.nutrition.none')}</p>;
  const number = (value: string) => formatDecimal(value, lang);
  return (
    <table className="table table-sm food-nutrition">
      <caption className="caption-top h5 text-body">{t('food.nutrition.title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('food.nutrition.nutrient')}</th>
          <th scope="col" className="text-end">
            {t(nutrition.basis === '100ml' ? 'food.nutrition.per100ml' : 'food.nutrition.per100g')}
          </th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row" className="fw-normal">
            {t('food.nutrition.energy')}
          </th>
          <td className="text-end">
            {number(nutrition.energy_kj)} kJ / {number(nutrition.energy_kcal)} kcal
          </td>
        </tr>
        {ROWS.map(([key, part]) => {
          const value = nutrition[key];
          if (value === null) return null;
          return (
            <tr key={key}>
              <th scope="row" className={`fw-normal${part ? ' ps-4' : ''}`}>
                {t(`food.nutrition.${key}`)}
              </th>
              <td className="text-end">{number(value)} g</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
