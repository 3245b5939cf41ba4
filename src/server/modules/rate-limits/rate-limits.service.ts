import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../../db/client';
import * as repo from './rate-limits.repository';

/**
 * The rate limits' counters in the database (decision 034): a store for @fastify/rate-limit that
 * every server instance on the database shares, counting on the app's clock, and the purge of
 * counters whose window ended.
 */
export function createRateLimits(db: Db, options: { now: () => Date }) {
  /** One request of a key counted: one statement (repo.hit); `ttl` is what is left of its window. */
  const count = async (key: string, windowMs: number) => {
    const now = options.now();
    const { hits, expiresAt } = await repo.hit(db, key, now, windowMs);
    return { current: hits, ttl: Math.max(0, expiresAt.getTime() - now.getTime()) };
  };

  // @fastify/rate-limit makes its store with `new`, and a child per route with its own limits: the
  // keys name the limit (plugins/rate-limits.ts), so every child is the one store.
  class DatabaseStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      count(key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  }

  return {
    Store: DatabaseStore as FastifyRateLimitStoreCtor,
    count,
    /** Deletes the counters whose window ended (a job). */
    purgeEnded: () => repo.deleteEnded(db, options.now()),
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
