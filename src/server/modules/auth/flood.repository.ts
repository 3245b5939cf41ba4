import { and, count, eq, gt, like, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { floodEvents } from '../../db/schema';

async function countEventsSince(db: DbOrTx, event: string, identifier: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(floodEvents)
    .where(and(eq(floodEvents.event, event), eq(floodEvents.identifier, identifier), gt(floodEvents.createdAt, since)));
  return Number(row?.n ?? 0);
}

async function insertEvent(
  db: DbOrTx,
  row: { event: string; identifier: string; createdAt: Date; expiresAt: Date },
): Promise<number> {
  const [inserted] = await db.insert(floodEvents).values(row).returning({ id: floodEvents.id });
  return inserted?.id ?? 0;
}

/**
 * Counts an event only while fewer than `threshold` are counted since `since`: one step for every
 * server instance on the database. The transaction takes an advisory lock on the event and
 * identifier first, so claims of the same identifier run one after another and each one counts
 * the rows of those before it (read committed: every statement sees what committed before it).
 * Answers the new row's id, or null when the limit was reached and nothing was counted.
 */
export async function claimEvent(
  db: Db,
  row: { event: string; identifier: string; createdAt: Date; expiresAt: Date },
  threshold: number,
  since: Date,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${row.event}), hashtext(${row.identifier}))`);
    if ((await countEventsSince(tx, row.event, row.identifier, since)) >= threshold) return null;
    return insertEvent(tx, row);
  });
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
