import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rateLimits } from '../../db/schema';

/**
 * Counts one request of `key` in one statement: a new key, or one whose window has ended, starts a
 * window of `windowMs` at `now` with 1; otherwise its count goes up by one. The upsert takes the
 * row's lock, so requests at once, on any instance, each get their own count.
 */
export async function hit(db: DbOrTx, key: string, now: Date, windowMs: number): Promise<{ hits: number; expiresAt: Date }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const ended = sql`${rateLimits.expiresAt} <= ${at}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1, expiresAt: new Date(now.getTime() + windowMs) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${rateLimits.hits} + 1 end`,
        expiresAt: sql`case when ${ended} then excluded.expires_at else ${rateLimits.expiresAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, expiresAt: rateLimits.expiresAt });
  if (!row) throw new Error(`the rate limit counter of ${key} was not written`);
  return row;
}

/** Deletes the counters whose window ended before `now`; answers how many. */
export async function deleteEnded(db: DbOrTx, now: Date): Promise<number> {
  const gone = await db.delete(rateLimits).where(lt(rateLimits.expiresAt, now)).returning({ key: rateLimits.key });
  return gone.length;
}
