import { describe, expect, it } from 'vitest';
import { buildSearchIndex, type SearchDocument } from './search-index';
import { bestAndAll, rankedProductIds } from './search-match';
import { queryWords } from './search-text';
import { newScratch } from './word-match';

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
/** One scratch for every search of the index, as the search service keeps it. */
const scratch = newScratch(index.ids.length);
const search = (term: string, descending = false) => Array.from(rankedProductIds(index, { lang: 'nl', words: queryWords(term), descending }, scratch));
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

describe("a search's best matches without ordering them all (its first page)", () => {
  const best = (term: string, n: number, descending = false, keep?: (id: number) => boolean) => {
    const found = bestAndAll(index, { lang: 'nl', words: queryWords(term), descending }, scratch, n, keep);
    return { all: Array.from(found.all).sort((a, b) => a - b), best: Array.from(found.best) };
  };

  it('picks exactly the first places of the full order, ascending and descending, and answers every match', () => {
    for (const term of ['tort', 'tort warm', 'warm', 'chips warm', 'nummer 1', 'tortila']) {
      for (const descending of [false, true]) {
        const ordered = search(term, descending);
        for (const n of [1, 15, 45, 120]) {
          const found = best(term, n, descending);
          expect(found.best, `${term} ${n} ${descending}`).toEqual(ordered.slice(0, n));
          expect(found.all).toEqual([...ordered].sort((a, b) => a - b));
        }
      }
    }
  });

  it('picks the best of those it is told to keep, and still answers every match', () => {
    const even = (id: number) => id % 2 === 0;
    for (const term of ['tort warm', 'warm']) {
      const ordered = search(term);
      const found = best(term, 15, false, even);
      expect(found.best).toEqual(ordered.filter(even).slice(0, 15));
      expect(found.all).toHaveLength(ordered.length);
    }
    expect(best('tort', 15, false, () => false).best).toEqual([]);
  });

  it('answers nothing for a word nothing has, and asks keep nothing then', () => {
    const found = bestAndAll(index, { lang: 'nl', words: queryWords('quesadilla'), descending: false }, scratch, 15, () => {
      throw new Error('asked');
    });
    expect(Array.from(found.all)).toEqual([]);
    expect(Array.from(found.best)).toEqual([]);
  });
});
