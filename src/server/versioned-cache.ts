import type { LRUCache } from 'lru-cache';
import type { Cacheable } from './cache-budget';

/**
 * Values kept for one data version at a time (product texts and the ids of product uuids per
 * catalogue version; images, prices and upcoming price changes per catalogue + offers version;
 * stock levels per stock version), in an LRU bounded in bytes (cache-budget.ts).
 *
 * Versions only go up (db/schema/system.ts). The cache holds one version: seeing a newer one
 * empties it (unless the caller knows what changed: `advance`), and a caller that read an older
 * one neither gets nor adds anything. So nothing
 * stale is served, also when another instance changed the data: every request reads the
 * versions with its session (decision 013) and asks at those.
 */
export interface VersionedCache<T extends Cacheable = string, K extends string | number = string> {
  /** The newest version seen, or null before the first. */
  readonly version: number | null;
  /** Notes a version read from the database: a newer one empties the cache. */
  observe(version: number): void;
  get(version: number, key: K): T | undefined;
  set(version: number, key: K, value: T): void;
  /**
   * Moves to a newer version keeping every entry but the `changed` ones, for a caller that knows
   * exactly what changed between the held version and `version` (the stock change log, decision
   * 030); nothing when the version is not newer.
   */
  advance(version: number, changed: Iterable<K>): void;
  /** Forgets every entry (the version stays). */
  clear(): void;
  readonly size: number;
}

export function createVersionedCache<T extends Cacheable = string, K extends string | number = string>(entries: LRUCache<K, T>): VersionedCache<T, K> {
  let current: number | null = null;
  const isCurrent = (version: number) => {
    if (current === null || version > current) {
      current = version;
      entries.clear();
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
      return version === current ? entries.get(key) : undefined;
    },
    set(version, key, value) {
      if (isCurrent(version)) entries.set(key, value);
    },
    advance(version, changed) {
      if (current === null || version <= current) return;
      current = version;
      for (const key of changed) entries.delete(key);
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
