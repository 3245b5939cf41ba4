import { describe, expect, it } from 'vitest';

import * as cart from '../../../../shared/api/cart';
import * as contract from '../../../../shared/api/quick-order';

import * as web from './contracts';

describe("the web's copies of the quick order limits", () => {
  it('equal the contract', () => {
    expect(web.MAX_QUICK_ORDER_LINES).toBe(contract.MAX_QUICK_ORDER_LINES);
    expect(web.MAX_PASTED_CHARS).toBe(contract.MAX_PASTED_CHARS);
    expect(web.MAX_UPLOAD_BYTES).toBe(contract.MAX_UPLOAD_BYTES);
    expect(web.MAX_LINE_QUANTITY).toBe(cart.MAX_LINE_QUANTITY);
    expect(web.USUAL_PRODUCTS_DAYS).toBe(contract.USUAL_PRODUCTS_DAYS);
    expect(web.USUAL_SORTS).toEqual(contract.USUAL_SORTS);
    expect(web.USUAL_SOURCES).toEqual(contract.USUAL_SOURCES);
    expect(web.QUICK_ORDER_UPLOAD_TYPES).toEqual(contract.QUICK_ORDER_UPLOAD_TYPES);
    expect(web.QUICK_ORDER_EXAMPLE_PATH).toBe(contract.QUICK_ORDER_EXAMPLE_PATH);
  });

  it('take an article number of at most MAX_ARTICLE_LENGTH characters', () => {
    const row = (article: string) => contract.quickOrderRow.safeParse({ line: 1, article, quantity: 1 }).success;
    expect(row('x'.repeat(web.MAX_ARTICLE_LENGTH))).toBe(true);
    expect(row('x'.repeat(web.MAX_ARTICLE_LENGTH + 1))).toBe(false);
  });
});
