import { and, count, eq, gt, like, lt, or } from 'drizzle-orm';
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
): Promise<number> {
  const [inserted] = await db.insert(floodEvents).values(row).returning({ id: floodEvents.id });
  return inserted?.id ?? 0;
}

export async function deleteEvent(db: DbOrTx, id: number): Promise<void> {
  await db.delete(floodEvents).where(eq(floodEvents.id, id));
}

/** Events of an identifier and of every identifier that starts with `{identifier}-`. */
export async function deleteEventsOf(db: DbOrTx, event: string, identifier: string): Promise<void> {
  await db
    .delete(floodEvents)
    .where(
      and(
        eq(floodEvents.event, event),
        or(eq(floodEvents.identifier, identifier), like(floodEvents.identifier, `${identifier}-%`)),
      ),
    );
}

export async function deleteEvents(db: DbOrTx, event: string, identifier: string): Promise<void> {
  await db.delete(floodEvents).where(and(eq(floodEvents.event, event), eq(floodEvents.identifier, identifier)));
}

export async function deleteExpiredEvents(db: DbOrTx, now: Date): Promise<number> {
  const gone = await db.delete(floodEvents).where(lt(floodEvents.expiresAt, now)).returning({ id: floodEvents.id });
  return gone.length;
}
