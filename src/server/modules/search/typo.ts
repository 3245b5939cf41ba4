/*
 * Typing errors: the restricted Damerau-Levenshtein distance (optimal string alignment: one
 * letter more, less, another, or two neighbours swapped each count as one), given up as soon
 * as it must exceed the bound, and a letter mask to skip most words without computing it.
 */

/** How many typing errors a typed word of this length may hold: 1 from 5 letters, 2 from 8. */
export function typoBudget(length: number): number {
  if (length >= 8) return 2;
  if (length >= 5) return 1;
  return 0;
}

/** A bit per letter a–z that the word holds (other letters share one bit). */
export function letterMask(word: string): number {
  let mask = 0;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i) - 97;
    mask |= 1 << (c >= 0 && c < 26 ? c : 26);
  }
  return mask;
}

function bitCount(n: number): number {
  let v = n - ((n >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Letters of `typed` that `word` lacks: each costs at least one error, so more than the bound rules it out. */
export function mayBeWithin(typedMask: number, wordMask: number, bound: number): boolean {
  return bitCount(typedMask & ~wordMask) <= bound;
}

const rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];
/** The rows' bytes (counted with the search's scratch, word-match.ts scratchBytes). */
export const DISTANCE_ROWS_BYTES = rows.reduce((sum, row) => sum + row.byteLength, 0);

/**
 * The distance of `a` and `b` if it is at most `bound`, else bound + 1. Words are at most 40
 * letters (search-text.ts), so three reused rows hold the table.
 */
export function boundedDistance(a: string, b: string, bound: number): number {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > bound) return bound + 1;
  if (n === 0 || m === 0) return Math.max(n, m);
  let [before, previous, current] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= m; j++) previous[j] = j;
  for (let i = 1; i <= n; i++) {
    current[0] = i;
    let best = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const cb = b.charCodeAt(j - 1);
      let d = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) d = Math.min(d, (before[j - 2] ?? 0) + 1);
      current[j] = d;
      if (d < best) best = d;
    }
    if (best > bound) return bound + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[m] ?? bound + 1, bound + 1);
}

/**
 * How a typed word matches a catalogue word with typing errors (within the typed word's budget):
 * as the whole word, as the start of a longer one, or not at all.
 */
export function typoMatch(typed: string, word: string, budget: number): 'word' | 'start' | null {
  if (budget === 0) return null;
  if (boundedDistance(typed, word, budget) <= budget) return 'word';
  if (word.length > typed.length && boundedDistance(typed, word.slice(0, typed.length), budget) <= budget) return 'start';
  return null;
}
