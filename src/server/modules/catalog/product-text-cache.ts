/**
 * The JSON text of products' texts (see ProductTextRow) for the current catalogue version, per
 * language and style, and the internal id of each product uuid asked for. What it holds is the
 * same for every caller: nothing of a customer (prices, favourites, quotes) and nothing read
 * fresh per request (images) goes in.
 *
 * The catalogue version only goes up (catalog_version, bumped by every change to products,
 * variations and their categories). The cache holds one version: seeing a newer one empties it,
 * and a caller that read an older one neither gets nor adds anything. So nothing stale is
 * served, also when another instance changed the catalogue: every request reads the version
 * in the same statement as the rest of its products and checks it against what it used.
 */
export interface ProductTextCache<T = string> {
  /** The newest catalogue version seen, or null before the first. */
  readonly version: number | null;
  /** Notes a version read from the database: a newer one empties the cache. */
  observe(version: number): void;
  get(version: number, key: string): T | undefined;
  set(version: number, key: string, json: T): void;
  idOf(version: number, uuid: string): number | undefined;
  setId(version: number, uuid: string, id: number): void;
  readonly size: number;
}

export function createProductTextCache<T = string>(maxEntries: number): ProductTextCache<T> {
  let current: number | null = null;
  let texts = new Map<string, T>();
  let ids = new Map<string, number>();
  const isCurrent = (version: number) => {
    if (current === null || version > current) {
      current = version;
      texts = new Map();
      ids = new Map();
    }
    return version === current;
  };
  return {
    get version() {
      return current;
    },
    observe(version) {
      isCurrent(version);
    },
    get(version, key) {
      return version === current ? texts.get(key) : undefined;
    },
    set(version, key, json) {
      if (!isCurrent(version)) return;
      texts.set(key, json);
      // Oldest first out: Map keeps insertion order.
      while (texts.size > maxEntries) {
        const oldest = texts.keys().next().value;
        if (oldest === undefined) break;
        texts.delete(oldest);
      }
    },
    idOf(version, uuid) {
      return version === current ? ids.get(uuid) : undefined;
    },
    setId(version, uuid, id) {
      if (!isCurrent(version)) return;
      ids.set(uuid, id);
      if (ids.size > maxEntries) ids.clear();
    },
    get size() {
      return texts.size;
    },
  };
}
