import { describe, expect, it } from 'vitest';

import { pageWindow } from './orders-pagination';

describe('pageWindow', () => {
  it.each([
    [1, 2, [1, 2]],
    [2, 2, [1, 2]],
    [1, 10, [1, 2, 3, 4, 5]],
    [4, 10, [2, 3, 4, 5, 6]],
    [10, 10, [6, 7, 8, 9, 10]],
    [40, 10, [6, 7, 8, 9, 10]],
    [1, 0, []],
  ])('page %i of %i shows %j', (page, pages, expected) => {
    expect(pageWindow(page, pages)).toEqual(expected);
  });
});
