import type { Db } from '../../db/client';
import type { DataVersions } from '../auth/session.repository';
import { findAvailability, findBlockAvailability, STOCK_BLOCK } from './availability.repository';
import type { VersionedCache } from './versioned-cache';

/**
 * The stock part of a product (decision 030): its level's JSON per stock version, kept in
 * `stock` (product-parts.ts owns the cache), read in blocks of product ids.
 */
export function createStockParts(db: Db, stock: VersionedCache<string, number>) {
  /**
   * Every product's stock level, read once per stock version in blocks of product ids (the first
   * request that misses a level of a block at a newer version reads the whole block; the requests
   * meanwhile wait for that one read): after a stock import each emptied page is made again from
   * memory, not with a statement of its own, and no read holds PGlite's one connection long.
   */
  const loadedBlocks = new Map<number, { version: number; done: Promise<number> }>();
  function loadStockBlock(block: number, version: number): Promise<number> {
    const loaded = loadedBlocks.get(block);
    if (loaded && loaded.version >= version) return loaded.done;
    const done = findBlockAvailability(db, block).then((rows) => {
      let read = version;
      for (const row of rows) read = Math.max(read, row.stockVersion);
      stock.observe(read);
      for (const row of rows) stock.set(row.stockVersion, row.productId, JSON.stringify(row.availability));
      // Later requests at the version read need not read again.
      const entry = loadedBlocks.get(block);
      if (entry?.done === done) entry.version = read;
      return read;
    });
    loadedBlocks.set(block, { version, done });
    // A failed read is tried again by the next request.
    done.catch(() => {
      if (loadedBlocks.get(block)?.done === done) loadedBlocks.delete(block);
    });
    return done;
  }

  /** The products' stock levels at the request's stock version: remembered, or read (one statement). */
  async function stockParts(ids: number[], versions: DataVersions, remembered: boolean): Promise<{ json: Map<number, string>; seen: number }> {
    const json = new Map<number, string>();
    const fromMemory = () => {
      for (const id of ids) {
        const known = json.has(id) ? undefined : stock.get(versions.stock, id);
        if (known !== undefined) json.set(id, known);
      }
    };
    if (remembered) {
      fromMemory();
      if (json.size < ids.length) {
        const blocks = new Set(ids.filter((id) => !json.has(id)).map((id) => Math.floor(id / STOCK_BLOCK)));
        await Promise.all([...blocks].map((block) => loadStockBlock(block, versions.stock)));
        fromMemory();
      }
    }
    let seen = versions.stock;
    const missing = ids.filter((id) => !json.has(id));
    for (const row of await findAvailability(db, missing)) {
      const text = JSON.stringify(row.availability);
      json.set(row.productId, text);
      stock.set(row.stockVersion, row.productId, text);
      seen = Math.max(seen, row.stockVersion);
    }
    return { json, seen };
  }

  return { stockParts };
}
