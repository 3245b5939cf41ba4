import { sql } from 'drizzle-orm';
import { check, integer, text } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { MAX_ORDER_MULTIPLE, MAX_PIECES_PER_UNIT, SALES_UNITS } from '../../../shared/api/sales-units';

/**
 * A variation's sales unit and order multiple (decision 029), columns of `variations` (so a change
 * bumps the catalogue version as any change of a variation does).
 */
export const salesUnitColumns = () => ({
  /** What one unit of the quantity is (piece, case, crate, kg, …). */
  salesUnit: text('sales_unit', { enum: SALES_UNITS }).notNull().default('piece'),
  /** What one unit holds, per language ("doos van 6 × 50"); null: nothing to say. */
  unitContentNl: text('unit_content_nl'),
  unitContentEn: text('unit_content_en'),
  /** Pieces in one unit, for a price per piece; null: not counted in pieces. */
  piecesPerUnit: integer('pieces_per_unit'),
  /** Quantities are whole numbers of this (1: any). */
  orderMultiple: integer('order_multiple').notNull().default(1),
});

export const salesUnitChecks = (t: { salesUnit: AnyPgColumn; piecesPerUnit: AnyPgColumn; orderMultiple: AnyPgColumn }) => [
  check('variations_sales_unit', sql.raw(`sales_unit in (${SALES_UNITS.map((c) => `'${c}'`).join(', ')})`)),
  check('variations_pieces_per_unit', sql`${t.piecesPerUnit} is null or ${t.piecesPerUnit} between 1 and ${sql.raw(String(MAX_PIECES_PER_UNIT))}`),
  check('variations_order_multiple', sql`${t.orderMultiple} between 1 and ${sql.raw(String(MAX_ORDER_MULTIPLE))}`),
];
