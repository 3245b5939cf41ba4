import type { LRUCache } from 'lru-cache';
import type { FoodChangeNotice } from '../../../shared/api/food';
import { stringBytes } from '../../cache-budget';
import type { Db } from '../../db/client';
import type { DataVersions } from '../../context/session';
import * as relationOwn from './relation-own.repository';
import { NUMBER_BYTES, objectBytes } from './part-sizes';
import { foodChangesOf, type ProductOwn, toProductOwn } from './product-resource';

/** A relation's own parts of the products (favourites, quotes) and the food changes it is told of (decision 013). */
export interface RelationEntry {
  relationVersion: number;
  catalogVersion: number;
  day: string;
  /** A product's own part, for products the relation has a favourite or a quote of. */
  own: Map<number, ProductOwn>;
  /** The food changes the relation is told of, per product (the product page shows them; decision 024). */
  foodChanges: Map<number, FoodChangeNotice[]>;
}

/** A relation's entry: its own parts and food changes, and what the Maps keep per product. */
const relationEntryBytes = (entry: RelationEntry): number => {
  let bytes = 0;
  for (const own of entry.own.values()) bytes += objectBytes(own) + NUMBER_BYTES;
  for (const changes of entry.foodChanges.values()) bytes += objectBytes(changes) + NUMBER_BYTES;
  return bytes + stringBytes(entry.day);
};

/** A relation's entry as the cache counts it. */
export const relationBytes = (entry: RelationEntry) => relationEntryBytes(entry) + NUMBER_BYTES;

/** The relation's own parts, and the versions they were read at. */
export interface OwnParts {
  own: Map<number, ProductOwn>;
  foodChanges: Map<number, FoodChangeNotice[]>;
  seen: { catalog: number; relation: number };
}

/** Who has no relation has no own parts and is told of no food changes (only read from). */
export const NO_OWN_PARTS: ReadonlyMap<number, ProductOwn> = new Map();
export const NO_FOOD_CHANGES: ReadonlyMap<number, FoodChangeNotice[]> = new Map();

/** The relation's own parts at the request's versions: remembered, or read (one statement). */
export async function ownParts(db: Db, relations: LRUCache<number, RelationEntry>, relationId: number, versions: DataVersions, day: string): Promise<OwnParts> {
  const known = relations.get(relationId);
  if (known && known.relationVersion === versions.relation && known.catalogVersion === versions.catalog && known.day === day) {
    return { own: known.own, foodChanges: known.foodChanges, seen: { catalog: known.catalogVersion, relation: known.relationVersion } };
  }
  const row = await relationOwn.findRelationOwn(db, relationId, day);
  const favorites = new Map(row.favorites.map((f) => [f.productId, f.uuid]));
  const quotes = new Map(row.quotes.map((q) => [q.productId, q.quotes]));
  const own = new Map<number, ProductOwn>();
  for (const id of new Set([...favorites.keys(), ...quotes.keys()])) {
    own.set(id, toProductOwn(favorites.get(id) ?? null, quotes.get(id) ?? []));
  }
  const foodChanges = foodChangesOf(row.foodChanges);
  // Keep what was read unless a concurrent request already keeps a newer state.
  const current = relations.get(relationId);
  if (!current || (row.relationVersion >= current.relationVersion && row.catalogVersion >= current.catalogVersion)) {
    relations.set(relationId, { relationVersion: row.relationVersion, catalogVersion: row.catalogVersion, day, own, foodChanges });
  }
  return { own, foodChanges, seen: { catalog: row.catalogVersion, relation: row.relationVersion } };
}
