import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { productPageBytes } from './page-bytes';
import { listPartBytes, pageGzipOf } from './page-gzip';
import { NO_OWN_JSON, type ProductJsonParts } from './product-resource';

const product = (n: number, more: Partial<ProductJsonParts> = {}): ProductJsonParts => ({
  text: listPartBytes({ type: 'commerce_product--default', id: `p-${n}`, title: `Maïstortilla's "Jalapeño" ${n} cm`, description: { value: '<p>ñ ü ß 😀</p>'.repeat(n % 5) } }, 'text'),
  prices: listPartBytes({ images: [], price: { formatted: `€ ${n},50` }, price_on_request: false }, 'prices'),
  availability: n % 2 ? JSON.stringify({ status: 'in_stock', expected: null }) : undefined,
  own: n % 3 ? NO_OWN_JSON : JSON.stringify({ is_favorite: true, favorite_id: `f-${n}`, quote_product_data: [] }),
  foodChanges: undefined,
  ...more,
});
const tail = (count: number, facets = '{}') => `],"meta":{"count":${count},"facets":${facets}}}`;
const gzipped = (products: ProductJsonParts[], end: string) => {
  const page = productPageBytes(products, end);
  const gzip = pageGzipOf(products, end);
  if (gzip === null) throw new Error('no gzip form');
  return { page, gz: gzip(page) };
};

describe('a list page as gzip from parts compressed once', () => {
  it('keeps a part as its JSON bytes, its deflate stream behind them in the same memory', () => {
    const part = listPartBytes({ title: 'Salsa verde', price: '€ 2,50' }, 'prices');
    expect(part.toString('utf8')).toBe('{"title":"Salsa verde","price":"€ 2,50"}');
    expect(part.buffer.byteLength).toBeGreaterThan(part.length);
  });

  it('unpacks to exactly the bytes of the page, for pages of every kind of product', () => {
    for (const products of [[], [product(1)], Array.from({ length: 15 }, (_, i) => product(i)), Array.from({ length: 400 }, (_, i) => product(i % 40))]) {
      const { page, gz } = gzipped(products, tail(products.length));
      expect(gunzipSync(gz).equals(page)).toBe(true);
      expect(JSON.parse(gunzipSync(gz).toString('utf8')).data).toHaveLength(products.length);
    }
  });

  it('splits bytes between parts longer than a stored block holds (a page tail of 100,000 bytes)', () => {
    const facets = JSON.stringify({ words: 'x'.repeat(100_000) });
    const { page, gz } = gzipped([product(1), product(2)], tail(2, facets));
    expect(gunzipSync(gz).equals(page)).toBe(true);
  });

  it('writes the same parts in another order on another page', () => {
    const products = Array.from({ length: 10 }, (_, i) => product(100 + i));
    const first = gzipped(products, tail(10));
    const again = gzipped([...products].reverse(), tail(10));
    expect(gunzipSync(first.gz).equals(first.page)).toBe(true);
    expect(gunzipSync(again.gz).equals(again.page)).toBe(true);
    expect(again.gz.length).toBe(first.gz.length);
  });

  it('has no gzip form for a part without a stream (the product page) or with food changes', () => {
    expect(pageGzipOf([product(1), product(2, { foodChanges: '[]' })], tail(2))).toBeNull();
    expect(pageGzipOf([product(1), product(2, { text: Buffer.from('{"title":"x"}') })], tail(2))).toBeNull();
  });
});
