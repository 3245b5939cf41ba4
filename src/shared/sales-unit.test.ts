import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMultipleOf, nextMultiple, perPieceCents, smallestOrderable } from './sales-unit';

describe('order multiples (decision 029)', () => {
  it('a quantity is a whole number of the multiple; 1 takes any quantity', () => {
    expect([6, 12, 60].map((q) => isMultipleOf(q, 6))).toEqual([true, true, true]);
    expect([1, 7, 13].map((q) => isMultipleOf(q, 6))).toEqual([false, false, false]);
    expect([1, 7, 13].map((q) => isMultipleOf(q, 1))).toEqual([true, true, true]);
  });

  it('offers the first multiple at or above the quantity, never less than one multiple', () => {
    expect([0, 1, 6, 7, 12, 13].map((q) => nextMultiple(q, 6))).toEqual([6, 6, 6, 12, 12, 18]);
    expect(nextMultiple(7, 1)).toBe(7);
    expect(smallestOrderable(1, 6)).toBe(6);
    expect(smallestOrderable(10, 6)).toBe(12);
    expect(smallestOrderable(12, 6)).toBe(12);
    expect(smallestOrderable(5, 1)).toBe(5);
  });

  it('the offer is always a multiple, never below the quantity and less than one multiple above it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9_999 }), fc.integer({ min: 1, max: 1_000 }), (quantity, multiple) => {
        const next = nextMultiple(quantity, multiple);
        expect(isMultipleOf(next, multiple)).toBe(true);
        expect(next).toBeGreaterThanOrEqual(quantity);
        expect(next - quantity).toBeLessThan(multiple);
      }),
    );
  });
});

describe('the price per piece in whole cents (decision 029)', () => {
  it('divides the unit price by the pieces and rounds half up, in integers', () => {
    // € 23,20 a case of 6 × 50: 7.733… cents a piece.
    expect(perPieceCents(2320, 300)).toBe(8);
    // € 2,50 for 100: exactly 2.5 cents, half up.
    expect(perPieceCents(250, 100)).toBe(3);
    expect(perPieceCents(249, 100)).toBe(2);
    // € 2,00 for 30: 6.666… cents.
    expect(perPieceCents(200, 30)).toBe(7);
    // € 1,50 a crate of 24: 6.25 cents.
    expect(perPieceCents(150, 24)).toBe(6);
    expect(perPieceCents(123_456_789, 7)).toBe(17_636_684);
  });

  it('says nothing without pieces, for one piece a unit, or under half a cent a piece', () => {
    expect(perPieceCents(2320, null)).toBeNull();
    expect(perPieceCents(2320, 1)).toBeNull();
    expect(perPieceCents(1, 300)).toBeNull();
    expect(perPieceCents(2, 4)).toBe(1);
  });

  it('is the exact quotient rounded half up, for any price and piece count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 2, max: 100_000 }), (cents, pieces) => {
        const result = perPieceCents(cents, pieces);
        const exact = Math.floor((2 * cents + pieces) / (2 * pieces));
        // |result × pieces − cents| ≤ pieces / 2: never more than half a cent a piece off.
        if (result !== null) expect(Math.abs(result * pieces - cents) * 2).toBeLessThanOrEqual(pieces);
        expect(result).toBe(exact > 0 ? exact : null);
      }),
    );
  });
});
