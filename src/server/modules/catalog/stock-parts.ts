import type { Availability } from '../../../shared/api/availability';
import type { Db } from '../../db/client';
import type { DataVersions } from '../../context/session';
import { type AvailabilityRow, findAvailability, findBlockAvailability, findStockChanges, STOCK_BLOCK } from './availability.repository';
import type { VersionedCache } from '../../versioned-cache';

/** A product's stock level as kept (a cache holds no null): null when it is not kept in stock. */
export interface StockLevel {
  availability: Availability | null;
}

/**
 * The stock part of a product (decision 030): its level per stock version, kept in
 * `stock` (product-parts.ts owns the cache), read in blocks of product ids, and after a stock change
 * only for the products the change log names.
 */
export function createStockParts(db: Db, stock: VersionedCache<StockLevel, number>) {
  /**
   * The catalogue version the levels kept were read at. Which variation of a product is active is
   * catalogue, so a newer catalogue version forgets them all (the stock counter does not move then).
   */
  let catalogKept = 0;
  const loadedBlocks = new Map<number, { version: number; done: Promise<number> }>();
  /** Notes the catalogue version of a request or a read; answers whether levels read at it may be kept. */
  function keepsCatalog(catalog: number): boolean {
    if (catalog > catalogKept) {
      catalogKept = catalog;
      stock.clear();
      loadedBlocks.clear();
    }
    return catalog === catalogKept;
  }
  /**
   * Keeps levels read. A read that met a newer stock version than the cache holds (a change
   * committed since the request read its versions) first brings the cache there by the change log,
   * so one product's read does not empty every level kept.
   */
  async function keep(rows: AvailabilityRow[]) {
    let newest = 0;
    for (const row of rows) newest = Math.max(newest, row.stockVersion);
    if (stock.version !== null && newest > stock.version) await catchUp(newest);
    for (const row of rows) {
      if (keepsCatalog(row.catalogVersion)) stock.set(row.stockVersion, row.productId, { availability: row.availability });
    }
  }

  /**
   * Every product's stock level, read once per stock version in blocks of product ids (the first
   * request that misses a level of a block at a newer version reads the whole block; the requests
   * meanwhile wait for that one read): when the levels kept are not enough (at start, after a
   * change of the catalogue or a stock change too large to read by product) each emptied page is
   * made again from memory, not with a statement of its own, and no read holds PGlite's one
   * connection long.
   */
  function loadStockBlock(block: number, version: number): Promise<number> {
    const loaded = loadedBlocks.get(block);
    if (loaded && loaded.version >= version) return loaded.done;
    const done = findBlockAvailability(db, block).then(async (rows) => {
      let read = version;
      for (const row of rows) read = Math.max(read, row.stockVersion);
      await keep(rows);
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

  /**
   * Brings the levels kept up to the stock version `to` by what changed since (migration 0023): one
   * statement reads the change log after the version kept and the levels of the products it names,
   * and the cache moves to the version read keeping every other level. A stock import that changed
   * what customers see of a fifth of the catalogue is then one read of those products, not of every
   * level. When the log cannot tell (pruned, a TRUNCATE, too many products), the cache only moves to
   * the new version, empty, and the blocks are read again. One catch-up at a time: requests meanwhile
   * wait for it.
   */
  let catchingUp: { to: number; done: Promise<void> } | undefined;
  function catchUp(to: number): Promise<void> {
    const from = stock.version;
    if (from === null || to <= from || stock.size === 0) return Promise.resolve();
    if (catchingUp && catchingUp.to >= to) return catchingUp.done;
    const done = findStockChanges(db, from).then((changes) => {
      if (!changes) return;
      const complete = changes.levels !== null && changes.logged === changes.stockVersion - from;
      if (!keepsCatalog(changes.catalogVersion) || !complete || changes.levels === null) {
        stock.observe(changes.stockVersion);
        return;
      }
      // Whatever the cache moved to meanwhile lies at or after `from`: what changed since then is in this log too.
      stock.advance(changes.stockVersion, changes.levels.map(([id]) => id));
      for (const [id, level] of changes.levels) stock.set(changes.stockVersion, id, { availability: level });
    });
    const entry = { to, done };
    catchingUp = entry;
    const forget = () => {
      if (catchingUp === entry) catchingUp = undefined;
    };
    done.then(forget, forget);
    return done;
  }

  /** The products' stock levels at the request's stock version: remembered, or read (one statement). */
  async function stockParts(ids: number[], versions: DataVersions, remembered: boolean): Promise<{ levels: Map<number, StockLevel>; seen: number }> {
    keepsCatalog(versions.catalog);
    const levels = new Map<number, StockLevel>();
    const fromMemory = () => {
      for (const id of ids) {
        const known = levels.has(id) ? undefined : stock.get(versions.stock, id);
        if (known !== undefined) levels.set(id, known);
      }
    };
    if (remembered) {
      await catchUp(versions.stock);
      fromMemory();
      if (levels.size < ids.length) {
        const blocks = new Set(ids.filter((id) => !levels.has(id)).map((id) => Math.floor(id / STOCK_BLOCK)));
        await Promise.all([...blocks].map((block) => loadStockBlock(block, versions.stock)));
        fromMemory();
      }
    }
    let seen = versions.stock;
    const missing = ids.filter((id) => !levels.has(id));
    const rows = await findAvailability(db, missing);
    for (const row of rows) {
      levels.set(row.productId, { availability: row.availability });
      seen = Math.max(seen, row.stockVersion);
    }
    await keep(rows);
    return { levels, seen };
  }

  return { stockParts };
}
