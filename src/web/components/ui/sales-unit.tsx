import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';

import type { Money } from '../../../shared/api/catalog';
import type { SalesUnit, SalesUnitCode } from '../../../shared/api/sales-units';
import { isMultipleOf, nextMultiple } from '../../../shared/sales-unit';

/**
 * Sales units and order multiples on the web (decision 029): the unit's label, the price per unit
 * and per piece, and the offer of the next multiple for a quantity that is not one. Used by the
 * product card and page, the cart and quick order; the amounts are the server's.
 */

/** A sales unit that says nothing beyond the spec's 'st.': a piece, any quantity, no content. */
export const PIECE: SalesUnit = { code: 'piece', content: null, pieces: null, multiple: 1 };

/** The order multiple of a unit (1 when the answer has none). */
export const multipleOf = (unit: SalesUnit | undefined) => Math.max(1, unit?.multiple ?? 1);

/** The label of a sales unit in the UI language: 'doos', 'case'. */
export function useUnitLabel(): (code: SalesUnitCode) => string {
  const { t } = useTranslation('common');
  return (code) => t(`salesUnit.units.${code}`);
}

/**
 * What one unit is and costs, when that says more than a price per piece: the content ("Doos van
 * 6 × 50"), the price per unit and per piece ("€ 23,20 / doos · € 0,08 / stuk") and the multiple
 * ("Bestellen per 6"). Nothing for a plain piece.
 */
export function SalesUnitInfo({ unit, price, perPiece, className = '' }: { unit: SalesUnit | undefined; price: Money | null; perPiece: Money | null | undefined; className?: string }) {
  const { t } = useTranslation('common');
  const label = useUnitLabel();
  if (!unit) return null;
  const multiple = multipleOf(unit);
  const showPrices = price !== null && perPiece;
  if (!unit.content && !showPrices && multiple === 1) return null;
  return (
    <div className={`sales-unit-info small ${className}`} data-testid="sales-unit-info">
      {unit.content ? <span className="d-block sales-unit-content">{unit.content}</span> : null}
      {showPrices ? (
        <span className="d-block sales-unit-prices" aria-label={t('salesUnit.pricesLabel')}>
          {t('salesUnit.pricePer', { price: price.formatted, unit: label(unit.code) })}
          <span aria-hidden="true"> · </span>
          <span className="visually-hidden">, </span>
          {t('salesUnit.pricePer', { price: perPiece.formatted, unit: t('salesUnit.pieceUnit') })}
        </span>
      ) : null}
      {multiple > 1 ? <span className="d-block sales-unit-multiple">{t('salesUnit.multipleHint', { multiple })}</span> : null}
    </div>
  );
}

/**
 * A quantity that is not a multiple of the unit's order multiple is never changed by itself: this
 * says so and offers the next multiple as a button ("Bestel 12 (veelvoud van 6)"). Nothing for a
 * multiple.
 */
export function MultipleOffer({
  id,
  quantity,
  multiple,
  name,
  onAccept,
  disabled = false,
}: {
  /** The offer button's id (the add button moves the focus to it). */
  id?: string;
  quantity: number;
  multiple: number;
  name: string;
  onAccept: (quantity: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('common');
  if (isMultipleOf(quantity, multiple)) return null;
  const next = nextMultiple(quantity, multiple);
  return (
    <div className="multiple-offer small" role="status" data-testid="multiple-offer">
      <span className="d-block">{t('salesUnit.notMultiple', { quantity, multiple })}</span>
      <Button id={id} variant="outline-primary" size="sm" className="mt-1" disabled={disabled} aria-label={t('salesUnit.offerFor', { quantity: next, multiple, name })} onClick={() => onAccept(next)}>
        {t('salesUnit.offer', { quantity: next, multiple })}
      </Button>
    </div>
  );
}

/** The quantity after a plus (the next multiple above) or a minus (the multiple below, never under one multiple). */
export function steppedQuantity(value: number, multiple: number, direction: 1 | -1): number {
  const step = Math.max(1, multiple);
  if (direction === 1) return nextMultiple(value + 1, step);
  const below = Math.ceil(value / step) * step - step;
  return Math.max(step, below);
}
