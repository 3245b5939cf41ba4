import { z } from 'zod';
import { flag, integer, key, optionalDate, optionalInteger } from './erp-fields';

/**
 * One row of the ERP's `stock` kind (docs/erp-exchange.md; decision 030): an article's stock in
 * sales units, when more is expected, whether more than that may be ordered, and from what quantity
 * on the shop says "few left". Small and frequent: the whole assortment's stock every few minutes.
 */
export const stockRow = z.object({
  sku: key('article number'),
  /** What the ERP can still sell, in sales units; below 0 when it owes more than it has. */
  on_hand: integer(-1_000_000_000, 1_000_000_000),
  /** When new stock is expected; empty: not known. */
  expected_date: optionalDate,
  /** More than is in stock may be ordered and is delivered later; default no. */
  backorder: flag(false),
  /** At or below this quantity (and above 0) the shop shows "few left"; default 10. */
  few_left_at: optionalInteger(0, 1_000_000_000, 10),
});
export type StockRow = z.infer<typeof stockRow>;
