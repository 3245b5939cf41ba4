import { Button } from './button';
import { useTranslation } from 'react-i18next';

import type { Money } from '../../../shared/api/catalog';
import type { SalesUnit } from '../../../shared/api/sales-units';
import { isMultipleOf, nextMultiple } from '../../../shared/sales-unit';

import { multipleOf, unitSaysMore, useUnitLabel } from './sales-unit';

/** What a sales unit says on the card, the product page, the cart and quick order (decision 029). */

/**
 * What one unit is and costs, when that says more than a price per piece: the content ("Doos van
 * 6 × 50"), the price per unit and per piece ("€ 23,20 / doos · € 0,08 / stuk") and the multiple
 * ("Bestellen per 6"). Nothing for a plain piece.
 */
export function SalesUnitInfo({ unit, price, perPiece, className = '' }: { unit: SalesUnit | undefined; price: Money | null; perPiece: Money | null | undefined; className?: string }) {
  const { t } = useTranslation('common');
  const label = useUnitLabel();
  if (!unit || !unitSaysMore(unit, perPiece)) return null;
  const multiple = multipleOf(unit);
  const showPrices = price !== null && perPiece;
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

