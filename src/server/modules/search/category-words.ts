import type { Lang } from '../../plugins/language';
import { bitsetWords, entryDoc, setBit } from './postings';
import type { SearchSource } from './search-index';
import { stem, words } from './search-text';

/*
 * Which words name a product's categories (decision 025): a matched word that names one of them,
 * or one above them, ranks the product a little higher (word-match.ts SCORES.category). Decided
 * per word and document when the index is built (search-index.ts WordIndex.categoryDocs).
 */

/** Words of category names that name nothing ("Salsa's en sauzen", "Dulce de leche"). */
const LINKING_WORDS: Record<Lang, ReadonlySet<string>> = {
  nl: new Set(['de', 'het', 'een', 'en', 'of', 'met', 'van', 'voor', 'in', 'op', 'om', 'te']),
  en: new Set(['the', 'a', 'an', 'and', 'or', 'with', 'of', 'for', 'in', 'on', 'to']),
};

export interface CategoryWords {
  /** Per document, the words that name its categories (none: undefined). */
  perDoc: (ReadonlySet<string> | undefined)[];
  /** Every word that names a category. */
  all: Set<string>;
}

/**
 * Per document, the words (and their stems) of the names of its categories and of the categories
 * above them: a product in "Pintobonen" under "Bonen" is one of the beans. A loop in the tree (bad
 * data) ends the walk.
 */
export function categoryWordsOf(source: SearchSource, docOf: ReadonlyMap<number, number>, documentCount: number, lang: Lang): CategoryWords {
  const byId = new Map(source.categories.map((c) => [c.id, c]));
  const lineage = new Map<number, Set<string>>();
  const lineageOf = (id: number): Set<string> => {
    let found = lineage.get(id);
    if (found) return found;
    found = new Set<string>();
    const seen = new Set<number>();
    for (let at = byId.get(id); at && !seen.has(at.id); at = at.parentId == null ? undefined : byId.get(at.parentId)) {
      seen.add(at.id);
      for (const word of words(lang === 'nl' ? at.nameNl : at.nameEn)) if (!LINKING_WORDS[lang].has(word)) found.add(word).add(stem(word, lang));
    }
    lineage.set(id, found);
    return found;
  };
  // Most products are in one category: they share its set; one in more gets a set of its own.
  const perDoc: (Set<string> | undefined)[] = new Array(documentCount);
  const own = new Set<number>();
  for (const [productId, categoryId] of source.productCategories) {
    const doc = docOf.get(productId);
    if (doc === undefined) continue;
    const named = lineageOf(categoryId);
    const before = perDoc[doc];
    if (before === undefined) perDoc[doc] = named;
    else if (own.has(doc)) for (const word of named) before.add(word);
    else {
      perDoc[doc] = new Set([...before, ...named]);
      own.add(doc);
    }
  }
  return { perDoc, all: new Set([...lineage.values()].flatMap((set) => [...set])) };
}

/** The documents among a word's entries whose categories it names (categoryWordsOf), as a bitset; null when none. */
export function namedDocuments(word: string, entries: readonly number[], categoryWords: CategoryWords): Uint32Array | null {
  if (!categoryWords.all.has(word)) return null;
  let bits: Uint32Array | null = null;
  for (const value of entries) {
    const doc = entryDoc(value);
    if (!categoryWords.perDoc[doc]?.has(word)) continue;
    bits ??= new Uint32Array(bitsetWords(categoryWords.perDoc.length));
    setBit(bits, doc);
  }
  return bits;
}
