import type { Lang } from '../../plugins/language';
import { bestOf, byScore } from './search-order';
import type { SearchIndex } from './search-index';
import { stem } from './search-text';
import { typoBudget, typoMatch } from './typo';
import { matchWord, planWord, type Scratch } from './word-match';

/*
 * Finding and ranking a search: every typed word must match (word-match.ts: as a word, its stem,
 * the start of a word, with a typing error, or as the start of an article number or EAN). A
 * product's score is the sum over the typed words of its best match; search-order.ts puts the
 * matches in order.
 */

export interface MatchRequest {
  lang: Lang;
  /** The typed words (search-text.ts queryWords), at least one and at most MAX_QUERY_WORDS. */
  words: string[];
  /** Ties in article-number order, descending instead of ascending. */
  descending: boolean;
  /** Only products in one of these categories (null: any). */
  categoryIds?: readonly number[] | null;
  /** Only the best this many (suggestions): picked in one pass instead of ordering every match. */
  limit?: number;
}

/** The scores of one typed word, one slot per document (kept per word until the words' sum). */
function wordScoresOf(scratch: Scratch, place: number): Float64Array {
  let scores = scratch.wordScores[place];
  if (!scores) {
    scores = new Float64Array(scratch.total.length);
    scratch.wordScores[place] = scores;
  }
  return scores;
}

function isAscending(values: Int32Array): boolean {
  for (let i = 1; i < values.length; i++) if ((values[i - 1] ?? 0) > (values[i] ?? 0)) return false;
  return true;
}

/**
 * Puts documents in document order: sorted when they are few; when they are many (a search of
 * common words matches most of the catalogue), marked and collected in one pass over all documents,
 * which costs a fraction of sorting tens of thousands.
 */
function inDocumentOrder(scratch: Scratch, docs: Int32Array): void {
  const { stamp } = scratch;
  if (docs.length * SCAN_SHARE < stamp.length) {
    docs.sort();
    return;
  }
  const round = ++scratch.round;
  for (let i = 0; i < docs.length; i++) stamp[docs[i] ?? 0] = round;
  let at = 0;
  for (let doc = 0; doc < stamp.length; doc++) if (stamp[doc] === round) docs[at++] = doc;
}

/** From this share of the documents on, matches are put in order by a pass over all documents instead of a sort. */
const SCAN_SHARE = 32;

/**
 * Finds every match of the request: the first `count` (answered) of `scratch.candidates`, as
 * documents, with their summed scores in `scratch.total`; valid until the next search.
 */
function findMatches(index: SearchIndex, request: MatchRequest, scratch: Scratch): number {
  if (scratch.total.length !== index.ids.length) throw new Error('the scratch is not of this index: its number of documents differs');
  const { stamp, score, docs, candidates } = scratch;
  // The word with the fewest entries goes first: the others are then looked up only for the
  // candidates it leaves (a common word's bitsets) instead of decoded whole. Every word must
  // match, so one that matches nothing ends the search before any list is read.
  // A word typed twice ('1 x 1') is matched once: its scores are the same at both places.
  const firstPlace = request.words.map((typed) => request.words.indexOf(typed));
  const planned = request.words.map((typed, place) => (firstPlace[place] === place ? planWord(index, request.lang, typed) : null));
  if (planned.some((word) => word?.cost === 0)) return 0;
  const order = planned.flatMap((word, place) => (word ? [place] : [])).sort((a, b) => (planned[a]?.cost ?? 0) - (planned[b]?.cost ?? 0));
  let count = 0;
  for (let k = 0; k < order.length; k++) {
    const place = order[k] ?? 0;
    const found = matchWord(index, request.lang, planned[place]!, scratch, k === 0 ? null : candidates, count);
    const scores = wordScoresOf(scratch, place);
    if (k === 0) {
      for (let i = 0; i < found; i++) {
        const doc = docs[i] ?? 0;
        scores[doc] = score[doc] ?? 0;
        candidates[i] = doc;
      }
      count = found;
    } else {
      const round = scratch.round;
      let kept = 0;
      for (let i = 0; i < count; i++) {
        const doc = candidates[i] ?? 0;
        if (stamp[doc] !== round) continue;
        scores[doc] = score[doc] ?? 0;
        candidates[kept++] = doc;
      }
      count = kept;
    }
    // Every word must match: once nothing is left, the other words cannot bring anything back.
    if (count === 0) return 0;
  }
  sumWordScores(scratch, firstPlace, count);
  return request.categoryIds ? keepInCategories(index, request.categoryIds, candidates, count) : count;
}

/**
 * Each of the first `count` candidates' total (`scratch.total`): its scores for the words summed
 * in the order the words were typed (`firstPlace`: where each place's word was first typed), so
 * that equal scores stay exactly equal.
 */
function sumWordScores(scratch: Scratch, firstPlace: readonly number[], count: number): void {
  const { total, candidates } = scratch;
  const scoresAt = firstPlace.map((place) => wordScoresOf(scratch, place));
  const first = scoresAt[0]!;
  for (let i = 0; i < count; i++) {
    const doc = candidates[i] ?? 0;
    let sum = first[doc] ?? 0;
    for (let place = 1; place < scoresAt.length; place++) sum += scoresAt[place]?.[doc] ?? 0;
    total[doc] = sum;
  }
}

/** Keeps, in their order, the first `count` candidates in one of the categories; answers how many are kept. */
function keepInCategories(index: SearchIndex, categoryIds: readonly number[], candidates: Int32Array, count: number): number {
  const wanted = new Set(categoryIds);
  let kept = 0;
  for (let i = 0; i < count; i++) {
    const doc = candidates[i] ?? 0;
    for (let c = index.categoryStart[doc] ?? 0; c < (index.categoryStart[doc + 1] ?? 0); c++) {
      if (wanted.has(index.categoryList[c] ?? -1)) {
        candidates[kept++] = doc;
        break;
      }
    }
  }
  return kept;
}

/**
 * The product ids of every match (or the best `limit`), best first; equal scores in article-number
 * order. `scratch`: a scratch of the index's number of documents (word-match.ts newScratch).
 */
export function rankedProductIds(index: SearchIndex, request: MatchRequest, scratch: Scratch): Int32Array {
  const count = findMatches(index, request, scratch);
  const { candidates, total } = scratch;
  if (request.limit !== undefined) return bestIds(index, candidates.subarray(0, count), total, request.limit, request.descending);
  // Already in document order when the first word's matches came from one posting list.
  const inOrder = candidates.subarray(0, count);
  if (!isAscending(inOrder)) inDocumentOrder(scratch, inOrder);
  if (request.descending) inOrder.reverse();
  return byScore(index.ids, inOrder, total, scratch.group);
}

/**
 * Every match's product id in no particular order, and the best `best` of those that `keep`
 * (product id → whether it counts; every one without it), best first: a search's first page
 * and its count without putting every match in order (a broad search at 100,000 products
 * matches most of them). `scratch` as for rankedProductIds.
 */
export function bestAndAll(
  index: SearchIndex,
  request: MatchRequest,
  scratch: Scratch,
  best: number,
  keep?: (productId: number) => boolean,
): { all: Int32Array; best: Int32Array } {
  const count = findMatches(index, request, scratch);
  const docs = scratch.candidates.subarray(0, count);
  const { ids } = index;
  // A loop: Int32Array.from with a mapping function is several times slower.
  const all = new Int32Array(count);
  for (let i = 0; i < count; i++) all[i] = ids[docs[i]!]!;
  return { all, best: bestIds(index, docs, scratch.total, best, request.descending, keep ? (doc) => keep(ids[doc] ?? 0) : undefined) };
}

/** The product ids of the best `limit` documents (of those that `keep`), best first. */
function bestIds(index: SearchIndex, docs: Int32Array, total: Float64Array, limit: number, descending: boolean, keep?: (doc: number) => boolean): Int32Array {
  return Int32Array.from(bestOf(docs, total, limit, descending, keep), (doc) => index.ids[doc] ?? 0);
}

/**
 * Categories whose name has every typed word (as the start of one of its words or its stem), at
 * most `limit`. As for products, a typed word that no category name has so is looked for with the
 * typing errors its length forgives ('tortila' finds "Tortillachips").
 */
export function matchingCategories(index: SearchIndex, lang: Lang, typed: string[], limit: number): number[] {
  // A typed word's stem once, a name's from the index.
  const typedStems = typed.map((word) => stem(word, lang));
  const exactly = (i: number, name: string, nameStem: string) => name.startsWith(typed[i] ?? '') || nameStem === typedStems[i];
  const named = (category: SearchIndex['categories'][number], i: number, budget: number) => {
    const names = category.words[lang];
    const stems = category.stems[lang];
    for (let n = 0; n < names.length; n++) {
      const name = names[n] ?? '';
      if (exactly(i, name, stems[n] ?? '') || (budget > 0 && typoMatch(typed[i] ?? '', name, budget) !== null)) return true;
    }
    return false;
  };
  const budgets = typed.map((word, i) => (index.categories.some((category) => named(category, i, 0)) ? 0 : typoBudget(word.length)));
  const found: number[] = [];
  for (const category of index.categories) {
    if (typed.every((_word, i) => named(category, i, budgets[i] ?? 0))) found.push(category.id);
    if (found.length === limit) break;
  }
  return found;
}
