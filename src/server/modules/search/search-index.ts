import type { Lang } from '../../plugins/language';
import { type CategoryWords, categoryWordsOf, namedDocuments } from './category-words';
import { denseOf, encode, entry, entryDoc } from './postings';
import { htmlWords, isNumber, stem, words } from './search-text';
import { letterMask } from './typo';

/*
 * The search index of one catalogue version, in memory (decision 025): per language a sorted
 * word list with posting lists, the article numbers in order and the EANs sorted, and each
 * product's categories. Built whole from the database when the catalogue version changes.
 */

/** A product as the index reads it. */
export interface SearchDocument {
  id: number;
  sku: string;
  ean: string | null;
  titleNl: string;
  titleEn: string;
  descriptionNl: string;
  descriptionEn: string;
  specificationsNl: string;
  specificationsEn: string;
}

export interface SearchCategory {
  id: number;
  nameNl: string;
  nameEn: string;
  /** The category it is under, if any: its name also ranks the products below it (categoryWordsOf). */
  parentId?: number | null;
}

export interface SearchSource {
  documents: SearchDocument[];
  /** [product id, category id] pairs. */
  productCategories: [number, number][];
  categories: SearchCategory[];
}

/** The words of one language. */
export interface WordIndex {
  /** Every word and word stem of the texts, sorted (code unit order, as binary search needs). */
  words: string[];
  /** Per word, its posting list (postings.ts). */
  postings: Uint8Array[];
  /** Per word in at least 1/DENSE_SHARE of the documents, its list also as bitsets (postings.ts denseOf); else null. */
  dense: (Uint32Array | null)[];
  /**
   * Per word that names a category (a word of the category's name or its stem), a bitset of the
   * documents in that category or one below it: their match of the word ranks a little higher
   * (word-match.ts SCORES.category). Null for the other words: a few dozen have one.
   */
  categoryDocs: (Uint32Array | null)[];
  /** The words of letters only, candidates for typing errors, with their letter masks. */
  typoWords: Int32Array;
  typoMasks: Int32Array;
}

export interface SearchIndex {
  /** Product ids by document index; documents are in article-number order. */
  ids: Int32Array;
  /** Article numbers by document index (ascending). */
  skus: string[];
  /** EANs, sorted, with the document index of each. */
  eans: string[];
  eanDocs: Int32Array;
  /** The categories of document d: categoryList[categoryStart[d] .. categoryStart[d + 1]). */
  categoryStart: Int32Array;
  categoryList: Int32Array;
  /** Each category's name words per language, and their stems (at the same places: suggestions compare typed stems with them). */
  categories: { id: number; words: Record<Lang, string[]>; stems: Record<Lang, string[]> }[];
  nl: WordIndex;
  en: WordIndex;
}

/**
 * Numbers of eight digits and more in the texts are codes (the EAN in the specifications): the
 * EAN is found through the variation's own, so these would only fill the word list.
 */
const isCode = (word: string) => word.length >= 8 && isNumber(word);

/**
 * A word in at least this share (1/8) of the documents also gets its list as bitsets: a quarter
 * of a byte per document (~330 words at 20,000 products: ~1.7 MB).
 */
const DENSE_SHARE = 8;

/** Two posting lists (entries in order) as one; a document in both keeps its title flag. */
function mergeEntries(a: readonly number[], b: readonly number[]): number[] {
  const merged: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] ?? 0;
    const y = b[j] ?? 0;
    if (entryDoc(x) < entryDoc(y)) {
      merged.push(x);
      i++;
    } else if (entryDoc(y) < entryDoc(x)) {
      merged.push(y);
      j++;
    } else {
      merged.push(x | y);
      i++;
      j++;
    }
  }
  return merged.concat(a.slice(i), b.slice(j));
}

const COMPOUND_MIN = 8;
const PART_MIN = 4;

/**
 * Dutch writes compounds as one word ('maïstortilla's', 'enchiladasaus', 'guajillopoeder'): a
 * long word whose end is itself a word of the catalogue is also found by that end, so 'tortilla'
 * finds the maïstortilla's. Only the longest such end, and ends of at least four letters.
 */
function addCompoundParts(lists: Map<string, number[]>): void {
  for (const [word, list] of [...lists]) {
    if (word.length < COMPOUND_MIN || !/^[a-z]+$/.test(word)) continue;
    for (let i = 3; i <= word.length - PART_MIN; i++) {
      const part = lists.get(word.slice(i));
      if (part) {
        lists.set(word.slice(i), mergeEntries(part, list));
        break;
      }
    }
  }
}

/** Documents tokenised between two turns of the event loop: a build never holds up other requests for long. */
const DOCUMENTS_PER_TURN = 250;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The words of one language. Each distinct word gets a number once (its stem is looked up once
 * too); a document's words are made unique by the number of the last document that had each.
 */
async function buildWords(documents: SearchDocument[], lang: Lang, categoryWords: CategoryWords): Promise<WordIndex> {
  const idOf = new Map<string, number>();
  const names: string[] = [];
  const stemOf: number[] = [];
  const lists: number[][] = [];
  const lastDoc: number[] = [];
  const titleDoc: number[] = [];
  const touched: number[] = [];
  const idFor = (word: string): number => {
    let id = idOf.get(word);
    if (id === undefined) {
      id = names.length;
      idOf.set(word, id);
      names.push(word);
      lists.push([]);
      lastDoc.push(-1);
      titleDoc.push(-1);
      stemOf.push(-1);
    }
    return id;
  };
  const note = (id: number, doc: number, inTitle: boolean) => {
    if (lastDoc[id] !== doc) {
      lastDoc[id] = doc;
      touched.push(id);
    }
    if (inTitle) titleDoc[id] = doc;
  };
  const add = (word: string, doc: number, inTitle: boolean) => {
    if (isCode(word)) return;
    const id = idFor(word);
    let stemId = stemOf[id] ?? -1;
    if (stemId === -1) {
      const stemmed = stem(word, lang);
      stemId = stemmed === word ? id : idFor(stemmed);
      stemOf[id] = stemId;
    }
    note(id, doc, inTitle);
    if (stemId !== id) note(stemId, doc, inTitle);
  };
  for (let doc = 0; doc < documents.length; doc++) {
    if (doc > 0 && doc % DOCUMENTS_PER_TURN === 0) await nextTurn();
    const d = documents[doc] as SearchDocument;
    for (const word of words(lang === 'en' ? d.titleEn : d.titleNl)) add(word, doc, true);
    for (const word of htmlWords(lang === 'en' ? d.descriptionEn : d.descriptionNl)) add(word, doc, false);
    for (const word of htmlWords(lang === 'en' ? d.specificationsEn : d.specificationsNl)) add(word, doc, false);
    for (const id of touched) lists[id]?.push(entry(doc, titleDoc[id] === doc));
    touched.length = 0;
  }
  const byWord = new Map(names.map((word, id) => [word, lists[id] ?? []]));
  addCompoundParts(byWord);
  await nextTurn();
  return wordIndexOf(byWord, documents.length, categoryWords);
}

/** The word index of each word's entries (`documentCount` documents): the words sorted, with their lists. */
function wordIndexOf(byWord: ReadonlyMap<string, number[]>, documentCount: number, categoryWords: CategoryWords): WordIndex {
  const sorted = [...byWord.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const postings = sorted.map((word) => encode(byWord.get(word) ?? []));
  const dense = sorted.map((word) => {
    const entries = byWord.get(word) ?? [];
    return entries.length * DENSE_SHARE >= documentCount ? denseOf(entries, documentCount) : null;
  });
  const categoryDocs = sorted.map((word) => namedDocuments(word, byWord.get(word) ?? [], categoryWords));
  const typo = sorted.flatMap((word, i) => (/^[a-z]+$/.test(word) ? [i] : []));
  return {
    words: sorted,
    postings,
    dense,
    categoryDocs,
    typoWords: Int32Array.from(typo),
    typoMasks: Int32Array.from(typo, (i) => letterMask(sorted[i] ?? '')),
  };
}

const bySku = (a: SearchDocument, b: SearchDocument) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0);

export async function buildSearchIndex(source: SearchSource): Promise<SearchIndex> {
  // Code unit order, which binary search on article-number starts needs (the database may collate otherwise).
  const documents = [...source.documents].sort(bySku);
  const docOf = new Map(documents.map((d, i) => [d.id, i]));
  const perDoc: number[][] = documents.map(() => []);
  for (const [productId, categoryId] of source.productCategories) {
    const doc = docOf.get(productId);
    if (doc !== undefined) perDoc[doc]?.push(categoryId);
  }
  const categoryStart = new Int32Array(documents.length + 1);
  perDoc.forEach((list, d) => (categoryStart[d + 1] = (categoryStart[d] ?? 0) + list.length));
  const withEan = documents.flatMap((d, doc) => (d.ean ? [{ ean: d.ean, doc }] : [])).sort((a, b) => (a.ean < b.ean ? -1 : a.ean > b.ean ? 1 : 0));
  return {
    ids: Int32Array.from(documents, (d) => d.id),
    skus: documents.map((d) => d.sku),
    eans: withEan.map((e) => e.ean),
    eanDocs: Int32Array.from(withEan, (e) => e.doc),
    categoryStart,
    categoryList: Int32Array.from(perDoc.flat()),
    categories: source.categories.map((c) => {
      const names = { nl: words(c.nameNl), en: words(c.nameEn) };
      return { id: c.id, words: names, stems: { nl: names.nl.map((w) => stem(w, 'nl')), en: names.en.map((w) => stem(w, 'en')) } };
    }),
    nl: await buildWords(documents, 'nl', categoryWordsOf(source, docOf, documents.length, 'nl')),
    en: await buildWords(documents, 'en', categoryWordsOf(source, docOf, documents.length, 'en')),
  };
}

/** The first index in `sorted` whose value is not below `key`. */
export function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] ?? '') < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The range [from, to) of `sorted` whose values start with `prefix`. */
export function prefixRange(sorted: readonly string[], prefix: string): [number, number] {
  // The values that start with `prefix` sort below prefix + the highest code unit.
  return [lowerBound(sorted, prefix), lowerBound(sorted, `${prefix}\uffff`)];
}

/** Bytes the index takes, roughly: what the report and the bench print. */
export function indexBytes(index: SearchIndex): number {
  const wordBytes = (w: WordIndex) =>
    w.words.reduce((sum, word, i) => sum + 40 + word.length * 2 + (w.postings[i]?.byteLength ?? 0) + (w.dense[i]?.byteLength ?? 0) + (w.categoryDocs[i]?.byteLength ?? 0) + 64, 0) +
    w.typoWords.byteLength * 2;
  return (
    index.ids.byteLength +
    index.skus.length * 56 +
    index.eans.length * 60 +
    index.eanDocs.byteLength +
    index.categoryStart.byteLength +
    index.categoryList.byteLength +
    wordBytes(index.nl) +
    wordBytes(index.en)
  );
}
