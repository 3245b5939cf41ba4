import type { Lang } from '../../plugins/language';
import type { CategoryRow } from '../catalog/category-tree';
import { searchTokens } from '../catalog/search-query';

/** Lower case without accents: 'Jalapeño' and 'jalapeno' are the same word to a category search. */
export function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

interface Indexed {
  id: number;
  name: string;
  words: string[];
}

/**
 * The categories whose names match a search: every word of the search is the start of a word of
 * the name (accents optional). Names that start with the search come first, then shorter names,
 * then alphabetically. The rows' words are indexed once per rows (one catalogue version) and language.
 */
export function createCategoryMatcher() {
  let indexed: { rows: readonly CategoryRow[]; lang: Lang; entries: Indexed[] }[] = [];

  function entriesOf(rows: readonly CategoryRow[], lang: Lang): Indexed[] {
    const known = indexed.find((i) => i.rows === rows && i.lang === lang);
    if (known) return known.entries;
    const entries = rows.map((row) => {
      const name = lang === 'en' ? row.nameEn : row.nameNl;
      return { id: row.id, name, words: searchTokens(folded(name)) };
    });
    // One catalogue version in both languages at most.
    indexed = [...indexed.filter((i) => i.rows === rows), { rows, lang, entries }];
    return entries;
  }

  return function matchCategories(text: string, lang: Lang, rows: readonly CategoryRow[], limit: number): number[] {
    const tokens = searchTokens(folded(text));
    if (tokens.length === 0) return [];
    const whole = tokens.join(' ');
    return entriesOf(rows, lang)
      .filter((entry) => tokens.every((token) => entry.words.some((word) => word.startsWith(token))))
      .map((entry) => ({ entry, starts: entry.words.join(' ').startsWith(whole) }))
      .sort((a, b) => Number(b.starts) - Number(a.starts) || a.entry.name.length - b.entry.name.length || a.entry.name.localeCompare(b.entry.name, 'nl'))
      .slice(0, limit)
      .map(({ entry }) => entry.id);
  };
}
