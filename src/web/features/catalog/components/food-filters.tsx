import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import type { FoodFacets } from '../../../../shared/api/catalog';
import { ALLERGEN_KEYS, DIET_KEYS, STORAGE_KEYS } from '../api/food-keys';
import type { FoodFilterParams } from '../hooks/use-assortment-params';
import { WITHIN_ASSORTMENT } from '../hooks/use-scroll-within-assortment';

interface Props {
  value: FoodFilterParams;
  /** Counts of the current result (meta.facets); undefined while the first page loads. */
  facets: FoodFacets | undefined;
}

type ListKey = 'without' | 'diet' | 'storage';

/** The query string with these food filters (?without=gluten,milk&strict=1&diet=vegan&storage=frozen), from page 1. */
function withFood(current: URLSearchParams, food: FoodFilterParams): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(food)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  next.delete('page');
  return next;
}

/** The list with `key` in or out, in the contract's order (null: empty). */
const toggled = (list: string[], key: string, on: boolean, order: readonly string[]) => order.filter((k) => (k === key ? on : list.includes(k))).join(',') || null;
const listOf = (value: string | null) => (value ? value.split(',') : []);

type Lists = Record<ListKey, string[]>;

interface GroupProps {
  /** The filter panel's id: the inputs' ids start with it. */
  id: string;
  name: ListKey;
  keys: readonly string[];
  label: (key: string) => string;
  counts: Record<string, number> | undefined;
  lists: Lists;
  value: FoodFilterParams;
  onChange: (food: FoodFilterParams) => void;
}

/** 'May contain' counts as containing too. */
function StrictSwitch({ id, value, onChange }: Pick<GroupProps, 'id' | 'value' | 'onChange'>) {
  const { t } = useTranslation('catalog');
  return (
    <div className="form-check form-switch mt-1">
      <input
        id={`${id}-strict`}
        className="form-check-input"
        type="checkbox"
        role="switch"
        checked={value.strict === '1'}
        onChange={(event) => onChange({ ...value, strict: event.target.checked ? '1' : null })}
      />
      <label className="form-check-label" htmlFor={`${id}-strict`}>
        {t('filters.strict')}
      </label>
    </div>
  );
}

/** One group of checkboxes (allergens, diets or storage types), each with its count. */
function FilterGroup({ id, name, keys, label, counts, lists, value, onChange }: GroupProps) {
  const { t } = useTranslation('catalog');
  return (
    <fieldset className="food-filters-group mb-3">
      <legend className="fs-6 fw-semibold mb-1">{t(`filters.${name}`)}</legend>
      {name === 'without' ? <p className="small text-body-secondary mb-1">{t('filters.withoutHint')}</p> : null}
      {keys.map((key) => {
        const inputId = `${id}-${name}-${key}`;
        const count = counts?.[key];
        return (
          <div key={key} className="form-check">
            <input
              id={inputId}
              className="form-check-input"
              type="checkbox"
              checked={lists[name].includes(key)}
              onChange={(event) => onChange({ ...value, [name]: toggled(lists[name], key, event.target.checked, keys) })}
            />
            <label className="form-check-label" htmlFor={inputId}>
              {label(key)}
              {count === undefined ? null : <span className="text-body-secondary small">{` (${count})`}</span>}
            </label>
          </div>
        );
      })}
      {name === 'without' ? <StrictSwitch id={id} value={value} onChange={onChange} /> : null}
    </fieldset>
  );
}

/**
 * The food filters of the assortment (issue 19): 'without' each of the 14 allergens (strict: also
 * leaving out 'may contain'), diet marks and storage types, each with the number of products of
 * the current result it leaves. Loaded lazily, after the assortment's first render (page weight).
 * On a phone it folds away behind a 'Filters' button.
 */
export default function FoodFilters({ value, facets }: Props) {
  const { t } = useTranslation('catalog');
  const [, setSearchParams] = useSearchParams();
  const onChange = (food: FoodFilterParams) => setSearchParams((current) => withFood(current, food), WITHIN_ASSORTMENT);
  const id = useId();
  const [open, setOpen] = useState(false);
  const lists: Lists = { without: listOf(value.without), diet: listOf(value.diet), storage: listOf(value.storage) };
  const active = lists.without.length + lists.diet.length + lists.storage.length;
  const shared = { id, lists, value, onChange };

  return (
    <section className="food-filters mt-4" aria-labelledby={`${id}-title`}>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm d-lg-none mb-2"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
      >
        {t('filters.show')}
        {active > 0 ? ` (${t('filters.active', { count: active })})` : ''}
      </button>
      <div id={`${id}-panel`} className={open ? '' : 'd-none d-lg-block'}>
        <h2 id={`${id}-title`} className="h5">
          {t('filters.title')}
        </h2>
        <FilterGroup {...shared} name="without" keys={ALLERGEN_KEYS} label={(key) => t(`filters.allergens.${key}` as 'filters.allergens.gluten')} counts={facets?.without} />
        <FilterGroup {...shared} name="diet" keys={DIET_KEYS} label={(key) => t(`filters.diets.${key}` as 'filters.diets.vegan')} counts={facets?.diet} />
        <FilterGroup {...shared} name="storage" keys={STORAGE_KEYS} label={(key) => t(`filters.storageTypes.${key}` as 'filters.storageTypes.frozen')} counts={facets?.storage} />
        {active > 0 || value.strict ? (
          <button type="button" className="btn btn-link btn-sm p-0" onClick={() => onChange({ without: null, strict: null, diet: null, storage: null })}>
            {t('filters.clear')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
