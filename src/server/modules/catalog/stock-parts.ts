import type { Availability } from '../../../shared/api/availability';
import type { Db } from '../../db/client';
import type { DataVersions } from '../../context/session';
import { type AvailabilityRow, findAvailability, findBlockAvailability, findStockChanges, STOCK_BLOCK } from './availability.repository';
import type { VersionedCache } from '../../versioned-cache';

/** A product's stock level as kept (a cache holds no null): null when it is not kept in stock. */
export interface StockLevel {
  availability: Availability | null;
}

/** What the stock parts keep between requests: one per createStockParts. */
interface StockState {
  db: Db;
  stock: VersionedCache<StockLevel, number>;
  /**
   * The catalogue version the levels kept were read at. Which variation of a product is active is
   * catalogue, so a newer catalogue version forgets them all (the stock counter does not move then).
   */
  catalogKept: number;
  loadedBlocks: Map<number, { version: number; done: Promise<number> }>;
  /** The catch-up under way (catchUp), which requests meanwhile wait for. */
  catchingUp: { to: number; done: Promise<void> } | undefined;
}

/**
 * The stock part of a product (decision 030): its level per stock version, kept in
 * `stock` (product-parts.ts owns the cache), read in blocks of product ids, and after a stock change
 * only for the products the change log names.
 */
export function createStockParts(db: Db, stock: VersionedCache<StockLevel, number>) {
  const state: StockState = { db, stock, catalogKept: 0, loadedBlocks: new Map(), catchingUp: undefined };
  return {
    /** The products' stock levels at the request's stock version: remembered, or read (one statement). */
    stockParts: (ids: number[], versions: DataVersions, remembered: boolean): Promise<{ levels: Map<number, StockLevel>; seen: number }> =>
      stockParts(state, ids, versions, remembered),
  };
}

/** Notes the catalogue version of a request or a read; answers whether levels read at it may be kept. */
function keepsCatalog(state: StockState, catalog: number): boolean {
  if (catalog > state.catalogKept) {
    state.catalogKept = catalog;
    state.stock.clear();
    state.loadedBlocks.clear();
  }
  return catalog === state.catalogKept;
}

/**
 * Keeps levels read. A read that met a newer stock version than the cache holds (a change
 * committed since the request read its versions) first brings the cache there by the change log,
 * so one product's read does not empty every level kept.
 */
async function keep(state: StockState, rows: AvailabilityRow[]) {
  let newest = 0;
  for (const row of rows) newest = Math.max(newest, row.stockVersion);
  if (state.stock.version !== null && newest > state.stock.version) await catchUp(state, newest);
  for (const row of rows) {
    if (keepsCatalog(state, row.catalogVersion)) state.stock.set(row.stockVersion, row.productId, { availability: row.availability });
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
function loadStockBlock(state: StockState, block: number, version: number): Promise<number> {
  const { loadedBlocks } = state;
  const loaded = loadedBlocks.get(block);
  if (loaded && loaded.version >= version) return loaded.done;
  const done = findBlockAvailability(state.db, block).then(async (rows) => {
    let read = version;
    for (const row of rows) read = Math.max(read, row.stockVersion);
    await keep(state, rows);
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
function catchUp(state: StockState, to: number): Promise<void> {
  const { stock } = state;
  const from = stock.version;
  if (from === null || to <= from || stock.size === 0) return Promise.resolve();
  if (state.catchingUp && state.catchingUp.to >= to) return state.catchingUp.done;
  const done = findStockChanges(state.db, from).then((changes) => {
    if (!changes) return;
    const complete = changes.levels !== null && changes.logged === changes.stockVersion - from;
    if (!keepsCatalog(state, changes.catalogVersion) || !complete || changes.levels === null) {
      stock.observe(changes.stockVersion);
      return;
    }
    // Whatever the cache moved to meanwhile lies at or after `from`: what changed since then is in this log too.
    stock.advance(changes.stockVersion, changes.levels.map(([id]) => id));
    for (const [id, level] of changes.levels) stock.set(changes.stockVersion, id, { availability: level });
  });
  const entry = { to, done };
  state.catchingUp = entry;
  const forget = () => {
    if (state.catchingUp === entry) state.catchingUp = undefined;
  };
  done.then(forget, forget);
  return done;
}

/** Adds to `levels` the kept levels of the products it lacks, at the stock version. */
function levelsFromMemory(stock: VersionedCache<StockLevel, number>, ids: number[], stockVersion: number, levels: Map<number, StockLevel>): void {
  for (const id of ids) {
    const known = levels.has(id) ? undefined : stock.get(stockVersion, id);
    if (known !== undefined) levels.set(id, known);
  }
}

/** The products' stock levels at the request's stock version: remembered, or read (one statement). */
async function stockParts(
  state: StockState,
  ids: number[],
  versions: DataVersions,
  remembered: boolean,
): Promise<{ levels: Map<number, StockLevel>; seen: number }> {
  keepsCatalog(state, versions.catalog);
  const levels = new Map<number, StockLevel>();
  if (remembered) {
    await catchUp(state, versions.stock);
    levelsFromMemory(state.stock, ids, versions.stock, levels);
    if (levels.size < ids.length) {
      const blocks = new Set(ids.filter((id) => !levels.has(id)).map((id) => Math.floor(id / STOCK_BLOCK)));
      await Promise.all([...blocks].map((block) => loadStockBlock(state, block, versions.stock)));
      levelsFromMemory(state.stock, ids, versions.stock, levels);
    }
  }
  let seen = versions.stock;
  const missing = ids.filter((id) => !levels.has(id));
  const rows = await findAvailability(state.db, missing);
  for (const row of rows) {
    levels.set(row.productId, { availability: row.availability });
    seen = Math.max(seen, row.stockVersion);
  }
  await keep(state, rows);
  return { levels, seen };
}
