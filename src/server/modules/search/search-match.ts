import type { Lang } from '../../plugins/language';
import { forEachPosting } from './postings';
import { lowerBound, prefixRange, type SearchIndex, type WordIndex } from './search-index';
import { isNumber, stem } from './search-text';
import { boundedDistance, letterMask, mayBeWithin, typoBudget } from './typo';

/*
 * Finding and ranking: every typed word must match (as a word, its stem, the start of a word,
 * or, when none of those is in the catalogue, with a typing error); a number may instead be the
 * start of an article number or an EAN. A product's score is the sum over the typed words of its
 * best match: an exact word above a stem above a word start above a typing error, the title
 * above the other texts, and an article number or EAN above any text.
 */

export const SCORES = {
  exact: 10,
  stem: 9,
  prefix: 6,
  typo: 3,
  /** A typing error in the start of a longer word ('tortila' in 'tortillachips'). */
  typoPrefix: 2,
  /** A word that is only in the description or specifications counts for this share. */
  body: 0.4,
  skuExact: 10_000,
  skuPrefix: 1_000,
} as const;

/** Article-number starts rank first from this many digits; shorter ones match like a word start. */
const SKU_RANK_DIGITS = 3;
/** EAN starts match from this many digits (three are only a country). */
const EAN_PREFIX_DIGITS = 6;

interface WordMatch {
  word: number;
  score: number;
}

/** The catalogue's words that a typed word matches, with the score of each. */
export function matchingWords(index: WordIndex, typed: string, lang: Lang): WordMatch[] {
  const found: WordMatch[] = [];
  const [from, to] = prefixRange(index.words, typed);
  for (let i = from; i < to; i++) found.push({ word: i, score: index.words[i] === typed ? SCORES.exact : SCORES.prefix });
  if (isNumber(typed)) return found;
  const stemmed = stem(typed, lang);
  if (stemmed !== typed) {
    const at = lowerBound(index.words, stemmed);
    if (index.words[at] === stemmed) found.push({ word: at, score: SCORES.stem });
  }
  if (found.length > 0) return found;
  const budget = typoBudget(typed.length);
  if (budget === 0) return found;
  const mask = letterMask(typed);
  for (let t = 0; t < index.typoWords.length; t++) {
    if (!mayBeWithin(mask, index.typoMasks[t] ?? 0, budget)) continue;
    const i = index.typoWords[t] ?? 0;
    const word = index.words[i] ?? '';
    if (boundedDistance(typed, word, budget) <= budget) found.push({ word: i, score: SCORES.typo });
    else if (word.length > typed.length && boundedDistance(typed, word.slice(0, typed.length), budget) <= budget) {
      found.push({ word: i, score: SCORES.typoPrefix });
    }
  }
  return found;
}

/** Reused per index between calls (a search runs synchronously from start to end). */
interface Scratch {
  stamp: Int32Array;
  score: Float64Array;
  total: Float64Array;
  round: number;
}

const scratches = new WeakMap<SearchIndex, Scratch>();

function scratchOf(index: SearchIndex): Scratch {
  let scratch = scratches.get(index);
  if (!scratch) {
    const n = index.ids.length;
    scratch = { stamp: new Int32Array(n), score: new Float64Array(n), total: new Float64Array(n), round: 0 };
    scratches.set(index, scratch);
  }
  return scratch;
}

/** The documents a typed word matches, each with its best score (in `scratch.score`). */
function matchWord(index: SearchIndex, lang: Lang, typed: string, scratch: Scratch): number[] {
  const round = ++scratch.round;
  const { stamp, score } = scratch;
  const docs: number[] = [];
  const note = (doc: number, value: number) => {
    if (stamp[doc] !== round) {
      stamp[doc] = round;
      score[doc] = value;
      docs.push(doc);
    } else if (value > (score[doc] ?? 0)) score[doc] = value;
  };
  const words = index[lang];
  for (const match of matchingWords(words, typed, lang)) {
    const postings = words.postings[match.word];
    if (postings) forEachPosting(postings, (doc, inTitle) => note(doc, inTitle ? match.score : match.score * SCORES.body));
  }
  if (isNumber(typed)) {
    const [from, to] = prefixRange(index.skus, typed);
    const ranked = typed.length >= SKU_RANK_DIGITS;
    for (let doc = from; doc < to; doc++) {
      note(doc, index.skus[doc] === typed ? SCORES.skuExact : ranked ? SCORES.skuPrefix : SCORES.prefix * SCORES.body);
    }
    if (typed.length >= EAN_PREFIX_DIGITS) {
      const [first, last] = prefixRange(index.eans, typed);
      for (let i = first; i < last; i++) note(index.eanDocs[i] ?? 0, index.eans[i] === typed ? SCORES.skuExact : SCORES.skuPrefix);
    }
  }
  return docs;
}

export interface MatchRequest {
  lang: Lang;
  /** The typed words (search-text.ts queryWords), at least one. */
  words: string[];
  /** Ties in article-number order, descending instead of ascending. */
  descending: boolean;
  /** Only products in one of these categories (null: any). */
  categoryIds?: readonly number[] | null;
  /** Only the best this many (suggestions): picked in one pass instead of ordering every match. */
  limit?: number;
}

/** Whether document a ranks before b: higher score, then article-number order. */
const ranksBefore = (total: Float64Array, a: number, b: number, descending: boolean) => {
  const difference = (total[a] ?? 0) - (total[b] ?? 0);
  if (difference !== 0) return difference > 0;
  return descending ? a > b : a < b;
};

/** The best `limit` of the candidates, best first, kept by insertion into a short sorted list. */
function bestOf(candidates: number[], total: Float64Array, limit: number, descending: boolean): number[] {
  const best: number[] = [];
  if (limit <= 0) return best;
  for (const doc of candidates) {
    if (best.length === limit) {
      if (!ranksBefore(total, doc, best[limit - 1]!, descending)) continue;
      best.pop();
    }
    let at = best.length;
    while (at > 0 && ranksBefore(total, doc, best[at - 1]!, descending)) at--;
    best.splice(at, 0, doc);
  }
  return best;
}

/** The product ids of every match (or the best `limit`), best first; equal scores in article-number order. */
export function rankedProductIds(index: SearchIndex, request: MatchRequest): Int32Array {
  const scratch = scratchOf(index);
  const { total } = scratch;
  let candidates: number[] = [];
  request.words.forEach((typed, i) => {
    const docs = matchWord(index, request.lang, typed, scratch);
    if (i === 0) {
      for (const doc of docs) total[doc] = scratch.score[doc] ?? 0;
      candidates = docs;
      return;
    }
    const round = scratch.round;
    candidates = candidates.filter((doc) => {
      if (scratch.stamp[doc] !== round) return false;
      total[doc] = (total[doc] ?? 0) + (scratch.score[doc] ?? 0);
      return true;
    });
  });
  if (request.categoryIds) {
    const wanted = new Set(request.categoryIds);
    candidates = candidates.filter((doc) => {
      for (let c = index.categoryStart[doc] ?? 0; c < (index.categoryStart[doc + 1] ?? 0); c++) {
        if (wanted.has(index.categoryList[c] ?? -1)) return true;
      }
      return false;
    });
  }
  if (request.limit !== undefined) return Int32Array.from(bestOf(candidates, total, request.limit, request.descending), (doc) => index.ids[doc] ?? 0);
  const inOrder = Int32Array.from(candidates).sort();
  if (request.descending) inOrder.reverse();
  // Few distinct scores: group the documents (already in article-number order) by score.
  const groups = new Map<number, number[]>();
  for (const doc of inOrder) {
    const value = total[doc] ?? 0;
    let group = groups.get(value);
    if (!group) groups.set(value, (group = []));
    group.push(doc);
  }
  const result = new Int32Array(inOrder.length);
  let at = 0;
  for (const value of [...groups.keys()].sort((a, b) => b - a)) {
    for (const doc of groups.get(value) ?? []) result[at++] = index.ids[doc] ?? 0;
  }
  return result;
}

/** Categories whose name has every typed word (as the start of one of its words), at most `limit`. */
export function matchingCategories(index: SearchIndex, lang: Lang, typed: string[], limit: number): number[] {
  const found: number[] = [];
  for (const category of index.categories) {
    const names = category.words[lang];
    if (typed.every((word) => names.some((name) => name.startsWith(word) || stem(name, lang) === stem(word, lang)))) found.push(category.id);
    if (found.length === limit) break;
  }
  return found;
}
