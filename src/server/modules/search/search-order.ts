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

/** The best `limit` of the candidates, best first, kept by insertion into a short sorted list. */
export function bestOf(candidates: Int32Array, total: Float64Array, limit: number, descending: boolean): number[] {
  const best: number[] = [];
  if (limit <= 0) return best;
  for (const doc of candidates) {
    if (best.length === limit) {
      if (!ranksBefore(total, doc, best[limit - 1]!, descending)) continue;
      best.pop();
    }
    let at = best.length;
    while (at > 0 && ranksBefore(total, doc, best[at - 1]!, descending)) at--;
    best.splice(at, 0, doc);
  }
  return best;
}

/**
 * The candidates (documents, in article-number order) as product ids (`ids` by document) grouped
 * by score, best first: a counting sort over the few distinct scores, so the article-number order
 * within a score stays. `group` is scratch space of one slot per document.
 */
export function byScore(ids: Int32Array, inOrder: Int32Array, total: Float64Array, group: Int32Array): Int32Array {
  const values: number[] = [];
  const groupOf = new Map<number, number>();
  let lastValue = Number.NaN;
  let lastGroup = 0;
  for (const doc of inOrder) {
    const value = total[doc] ?? 0;
    if (value !== lastValue) {
      let found = groupOf.get(value);
      if (found === undefined) {
        found = values.length;
        groupOf.set(value, found);
        values.push(value);
      }
      lastValue = value;
      lastGroup = found;
    }
    group[doc] = lastGroup;
  }
  const result = new Int32Array(inOrder.length);
  if (values.length === 1) {
    for (let i = 0; i < inOrder.length; i++) result[i] = ids[inOrder[i] ?? 0] ?? 0;
    return result;
  }
  // Where each group starts in the answer: the groups by score, best first.
  const sizes = new Int32Array(values.length);
  for (const doc of inOrder) {
    const g = group[doc] ?? 0;
    sizes[g] = (sizes[g] ?? 0) + 1;
  }
  const starts = new Int32Array(values.length);
  let at = 0;
  for (const g of values.map((_, i) => i).sort((a, b) => (values[b] ?? 0) - (values[a] ?? 0))) {
    starts[g] = at;
    at += sizes[g] ?? 0;
  }
  for (const doc of inOrder) {
    const g = group[doc] ?? 0;
    const place = starts[g] ?? 0;
    result[place] = ids[doc] ?? 0;
    starts[g] = place + 1;
  }
  return result;
}
