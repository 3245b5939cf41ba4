import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { favorites, products, relations, variations } from '../../db/schema';

/** An active product (with an active variation) by uuid. */
export async function findActiveProductId(db: DbOrTx, uuid: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(variations, eq(variations.productId, products.id))
    .where(and(eq(products.uuid, uuid), eq(products.active, true), eq(variations.active, true)))
    .limit(1);
  return row?.id;
}

export interface FavoriteRow {
  id: number;
  uuid: string;
  createdAt: Date;
  productUuid: string;
  relationUuid: string;
}

export async function findFavorite(db: DbOrTx, relationId: number, productId: number): Promise<FavoriteRow | undefined> {
  const [row] = await db
    .select({
      id: favorites.id,
      uuid: favorites.uuid,
      createdAt: favorites.createdAt,
      productUuid: products.uuid,
      relationUuid: relations.uuid,
    })
    .from(favorites)
    .innerJoin(products, eq(products.id, favorites.productId))
    .innerJoin(relations, eq(relations.id, favorites.relationId))
    .where(and(eq(favorites.relationId, relationId), eq(favorites.productId, productId)))
    .limit(1);
  return row;
}

/** Adds the product to the relation's list; false when it was already there. */
export async function insertFavorite(db: DbOrTx, row: { relationId: number; productId: number; userId: number }): Promise<boolean> {
  const inserted = await db.insert(favorites).values(row).onConflictDoNothing().returning({ id: favorites.id });
  return inserted.length > 0;
}

/** Deletes a favourite only if it is the relation's own; false when there was none. */
export async function deleteFavorite(db: DbOrTx, relationId: number, uuid: string): Promise<boolean> {
  const deleted = await db
    .delete(favorites)
    .where(and(eq(favorites.uuid, uuid), eq(favorites.relationId, relationId)))
    .returning({ id: favorites.id });
  return deleted.length > 0;
}
