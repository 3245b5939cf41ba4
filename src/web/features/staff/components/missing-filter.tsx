import { useTranslation } from 'react-i18next';

import { FOOD_GAPS, type FoodGap } from '../../../../shared/api/food-gaps';

/**
 * Choose one missing part to list only the products that lack it, or all incomplete products.
 * Plain Bootstrap markup: react-bootstrap's Form.Select would split a chunk off the shop's first load.
 */
export function MissingFilter({ value, onChange }: { value: FoodGap | undefined; onChange: (next: FoodGap | undefined) => void }) {
  const { t } = useTranslation('staff');
  return (
    <div className="food-missing-filter mb-3">
      <label htmlFor="food-missing-filter" className="form-label">
        {t('food.filter.label')}
      </label>
      <select
        id="food-missing-filter"
        className="form-select w-auto mw-100"
        value={value ?? ''}
        onChange={(event) => onChange(FOOD_GAPS.find((gap) => gap === event.target.value))}
      >
        <option value="">{t('food.filter.all')}</option>
        {FOOD_GAPS.map((gap) => (
          <option key={gap} value={gap}>
            {t(`food.gaps.${gap}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
