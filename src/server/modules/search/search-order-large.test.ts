import { describe, expect, it } from 'vitest';
import { buildSearchIndex, type SearchDocument } from './search-index';
import { rankedProductIds } from './search-match';
import { queryWords } from './search-text';

/*
 * A search of common words matches much of the catalogue from several posting lists at once
 * ('tort' is the start of 'tortilla' and of 'tortillachips'): its matches are put in document
 * (article-number) order by one pass over all documents instead of a sort, and a word typed twice
 * is matched once. The order must be exactly what ranking asks: best score first, then article
 * number.
 */
const COUNT = 400;
const documents: SearchDocument[] = Array.from({ length: COUNT }, (_, i) => {
  // Odd products are chips, even ones tortillas; every tenth says "warm" in its title, the others in the description.
  const title = `${i % 2 ? 'Tortillachips' : 'Tortilla'} ${i % 10 === 0 ? 'warm ' : ''}nummer ${i}`;
  const description = i % 10 === 0 ? '' : 'Lekker warm geserveerd.';
  return { id: i + 1, sku: String(300000 + i), ean: null, titleNl: title, titleEn: title, descriptionNl: description, descriptionEn: description, specificationsNl: '', specificationsEn: '' };
});
const index = await buildSearchIndex({ documents, productCategories: [], categories: [] });
const search = (term: string, descending = false) => Array.from(rankedProductIds(index, { lang: 'nl', words: queryWords(term), descending }));
const ids = (from: number, to: number, step = 1) => Array.from({ length: Math.ceil((to - from) / step) }, (_, k) => from + k * step);

describe('a search that matches much of the catalogue', () => {
  it('answers every match in article-number order when the scores are equal, ascending and descending', () => {
    expect(search('tort')).toEqual(ids(1, COUNT + 1));
    expect(search('tort', true)).toEqual(ids(1, COUNT + 1).reverse());
  });

  it('puts a better score first and keeps article-number order within each score', () => {
    // "warm" in the title (every tenth product) above "warm" in the description.
    const inTitle = ids(1, COUNT + 1, 10);
    const inBody = ids(1, COUNT + 1).filter((id) => !inTitle.includes(id));
    expect(search('tort warm')).toEqual([...inTitle, ...inBody]);
    expect(search('tort warm', true)).toEqual([...inTitle.reverse(), ...inBody.reverse()]);
  });

  it('ranks a word typed twice as it ranks the word typed once (both places count alike)', () => {
    expect(search('warm tort warm')).toEqual(search('tort warm'));
    expect(search('tort tort')).toEqual(search('tort'));
  });
});
