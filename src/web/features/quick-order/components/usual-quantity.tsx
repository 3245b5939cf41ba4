import { useTranslation } from 'react-i18next';

import type { UsualProduct } from '../../../../shared/api/quick-order';
import { isMultipleOf, smallestOrderable } from '../../../../shared/sales-unit';
import { multipleOf } from '../../../components/ui/sales-unit';
import { MultipleOffer } from '../../../components/ui/sales-unit-info';
import { MAX_LINE_QUANTITY } from '../api/contracts';
import { readQuantity } from '../hooks/entry-rows';

/**
 * The quantity of a usual product (decision 029): the field steps by the variation's order multiple,
 * and a quantity that is no multiple is never changed by itself: the next multiple is offered, as on
 * the card, the product page and the cart.
 */

/**
 * The quantity a product's field starts with: the last ordered (kept as it was, also when it is no
 * multiple any more: then the next multiple is offered), else the first orderable quantity.
 */
export function startQuantity(item: UsualProduct): number {
  return item.last_quantity ?? smallestOrderable(item.product.minimum_quantity ?? 1, multipleOf(item.product.sales_unit));
}

/** A typed quantity that may be added: a whole number in range and a multiple of the variation's order multiple. */
export function usualQuantityOk(item: UsualProduct, typed: string): boolean {
  const quantity = readQuantity(typed);
  return typeof quantity === 'number' && isMultipleOf(quantity, multipleOf(item.product.sales_unit));
}

interface Props {
  item: UsualProduct;
  value: string;
  /** Ticked with a quantity that cannot be added: the field says so. */
  invalid: boolean;
  disabled: boolean;
  onChange: (value: string) => void;
}

export function UsualQuantity({ item, value, invalid, disabled, onChange }: Props) {
  const { t } = useTranslation('quick-order');
  const title = item.product.title;
  const multiple = multipleOf(item.product.sales_unit);
  const quantity = readQuantity(value);
  return (
    <>
      <input
        type="number"
        inputMode="numeric"
        min={multiple}
        step={multiple}
        max={MAX_LINE_QUANTITY}
        className={`form-control form-control-sm usual-quantity text-end${invalid ? ' is-invalid' : ''}`}
        aria-label={t('usual.quantityOf', { title })}
        aria-invalid={invalid || undefined}
        disabled={disabled}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {!disabled && typeof quantity === 'number' ? (
        <MultipleOffer quantity={quantity} multiple={multiple} name={title} onAccept={(next) => onChange(String(next))} />
      ) : null}
    </>
  );
}
