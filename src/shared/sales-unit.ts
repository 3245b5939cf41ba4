/**
 * Order multiples and the price per piece (decision 029): pure rules the server refuses by and the
 * web offers by, so both always agree.
 */

/** Whether the quantity is a whole number of the multiple (a multiple of 1 takes any quantity). */
export function isMultipleOf(quantity: number, multiple: number): boolean {
  return multiple <= 1 || quantity % multiple === 0;
}

/** The first multiple at or above the quantity (at least one multiple): 7 with 6 is 12, 0 is 6. */
export function nextMultiple(quantity: number, multiple: number): number {
  const step = Math.max(1, multiple);
  return Math.max(step, Math.ceil(quantity / step) * step);
}

/** The smallest quantity that may be ordered: the first multiple at or above the minimum quantity. */
export function smallestOrderable(minimum: number, multiple: number): number {
  return nextMultiple(Math.max(1, minimum), multiple);
}

/**
 * The price of one piece in whole cents, for a unit price in cents and the pieces in a unit:
 * rounded half up (half away from zero; prices are never negative) from the exact quotient, in
 * integers only. Null when there is nothing to say: no piece count, one piece a unit, or less than
 * half a cent a piece (it would read € 0,00).
 */
export function perPieceCents(unitCents: number, pieces: number | null): number | null {
  if (pieces === null || pieces <= 1 || !Number.isSafeInteger(unitCents) || unitCents < 0) return null;
  const cents = Math.floor((2 * unitCents + pieces) / (2 * pieces));
  return cents > 0 ? cents : null;
}
