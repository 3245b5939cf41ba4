import { describe, expect, it } from 'vitest';
import { productPageBytes } from './page-bytes';
import { NO_OWN_JSON, productJsonBytes, productJsonText, type ProductJsonParts, writeProductJson } from './product-resource';

const text = Buffer.from(JSON.stringify({ type: 'commerce_product--default', title: 'Maïstortilla\'s "Jalapeño" 15 cm', description: { value: '<p>ñ ü ß</p>' } }));
const prices = Buffer.from(JSON.stringify({ images: [], price: { formatted: '€ 1.234,50' }, price_on_request: false }));
const own = JSON.stringify({ is_favorite: true, favorite_id: 'f-1', quote_product_data: [{ label: 'Offerte 😀' }] });

const kinds: Record<string, ProductJsonParts> = {
  'no stock level, nothing of its own': { text, prices, availability: undefined, own: NO_OWN_JSON, foodChanges: undefined },
  'a stock level and a favourite': { text, prices, availability: JSON.stringify({ status: 'in_stock', expected: null }), own, foodChanges: undefined },
  'food changes (the product page)': { text, prices, availability: 'null', own, foodChanges: JSON.stringify([{ changed_on: '2026-11-27', allergens: ['gluten'] }]) },
};

describe('a page written as bytes from its products\' parts', () => {
  for (const [name, parts] of Object.entries(kinds)) {
    it(`writes the same bytes as the joined text, with ${name}`, () => {
      const buffer = Buffer.alloc(4096, 0xff);
      const end = writeProductJson(buffer, 3, parts);
      expect(buffer.subarray(3, end).toString('utf8')).toBe(productJsonText(parts));
      expect(end - 3).toBe(productJsonBytes(parts));
      expect(JSON.parse(productJsonText(parts))).toMatchObject({ title: expect.any(String), price_on_request: false });
    });
  }

  it('is the JSON of the whole page, in a buffer of its own of the exact length', () => {
    const products = Object.values(kinds);
    const tail = '],"meta":{"count":3,"facets":{}}}';
    const expected = `{"data":[${products.map(productJsonText).join(',')}${tail}`;
    expect(productPageBytes(products, tail).toString('utf8')).toBe(expected);
    expect(productPageBytes([], tail).toString('utf8')).toBe(`{"data":[${tail}`);
    const many = Array.from({ length: 400 }, () => products).flat();
    const big = productPageBytes(many, tail);
    expect(big.toString('utf8')).toBe(`{"data":[${many.map(productJsonText).join(',')}${tail}`);
    // A page written before is not overwritten by the next one.
    const first = productPageBytes(products, tail);
    productPageBytes([products[1]!], tail);
    expect(first.toString('utf8')).toBe(expected);
    expect(first.buffer.byteLength).toBe(first.byteLength);
  });
});
