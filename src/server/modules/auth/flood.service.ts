import type { Db } from '../../db/client';
import * as repo from './flood.repository';

/** One kind of counted event: at most `threshold` of them per identifier within `windowSeconds`. */
export interface FloodRule {
  event: string;
  threshold: number;
  windowSeconds: number;
}

/**
 * Drupal's defaults (user.flood): per account 5 in 6 hours, per IP 50 in an hour. As Drupal's
 * default (uid_only false), failed logins count per account and IP (`{uid}-{ip}`), so a stranger
 * cannot lock a customer out by guessing; the per-IP limit stops one source guessing widely.
 */
export const floodRules = {
  loginAccount: { event: 'login.account', threshold: 5, windowSeconds: 6 * 3600 },
  loginIp: { event: 'login.ip', threshold: 50, windowSeconds: 3600 },
  passwordResetAccount: { event: 'password_reset.account', threshold: 5, windowSeconds: 6 * 3600 },
  passwordResetIp: { event: 'password_reset.ip', threshold: 50, windowSeconds: 3600 },
  /** Wrong current passwords at a password change, per user (the caller is logged in). */
  passwordChangeAccount: { event: 'password_change.account', threshold: 5, windowSeconds: 6 * 3600 },
} as const satisfies Record<string, FloodRule>;

/** Expired rows are deleted at most this often, on the back of a new event. */
const PURGE_EVERY_MS = 15 * 60 * 1000;

/** What the flood functions share: the database, the clock, and this process's queues. */
export interface FloodContext {
  db: Db;
  options: { now: () => Date };
  /** When this process last deleted expired rows. */
  lastPurge: number;
  queues: Map<string, Promise<void>>;
}

async function purgeNowAndThen(ctx: FloodContext, now: Date): Promise<void> {
  // abs: a clock set back (tests, a corrected server clock) also leads to a purge
  if (!(Math.abs(now.getTime() - ctx.lastPurge) < PURGE_EVERY_MS)) {
    ctx.lastPurge = now.getTime();
    await repo.deleteExpiredEvents(ctx.db, now);
  }
}

/**
 * Runs `work` for one key at a time in this process: a burst of logins of one account is
 * handled one by one, so that correct logins in parallel do not see each other's claims as
 * failures (verifyLimited). The limit itself holds through the claims in the database.
 */
export async function exclusive<T>(ctx: FloodContext, key: string, work: () => Promise<T>): Promise<T> {
  const { queues } = ctx;
  const previous = queues.get(key) ?? Promise.resolve();
  let release: () => void = () => undefined;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const tail = previous.then(() => mine);
  queues.set(key, tail);
  await previous;
  try {
    return await work();
  } finally {
    release();
    if (queues.get(key) === tail) queues.delete(key);
  }
}

/**
 * Verifies a secret (a password) under a per-identifier limit: in this process one check at a
 * time per identifier (exclusive), and counted in the database before the check (claim), so a
 * burst, also across server instances, gets at most `threshold` checks per window. Answers
 * 'blocked' (limit reached: nothing was checked), 'failed' (counted) or 'ok' (the identifier's
 * count is cleared, as a successful login clears Drupal's).
 */
export async function verifyLimited(ctx: FloodContext, rule: FloodRule, identifier: string, verify: () => Promise<boolean>): Promise<'ok' | 'failed' | 'blocked'> {
  const { db } = ctx;
  return exclusive(ctx, `${rule.event}:${identifier}`, async () => {
    if ((await claim(ctx, rule, identifier)) === null) return 'blocked';
    if (!(await verify())) return 'failed';
    await repo.deleteEvents(db, rule.event, identifier);
    return 'ok';
  });
}

/**
 * Counts an attempt before it is evaluated, in one atomic step in the database (see
 * repo.claimEvent): of any number of attempts at once, from any number of server instances,
 * at most `threshold` per window get an id; the others get null and must not be evaluated.
 * An attempt that turns out fine is taken back out with `release`.
 */
export async function claim(ctx: FloodContext, rule: FloodRule, identifier: string): Promise<number | null> {
  const { db, options } = ctx;
  const now = options.now();
  const id = await repo.claimEvent(
    db,
    { event: rule.event, identifier, createdAt: now, expiresAt: new Date(now.getTime() + rule.windowSeconds * 1000) },
    rule.threshold,
    new Date(now.getTime() - rule.windowSeconds * 1000),
  );
  await purgeNowAndThen(ctx, now);
  return id;
}

/** Counts an attempt that is always made (a reset request): allowed while under the threshold. */
export async function attempt(ctx: FloodContext, rule: FloodRule, identifier: string): Promise<{ allowed: boolean }> {
  return { allowed: (await claim(ctx, rule, identifier)) !== null };
}

/**
 * Flood control as Drupal's flood service: events live in the database (table flood_events),
 * so every server instance counts the same attempts.
 */
export function createFloodService(db: Db, options: { now: () => Date }) {
  const ctx: FloodContext = { db, options, lastPurge: Number.NaN, queues: new Map() };
  return {
    exclusive: <T>(key: string, work: () => Promise<T>) => exclusive(ctx, key, work),
    verifyLimited: (rule: FloodRule, identifier: string, verify: () => Promise<boolean>) => verifyLimited(ctx, rule, identifier, verify),
    claim: (rule: FloodRule, identifier: string) => claim(ctx, rule, identifier),
    /** Takes a claimed attempt back out of the count (it was not a failure). */
    release: (id: number) => repo.deleteEvent(db, id),
    attempt: (rule: FloodRule, identifier: string) => attempt(ctx, rule, identifier),
    /** Clears an account's events, also those counted per account and IP (`{uid}-{ip}`). */
    clearAccount: (rule: FloodRule, uid: number) => repo.deleteEventsOf(db, rule.event, String(uid)),
  };
}

export type FloodService = ReturnType<typeof createFloodService>;
