import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useTranslation } from 'react-i18next';

import { steppedQuantity } from '../../../components/ui/sales-unit';
import { parseQuantity } from '../hooks/use-product-purchase';

interface Props {
  id: string;
  value: number;
  onChange: (value: number) => void;
  /** The accessible name of the field. */
  label: string;
  size?: 'sm' | 'lg';
  className?: string;
  /** The order multiple (decision 029): minus and plus step by it; a typed quantity is kept as typed. */
  multiple?: number;
}

/**
 * The quantity of a product (spec section 5): a non-numeric value counts as 1 and it never
 * goes below 1; with an order multiple the buttons step by it (decision 029). While typing the field keeps what was typed (an emptied field is not refilled
 * at once); leaving it shows the number that counts.
 */
export function QuantityInput({ id, value, onChange, label, size, className = '', multiple = 1 }: Props) {
  const { t } = useTranslation(['catalog', 'common']);
  const [draft, setDraft] = useState<string | null>(null);
  const step = Math.max(1, multiple);

  return (
    // Bootstrap's input-group markup: react-bootstrap's InputGroup adds nothing here but weight.
    <div className={`input-group${size ? ` input-group-${size}` : ''} quantity-input flex-nowrap ${className}`}>
      <Button
        variant="outline-secondary"
        aria-label={step > 1 ? t('common:salesUnit.decreaseBy', { count: step }) : t('quantity.decrease')}
        aria-controls={id}
        disabled={value <= step}
        onClick={() => {
          setDraft(null);
          onChange(steppedQuantity(value, step, -1));
        }}
      >
        −
      </Button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={step}
        step={step}
        className="form-control text-center"
        aria-label={label}
        value={draft ?? String(value)}
        onChange={(event) => {
          setDraft(event.target.value);
          onChange(parseQuantity(event.target.value));
        }}
        onBlur={() => setDraft(null)}
      />
      <Button
        variant="outline-secondary"
        aria-label={step > 1 ? t('common:salesUnit.increaseBy', { count: step }) : t('quantity.increase')}
        aria-controls={id}
        onClick={() => {
          setDraft(null);
          onChange(parseQuantity(steppedQuantity(value, step, 1)));
        }}
      >
        +
      </Button>
    </div>
  );
}
