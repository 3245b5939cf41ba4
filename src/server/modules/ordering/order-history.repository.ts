import { asc, eq, inArray } from 'drizzle-orm';
import type { SystemActor } from '../../context/actor';
import type { DbOrTx, Tx } from '../../db/client';
import { type OrderEvent, type OrderState, orderHistory, orders } from '../../db/schema';

/** The orders' stored states, locked for the rest of the caller's transaction (in id order, so two callers never deadlock). */
export async function lockStates(tx: Tx, orderIds: readonly number[]): Promise<Array<{ id: number; state: OrderState; relationId: number }>> {
  if (orderIds.length === 0) return [];
  return tx
    .select({ id: orders.id, state: orders.state, relationId: orders.relationId })
    .from(orders)
    .where(inArray(orders.id, [...orderIds]))
    .orderBy(asc(orders.id))
    .for('update');
}

export interface HistoryEntry {
  orderId: number;
  fromState: OrderState;
  toState: OrderState;
  event: OrderEvent;
  at?: Date;
  userId: number | null;
  masqueradeFromUserId: number | null;
  system: SystemActor | null;
  reason: string | null;
}

/** Writes the new states and their history entries: one statement per state reached, one for the history. */
export async function writeTransitions(tx: Tx, entries: readonly HistoryEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const byState = new Map<OrderState, number[]>();
  for (const entry of entries) byState.set(entry.toState, [...(byState.get(entry.toState) ?? []), entry.orderId]);
  for (const [state, ids] of byState) await tx.update(orders).set({ state }).where(inArray(orders.id, ids));
  await tx.insert(orderHistory).values([...entries]);
}

/** An order's history, oldest first. */
export async function historyOf(db: DbOrTx, orderId: number) {
  return db.select().from(orderHistory).where(eq(orderHistory.orderId, orderId)).orderBy(asc(orderHistory.id));
}
