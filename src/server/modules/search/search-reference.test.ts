import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Lang } from '../../plugins/language';
import { buildSearchIndex, type SearchDocument } from './search-index';
import { rankedProductIds } from './search-match';
import { htmlWords, isNumber, queryWords, stem, words } from './search-text';
import { newScratch } from './word-match';

/*
 * The engine (search-index.ts, word-match.ts, search-match.ts, search-order.ts) against a plain
 * reference written from its rules (decision 025), on random small catalogues and searches. The
 * reference scans every document and every word: no posting lists, bitsets, plans or scratch.
 * Words are of 3 to 7 letters (no compounds: those start at 8) and no category is named, so the
 * rules are the word rules and the article numbers.
 */

const SCORE = { exact: 10, stem: 9, prefix: 6, typo: 3, typoPrefix: 2, body: 0.4, skuExact: 10_000, skuPrefix: 1_000 };

/** Optimal string alignment distance, the whole table. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i]!;
      row[j] = Math.min(d[i - 1]![j]! + 1, row[j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

const budgetOf = (word: string) => (word.length >= 8 ? 2 : word.length >= 5 ? 1 : 0);

/** Every product's ids in ranking order, by scanning everything. */
function reference(documents: SearchDocument[], lang: Lang, typed: string[], descending: boolean): number[] {
  const withStems = (list: string[]) => new Set(list.flatMap((word) => [word, stem(word, lang)]));
  const docs = [...documents]
    .sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0))
    .map((d, order) => ({
      id: d.id,
      sku: d.sku,
      order,
      title: withStems(words(lang === 'en' ? d.titleEn : d.titleNl)),
      body: withStems([...htmlWords(lang === 'en' ? d.descriptionEn : d.descriptionNl), ...htmlWords(lang === 'en' ? d.specificationsEn : d.specificationsNl)]),
    }));
  const vocabulary = new Set(docs.flatMap((d) => [...d.title, ...d.body]));

  /** The catalogue words a typed word matches, each with its best score. */
  function matches(word: string): Map<string, number> {
    const found = new Map<string, number>();
    const note = (v: string, score: number) => found.set(v, Math.max(found.get(v) ?? 0, score));
    for (const v of vocabulary) if (v.startsWith(word)) note(v, v === word ? SCORE.exact : SCORE.prefix);
    if (isNumber(word)) return found;
    const stemmed = stem(word, lang);
    if (stemmed !== word && vocabulary.has(stemmed)) note(stemmed, SCORE.stem);
    if (found.size > 0) return found;
    const budget = budgetOf(word);
    if (budget === 0) return found;
    for (const v of vocabulary) {
      if (!/^[a-z]+$/.test(v)) continue;
      if (distance(word, v) <= budget) note(v, SCORE.typo);
      else if (v.length > word.length && distance(word, v.slice(0, word.length)) <= budget) note(v, SCORE.typoPrefix);
    }
    return found;
  }

  const perWord = typed.map((word) => ({ word, matches: matches(word) }));
  const ranked: { id: number; order: number; total: number }[] = [];
  for (const doc of docs) {
    let total = 0;
    let all = true;
    for (const { word, matches: found } of perWord) {
      let best = -1;
      for (const [v, score] of found) {
        if (doc.title.has(v)) best = Math.max(best, score);
        else if (doc.body.has(v)) best = Math.max(best, score * SCORE.body);
      }
      if (isNumber(word) && doc.sku.startsWith(word)) {
        best = Math.max(best, doc.sku === word ? SCORE.skuExact : word.length >= 3 ? SCORE.skuPrefix : SCORE.prefix * SCORE.body);
      }
      if (best < 0) {
        all = false;
        break;
      }
      total += best;
    }
    if (all) ranked.push({ id: doc.id, order: doc.order, total });
  }
  ranked.sort((a, b) => b.total - a.total || (descending ? b.order - a.order : a.order - b.order));
  return ranked.map((r) => r.id);
}

/** Food words, their longer forms, random letter runs and numbers: near one another, so prefixes, stems and typing errors meet. */
const VOCABULARY = ['taco', 'tacos', 'salsa', 'sals', 'bonen', 'boon', 'bean', 'beans', 'kaas', 'kazen', 'mole', 'molen', 'chile', 'chili', 'tomaat', 'tomaten', 'nacho', 'nachos'];
const word = fc.oneof(
  fc.constantFrom(...VOCABULARY),
  // Longer words of the same start ('bonenx', 'tacoje'): a stem, a word start and a typing error in a start meet.
  fc
    .tuple(fc.constantFrom(...VOCABULARY), fc.constantFrom('s', 'en', 'x', 'je', 'ro'))
    .map(([w, end]) => w + end)
    .filter((w) => w.length <= 7),
  fc.stringMatching(/^[a-c]{3,6}$/),
  // Sizes and counts: a typed number is a word of the text or the start of an article number.
  fc.constantFrom('1', '15', '150', '6'),
);
const text = (min: number) => fc.array(word, { minLength: min, maxLength: 4 }).map((list) => list.join(' '));

const catalogue = fc
  .uniqueArray(fc.integer({ min: 100_000, max: 199_999 }), { minLength: 1, maxLength: 12 })
  .chain((skus) =>
    fc.tuple(
      ...skus.map((sku, i) =>
        fc.record({ title: text(1), titleEn: text(1), description: text(0), specifications: text(0) }).map(
          (t): SearchDocument => ({
            id: i + 1,
            sku: String(sku),
            ean: null,
            titleNl: t.title,
            titleEn: t.titleEn,
            descriptionNl: `<p>${t.description}</p>`,
            descriptionEn: t.description,
            specificationsNl: t.specifications,
            specificationsEn: `<ul><li>${t.specifications}</li></ul>`,
          }),
        ),
      ),
    ),
  );

/** A typed word made from the catalogue: whole, its start, with a typing error, an article number's start, or anything. */
function typedWord(documents: SearchDocument[]) {
  const known = [...new Set(documents.flatMap((d) => [...words(d.titleNl), ...words(d.titleEn), ...words(d.descriptionEn)]))];
  const skus = documents.map((d) => d.sku);
  const edit = (w: string, at: number, letter: string, kind: number) => {
    const i = at % w.length;
    if (kind === 0) return w.slice(0, i) + w.slice(i + 1);
    if (kind === 1) return w.slice(0, i) + letter + w.slice(i);
    if (kind === 2) return w.slice(0, i) + letter + w.slice(i + 1);
    return i + 1 < w.length ? w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2) : w;
  };
  return fc.oneof(
    fc.constantFrom(...known),
    fc.tuple(fc.constantFrom(...known), fc.nat()).map(([w, n]) => w.slice(0, 1 + (n % w.length))),
    fc
      .tuple(fc.constantFrom(...known), fc.integer({ min: 5, max: 7 }), fc.nat(), fc.constantFrom('a', 'b', 'e', 'o', 's', 'x'), fc.nat(3))
      .map(([w, length, at, letter, kind]) => edit(w.slice(0, length), at, letter, kind)),
    fc.tuple(fc.constantFrom(...skus), fc.integer({ min: 1, max: 6 })).map(([sku, n]) => sku.slice(0, n)),
    word,
  );
}

const search = catalogue.chain((documents) =>
  fc.record({
    documents: fc.constant(documents),
    typed: fc.array(typedWord(documents), { minLength: 1, maxLength: 3 }).map((list) => queryWords(list.join(' '))),
    lang: fc.constantFrom<Lang>('nl', 'en'),
    descending: fc.boolean(),
    limit: fc.integer({ min: 1, max: 5 }),
  }),
);

describe('the search engine against a plain reference', () => {
  it('finds the same products in the same order, and the same best few, on random catalogues and searches', async () => {
    await fc.assert(
      fc.asyncProperty(search, async ({ documents, typed, lang, descending, limit }) => {
        fc.pre(typed.length > 0);
        const index = await buildSearchIndex({ documents, productCategories: [], categories: [] });
        const expected = reference(documents, lang, typed, descending);
        // One scratch for both searches, as the search service keeps it between searches.
        const scratch = newScratch(index.ids.length);
        expect(Array.from(rankedProductIds(index, { lang, words: typed, descending }, scratch))).toEqual(expected);
        expect(Array.from(rankedProductIds(index, { lang, words: typed, descending, limit }, scratch))).toEqual(expected.slice(0, limit));
      }),
      { numRuns: 500, seed: 25 },
    );
  });

  it('would notice a wrong order: the reference puts an exact title word before a word start', () => {
    const documents: SearchDocument[] = [
      { id: 1, sku: '100001', ean: null, titleNl: 'salsaro', titleEn: '', descriptionNl: '', descriptionEn: '', specificationsNl: '', specificationsEn: '' },
      { id: 2, sku: '100002', ean: null, titleNl: 'salsa', titleEn: '', descriptionNl: '', descriptionEn: '', specificationsNl: '', specificationsEn: '' },
    ];
    expect(reference(documents, 'nl', ['salsa'], false)).toEqual([2, 1]);
    expect(reference(documents, 'en', ['1000'], true)).toEqual([2, 1]);
  });
});
