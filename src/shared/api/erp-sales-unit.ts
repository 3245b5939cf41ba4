import { z } from 'zod';
import { blankToUndefined, integer, optionalInteger, optionalText } from './erp-fields';
import { MAX_ORDER_MULTIPLE, MAX_PIECES_PER_UNIT, SALES_UNITS } from './sales-units';

/**
 * The sales unit fields of a products row (decision 029; docs/erp-exchange.md): all optional, so a
 * file of before is read as it was (a piece, any quantity). Spread into the products row.
 */
export const salesUnitFields = {
  /** piece, pack, case, crate, tray, bag, bottle, can, jar, bucket, kg or litre; empty: piece. */
  sales_unit: z
    .preprocess((value) => (typeof value === 'string' ? blankToUndefined(value.toLowerCase()) : blankToUndefined(value)), z.enum(SALES_UNITS, { message: `must be one of ${SALES_UNITS.join(', ')}` }).optional())
    .transform((value) => value ?? 'piece'),
  /** What one unit holds ("doos van 6 × 50" / "case of 6 × 50"); the English falls back to the Dutch. */
  unit_content_nl: optionalText(100),
  unit_content_en: optionalText(100),
  /** Pieces in one unit (300 tortillas in a case of 6 × 50), for the price per piece; empty: not counted in pieces. */
  pieces_per_unit: z.preprocess(blankToUndefined, integer(1, MAX_PIECES_PER_UNIT).optional()),
  /** Quantities are whole numbers of this; empty: 1 (any quantity). */
  order_multiple: optionalInteger(1, MAX_ORDER_MULTIPLE, 1),
};
