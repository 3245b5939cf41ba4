import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';

import { PAGE_SIZES } from '../api/contracts';

/** Products per page: 15, 30 or 45 (spec section 9). */
export function PageSizeSelect({ value, onChange }: { value: number; onChange: (items: number) => void }) {
  const { t } = useTranslation('catalog');
  return (
    <Form.Group controlId="assortment-page-size" className="page-size-select d-flex align-items-center gap-2">
      <Form.Label className="mb-0 text-nowrap small">{t('pageSize.label')}</Form.Label>
      <Form.Select size="sm" value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
