/*
 * Putting a search's matches in order (search-match.ts finds them and their scores): best score
 * first, equal scores in article-number order (documents are numbered in that order).
 */

/** Whether document a ranks before b: higher score, then article-number order. */
const ranksBefore = (total: Float64Array, a: number, b: number, descending: boolean) => {
  const difference = (total[a] ?? 0) - (total[b] ?? 0);
  if (difference !== 0) return difference > 0;
  return descending ? a > b : a < b;
};

/**
 * The best `limit` of the candidates (of those that `keep`, when given), best first, kept by
 * insertion into a short sorted list.
 */
export function bestOf(candidates: Int32Array, total: Float64Array, limit: number, descending: boolean, keep?: (doc: number) => boolean): number[] {
  const best: number[] = [];
  if (limit <= 0) return best;
  for (const doc of candidates) {
    const full = best.length === limit;
    if (full && !ranksBefore(total, doc, best[limit - 1]!, descending)) continue;
    // Asked only of a candidate that would enter the list.
    if (keep && !keep(doc)) continue;
    if (full) best.pop();
    let at = best.length;
    while (at > 0 && ranksBefore(total, doc, best[at - 1]!, descending)) at--;
    best.splice(at, 0, doc);
  }
  return best;
}

/** Slots of the table of a search's distinct scores (a power of two, well above their usual few dozen). */
const SCORE_SLOTS = 1024;
/** A slot's score (NaN: empty) and its group: reused by every search, emptied after each. */
const slotValue = new Float64Array(SCORE_SLOTS).fill(Number.NaN);
const slotGroup = new Int32Array(SCORE_SLOTS);
/** The table's bytes (counted with the search's scratch, word-match.ts scratchBytes). */
export const SCORE_TABLE_BYTES = slotValue.byteLength + slotGroup.byteLength;

/**
 * The slot of a score in the table (open addressing): scores are sums of a few word scores, so
 * their value times 640 is nearly always a distinct integer; equal scores are exactly equal.
 */
function slotOf(value: number): number {
  let slot = Math.imul((value * 640) | 0, 0x9e3779b1) >>> 22;
  while (!Number.isNaN(slotValue[slot]!) && slotValue[slot] !== value) slot = (slot + 1) & (SCORE_SLOTS - 1);
  return slot;
}

/**
 * The candidates (documents, in article-number order) as product ids (`ids` by document) grouped
 * by score, best first: a counting sort over the few distinct scores, so the article-number order
 * within a score stays. `group` is scratch space of one slot per document. A score's group is
 * found in a small table of its own (a Map keyed by numbers cost a third of a broad search at
 * 100,000 products), and looked up only when the score differs from the document before.
 */
export function byScore(ids: Int32Array, inOrder: Int32Array, total: Float64Array, group: Int32Array): Int32Array {
  const values: number[] = [];
  const sizes: number[] = [];
  const slots: number[] = [];
  let lastValue = Number.NaN;
  let lastGroup = 0;
  for (let i = 0; i < inOrder.length; i++) {
    const doc = inOrder[i]!;
    const value = total[doc]!;
    if (value !== lastValue) {
      const slot = slotOf(value);
      if (Number.isNaN(slotValue[slot]!)) {
        // A table this full would slow every look-up: the scores are too many to group this way.
        if (values.length === SCORE_SLOTS / 2) {
          for (const used of slots) slotValue[used] = Number.NaN;
          return byScoreSorted(ids, inOrder, total);
        }
        slotValue[slot] = value;
        slotGroup[slot] = values.length;
        slots.push(slot);
        values.push(value);
        sizes.push(0);
      }
      lastValue = value;
      lastGroup = slotGroup[slot]!;
    }
    group[doc] = lastGroup;
    sizes[lastGroup]!++;
  }
  for (const slot of slots) slotValue[slot] = Number.NaN;
  const result = new Int32Array(inOrder.length);
  if (values.length === 1) {
    for (let i = 0; i < inOrder.length; i++) result[i] = ids[inOrder[i]!]!;
    return result;
  }
  // Where each group starts in the answer: the groups by score, best first.
  const starts = new Int32Array(values.length);
  let at = 0;
  for (const g of values.map((_, i) => i).sort((a, b) => values[b]! - values[a]!)) {
    starts[g] = at;
    at += sizes[g]!;
  }
  for (let i = 0; i < inOrder.length; i++) {
    const doc = inOrder[i]!;
    const g = group[doc]!;
    result[starts[g]!++] = ids[doc]!;
  }
  return result;
}

/** The same order by a stable sort, for candidates with more distinct scores than the table holds. */
function byScoreSorted(ids: Int32Array, inOrder: Int32Array, total: Float64Array): Int32Array {
  const order = Array.from(inOrder).sort((a, b) => total[b]! - total[a]!);
  return Int32Array.from(order, (doc) => ids[doc]!);
}
