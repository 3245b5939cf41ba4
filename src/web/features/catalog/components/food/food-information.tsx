import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { FoodInformation as Food } from '../../../../../shared/api/food';
import { useLang } from '../../../../lib/use-lang';
import { ServerHtml } from '../server-html';

import { AllergenTable } from './allergen-table';
import { formatDecimal } from '../../../../lib/format';
import { countryName } from './format-food';
import { NutritionTable } from './nutrition-table';

type FactKey = 'storage' | 'afterOpening' | 'origin' | 'netQuantity' | 'alcohol' | 'diets' | 'ean' | 'business';

/** The other facts, across the whole width; what the product does not state is shown as unknown. */
function FoodFacts({ food }: { food: Food }) {
  const { t } = useTranslation('catalog');
  const lang = useLang();
  const unknown = <span className="text-body-secondary">{t('food.facts.unknown')}</span>;
  const or = (value: ReactNode | null | undefined) => (value === null || value === undefined || value === '' ? unknown : value);
  const quantity = food.net_quantity;
  const facts: [FactKey, ReactNode][] = [
    ['storage', food.storage ? [t(`food.storage.${food.storage.type}`), food.storage.text].filter(Boolean).join('. ') : null],
    ['afterOpening', food.after_opening],
    ['origin', food.origin_country ? countryName(food.origin_country, lang) : null],
    [
      'netQuantity',
      quantity &&
        (quantity.unit === 'piece'
          ? t('food.units.piece', { count: Number(quantity.amount) })
          : `${formatDecimal(quantity.amount, lang)} ${t(`food.units.${quantity.unit}`)}`),
    ],
    ...(food.alcohol_percentage === null ? [] : ([['alcohol', t('food.facts.alcoholValue', { value: formatDecimal(food.alcohol_percentage, lang) })]] as [FactKey, ReactNode][])),
    ['diets', food.diets.map((diet) => t(`food.diets.${diet}`)).join(', ')],
    ['ean', food.ean],
    [
      'business',
      food.business && (
        <>
          {food.business.name}
          <br />
          {food.business.address}
        </>
      ),
    ],
  ];
  return (
    <section className="col-12" aria-labelledby="food-facts">
      <h3 id="food-facts" className="h5">
        {t('food.facts.title')}
      </h3>
      <dl className="food-facts mb-0">
        {facts.map(([key, value]) => (
          <Fragment key={key}>
            <dt>{t(`food.facts.${key}`)}</dt>
            <dd>{or(value)}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}

/**
 * The Food information tab of the product page (issue 19): allergens, ingredients, nutrition,
 * storage, origin, net quantity, alcohol, diets, EAN and the food business. What the product does
 * not state is shown as unknown. Allergens beside ingredients and nutrition, the other facts below
 * across the whole width (two label-value pairs a row on wide screens; _food.scss).
 */
export function FoodInformation({ food }: { food: Food | null }) {
  const { t } = useTranslation('catalog');
  if (!food) return <p className="text-body-secondary">{t('product.noFood')}</p>;
  return (
    <div className="food-information row g-4">
      <div className="col-lg-6">
        <AllergenTable allergens={food.allergens} />
      </div>
      <div className="col-lg-6 d-flex flex-column gap-3">
        {food.legal_name && (
          <p className="mb-0">
            <span className="fw-semibold">{t('food.legalName')}:</span> {food.legal_name}
          </p>
        )}
        <section aria-labelledby="food-ingredients">
          <h3 id="food-ingredients" className="h5">
            {t('food.ingredients')}
          </h3>
          <ServerHtml html={food.ingredients ?? ''} empty={t('food.facts.unknown')} />
        </section>
        <NutritionTable nutrition={food.nutrition} />
      </div>
      <FoodFacts food={food} />
    </div>
  );
}
