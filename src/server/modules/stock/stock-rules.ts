/**
 * What stock allows (decision 030), without the database: the cart checks a quantity with it when a
 * line is added or changed, quick order when it previews, and placing an order when it takes the
 * goods off the shelf.
 */

/** A variation's stock as the shop keeps it; null: not kept in stock (any quantity may be ordered). */
export interface StockState {
  /** What may still be sold; 0 or less: nothing. */
  onHand: number;
  /** More than is on hand may be ordered, the rest delivered later. */
  backorder: boolean;
  expectedDate: string | null;
  /** Up to this many on hand the cards say "few left" (the ERP's `few_left_at`); above it no figure is told. */
  fewLeftAt: number;
}

export type QuantityCheck =
  /** Allowed; `backorderQuantity` of it is not in stock and comes later (0: all in stock). */
  | { allowed: true; backorderQuantity: number }
  /** Refused: only `available` may be ordered (0 or more). */
  | { allowed: false; available: number };

/** Whether `quantity` (the whole line, not what is added to it) may be ordered of an article with this stock. */
export function checkQuantity(stock: StockState | null, quantity: number): QuantityCheck {
  if (stock === null) return { allowed: true, backorderQuantity: 0 };
  const available = Math.max(stock.onHand, 0);
  if (quantity <= available) return { allowed: true, backorderQuantity: 0 };
  if (stock.backorder) return { allowed: true, backorderQuantity: quantity - available };
  return { allowed: false, available };
}

/**
 * How a backorder of an article falls on the lines that order it (decision 030): the lines, in
 * their order, take what is in stock first; what is left of each is its backorder. One line (the
 * cart merges lines per article) carries the whole backorder; two lines of one article never both
 * carry it. `available`: what was in stock for all of them together (0 or more).
 */
export function splitBackorder<T extends { quantity: number }>(lines: readonly T[], available: number): Array<{ line: T; backorderQuantity: number }> {
  let left = Math.max(available, 0);
  return lines.map((line) => {
    const fromStock = Math.min(line.quantity, left);
    left -= fromStock;
    return { line, backorderQuantity: line.quantity - fromStock };
  });
}
