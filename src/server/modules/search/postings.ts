/*
 * Posting lists: per word, the documents that hold it, in document order, each with a flag for
 * "in the title". Stored as the gaps between entries in variable-length bytes: most words of a
 * catalogue are common, their gaps small, so most entries take one byte (a quarter of an
 * Int32Array).
 */

/** An entry: the document's index times two, plus one when the word is in its title. */
export const entry = (doc: number, inTitle: boolean) => doc * 2 + (inTitle ? 1 : 0);
/** The document of an entry. */
export const entryDoc = (value: number) => value >>> 1;

/** A bitset over the documents, one bit each (its words from `at` on, when it holds several sets). */
export const bitsetWords = (documentCount: number) => (documentCount + 31) >>> 5;
export const setBit = (bits: Uint32Array, doc: number, at = 0) => {
  bits[at + (doc >>> 5)] = (bits[at + (doc >>> 5)] ?? 0) | (1 << (doc & 31));
};
export const hasBit = (bits: Uint32Array, doc: number, at = 0) => ((bits[at + (doc >>> 5)] ?? 0) & (1 << (doc & 31))) !== 0;

/** Encodes ascending entries. */
export function encode(entries: readonly number[]): Uint8Array {
  const bytes: number[] = [];
  let last = 0;
  for (const value of entries) {
    let gap = value - last;
    last = value;
    while (gap >= 0x80) {
      bytes.push((gap & 0x7f) | 0x80);
      gap >>>= 7;
    }
    bytes.push(gap);
  }
  return Uint8Array.from(bytes);
}

/**
 * Decodes the entries (`entry(doc, inTitle)`, in document order) into `out` from its start and
 * answers how many there are: one call per list and no closure per entry, for the search's inner
 * loop. `out` must have room for every document of the index.
 */
export function decodeInto(postings: Uint8Array, out: Int32Array): number {
  let value = 0;
  let i = 0;
  let count = 0;
  const length = postings.length;
  while (i < length) {
    let byte = postings[i++] ?? 0;
    let gap = byte & 0x7f;
    let shift = 7;
    while (byte & 0x80) {
      byte = postings[i++] ?? 0;
      gap |= (byte & 0x7f) << shift;
      shift += 7;
    }
    value += gap;
    out[count++] = value;
  }
  return count;
}

/**
 * A common word's posting list also as two bitsets over the documents (in it; in its title), for
 * a search that has only a few candidates left by its earlier words: their entries are looked up
 * instead of decoding the whole list (a pack size's 'x' is in every document).
 */
export function denseOf(entries: readonly number[], documentCount: number): Uint32Array {
  const half = bitsetWords(documentCount);
  const bits = new Uint32Array(half * 2);
  for (const value of entries) {
    const doc = entryDoc(value);
    setBit(bits, doc);
    if (value & 1) setBit(bits, doc, half);
  }
  return bits;
}

/** A document's entry in a dense list: -1 when the word is not in it, else entry(doc, inTitle). */
export function denseEntry(bits: Uint32Array, doc: number): number {
  if (!hasBit(bits, doc)) return -1;
  return entry(doc, hasBit(bits, doc, bits.length >>> 1));
}
