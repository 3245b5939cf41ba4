import type { SalesUnit, SalesUnitCode } from '../../../shared/api/sales-units';
import { price, type Price } from '../../../shared/money';
import { perPieceCents } from '../../../shared/sales-unit';

/**
 * A variation's sales unit and order multiple (decision 029) as the answers carry them; the
 * columns the statements select are in catalog-sql.repository.ts.
 */

export interface SalesUnitRow {
  salesUnit: SalesUnitCode;
  /** What one unit holds in the request's language; null: nothing to say. */
  unitContent: string | null;
  piecesPerUnit: number | null;
  orderMultiple: number;
}

/** The sales unit as the answers carry it. */
export const salesUnitOf = (row: SalesUnitRow): SalesUnit => ({
  code: row.salesUnit,
  content: row.unitContent,
  pieces: row.piecesPerUnit,
  multiple: row.orderMultiple,
});

/** A unit price per piece, when the unit holds several pieces (exact cents, half up); else null. */
export function piecePrice(unitCents: number | null, pieces: number | null): Price | null {
  const cents = unitCents === null ? null : perPieceCents(unitCents, pieces);
  return cents === null ? null : price(cents);
}
