import { useState } from 'react';

import type { CartOrderItem } from '../../../../../shared/api/cart';
import { isMultipleOf } from '../../../../../shared/sales-unit';
import { multipleOf } from '../../../../components/ui/sales-unit';

/** A typed quantity: a whole number of at least 1; anything else counts as 1 (spec section 5). */
export function parseCartQuantity(text: string): number {
  const value = Math.trunc(Number(text));
  return Number.isFinite(value) && value >= 1 ? value : 1;
}

/**
 * A cart line's quantity: the saved one, or what is being typed; a typed quantity is sent when
 * the field is left or Enter is pressed. The order multiple (decision 029): the buttons step by it;
 * a typed quantity that is not one stays in the field, unsent, with the next multiple offered.
 */
export function useCartQuantity(item: CartOrderItem, onQuantity: (quantity: number) => void) {
  const quantity = Number(item.quantity);
  const [draft, setDraft] = useState<string | null>(null);
  const multiple = multipleOf(item.sales_unit);
  const shown = draft === null ? quantity : parseCartQuantity(draft);

  const commit = () => {
    if (draft === null) return;
    const next = parseCartQuantity(draft);
    if (!isMultipleOf(next, multiple)) return;
    setDraft(null);
    if (next !== quantity) onQuantity(next);
  };
  const setTo = (next: number) => {
    setDraft(null);
    if (next !== quantity) onQuantity(next);
  };

  return { quantity, draft, setDraft, multiple, shown, commit, setTo };
}

export type CartQuantity = ReturnType<typeof useCartQuantity>;
