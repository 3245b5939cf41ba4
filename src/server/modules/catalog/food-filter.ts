import type { ProductIndexQuery } from '../../../shared/api/catalog';
import { ALLERGENS, DIETS, STORAGE_TYPES } from '../../../shared/api/food';
import type { FoodIndexRow } from './food-index.repository';

/**
 * The food filters of the product index (issue 19, decision 022), applied in memory to the
 * remembered ordered matches of the other filters: every product's allergen levels, diet marks
 * and storage type are kept as bit masks per catalogue version (`FoodIndex`), so a filtered list
 * and its counts take one pass over the matches and no statement.
 */

/** The food part of a request, as bit masks (0: no such filter). */
export interface FoodFilter {
  /** Allergens the products must be free of (ALLERGENS bits). */
  without: number;
  /** Also leave out products that may contain them. */
  strict: boolean;
  /** Diet marks the products must all have (DIETS bits). */
  diets: number;
  /** Storage types, any of them (bit 1 << (1 + index in STORAGE_TYPES)). */
  storage: number;
}

const maskOf = (raw: string | undefined, values: readonly string[], shift = 0): number =>
  (raw ?? '')
    .split(',')
    .filter(Boolean)
    .reduce((mask, value) => mask | (1 << (values.indexOf(value) + shift)), 0);

/** The filter of a (validated) query. */
export function foodFilterOf(query: ProductIndexQuery): FoodFilter {
  return {
    without: maskOf(query['filter[without]'], ALLERGENS),
    strict: query['filter[without_strict]'] === '1',
    diets: maskOf(query['filter[diet]'], DIETS),
    storage: maskOf(query['filter[storage]'], STORAGE_TYPES, 1),
  };
}

/** Names the filter in cache keys; also whether the filter filters at all. */
export const foodKey = (f: FoodFilter): string => `${f.without}.${f.strict ? 1 : 0}.${f.diets}.${f.storage}`;
export const filtersFood = (f: FoodFilter): boolean => f.without !== 0 || f.diets !== 0 || f.storage !== 0;

/** Per product id (the array index): its masks; ids beyond the arrays and zeros are unknown. */
export interface FoodIndex {
  free: Uint16Array;
  mayContain: Uint16Array;
  diets: Uint8Array;
  storage: Uint8Array;
}

export function buildFoodIndex(rows: FoodIndexRow[]): FoodIndex {
  const size = rows.reduce((max, row) => Math.max(max, row.productId), 0) + 1;
  const index: FoodIndex = { free: new Uint16Array(size), mayContain: new Uint16Array(size), diets: new Uint8Array(size), storage: new Uint8Array(size) };
  for (const row of rows) {
    index.free[row.productId] = row.free;
    index.mayContain[row.productId] = row.mayContain;
    index.diets[row.productId] = row.diets;
    index.storage[row.productId] = row.storage;
  }
  return index;
}

/** The matches that pass the food filter, in their order, and the counts as JSON text. */
export interface FoodResult {
  ids: Int32Array;
  facets: string;
}

/**
 * One pass over the matches of the other filters. Per allergen: the products of the result that
 * would remain with it added to 'without' (known free, or may contain when not strict; unknown
 * never). Per diet: the products of the result with it. Per storage type: the products that pass
 * every filter but the storage filter (the storage types are alternatives), with that type.
 */
export function applyFoodFilter(matches: Int32Array, index: FoodIndex, filter: FoodFilter): FoodResult {
  const withoutCounts = new Array<number>(ALLERGENS.length).fill(0);
  const dietCounts = new Array<number>(DIETS.length).fill(0);
  const storageCounts = new Array<number>(STORAGE_TYPES.length).fill(0);
  const kept = filtersFood(filter) ? new Int32Array(matches.length) : null;
  let count = 0;
  const { without, diets, storage } = filter;
  for (let i = 0; i < matches.length; i++) {
    const id = matches[i]!;
    const safe = (index.free[id] ?? 0) | (filter.strict ? 0 : (index.mayContain[id] ?? 0));
    const marks = index.diets[id] ?? 0;
    if ((safe & without) !== without || (marks & diets) !== diets) continue;
    const type = index.storage[id] ?? 0;
    if (type !== 0) storageCounts[type - 1]! += 1;
    if (storage !== 0 && (type === 0 || (storage & (1 << type)) === 0)) continue;
    if (kept) kept[count] = id;
    count++;
    for (let a = 0; safe >> a !== 0; a++) if ((safe >> a) & 1) withoutCounts[a]! += 1;
    for (let d = 0; marks >> d !== 0; d++) if ((marks >> d) & 1) dietCounts[d]! += 1;
  }
  const record = (names: readonly string[], counts: number[]) => `{${names.map((name, i) => `"${name}":${counts[i]}`).join(',')}}`;
  return {
    ids: kept ? kept.slice(0, count) : matches,
    facets: `{"without":${record(ALLERGENS, withoutCounts)},"diet":${record(DIETS, dietCounts)},"storage":${record(STORAGE_TYPES, storageCounts)}}`,
  };
}
