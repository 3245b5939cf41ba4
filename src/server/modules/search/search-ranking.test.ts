import { describe, expect, it } from 'vitest';
import { buildSearchIndex, type SearchDocument } from './search-index';
import { matchingCategories, rankedProductIds } from './search-match';
import { queryWords } from './search-text';

/** Products of a small catalogue: id, article number, EAN, Dutch title, Dutch description. */
const rows: [number, string, string | null, string, string][] = [
  [1, '101001', '8710000000011', "Maïstortilla's wit 15 cm - 6 x 50 stuks", '<p>Zachte tortilla van maïs.</p>'],
  [2, '101002', '8710000000028', 'Tortillachips naturel - 12 x 200 g', '<p>Lekker bij guacamole.</p>'],
  [3, '111001', '7500000000015', 'Tortilla warmer', '<p>Houdt tortilla’s warm.</p>'],
  [4, '121001', null, 'Salsa verde', '<p>Een saus met tomatillo; past bij elke tortila.</p>'],
  [5, '131001', '7500000000022', 'Chipotle in adobo 101001', '<p>Gerookte jalapeño.</p>'],
  [6, '141001', null, 'Zwarte bonen', '<p>Bonen in blik.</p>'],
];

const documents: SearchDocument[] = rows.map(([id, sku, ean, title, description]) => ({
  id,
  sku,
  ean,
  titleNl: title,
  titleEn: title,
  descriptionNl: description,
  descriptionEn: description,
  specificationsNl: '',
  specificationsEn: '',
}));

const index = await buildSearchIndex({
  documents,
  productCategories: [
    [1, 10],
    [2, 20],
    [3, 30],
    [6, 40],
  ],
  categories: [
    { id: 10, nameNl: "Maïstortilla's", nameEn: 'Corn tortillas' },
    { id: 20, nameNl: 'Tortillachips', nameEn: 'Tortilla chips' },
    { id: 30, nameNl: 'Keukengerei', nameEn: 'Kitchen tools' },
    { id: 40, nameNl: 'Bonen', nameEn: 'Beans' },
  ],
});

const search = (term: string, options: { descending?: boolean; categoryIds?: number[] } = {}) =>
  Array.from(rankedProductIds(index, { lang: 'nl', words: queryWords(term), descending: options.descending ?? false, categoryIds: options.categoryIds ?? null }));

describe('ranking of search matches', () => {
  it('puts the exact article number first, before a product that only mentions it', () => {
    expect(search('101001')).toEqual([1, 5]);
  });

  it('puts article number starts before text, in article-number order', () => {
    // 5 only has 101001 in its title: a word start, after both article numbers.
    expect(search('1010')).toEqual([1, 2, 5]);
  });

  it('finds an EAN by its start (six digits or more) and whole', () => {
    expect(search('871000')).toEqual([1, 2]);
    expect(search('7500000000022')).toEqual([5]);
    expect(search('750')).toEqual([]);
  });

  it('ranks a title word above the same word in a description, and an exact word above a typing error', () => {
    // 'tortilla' is an exact word of 1 (compound), 3 (title) and in the description of 3; 'tortila' is only in 4's text.
    const ranked = search('tortilla');
    expect(ranked.slice(0, 2).sort()).toEqual([1, 3]);
    expect(ranked).not.toContain(4);
  });

  it('matches typing errors only when the word itself is not in the catalogue', () => {
    expect(search('tortila')).toContain(4);
    expect(search('chipotel')).toEqual([5]);
    expect(search('guacamolle')).toEqual([2]);
    // Four letters: no typing error allowed.
    expect(search('bomen')).toEqual(search('bonen'));
    expect(search('slsa')).toEqual([]);
  });

  it('finds word forms (boon → bonen) and word starts as typed', () => {
    expect(search('boon')).toEqual([6]);
    expect(search('zwa bo')).toEqual([6]);
  });

  it('needs every word, and keeps ties in descending article-number order when asked', () => {
    expect(search('tortilla warmer')).toEqual([3]);
    expect(search('tortilla bonen')).toEqual([]);
    expect(search('stuks', { descending: true })).toEqual([1]);
    const ascending = search('tortillachips tortilla');
    expect(search('tortillachips tortilla', { descending: true })).toEqual([...ascending].reverse());
  });

  it('filters on categories', () => {
    expect(search('tortilla', { categoryIds: [30] })).toEqual([3]);
    expect(search('tortilla', { categoryIds: [40] })).toEqual([]);
  });

  it('suggests categories whose name has every typed word start', () => {
    expect(matchingCategories(index, 'nl', queryWords('tortillach'), 3)).toEqual([20]);
    expect(matchingCategories(index, 'en', queryWords('tortilla'), 3)).toEqual([10, 20]);
    expect(matchingCategories(index, 'nl', queryWords('boon'), 3)).toEqual([40]);
  });

  it('forgive the typing errors a product’s words forgive, from 5 letters', () => {
    expect(matchingCategories(index, 'nl', queryWords('tortila'), 3)).toEqual([20]);
    expect(matchingCategories(index, 'en', queryWords('tortila'), 3)).toEqual([10, 20]);
    expect(matchingCategories(index, 'nl', queryWords('keukengerij'), 3)).toEqual([30]);
    // Under 5 letters no error is forgiven.
    expect(matchingCategories(index, 'nl', queryWords('bnen'), 3)).toEqual([]);
  });
});

describe('the best few matches (suggestions)', () => {
  it('are the first of the whole ranking, ties in article-number order either way', () => {
    for (const term of ['tortilla', 'tort', '1010', 'bonen', 'salsa', 'to', 'b', '101001']) {
      for (const descending of [false, true]) {
        const all = Array.from(rankedProductIds(index, { lang: 'nl', words: queryWords(term), descending }));
        for (const limit of [0, 1, 2, 8]) {
          const best = Array.from(rankedProductIds(index, { lang: 'nl', words: queryWords(term), descending, limit }));
          expect(best, `${term} ${descending} ${limit}`).toEqual(all.slice(0, limit));
        }
      }
    }
  });
});
