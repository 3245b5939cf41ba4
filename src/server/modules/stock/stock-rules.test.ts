import { describe, expect, it } from 'vitest';

import { splitBackorder } from './stock-rules';

describe('how a backorder falls on the lines of one article (decision 030)', () => {
  const lines = [
    { itemId: 1, quantity: 3 },
    { itemId: 2, quantity: 4 },
  ];
  const split = (available: number) => splitBackorder(lines, available).map((s) => [s.line.itemId, s.backorderQuantity]);

  it('lets the first line take the stock and gives the rest to the next', () => {
    expect(split(5)).toEqual([
      [1, 0],
      [2, 2],
    ]);
    expect(split(2)).toEqual([
      [1, 1],
      [2, 4],
    ]);
  });

  it('is nothing when all is in stock, and all of both when nothing is (also below zero)', () => {
    expect(split(7)).toEqual([
      [1, 0],
      [2, 0],
    ]);
    expect(split(-3)).toEqual([
      [1, 3],
      [2, 4],
    ]);
  });

  it('puts the whole backorder on a single line', () => {
    expect(splitBackorder([{ quantity: 5 }], 2).map((s) => s.backorderQuantity)).toEqual([3]);
  });
});
