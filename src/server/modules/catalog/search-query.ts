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
  /** A prefix query for to_tsquery: `tok1:* & tok2:*`. */
  tsquery: string;
  /** The input when it is an article number or the start of one (digits only), else null. */
  articleNumber: string | null;
}

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

/** The search terms of an input, or null when it holds no word at all (then there is no filter). */
export function searchTerms(input: string | undefined): SearchTerms | null {
  if (input === undefined) return null;
  const tokens = searchTokens(input);
  if (tokens.length === 0) return null;
  const trimmed = input.trim();
  return {
    tsquery: tokens.map((token) => `${token}:*`).join(' & '),
    articleNumber: /^\d{1,20}$/.test(trimmed) ? trimmed : null,
  };
}
