/**
 * A small least-recently-used map for the product index: which products match a filter, in
 * order, per catalogue version. Matching and counting a 20,000-product catalogue costs tens of
 * milliseconds; slicing a page out of a remembered list costs nothing. Entries are keyed by the
 * catalogue version, so a change to the catalogue is never served stale; old versions simply
 * fall out of the map.
 */
export interface MatchCache<V> {
  get(key: string): V | undefined;
  /** Whether the key is held (without marking it as used). */
  has(key: string): boolean;
  set(key: string, value: V): void;
  readonly size: number;
}

export function createMatchCache<V>(maxEntries: number): MatchCache<V> {
  const entries = new Map<string, V>();
  return {
    get(key) {
      const value = entries.get(key);
      if (value !== undefined) {
        // Map keeps insertion order: moving the key to the end marks it as recently used.
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    has(key) {
      return entries.has(key);
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, value);
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    get size() {
      return entries.size;
    },
  };
}
