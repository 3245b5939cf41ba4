import { and, count, eq, gt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { priceRequests, products, relations, variations } from '../../db/schema';

export interface RequestedProduct {
  id: number;
  titleNl: string;
  titleEn: string;
  sku: string;
}

/** An active product by uuid or internal id. */
export async function findRequestedProduct(db: DbOrTx, key: { uuid: string } | { id: number }): Promise<RequestedProduct | undefined> {
  const [row] = await db
    .select({ id: products.id, titleNl: products.titleNl, titleEn: products.titleEn, sku: variations.sku })
    .from(products)
    .innerJoin(variations, eq(variations.productId, products.id))
    .where(and('uuid' in key ? eq(products.uuid, key.uuid) : eq(products.id, key.id), eq(products.active, true), eq(variations.active, true)))
    .limit(1);
  return row;
}

export interface Requester {
  name: string;
  mail: string;
  firstname: string;
  surnamePrefix: string;
  surname: string;
  relation: { id: number; name: string; erpNumber: string } | null;
}

/** The requester's relation while it is active (null otherwise). */
export async function findActiveRelation(db: DbOrTx, relationId: number | null): Promise<Requester['relation']> {
  if (relationId === null) return null;
  const [row] = await db
    .select({ id: relations.id, name: relations.name, erpNumber: relations.erpNumber })
    .from(relations)
    .where(and(eq(relations.id, relationId), eq(relations.active, true)))
    .limit(1);
  return row ?? null;
}

/**
 * Serialises the price requests of one user until the transaction ends (on every server instance
 * on the database), so two at once cannot both pass the repeat check or the hourly limit.
 */
export async function lockRequests(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('price_request'), ${userId}::int)`);
}

/** Requests of the window from `since` to `now` (a request stamped later, by another clock, is not one of them). */
export async function hasRequestSince(db: DbOrTx, userId: number, productId: number, since: Date, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: priceRequests.id })
    .from(priceRequests)
    .where(and(eq(priceRequests.userId, userId), eq(priceRequests.productId, productId), gt(priceRequests.createdAt, since), lte(priceRequests.createdAt, now)))
    .limit(1);
  return row !== undefined;
}

/** How many price requests the user made (and were sent) from the moment given to now. */
export async function countRequestsSince(db: DbOrTx, userId: number, since: Date, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(priceRequests)
    .where(and(eq(priceRequests.userId, userId), gt(priceRequests.createdAt, since), lte(priceRequests.createdAt, now)));
  return Number(row?.n ?? 0);
}

export async function insertPriceRequest(db: DbOrTx, row: typeof priceRequests.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(priceRequests).values(row).returning({ id: priceRequests.id });
  if (!inserted) throw new Error('price request was not stored');
  return inserted.id;
}
