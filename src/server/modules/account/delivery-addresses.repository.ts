import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { deliveryAddresses } from '../../db/schema';

/** The relation's default delivery address (else its first), or null when it has none. */
export async function defaultDeliveryAddressId(db: DbOrTx, relationId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: deliveryAddresses.id })
    .from(deliveryAddresses)
    .where(eq(deliveryAddresses.relationId, relationId))
    .orderBy(sql`${deliveryAddresses.isDefault} desc`, asc(deliveryAddresses.id))
    .limit(1);
  return row?.id ?? null;
}

export async function findRelationAddress(db: DbOrTx, relationId: number, addressId: number) {
  const [row] = await db
    .select({
      id: deliveryAddresses.id,
      label: deliveryAddresses.label,
      addressLine1: deliveryAddresses.addressLine1,
      postalCode: deliveryAddresses.postalCode,
      locality: deliveryAddresses.locality,
      countryCode: deliveryAddresses.countryCode,
    })
    .from(deliveryAddresses)
    .where(and(eq(deliveryAddresses.id, addressId), eq(deliveryAddresses.relationId, relationId)));
  return row;
}

export async function countRelationAddresses(db: DbOrTx, relationId: number): Promise<number> {
  const rows = await db.select({ id: deliveryAddresses.id }).from(deliveryAddresses).where(eq(deliveryAddresses.relationId, relationId));
  return rows.length;
}
