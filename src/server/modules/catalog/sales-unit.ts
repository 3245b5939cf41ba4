import { sql } from 'drizzle-orm';
import type { SalesUnit, SalesUnitCode } from '../../../shared/api/sales-units';
import { price, type Price } from '../../../shared/money';
import { perPieceCents } from '../../../shared/sales-unit';
import { variations } from '../../db/schema';
import type { Lang } from '../../plugins/language';

/**
 * A variation's sales unit and order multiple (decision 029): the columns the catalogue's and the
 * cart's statements select, and how the answers carry them.
 */

export interface SalesUnitRow {
  salesUnit: SalesUnitCode;
  /** What one unit holds in the request's language; null: nothing to say. */
  unitContent: string | null;
  piecesPerUnit: number | null;
  orderMultiple: number;
}

/** What one unit holds in the language (the Dutch text when the ERP gave no English one). */
export const unitContentIn = (lang: Lang) =>
  lang === 'en' ? sql<string | null>`coalesce(${variations.unitContentEn}, ${variations.unitContentNl})` : sql<string | null>`${variations.unitContentNl}`;

/** The columns of a variation's sales unit, its content in the language of the statement. */
export const salesUnitColumns = (lang: Lang) => ({
  salesUnit: variations.salesUnit,
  unitContent: unitContentIn(lang),
  piecesPerUnit: variations.piecesPerUnit,
  orderMultiple: variations.orderMultiple,
});

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
