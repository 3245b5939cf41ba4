import type { Lang } from '../../plugins/language';
import { decodeInto, denseEntry, hasBit } from './postings';
import { lowerBound, prefixRange, type SearchIndex, type WordIndex } from './search-index';
import { SCORE_TABLE_BYTES } from './search-order';
import { isNumber, MAX_QUERY_WORDS, stem } from './search-text';
import { DISTANCE_ROWS_BYTES, letterMask, mayBeWithin, typoBudget, typoMatch } from './typo';

/*
 * Matching one typed word (search-match.ts puts a search's words together): as a word, its stem,
 * the start of a word, or, when none of those is in the catalogue, with a typing error; a number
 * may instead be the start of an article number or an EAN. A document's score for the word is its
 * best match: an exact word above a stem above a word start above a typing error, the title above
 * the other texts, a little more where the word names the product's category, and an article
 * number or EAN above any text.
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
  /**
   * Added when the matched word names one of the product's categories (or one above it), as a
   * word or its stem: of products that match a word equally, those of the category it names come
   * first ('bonen': the beans before a salsa with beans). Less than the smallest step between two
   * kinds of match of one word (0.4: an exact word and its stem in the description), so it never
   * lifts a weaker match of a word over a stronger one; with several typed words the bonuses add
   * up and may. A power of two: sums of word scores stay equal whichever word had it (0.3 made
   * 12.700000000000001 of one product and 12.7 of another). Which documents a word names a
   * category of is decided when the index is built (search-index.ts WordIndex.categoryDocs).
   */
  category: 0.25,
  skuExact: 10_000,
  skuPrefix: 1_000,
} as const;

/**
 * A common word's list is looked up for the candidates left (its bitsets) when they are fewer
 * than its list's bytes (about its entries) divided by this: a look-up costs a few decodings.
 */
const LOOKUP_SHARE = 4;
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
    const match = typoMatch(typed, index.words[i] ?? '', budget);
    if (match !== null) found.push({ word: i, score: match === 'word' ? SCORES.typo : SCORES.typoPrefix });
  }
  return found;
}

/** A typed word with the catalogue's words it matches, and what finding its documents costs. */
export interface PlannedWord {
  typed: string;
  matches: WordMatch[];
  /** About the entries to go through: its posting lists' bytes and its article-number and EAN ranges. */
  cost: number;
}

/** A typed word's matches and cost (search-match.ts matches the cheapest word first), found anew for each search. */
export function planWord(index: SearchIndex, lang: Lang, typed: string): PlannedWord {
  const words = index[lang];
  const matches = matchingWords(words, typed, lang);
  let cost = 0;
  for (const match of matches) cost += words.postings[match.word]?.length ?? 0;
  if (isNumber(typed)) {
    const [from, to] = prefixRange(index.skus, typed);
    cost += to - from;
    if (typed.length >= EAN_PREFIX_DIGITS) {
      const [first, last] = prefixRange(index.eans, typed);
      cost += last - first;
    }
  }
  return { typed, matches, cost };
}

/**
 * Reused between searches of indexes with the same number of documents (a search runs
 * synchronously from start to end; the search service keeps one in its cache share,
 * decision 014): per document the round that last noted it and its score in that round and over
 * the words, and lists of documents, so that a search allocates nothing in proportion to its
 * matches but its answer.
 */
export interface Scratch {
  stamp: Int32Array;
  score: Float64Array;
  total: Float64Array;
  round: number;
  /** The documents one typed word matches (matchWord). */
  docs: Int32Array;
  /** The documents every typed word so far matches. */
  candidates: Int32Array;
  /** A posting list's entries, decoded. */
  entries: Int32Array;
  /** Per document, the score group it goes in (the final ordering). */
  group: Int32Array;
  /** Per typed word (by its place in the search, at most MAX_QUERY_WORDS), each candidate's score for it: made as needed. */
  wordScores: Float64Array[];
}

/** The scratch of a search over `documents` documents. */
export function newScratch(documents: number): Scratch {
  return {
    stamp: new Int32Array(documents),
    score: new Float64Array(documents),
    total: new Float64Array(documents),
    round: 0,
    docs: new Int32Array(documents),
    candidates: new Int32Array(documents),
    entries: new Int32Array(documents),
    group: new Int32Array(documents),
    wordScores: [],
  };
}

/**
 * The most a scratch of `documents` documents holds: its arrays, a score array for each of the
 * MAX_QUERY_WORDS words a search has at most, and the fixed tables that every search shares
 * (search-order.ts score groups, typo.ts distance rows).
 */
export function scratchBytes(documents: number): number {
  const perDocument = Int32Array.BYTES_PER_ELEMENT * 5 + Float64Array.BYTES_PER_ELEMENT * (2 + MAX_QUERY_WORDS);
  return documents * perDocument + SCORE_TABLE_BYTES + DISTANCE_ROWS_BYTES;
}

/**
 * The documents a typed word matches, each once with its best score: written to `scratch.docs`
 * (the count is answered), their scores to `scratch.score`, stamped with the word's round.
 * `within` (the first `withinCount` of it): the candidates the earlier words left; only those
 * count, so a common word's list is then looked up for them instead of decoded whole.
 */
export function matchWord(index: SearchIndex, lang: Lang, word: PlannedWord, scratch: Scratch, within: Int32Array | null, withinCount: number): number {
  const round = ++scratch.round;
  let count = 0;
  const words = index[lang];
  for (const match of word.matches) {
    const postings = words.postings[match.word];
    if (!postings) continue;
    const dense = words.dense[match.word];
    if (within !== null && dense && withinCount * LOOKUP_SHARE < postings.length) count = lookUpWithin(words, match, dense, scratch, round, count, within, withinCount);
    else count = decodeWhole(words, match, postings, scratch, round, count);
  }
  if (isNumber(word.typed)) count = matchNumber(index, word.typed, scratch, round, count, within, withinCount);
  return count;
}

/**
 * Notes a document's score for the word of `round` (the best when it is noted again), appending
 * it to `scratch.docs` the first time; answers the documents' count after it.
 */
function noteDoc(scratch: Scratch, round: number, count: number, doc: number, value: number): number {
  const { stamp, score } = scratch;
  if (stamp[doc] !== round) {
    stamp[doc] = round;
    score[doc] = value;
    scratch.docs[count] = doc;
    return count + 1;
  }
  if (value > (score[doc] ?? 0)) score[doc] = value;
  return count;
}

/** A common word's list looked up (its bitsets) for the candidates the earlier words left. */
function lookUpWithin(words: WordIndex, match: WordMatch, dense: Uint32Array, scratch: Scratch, round: number, count: number, within: Int32Array, withinCount: number): number {
  const inTitle = match.score;
  const inBody = match.score * SCORES.body;
  const named = words.categoryDocs[match.word] ?? null;
  for (let i = 0; i < withinCount; i++) {
    const doc = within[i] ?? 0;
    const value = denseEntry(dense, doc);
    if (value >= 0) count = noteDoc(scratch, round, count, doc, (value & 1 ? inTitle : inBody) + (named && hasBit(named, doc) ? SCORES.category : 0));
  }
  return count;
}

/** A word's posting list decoded whole, every entry noted. */
function decodeWhole(words: WordIndex, match: WordMatch, postings: Uint8Array, scratch: Scratch, round: number, count: number): number {
  const { stamp, score, docs, entries } = scratch;
  const inTitle = match.score;
  const inBody = match.score * SCORES.body;
  const named = words.categoryDocs[match.word] ?? null;
  const length = decodeInto(postings, entries);
  // The hot loop of a search (a common word has thousands of entries): noteDoc() written out.
  for (let e = 0; e < length; e++) {
    const value = entries[e] ?? 0;
    const doc = value >>> 1;
    // A word that names categories (a few dozen have a bitset): the documents it names one of get a little more.
    const points = (value & 1 ? inTitle : inBody) + (named !== null && hasBit(named, doc) ? SCORES.category : 0);
    if (stamp[doc] !== round) {
      stamp[doc] = round;
      score[doc] = points;
      docs[count++] = doc;
    } else if (points > (score[doc] ?? 0)) score[doc] = points;
  }
  return count;
}

/** A document's score for a typed number that starts its article number: `points`, or more when it is the whole number. */
function skuScore(skus: readonly string[], typed: string, points: number, doc: number): number {
  return skus[doc] === typed ? SCORES.skuExact : points;
}

/** A typed number as the start of article numbers and, from EAN_PREFIX_DIGITS digits on, of EANs. */
function matchNumber(index: SearchIndex, typed: string, scratch: Scratch, round: number, count: number, within: Int32Array | null, withinCount: number): number {
  const { stamp, score, docs } = scratch;
  const { skus } = index;
  const [from, to] = prefixRange(skus, typed);
  const points = typed.length >= SKU_RANK_DIGITS ? SCORES.skuPrefix : SCORES.prefix * SCORES.body;
  if (within !== null && withinCount < to - from) {
    // Documents are in article-number order: the range is contiguous (every document for a '1').
    for (let i = 0; i < withinCount; i++) {
      const doc = within[i] ?? 0;
      if (doc >= from && doc < to) count = noteDoc(scratch, round, count, doc, skuScore(skus, typed, points, doc));
    }
  } else {
    for (let doc = from; doc < to; doc++) {
      const value = skuScore(skus, typed, points, doc);
      if (stamp[doc] !== round) {
        stamp[doc] = round;
        score[doc] = value;
        docs[count++] = doc;
      } else if (value > (score[doc] ?? 0)) score[doc] = value;
    }
  }
  if (typed.length >= EAN_PREFIX_DIGITS) {
    const [first, last] = prefixRange(index.eans, typed);
    for (let i = first; i < last; i++) count = noteDoc(scratch, round, count, index.eanDocs[i] ?? 0, index.eans[i] === typed ? SCORES.skuExact : SCORES.skuPrefix);
  }
  return count;
}
