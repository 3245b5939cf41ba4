import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

import { USUAL_SORTS, USUAL_SOURCES } from '../api/contracts';
import type { UsualSort, UsualSource } from '../api/get-usual-products';

interface Props {
  source: UsualSource;
  sort: UsualSort;
  days: number;
  onSource: (source: UsualSource) => void;
  onSort: (sort: string) => void;
}

/** Where the usual products come from (the last orders or the favourites) and their order. */
export function UsualProductsFilters({ source, sort, days, onSource, onSort }: Props) {
  const { t } = useTranslation('quick-order');
  return (
    <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
      <div role="radiogroup" aria-label={t('usual.source.label')} className="btn-group usual-source">
        {USUAL_SOURCES.map((value: UsualSource) => (
          <Fragment key={value}>
            <input
              type="radio"
              className="btn-check"
              id={`usual-source-${value}`}
              name="usual-source"
              value={value}
              checked={source === value}
              onChange={() => onSource(value)}
            />
            <label htmlFor={`usual-source-${value}`} className="btn btn-outline-primary">
              {value === 'orders' ? t('usual.source.orders', { days }) : t('usual.source.favourites')}
            </label>
          </Fragment>
        ))}
      </div>
      <div>
        <label htmlFor="usual-sort" className="form-label small mb-1">
          {t('usual.sort.label')}
        </label>
        <select id="usual-sort" className="form-select form-select-sm" value={sort} onChange={(event) => onSort(event.target.value)}>
          {USUAL_SORTS.map((value: UsualSort) => (
            <option key={value} value={value}>
              {t(`usual.sort.${value}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
