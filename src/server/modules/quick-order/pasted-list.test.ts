import { describe, expect, it } from 'vitest';
import { fieldsOf, parseQuantity, readingsOf, readPastedList } from './pasted-list';

describe('reading a pasted list', () => {
  it('splits on a tab, else a semicolon, else a comma, else spaces, and unquotes fields', () => {
    expect(fieldsOf('101001\t12')).toEqual(['101001', '12']);
    expect(fieldsOf('101001;12')).toEqual(['101001', '12']);
    expect(fieldsOf('"101001","12"')).toEqual(['101001', '12']);
    expect(fieldsOf('101001   12')).toEqual(['101001', '12']);
    expect(fieldsOf('101001\tTortilla 15 cm, wit\t12')).toEqual(['101001', 'Tortilla 15 cm, wit', '12']);
  });

  it('reads quantities as people write them, and nothing else', () => {
    for (const [text, value] of [
      ['12', 12],
      ['12x', 12],
      ['x 12', 12],
      ['12 st', 12],
      ['12 stuks', 12],
      ['12 pcs', 12],
      ['12,0', 12],
      ['9999', 9999],
    ] as const) {
      expect(parseQuantity(text), text).toBe(value);
    }
    for (const text of ['0', '10000', '1,5', 'twaalf', '-3', '']) expect(parseQuantity(text), text).toBeNull();
  });

  it('offers both readings of two numbers, the article first, and one reading when only one fits', () => {
    // 101001 is too large for a quantity: one reading.
    expect(readingsOf(['101001', '12'])).toEqual([{ article: '101001', quantity: 12 }]);
    expect(readingsOf(['1010', '12'])).toEqual([
      { article: '1010', quantity: 12 },
      { article: '12', quantity: 1010 },
    ]);
    expect(readingsOf(['12x', 'ABC-77'])).toEqual([{ article: 'ABC-77', quantity: 12 }]);
    expect(readingsOf(['101001', '12', 'st'])).toEqual([{ article: '101001', quantity: 12 }]);
    expect(readingsOf(['101001'])).toEqual([{ article: '101001', quantity: null }]);
    expect(readingsOf(['101001', 'Tortilla', 'wit'])).toEqual([{ article: '101001', quantity: null }]);
    expect(readingsOf(['Tortilla', 'wit'])).toEqual([]);
  });

  it('reads a code without digits as an article (an unknown one is named so, not unreadable), but not a word', () => {
    expect(readingsOf(['ZZZ-NOPE', '3'])).toEqual([{ article: 'ZZZ-NOPE', quantity: 3 }]);
    expect(readingsOf(['3x', 'TORT/XL'])).toEqual([{ article: 'TORT/XL', quantity: 3 }]);
    expect(readingsOf(['Tortilla', '3'])).toEqual([]);
    expect(readingsOf(['NOPE', '3'])).toEqual([]);
    expect(readingsOf(['Zzz-nope', '3'])).toEqual([]);
  });

  it('skips blank lines and a header, keeps the input line numbers, and strips a BOM', () => {
    const { lines, more } = readPastedList('\uFEFFArtikelnummer;Aantal\r\n101001;12\r\n\r\n103002;6\nhello world\n', 1000);
    expect(more).toBe(false);
    expect(lines.map((l) => [l.line, l.input, l.readings.length])).toEqual([
      [2, '101001;12', 1],
      [4, '103002;6', 1],
      [5, 'hello world', 0],
    ]);
    expect(readPastedList('SKU\tQty\n101001\t1', 10).lines).toHaveLength(1);
    expect(readPastedList('Article number, Quantity\n101001, 1', 10).lines).toHaveLength(1);
    // A first line with an article is not a header.
    expect(readPastedList('101001;12\n103002;6', 10).lines).toHaveLength(2);
  });

  it('stops after the most lines it may read and says there were more', () => {
    const text = Array.from({ length: 1001 }, (_, i) => `${100000 + i};1`).join('\n');
    const read = readPastedList(text, 1000);
    expect(read.lines).toHaveLength(1000);
    expect(read.more).toBe(true);
    expect(readPastedList(text.split('\n').slice(0, 1000).join('\n'), 1000).more).toBe(false);
  });
});
