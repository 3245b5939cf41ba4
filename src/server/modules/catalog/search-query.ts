/**
 * Turns what a customer types into the search box into safe search terms: words of letters and
 * digits only (any script), so the text handed to PostgreSQL's to_tsquery can never carry an
 * operator, and the query itself always travels as a parameter.
 */

/** More words than this add nothing to a product search; the rest are ignored. */
export const MAX_SEARCH_TOKENS = 8;
/** Longer "words" are cut: no product text has them, and they keep the query small. */
const MAX_TOKEN_LENGTH = 40;

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const APOSTROPHE = /['’‘`´]/u;

export interface SearchTerms {
  /** A prefix query of every word for to_tsquery: `tok1:* & tok2:*` (also what results are ranked by). */
  tsquery: string;
  /** The same for the words that are not numbers; null when every word is a number. */
  wordsQuery: string | null;
  /** The words of digits only: each matches the start of an article number or the text. */
  numbers: string[];
}

const prefixQuery = (tokens: readonly string[]) => tokens.map((token) => `${token}:*`).join(' & ');

/**
 * The words of a search, lower case. A single letter after an apostrophe is a clitic, not a word
 * ("tortilla's", "Lupita's"): PostgreSQL's parser splits it off too, and as a prefix it would
 * match nearly everything.
 */
export function searchTokens(input: string): string[] {
  const text = input.normalize('NFC').toLowerCase();
  const tokens: string[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    const before = text[match.index - 1] ?? '';
    if (word.length === 1 && APOSTROPHE.test(before) && /\p{L}/u.test(word)) continue;
    tokens.push(word.slice(0, MAX_TOKEN_LENGTH));
    if (tokens.length === MAX_SEARCH_TOKENS) break;
  }
  return tokens;
}

/**
 * The search terms of an input, or null when it holds no word at all (then there is no filter).
 * A number such as '1010' may be (the start of) an article number, which is not in the text, so
 * '101001 tortilla' finds article 101001 when its text says tortilla.
 */
export function searchTerms(input: string | undefined): SearchTerms | null {
  if (input === undefined) return null;
  const tokens = searchTokens(input);
  if (tokens.length === 0) return null;
  const numbers = tokens.filter((token) => /^\d+$/.test(token));
  const words = tokens.filter((token) => !/^\d+$/.test(token));
  return { tsquery: prefixQuery(tokens), wordsQuery: words.length > 0 ? prefixQuery(words) : null, numbers };
}
