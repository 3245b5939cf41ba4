import { describe, expect, it } from 'vitest';
import { fold, htmlWords, queryWords, stem, words } from './search-text';
import { boundedDistance, typoBudget } from './typo';

describe('search words', () => {
  it('folds case and accents, ñ and ï included', () => {
    expect(fold('Jalapeño MAÏS Piña Pipián Straße')).toBe('jalapeno mais pina pipian strasse');
  });

  it('splits letters from digits and drops the clitic of an apostrophe', () => {
    expect(words("Maïstortilla's 15cm - 6x50 stuks")).toEqual(['maistortilla', '15', 'cm', '6', 'x', '50', 'stuks']);
    expect(words('Lupita’s taco’s')).toEqual(['lupita', 'taco']);
  });

  it('reads the words of HTML without its tags and entities', () => {
    expect(htmlWords('<p>Zeer <strong>pittige</strong> salsa &amp; limoen</p>')).toEqual(['zeer', 'pittige', 'salsa', 'limoen']);
  });

  it('finds no words in symbols, emoji or operators alone', () => {
    expect(queryWords('  -- ** & | ! ( ) :* <-> ')).toEqual([]);
    expect(queryWords('🌮🌶️🥑')).toEqual([]);
    expect(queryWords('')).toEqual([]);
    expect(queryWords('&&&')).toEqual([]);
  });

  it('reads what is typed as the product texts: words of letters and digits in any script, folded', () => {
    expect(queryWords('Maïs-Tortilla 15cm  JALAPEÑO')).toEqual(['mais', 'tortilla', '15', 'cm', 'jalapeno']);
    expect(queryWords('Ελληνικά 日本 żółć')).toEqual(['ελληνικα', '日本', 'zolc']);
    // 'jalapeño' and 'jalapeno' are one search: one term in the statistics, one cached suggestion.
    expect(queryWords('jalapeño')).toEqual(queryWords('jalapeno'));
  });

  it("drops a single letter after an apostrophe (tortilla's, Lupita’s), not a word", () => {
    expect(queryWords("tortilla's")).toEqual(['tortilla']);
    expect(queryWords('Lupita’s salsa')).toEqual(['lupita', 'salsa']);
    expect(queryWords("d'Or a")).toEqual(['d', 'or', 'a']);
  });

  it('drops every operator and quote, so nothing but words is compared', () => {
    expect(queryWords("tort & | ! ( ) :* <-> ' \" \\ ; --")).toEqual(['tort']);
  });

  it('takes composed and decomposed accents alike', () => {
    expect(queryWords('mai\u0308s')).toEqual(['mais']);
    expect(queryWords('jalapen\u0303o')).toEqual(queryWords('jalape\u00f1o'));
  });

  it('keeps at most 8 words of 40 letters', () => {
    const eight = queryWords(Array.from({ length: 20 }, (_, i) => `w${'a'.repeat(i)}`).join(' '));
    expect(eight).toHaveLength(8);
    expect(eight[0]).toBe('w');
    expect(queryWords('x'.repeat(10_000))[0]).toHaveLength(40);
  });

  it('stems Dutch word forms to one: bonen/boon, tortilla’s/tortillas, kazen/kaas, tomaten/tomaat, zakken/zak', () => {
    const nl = (w: string) => stem(fold(w), 'nl');
    expect(nl('bonen')).toBe(nl('boon'));
    expect(nl('tortillas')).toBe('tortilla');
    expect(nl('kazen')).toBe(nl('kaas'));
    expect(nl('tomaten')).toBe(nl('tomaat'));
    expect(nl('zakken')).toBe('zak');
    // Not a plural: two vowels before the s.
    expect(nl('mais')).toBe('mais');
  });

  it('stems English plurals: beans, chillies, tomatoes, boxes', () => {
    expect(stem('beans', 'en')).toBe('bean');
    expect(stem('chillies', 'en')).toBe('chilly');
    expect(stem('tomatoes', 'en')).toBe('tomato');
    expect(stem('boxes', 'en')).toBe('box');
    expect(stem('glass', 'en')).toBe('glass');
    expect(stem('1010', 'en')).toBe('1010');
  });
});

describe('typing errors', () => {
  it('allows one error from 5 letters and two from 8, none below', () => {
    expect([4, 5, 7, 8, 12].map(typoBudget)).toEqual([0, 1, 1, 2, 2]);
  });

  it('counts a swap of neighbours, a letter more, less or other as one error', () => {
    expect(boundedDistance('chipotel', 'chipotle', 2)).toBe(1);
    expect(boundedDistance('guacamolle', 'guacamole', 2)).toBe(1);
    expect(boundedDistance('tortila', 'tortilla', 1)).toBe(1);
    expect(boundedDistance('mescal', 'mezcal', 1)).toBe(1);
    expect(boundedDistance('cinammon', 'cinnamon', 2)).toBe(2);
  });

  it('gives up past the bound', () => {
    expect(boundedDistance('salsa', 'tequila', 1)).toBe(2);
    expect(boundedDistance('abcdefgh', 'hgfedcba', 2)).toBe(3);
  });
});
