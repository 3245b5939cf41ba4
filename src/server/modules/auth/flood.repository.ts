import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { floodEvents } from '../../db/schema';

export async function countEventsSince(db: DbOrTx, event: string, identifier: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(floodEvents)
    .where(and(eq(floodEvents.event, event), eq(floodEvents.identifier, identifier), gt(floodEvents.createdAt, since)));
  return Number(row?.n ?? 0);
}

export async function insertEvent(
  db: DbOrTx,
  row: { event: string; identifier: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(floodEvents).values(row);
}

export async function deleteEvents(db: DbOrTx, event: string, identifier: string): Promise<void> {
  await db.delete(floodEvents).where(and(eq(floodEvents.event, event), eq(floodEvents.identifier, identifier)));
}

export async function deleteExpiredEvents(db: DbOrTx, now: Date): Promise<number> {
  const gone = await db.delete(floodEvents).where(lt(floodEvents.expiresAt, now)).returning({ id: floodEvents.id });
  return gone.length;
}
