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
