/**
 * Values kept for one data version at a time (product texts per catalogue version; images and
 * prices, whole pages and upcoming price changes per catalogue + offers version), and the
 * internal id of each product uuid asked for.
 *
 * Versions only go up (db/schema/system.ts). The cache holds one version: seeing a newer one
 * empties it, and a caller that read an older one neither gets nor adds anything. So nothing
 * stale is served, also when another instance changed the data: every request reads the
 * versions with its session (decision 013) and asks at those.
 */
export interface VersionedCache<T = string> {
  /** The newest version seen, or null before the first. */
  readonly version: number | null;
  /** Notes a version read from the database: a newer one empties the cache. */
  observe(version: number): void;
  get(version: number, key: string): T | undefined;
  set(version: number, key: string, json: T): void;
  idOf(version: number, uuid: string): number | undefined;
  setId(version: number, uuid: string, id: number): void;
  readonly size: number;
}

export function createVersionedCache<T = string>(maxEntries: number): VersionedCache<T> {
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
