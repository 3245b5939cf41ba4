import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { deliveryAddresses, relations } from '../../db/schema';

/** An active relation by uuid, only if it is `relationId` (the caller's own). */
export async function findOwnActiveRelation(db: DbOrTx, relationId: number, uuid: string) {
  const [row] = await db
    .select()
    .from(relations)
    .where(and(eq(relations.id, relationId), eq(relations.uuid, uuid), eq(relations.active, true)))
    .limit(1);
  return row;
}

export async function findDeliveryAddresses(db: DbOrTx, relationId: number) {
  return db
    .select()
    .from(deliveryAddresses)
    .where(eq(deliveryAddresses.relationId, relationId))
    .orderBy(asc(deliveryAddresses.id));
}

/** A relation by uuid, active or not (the staff customer page). */
export async function findRelationByUuid(db: DbOrTx, uuid: string) {
  const [row] = await db.select().from(relations).where(eq(relations.uuid, uuid)).limit(1);
  return row;
}
