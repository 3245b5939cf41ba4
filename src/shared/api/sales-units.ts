import { z } from 'zod';

/**
 * Sales units and order multiples (issue 21 point 1, decision 029): how an article is sold. The
 * codes stay English in data; the web writes their labels from its translations (catalog.json,
 * `salesUnit.*`). Shared by the database schema, the ERP contracts and the answers.
 */

/** What one sales unit is: a piece, a case (6 × 50 tortillas), a crate of bottles, a kilo, … */
export const SALES_UNITS = ['piece', 'pack', 'case', 'crate', 'tray', 'bag', 'bottle', 'can', 'jar', 'bucket', 'kg', 'litre'] as const;
export type SalesUnitCode = (typeof SALES_UNITS)[number];

/** The largest order multiple and pieces per unit the ERP may send. */
export const MAX_ORDER_MULTIPLE = 1_000;
export const MAX_PIECES_PER_UNIT = 100_000;

/**
 * A variation's sales unit as the product and cart answers carry it (extra attributes the spec's
 * client ignores): quantities are counted in these units, and only multiples of `multiple` are sold.
 */
export const salesUnit = z.object({
  code: z.enum(SALES_UNITS),
  /** What one unit holds, in the request's language ("doos van 6 × 50"); null when the ERP gave none. */
  content: z.string().nullable(),
  /** Pieces in one unit (300 tortillas in a case of 6 × 50), for a price per piece; null: not counted in pieces. */
  pieces: z.number().int().nullable(),
  /** The order multiple: a quantity is a whole number of these (1: any quantity). */
  multiple: z.number().int(),
});
export type SalesUnit = z.infer<typeof salesUnit>;
