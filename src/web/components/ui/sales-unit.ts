import { useTranslation } from 'react-i18next';

import type { SalesUnit, SalesUnitCode } from '../../../shared/api/sales-units';
import { nextMultiple } from '../../../shared/sales-unit';

/**
 * Sales units and order multiples on the web (decision 029): the unit's label and the steps of a
 * quantity field, for the product card and page, the cart and quick order. What shows the unit, its
 * prices and the offer of the next multiple is in sales-unit-info.tsx, loaded lazily on the card
 * (lazy-sales-unit.tsx; page weight, decision 012).
 */

/** The order multiple of a unit (1 when the answer has none). */
export const multipleOf = (unit: SalesUnit | undefined) => Math.max(1, unit?.multiple ?? 1);

/** Whether a unit says more than the spec's piece: a content, a price per piece or a multiple. */
export const unitSaysMore = (unit: SalesUnit | undefined, perPiece: unknown) => Boolean(unit && (unit.content || perPiece || multipleOf(unit) > 1));

/** The label of a sales unit in the UI language: 'doos', 'case'. */
export function useUnitLabel(): (code: SalesUnitCode) => string {
  const { t } = useTranslation('common');
  return (code) => t(`salesUnit.units.${code}`);
}

/** The quantity after a plus (the next multiple above) or a minus (the multiple below, never under one multiple). */
export function steppedQuantity(value: number, multiple: number, direction: 1 | -1): number {
  const step = Math.max(1, multiple);
  if (direction === 1) return nextMultiple(value + 1, step);
  const below = Math.ceil(value / step) * step - step;
  return Math.max(step, below);
}
