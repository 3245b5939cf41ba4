import { describe, expect, it } from 'vitest';
import { buildSearchIndex, type SearchCategory, type SearchDocument, type SearchIndex } from './search-index';
import { matchingCategories, rankedProductIds } from './search-match';
import { queryWords } from './search-text';
import { newScratch } from './word-match';

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

/** One scratch for every search of the index, as the search service keeps it. */
const scratch = newScratch(index.ids.length);
const search = (term: string, options: { descending?: boolean; categoryIds?: number[] } = {}) =>
  Array.from(rankedProductIds(index, { lang: 'nl', words: queryWords(term), descending: options.descending ?? false, categoryIds: options.categoryIds ?? null }, scratch));

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
        const all = Array.from(rankedProductIds(index, { lang: 'nl', words: queryWords(term), descending }, scratch));
        for (const limit of [0, 1, 2, 8]) {
          const best = Array.from(rankedProductIds(index, { lang: 'nl', words: queryWords(term), descending, limit }, scratch));
          expect(best, `${term} ${descending} ${limit}`).toEqual(all.slice(0, limit));
        }
      }
    }
  });
});

/** A small catalogue's index: [id, article number, Dutch title, Dutch description, category ids] and its categories. */
const catalogue = (products: [number, string, string, string, number[]][], categories: SearchCategory[]) =>
  buildSearchIndex({
    documents: products.map(([id, sku, titleNl, descriptionNl]) => ({
      id,
      sku,
      ean: null,
      titleNl,
      titleEn: titleNl,
      descriptionNl,
      descriptionEn: descriptionNl,
      specificationsNl: '',
      specificationsEn: '',
    })),
    productCategories: products.flatMap(([id, , , , categoryIds]) => categoryIds.map((c): [number, number] => [id, c])),
    categories,
  });
const rankedIn = (index: SearchIndex, term: string, limit?: number) =>
  Array.from(rankedProductIds(index, { lang: 'nl', words: queryWords(term), descending: false, limit }, newScratch(index.ids.length)));

/** Beans and salsas with beans, in categories named for them (one under another). */
const beans = await catalogue(
  [
    [1, '121001', 'Salsa met zwarte bonen en maïs', '', [11]],
    [2, '121002', 'Salsa met bonen', '', [11]],
    [3, '141001', 'Refried bonen', '', [23]],
    [4, '141002', 'Pinto bonen heel', '', [25]],
    [5, '141003', 'Bonenmix', '', [22]],
    // An exact word in the description, in a category that does not name it.
    [6, '151001', 'Tacokruiden', 'Lekker bij bonen.', [30]],
    // Only a stem in the description ('boon' → bon, as 'bonen'), in the category that names it.
    [7, '151002', 'Mexicaanse mix', 'Met een boon.', [22]],
    // In three categories, the one that names 'bonen' last.
    [8, '161001', 'Salsa met bonen en kruiden', '', [11, 30, 22]],
  ],
  [
    { id: 10, nameNl: "Salsa's en sauzen", nameEn: 'Salsas and sauces', parentId: null },
    { id: 11, nameNl: 'Salsa', nameEn: 'Salsa', parentId: 10 },
    { id: 22, nameNl: 'Bonen', nameEn: 'Beans', parentId: null },
    { id: 23, nameNl: 'Refried bonen', nameEn: 'Refried beans', parentId: 22 },
    { id: 25, nameNl: 'Pintobonen', nameEn: 'Pinto beans', parentId: 22 },
    // A loop (bad data) ends the walk up the tree.
    { id: 30, nameNl: 'Kruiden', nameEn: 'Herbs', parentId: 31 },
    { id: 31, nameNl: 'Droogwaren', nameEn: 'Dry goods', parentId: 30 },
  ],
);
describe('a typed word that names a product’s category', () => {
  it('puts the products of that category (or one under it) before equal matches elsewhere', () => {
    // Without the category 1, 2, 3, 4 and 8 have 'bonen' in their name and would follow article numbers.
    expect(rankedIn(beans, 'bonen').slice(0, 5)).toEqual([3, 4, 8, 1, 2]);
    // Its stem too ('boon' → the stem of bonen).
    expect(rankedIn(beans, 'boon').slice(0, 3)).toEqual([3, 4, 8]);
    // (Kruiden and Droogwaren are each other's parent: the index was built all the same.)
  });

  it('never lifts a weaker match of a word over a stronger one', () => {
    // 5 is in Bonen, but 'bonen' is only the start of its word: after every exact match.
    const bonen = rankedIn(beans, 'bonen');
    expect(bonen.indexOf(5)).toBe(5);
    // 6 has the exact word in its description (4), 7 only its stem, in Bonen (3.6 + the bonus): 6 first.
    expect(bonen.slice(-2)).toEqual([6, 7]);
  });

  it('ranks the best few (suggestions) the same way', () => {
    expect(rankedIn(beans, 'bonen', 2)).toEqual([3, 4]);
  });

  it('keeps equal sums exactly equal, whichever typed word had the bonus (article-number order decides)', async () => {
    // Each has 'kaas' in its title and 'bonen' as the start of a word of its description; one is in Kaas, the other in Bonenmix.
    const cheese = await catalogue(
      [
        [1, '100001', 'Kaas', 'Met bonenmix.', [2]],
        [2, '100002', 'Kaas', 'Met bonenmix.', [1]],
      ],
      [
        { id: 1, nameNl: 'Kaas', nameEn: 'Cheese' },
        { id: 2, nameNl: 'Bonenmix', nameEn: 'Bean mix' },
      ],
    );
    expect(rankedIn(cheese, 'kaas bonen')).toEqual([1, 2]);
  });

  it('gives the bonus where a common word is looked up for a few candidates (its bitsets)', async () => {
    // Twelve products with 'bonen', two of them with 'zwarte': 'bonen' is then looked up for those two only.
    const many = await catalogue(
      [
        [1, '100001', 'Zwarte bonen salsa', '', [1]],
        [2, '100002', 'Zwarte bonen', '', [2]],
        ...Array.from({ length: 10 }, (_, i): [number, string, string, string, number[]] => [3 + i, `10010${i}`, `Bonen ${i}`, '', [2]]),
      ],
      [
        { id: 1, nameNl: 'Salsa', nameEn: 'Salsa' },
        { id: 2, nameNl: 'Bonen', nameEn: 'Beans' },
      ],
    );
    expect(many.nl.dense[many.nl.words.indexOf('bonen')]).not.toBeNull();
    expect(rankedIn(many, 'zwarte bonen')).toEqual([2, 1]);
  });

  it('gives nothing for the linking words of a category name', () => {
    // "Salsa's en sauzen": 'en' is in product 1's name and its category's, but names nothing.
    const categoryDocsOf = (word: string) => beans.nl.categoryDocs[beans.nl.words.indexOf(word)];
    expect(beans.nl.words).toContain('en');
    expect(categoryDocsOf('en')).toBeNull();
    expect(categoryDocsOf('salsa')).not.toBeNull();
  });
});
