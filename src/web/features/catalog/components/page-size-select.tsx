import { useTranslation } from 'react-i18next';

import { PAGE_SIZES } from '../api/contracts';

/** Products per page: 15, 30 or 45 (spec section 9). */
export function PageSizeSelect({ value, onChange }: { value: number; onChange: (items: number) => void }) {
  const { t } = useTranslation('catalog');
  return (
    // plain Bootstrap form markup: the assortment loads this before its first render, and
    // react-bootstrap's Form brings all its parts along
    <div className="page-size-select d-flex align-items-center gap-2">
      <label htmlFor="assortment-page-size" className="form-label mb-0 text-nowrap small">
        {t('pageSize.label')}
      </label>
      <select id="assortment-page-size" className="form-select form-select-sm" value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}
