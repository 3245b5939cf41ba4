import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';

import { parseQuantity } from '../hooks/use-product-purchase';

interface Props {
  id: string;
  value: number;
  onChange: (value: number) => void;
  /** The accessible name of the field. */
  label: string;
  size?: 'sm' | 'lg';
  className?: string;
}

/**
 * The quantity of a product (spec section 5): a non-numeric value counts as 1 and it never
 * goes below 1. While typing the field keeps what was typed (an emptied field is not refilled
 * at once); leaving it shows the number that counts.
 */
export function QuantityInput({ id, value, onChange, label, size, className = '' }: Props) {
  const { t } = useTranslation('catalog');
  const [draft, setDraft] = useState<string | null>(null);

  return (
    // Bootstrap's input-group markup: react-bootstrap's InputGroup adds nothing here but weight.
    <div className={`input-group${size ? ` input-group-${size}` : ''} quantity-input flex-nowrap ${className}`}>
      <Button
        variant="outline-secondary"
        aria-label={t('quantity.decrease')}
        aria-controls={id}
        disabled={value <= 1}
        onClick={() => {
          setDraft(null);
          onChange(Math.max(1, value - 1));
        }}
      >
        −
      </Button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
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
        aria-label={t('quantity.increase')}
        aria-controls={id}
        onClick={() => {
          setDraft(null);
          onChange(parseQuantity(value + 1));
        }}
      >
        +
      </Button>
    </div>
  );
}
