import type { Lang } from '../../plugins/language';

/*
 * Words as the search engine compares them, the same for the product texts and for what a
 * customer types: lower case, accents folded (ñ → n, ï → i), letters and digits split apart
 * ('15cm' → 15 cm, '6x50' → 6 x 50), and a light stem per language so that word forms meet
 * (tortilla's/tortillas → tortilla, bonen/boon → bon, beans → bean, kazen/kaas → kas).
 */

/** More words than this add nothing to a product search; the rest are ignored. */
export const MAX_QUERY_WORDS = 8;
/** Longer "words" are cut: no product text has them. */
export const MAX_WORD_LENGTH = 40;

const APOSTROPHES = new Set(["'", '’', '‘', '`', '´'].map((c) => c.charCodeAt(0)));
const MARKS = /\p{M}+/gu;
const NOT_ASCII = /[\u0080-\uffff]/;
const TAGS = /<[^>]*>/g;
const ENTITIES = /&(?:amp|lt|gt|quot|nbsp|#\d+);/g;
const DIGITS = /^\d+$/;
const LETTER_CHAR = /\p{L}/u;
const MARK_CHAR = /\p{M}/u;
const NUMBER_CHAR = /\p{N}/u;

/** Letters that fold to more than one (NFD keeps them whole). */
const LIGATURES: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ĳ: 'ij' };

export function isNumber(word: string): boolean {
  return DIGITS.test(word);
}

/** Lower case, accents off: 'Jalapeño' → 'jalapeno', 'Maïs' → 'mais'. */
export function fold(text: string): string {
  const lower = text.toLowerCase();
  // Most product text is plain ASCII: nothing to fold.
  if (!NOT_ASCII.test(lower)) return lower;
  return lower
    .normalize('NFD')
    .replace(MARKS, '')
    .replace(/[ßæœøłđĳ]/g, (c) => LIGATURES[c] ?? c);
}

const OTHER = 1;
const LETTER = 2;
const MARK = 3;
const DIGIT = 4;
/** The kind of a UTF-16 code unit (after folding, nearly all text is ASCII). Surrogates count as other. */
function kindOf(code: number): number {
  if (code < 128) return code >= 97 && code <= 122 ? LETTER : code >= 48 && code <= 57 ? DIGIT : OTHER;
  const c = String.fromCharCode(code);
  return LETTER_CHAR.test(c) ? LETTER : MARK_CHAR.test(c) ? MARK : NUMBER_CHAR.test(c) ? DIGIT : OTHER;
}

/**
 * The words of a text, folded: runs of letters, and runs of digits ('15cm' gives two words, as
 * '15 cm' does). A single letter after an apostrophe is a clitic, not a word ("tortilla's",
 * "Lupita's"): as a prefix it would match nearly everything. Scanned by hand: product texts
 * are read whole for every catalogue version.
 */
export function words(text: string, max = Number.POSITIVE_INFINITY): string[] {
  const folded = fold(text);
  const found: string[] = [];
  const n = folded.length;
  let i = 0;
  while (i < n && found.length < max) {
    const kind = kindOf(folded.charCodeAt(i));
    if (kind !== LETTER && kind !== DIGIT) {
      i++;
      continue;
    }
    const start = i++;
    if (kind === LETTER) {
      for (let k = kindOf(folded.charCodeAt(i)); i < n && (k === LETTER || k === MARK); k = kindOf(folded.charCodeAt(i))) i++;
      if (i - start === 1 && start > 0 && APOSTROPHES.has(folded.charCodeAt(start - 1))) continue;
    } else {
      while (i < n && kindOf(folded.charCodeAt(i)) === DIGIT) i++;
    }
    found.push(folded.slice(start, Math.min(i, start + MAX_WORD_LENGTH)));
  }
  return found;
}

/** The words of a product text kept as HTML (descriptions, specifications). */
export function htmlWords(html: string): string[] {
  return words(html.replace(TAGS, ' ').replace(ENTITIES, ' '));
}

const VOWEL = /[aeiouy]/;
const isVowel = (c: string | undefined) => c !== undefined && VOWEL.test(c);

/** A plural -s: after a consonant or one vowel ('chips', 'tacos'), not after two ('kaas', 'mais') or s ('glass'). */
function dropPluralS(word: string): string {
  if (word.length < 4 || !word.endsWith('s')) return word;
  const a = word[word.length - 2];
  const b = word[word.length - 3];
  if (a === 's' || a === 'u' || a === 'i' || (isVowel(a) && isVowel(b))) return word;
  return word.slice(0, -1);
}

/** Dutch: -en off (bonen, tomaten, zakken, kazen), -s off, then the open syllable closed (boon → bon, kaas → kas). */
function stemDutch(word: string): string {
  let stem = word;
  if (stem.length >= 5 && stem.endsWith('en') && !isVowel(stem[stem.length - 3])) {
    stem = stem.slice(0, -2);
    const last = stem[stem.length - 1];
    if (last === stem[stem.length - 2] && !isVowel(last)) stem = stem.slice(0, -1);
    else if (last === 'z') stem = `${stem.slice(0, -1)}s`;
    else if (last === 'v') stem = `${stem.slice(0, -1)}f`;
  } else {
    stem = dropPluralS(stem);
  }
  // A double vowel before the last consonant: 'boon', 'tomaat', 'kaas' → 'bon', 'tomat', 'kas'.
  const n = stem.length;
  if (n >= 3 && !isVowel(stem[n - 1]) && isVowel(stem[n - 2]) && stem[n - 2] === stem[n - 3]) {
    stem = stem.slice(0, n - 2) + stem.slice(n - 1);
  }
  return stem;
}

/** English: -ies → -y, -oes/-ches/-shes/-xes/-sses lose -es, other plural -s off. */
function stemEnglish(word: string): string {
  if (word.length >= 5 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length >= 5 && /(?:oes|ches|shes|xes|sses)$/.test(word)) return word.slice(0, -2);
  return dropPluralS(word);
}

/** The stem of a folded word (numbers and short words stay as they are). */
export function stem(word: string, lang: Lang): string {
  if (word.length < 4 || isNumber(word)) return word;
  return lang === 'en' ? stemEnglish(word) : stemDutch(word);
}

/**
 * The words of a search as typed, at most MAX_QUERY_WORDS; none when it has no letter or digit.
 */
export function queryWords(input: string): string[] {
  return words(input, MAX_QUERY_WORDS);
}
