import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { type AdjustmentSnapshot, orders, relations } from '../../../db/schema';

// The staff order desk's statements on the ordering module's orders (issue 42).

/** An order by uuid in any state; `lock` holds its row until the transaction ends. */
export async function findOrderByUuid(db: DbOrTx, uuid: string, { lock = false } = {}) {
  const query = db.select().from(orders).where(eq(orders.uuid, uuid));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}
export type DeskOrderRow = NonNullable<Awaited<ReturnType<typeof findOrderByUuid>>>;

/** The relation an order is for, as staff see it (the kernel's table). */
export async function findRelation(db: DbOrTx, relationId: number) {
  const [row] = await db
    .select({ uuid: relations.uuid, name: relations.name, erpNumber: relations.erpNumber, pricelist: relations.pricelist, deliveryDays: relations.deliveryDays })
    .from(relations)
    .where(eq(relations.id, relationId));
  return row;
}

/**
 * Raises the order's version from the one the staff user saw, marking it changed (and what finance
 * must look at, when given); false when the version is another (someone changed it meanwhile).
 */
export async function raiseVersion(db: DbOrTx, orderId: number, seen: number, at: Date, financeCheck?: 'refund' | 'underpaid'): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ version: sql`${orders.version} + 1`, changedAt: at, ...(financeCheck ? { financeCheck, financeCheckedAt: null } : {}) })
    .where(and(eq(orders.id, orderId), eq(orders.version, seen)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

export interface ChangedSums {
  reqDlvDate: string;
  subtotalCents: number;
  adjustments: AdjustmentSnapshot[];
  totalCents: number;
}

/** Keeps the order's new date and sums after a change (its lines are snapshotted by the checkout's statement). */
export async function saveChangedSums(db: DbOrTx, orderId: number, sums: ChangedSums): Promise<void> {
  await db.update(orders).set(sums).where(eq(orders.id, orderId));
}

/** Orders finance must look at (flagged and not yet handled), oldest change first. */
export async function findFinanceChecks(db: DbOrTx, limit: number) {
  return db
    .select({
      id: orders.id,
      uuid: orders.uuid,
      orderNumber: orders.orderNumber,
      state: orders.state,
      reason: orders.financeCheck,
      totalCents: orders.totalCents,
      changedAt: orders.changedAt,
      relationName: relations.name,
      relationErpNumber: relations.erpNumber,
    })
    .from(orders)
    .innerJoin(relations, eq(relations.id, orders.relationId))
    .where(and(isNotNull(orders.financeCheck), isNull(orders.financeCheckedAt)))
    .orderBy(asc(orders.changedAt), asc(orders.id))
    .limit(limit);
}

/** Finance handled the order's flag; the order's id and relation, or undefined when nothing waited. */
export async function markFinanceChecked(db: DbOrTx, uuid: string, at: Date) {
  const [row] = await db
    .update(orders)
    .set({ financeCheckedAt: at })
    .where(and(eq(orders.uuid, uuid), isNotNull(orders.financeCheck), isNull(orders.financeCheckedAt)))
    .returning({ id: orders.id, relationId: orders.relationId, reason: orders.financeCheck });
  return row;
}
