import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import DataLoader from 'dataloader';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import * as repo from './rate-limits.repository';

/** The most keys counted in the process at once (a few dozen bytes each); the least recent go first. */
const IN_PROCESS_KEYS = 20_000;

type Count = { current: number; ttl: number };

export interface RateLimitOptions {
  now: () => Date;
  /** Keys counted in this process instead of the database (the API-wide limit per address: decision 034). */
  inProcess: (key: string) => boolean;
}

/** What the counters' functions share: the database, the clock, and the counts of this process. */
interface RateLimitContext {
  db: Db;
  options: RateLimitOptions;
  here: LRUCache<string, { hits: number; endsAt: number }>;
}

type CountOne = (key: string, windowMs: number) => Promise<Count>;

/**
 * The requests counted in the database, in one statement for those that arrived together (as the
 * session statement, decision 013): collected until the event loop has read what came in, then
 * counted at once. The n requests of one key in a batch get the counts n-1 … 0 below the total.
 */
async function countBatch({ db, options }: RateLimitContext, asked: ReadonlyArray<{ key: string; windowMs: number }>): Promise<Array<Count | Error>> {
  const now = options.now();
  const perKey = new Map<string, number>();
  for (const { key } of asked) perKey.set(key, (perKey.get(key) ?? 0) + 1);
  // One window for a batch: a key names its limit, and every limit has the same window.
  const windowMs = asked[0]?.windowMs ?? 0;
  const rows = await repo.hit(db, [...perKey].map(([key, hits]) => ({ key, hits })), now, windowMs);
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const left = new Map(perKey);
  return asked.map(({ key }) => {
    const row = byKey.get(key);
    if (!row) return new Error(`the rate limit counter of ${key} was not written`);
    const after = (left.get(key) ?? 1) - 1;
    left.set(key, after);
    return { current: row.hits - after, ttl: Math.max(0, row.expiresAt.getTime() - now.getTime()) };
  });
}

/** The same window rule, in this process. */
function countHere({ options, here }: RateLimitContext, key: string, windowMs: number): Count {
  const now = options.now().getTime();
  let counter = here.get(key);
  if (!counter || counter.endsAt <= now) {
    counter = { hits: 0, endsAt: now + windowMs };
    here.set(key, counter);
  }
  counter.hits += 1;
  return { current: counter.hits, ttl: counter.endsAt - now };
}

/**
 * @fastify/rate-limit makes its store with `new`, and a child per route with its own limits: the
 * keys name the limit (plugins/rate-limits.ts), so every child is the one store.
 */
function storeOf(ctx: RateLimitContext, countShared: CountOne): FastifyRateLimitStoreCtor {
  class CountersStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: Count) => void, timeWindow: number): void {
      if (ctx.options.inProcess(key)) {
        callback(null, countHere(ctx, key, timeWindow));
        return;
      }
      countShared(key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return CountersStore as FastifyRateLimitStoreCtor;
}

/**
 * The rate limits' counters (decision 034): a store for @fastify/rate-limit on the app's clock.
 * Keys of what costs are counted in the database, which every server instance shares; the
 * API-wide keys in this process, so that an ordinary request costs no statement more.
 */
export function createRateLimits(db: Db, options: RateLimitOptions) {
  const ctx: RateLimitContext = { db, options, here: new LRUCache({ max: IN_PROCESS_KEYS }) };
  const shared = new DataLoader<{ key: string; windowMs: number }, Count>((asked) => countBatch(ctx, asked), {
    cache: false,
    batchScheduleFn: (dispatch) => setImmediate(dispatch),
    maxBatchSize: 200,
  });
  /** One request of a key counted in the database; `ttl` is what is left of its window. */
  const countShared: CountOne = (key, windowMs) => shared.load({ key, windowMs });
  return {
    Store: storeOf(ctx, countShared),
    countShared,
    /** Deletes the database's counters whose window ended (a job). */
    purgeEnded: () => repo.deleteEnded(db, options.now()),
  };
}

export type RateLimitCounters = ReturnType<typeof createRateLimits>;
