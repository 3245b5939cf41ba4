/**
 * Seeded randomness for the demo data. Every choice the generator makes goes through a
 * `Random`, so the same seed gives the same rows on every machine and every run.
 */

/** mulberry32: tiny, fast and good enough for demo data (not for anything secret). */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a over a string, to turn (seed, label) into the seed of an independent stream. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks an item with probability proportional to its weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[];
  /** Distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[];
  /** A random UUID in version 4 format, drawn from this stream. */
  uuid(): string;
  /** A string of decimal digits. */
  digits(count: number): string;
  /**
   * An independent stream keyed by label. Forks depend only on the seed and the label, not on
   * how much this stream has been used, so adding a choice in one part of the generator does
   * not reshuffle every other part.
   */
  fork(label: string): Random;
}

export function createRandom(seed: number, path = 'root'): Random {
  const next = mulberry32(hash32(`${seed >>> 0}/${path}`));
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(next() * items.length)] as T;
  };
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  };
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick,
    weighted: (items) => {
      const total = items.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [item, w] of items) {
        r -= w;
        if (r < 0) return item;
      }
      const last = items[items.length - 1];
      if (!last) throw new Error('weighted pick from an empty list');
      return last[0];
    },
    shuffle,
    sample: (items, count) => shuffle(items).slice(0, count),
    uuid: () => {
      // Plain loops: this runs a few times per product, and Array.from is slow at that volume.
      let out = '';
      for (let i = 0; i < 16; i++) {
        let byte = Math.floor(next() * 256);
        if (i === 6) byte = (byte & 0x0f) | 0x40;
        if (i === 8) byte = (byte & 0x3f) | 0x80;
        if (i === 4 || i === 6 || i === 8 || i === 10) out += '-';
        out += HEX[byte];
      }
      return out;
    },
    digits: (count) => {
      let out = '';
      for (let i = 0; i < count; i++) out += String(int(0, 9));
      return out;
    },
    fork: (label) => createRandom(seed, `${path}/${label}`),
  };
}

/** Splits `total` over the weights by largest remainder, so the parts always add up to `total`. */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (sum > 0 ? (total * w) / sum : 0));
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left--;
  }
  return parts;
}
