import type { FoodFacets, ProductIndexQuery } from '../../../shared/api/catalog';
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

/**
 * Every product's food masks, by kind: products with the same allergen levels, diet marks and
 * storage type are one kind, and a catalogue has far fewer kinds than products. A pass over the
 * matches then only tallies the kinds, and the counts are added up per kind (decision 025:
 * the counts of a broad search's thousands of matches were a tenth of its CPU).
 */
export interface FoodIndex {
  /** Per product id (the array index): its kind; ids beyond the array are kind 0, nothing known. */
  kind: Uint32Array;
  /** Per kind: its masks (kind 0: all zero). */
  free: Uint16Array;
  mayContain: Uint16Array;
  diets: Uint8Array;
  storage: Uint8Array;
  /** Scratch of one pass: matches per kind, all zero between passes. */
  tally: Uint32Array;
}

export function buildFoodIndex(rows: FoodIndexRow[]): FoodIndex {
  const size = rows.reduce((max, row) => Math.max(max, row.productId), 0) + 1;
  const kind = new Uint32Array(size);
  // Kind 0 is "nothing known": every mask zero.
  const kinds = new Map<string, number>([['0.0.0.0', 0]]);
  const masks: FoodIndexRow[] = [{ productId: 0, free: 0, mayContain: 0, diets: 0, storage: 0 }];
  for (const row of rows) {
    const key = `${row.free}.${row.mayContain}.${row.diets}.${row.storage}`;
    let k = kinds.get(key);
    if (k === undefined) {
      k = masks.length;
      kinds.set(key, k);
      masks.push(row);
    }
    kind[row.productId] = k;
  }
  return {
    kind,
    free: Uint16Array.from(masks, (m) => m.free),
    mayContain: Uint16Array.from(masks, (m) => m.mayContain),
    diets: Uint8Array.from(masks, (m) => m.diets),
    storage: Uint8Array.from(masks, (m) => m.storage),
    tally: new Uint32Array(masks.length),
  };
}

/** The matches that pass the food filter, in their order, and the counts. */
export interface FoodResult {
  ids: Int32Array;
  facets: FoodFacets;
}

/** The filter's tests of a kind of product (FoodIndex). */
function kindTests(index: FoodIndex, filter: FoodFilter) {
  const { without, diets, storage, strict } = filter;
  const safeOf = (k: number) => (index.free[k] ?? 0) | (strict ? 0 : (index.mayContain[k] ?? 0));
  /** Passes every filter but the storage filter. */
  const passesOthers = (k: number) => (safeOf(k) & without) === without && ((index.diets[k] ?? 0) & diets) === diets;
  const passesStorage = (k: number) => {
    const type = index.storage[k] ?? 0;
    return storage === 0 || (type !== 0 && (storage & (1 << type)) !== 0);
  };
  return { safeOf, passesOthers, passesStorage };
}

/** Whether a product (by id) passes the food filter; undefined when the filter filters nothing. */
export function foodPasses(index: FoodIndex, filter: FoodFilter): ((productId: number) => boolean) | undefined {
  if (!filtersFood(filter)) return undefined;
  const { passesOthers, passesStorage } = kindTests(index, filter);
  return (productId) => {
    const k = index.kind[productId] ?? 0;
    return passesOthers(k) && passesStorage(k);
  };
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
  const { safeOf, passesOthers, passesStorage } = kindTests(index, filter);
  const { kind, tally } = index;
  const touched: number[] = [];
  const kept = filtersFood(filter) ? new Int32Array(matches.length) : null;
  let count = 0;
  for (let i = 0; i < matches.length; i++) {
    const id = matches[i]!;
    const k = kind[id] ?? 0;
    const before = tally[k] ?? 0;
    tally[k] = before + 1;
    if (before === 0) touched.push(k);
    if (kept && passesOthers(k) && passesStorage(k)) kept[count++] = id;
  }
  for (const k of touched) {
    const n = tally[k] ?? 0;
    tally[k] = 0;
    if (!passesOthers(k)) continue;
    const type = index.storage[k] ?? 0;
    if (type !== 0) storageCounts[type - 1]! += n;
    if (!passesStorage(k)) continue;
    const safe = safeOf(k);
    const marks = index.diets[k] ?? 0;
    for (let a = 0; safe >> a !== 0; a++) if ((safe >> a) & 1) withoutCounts[a]! += n;
    for (let d = 0; marks >> d !== 0; d++) if ((marks >> d) & 1) dietCounts[d]! += n;
  }
  const record = <K extends string>(names: readonly K[], counts: number[]) => Object.fromEntries(names.map((name, i) => [name, counts[i] ?? 0])) as Record<K, number>;
  return {
    ids: kept ? kept.slice(0, count) : matches,
    facets: { without: record(ALLERGENS, withoutCounts), diet: record(DIETS, dietCounts), storage: record(STORAGE_TYPES, storageCounts) },
  };
}
