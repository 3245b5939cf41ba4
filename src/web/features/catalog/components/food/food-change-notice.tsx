import { useTranslation } from 'react-i18next';

import type { FoodChangeNotice as Change } from '../../../../../shared/api/food';
import { Alert } from '../../../../components/ui/alert';
import { formatDay } from '../../../../lib/format';

/**
 * On the product page, for customers whose relation bought the product in the 90 days before its
 * ingredients or allergens changed, for 30 days (issue 19 point 6; decision 024): when it changed
 * (newest first), what changed, and a button to the Food information tab. A warning sign and a
 * heading say what it is, not its colour alone.
 */
export function FoodChangeNotice({ changes, onShowFood }: { changes: readonly Change[] | undefined; onShowFood: () => void }) {
  const { t } = useTranslation('catalog');
  const newest = changes?.[0];
  if (!changes || !newest) return null;
  const several = changes.length > 1;
  return (
    <Alert variant="warning" role="region" aria-labelledby="food-change-notice-title" className="food-change-notice mb-0">
      <h2 id="food-change-notice-title" className="alert-heading h6 mb-1">
        <span aria-hidden="true">⚠ </span>
        {t('foodChanges.title')}
      </h2>
      <p className="mb-1">{t('foodChanges.intro', { date: formatDay(newest.changed_on) })}</p>
      <ul className="mb-2 ps-3">
        {changes.flatMap((change, index) => {
          const when = several ? `${formatDay(change.changed_on)}: ` : '';
          return [
            ...(change.ingredients_changed ? [<li key={`${index}-ingredients`}>{when + t('foodChanges.ingredients')}</li>] : []),
            ...change.allergens.map((a) => (
              <li key={`${index}-${a.allergen}`}>
                {when +
                  t('foodChanges.allergen', {
                    allergen: t(`food.allergens.names.${a.allergen}`),
                    from: t(`foodChanges.levels.${a.from ?? 'unknown'}`),
                    to: t(`foodChanges.levels.${a.to ?? 'unknown'}`),
                  })}
              </li>
            )),
          ];
        })}
      </ul>
      <button type="button" className="btn btn-sm btn-outline-dark" onClick={onShowFood}>
        {t('foodChanges.show')}
      </button>
    </Alert>
  );
}
