import { describe, expect, it } from 'vitest';
import { buildSearchIndex, type SearchDocument } from './search-index';
import { byScore } from './search-order';
import { planWord } from './word-match';

/** The order byScore must give: best score first, the given (article-number) order within a score. */
const expected = (inOrder: number[], total: Float64Array, ids: Int32Array) =>
  inOrder
    .map((doc, place) => ({ doc, place }))
    .sort((a, b) => (total[b.doc] ?? 0) - (total[a.doc] ?? 0) || a.place - b.place)
    .map(({ doc }) => ids[doc]);

describe('matches grouped by score (byScore)', () => {
  const n = 5_000;
  const ids = Int32Array.from({ length: n }, (_, doc) => 10_000 + doc);
  const group = new Int32Array(n);
  const check = (total: Float64Array, descending: boolean) => {
    const inOrder = Array.from({ length: n }, (_, i) => (descending ? n - 1 - i : i)).filter((doc) => doc % 7 !== 3);
    expect(Array.from(byScore(ids, Int32Array.from(inOrder), total, group))).toEqual(expected(inOrder, total, ids));
  };

  it('keeps article-number order within each of a few scores, sums of word scores included', () => {
    const scores = [10, 9, 6, 3, 2, 4, 3.6, 2.4, 10 + 6 * 0.4, 9 + 2 * 0.4, 6 * 0.4 + 3 * 0.4, 10_000 + 6, 1_000 + 2.4];
    const total = Float64Array.from({ length: n }, (_, doc) => scores[(doc * 7919) % scores.length]!);
    check(total, false);
    check(total, true);
  });

  it('gives the same order with more distinct scores than its table holds, and again after', () => {
    const many = Float64Array.from({ length: n }, (_, doc) => (doc * 31) % 2_000);
    check(many, false);
    check(many, true);
    const few = Float64Array.from({ length: n }, (_, doc) => (doc % 3) * 3);
    check(few, false);
  });
});

describe('a typed word planned from its index', () => {
  const doc = (id: number, title: string): SearchDocument => ({
    id,
    sku: String(100_000 + id),
    ean: null,
    titleNl: title,
    titleEn: title,
    descriptionNl: '',
    descriptionEn: '',
    specificationsNl: '',
    specificationsEn: '',
  });

  it('finds the words of that index, so a new index (a catalogue change) finds the new word', async () => {
    const before = await buildSearchIndex({ documents: [doc(1, 'Tortilla naturel'), doc(2, 'Salsa verde')], productCategories: [], categories: [] });
    const plan = planWord(before, 'nl', 'tortila');
    expect(plan.matches.map((m) => before.nl.words[m.word])).toEqual(['tortilla']);
    // Renamed by an import: the typing error now finds the new word only.
    const after = await buildSearchIndex({ documents: [doc(1, 'Tortillas naturel'), doc(2, 'Salsa verde')], productCategories: [], categories: [] });
    const replanned = planWord(after, 'nl', 'tortila');
    expect(replanned.matches.map((m) => after.nl.words[m.word])).toContain('tortillas');
  });
});
