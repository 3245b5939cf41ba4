import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rateLimits } from '../../db/schema';

/**
 * Counts requests of several keys in one statement: a new key, or one whose window has ended,
 * starts a window of `windowMs` at `now` with its count; otherwise its count goes up by it. The
 * upsert takes each row's lock, so statements at once, on any instance, each add to the count the
 * others left. `counts` holds every key once. Answers each key's count and the end of its window.
 */
export async function hit(
  db: DbOrTx,
  counts: ReadonlyArray<{ key: string; hits: number }>,
  now: Date,
  windowMs: number,
): Promise<Array<{ key: string; hits: number; expiresAt: Date }>> {
  const ended = sql`${rateLimits.expiresAt} <= ${now.toISOString()}::timestamptz`;
  const expiresAt = new Date(now.getTime() + windowMs);
  return db
    .insert(rateLimits)
    .values(counts.map(({ key, hits }) => ({ key, hits, expiresAt })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${ended} then excluded.hits else ${rateLimits.hits} + excluded.hits end`,
        expiresAt: sql`case when ${ended} then excluded.expires_at else ${rateLimits.expiresAt} end`,
      },
    })
    .returning({ key: rateLimits.key, hits: rateLimits.hits, expiresAt: rateLimits.expiresAt });
}

/** Deletes the counters whose window ended before `now`; answers how many. */
export async function deleteEnded(db: DbOrTx, now: Date): Promise<number> {
  const gone = await db.delete(rateLimits).where(lt(rateLimits.expiresAt, now)).returning({ key: rateLimits.key });
  return gone.length;
}
