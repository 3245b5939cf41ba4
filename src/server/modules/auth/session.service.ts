import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import DataLoader from 'dataloader';
import type { Db } from '../../db/client';
import type { ActiveSession, SessionLifetime } from '../../context/session';
import * as repo from './session.repository';

export const SESSION_COOKIE = 'shop_sid';
/** Writing last-seen on every request would turn every read into a write; once in a while is enough. */
const TOUCH_AFTER_MS = 5 * 60 * 1000;

export interface SessionOptions {
  secret: string;
  /** Idle lifetime (SESSION_TTL_HOURS). */
  ttlHours: number;
  /** Idle lifetime with 'Remember me' unticked (SESSION_BROWSER_TTL_HOURS). */
  browserTtlHours: number;
  /** Absolute lifetime from the login (SESSION_MAX_DAYS). */
  maxDays: number;
  now: () => Date;
}

/** What the session service's functions share: the secret, the lifetimes, and the batched look-up. */
export interface SessionContext {
  db: Db;
  options: SessionOptions;
  ttlMs: number;
  browserTtlMs: number;
  maxMs: number;
  sessionRows: DataLoader<string, repo.SessionRow | undefined>;
  /**
   * The last-seen writes under way, by session: the requests of one session that arrive together
   * (a page's calls, read in one batch) all see the same old last-seen, and each would write the
   * same row, one after the other behind its lock; they wait for the one write instead.
   */
  touching: Map<string, Promise<void>>;
}

/**
 * The cookie carries a random token; the database keeps only its keyed hash, made anew for
 * every request: no token is kept in memory.
 */
const idOf = ({ options }: SessionContext, token: string) => createHmac('sha256', options.secret).update(token).digest('base64url');
const endOf = ({ maxMs }: SessionContext, startedAt: Date) => new Date(startedAt.getTime() + maxMs);
/** Idle expiry from `now`, never past the absolute end. */
const expiryAt = (ctx: SessionContext, now: Date, lifetime: SessionLifetime) =>
  new Date(Math.min(now.getTime() + (lifetime.remember === false ? ctx.browserTtlMs : ctx.ttlMs), endOf(ctx, lifetime.startedAt).getTime()));

function touch(ctx: SessionContext, id: string, now: Date, lifetime: SessionLifetime): Promise<void> {
  const { db, touching } = ctx;
  let write = touching.get(id);
  if (write === undefined) {
    write = repo.touchSession(db, id, now, expiryAt(ctx, now, lifetime)).finally(() => touching.delete(id));
    touching.set(id, write);
  }
  return write;
}

/**
 * The session statement of every request, in one statement for the requests that arrived
 * together (decision 013): their look-ups are collected until the event loop has read what came
 * in (setImmediate) and then asked at once. Each request's statement thus still starts after the
 * request arrived, so it sees every change committed before, on any instance, as a statement of
 * its own would; nothing is kept between batches (no cache).
 */
function sessionLoader(db: Db) {
  return new DataLoader<string, repo.SessionRow | undefined>(
    async (ids) => {
      const rows = new Map((await repo.findSessions(db, [...new Set(ids)])).map((row) => [row.id, row]));
      return ids.map((id) => rows.get(id));
    },
    { cache: false, batchScheduleFn: (dispatch) => setImmediate(dispatch), maxBatchSize: 200 },
  );
}

export async function resolve(ctx: SessionContext, token: string | undefined, now = ctx.options.now()): Promise<ActiveSession | null> {
  const { db, sessionRows } = ctx;
  if (!token || token.length > 128) return null;
  const id = idOf(ctx, token);
  const row = await sessionRows.load(id);
  if (!row) return null;
  const lifetime = { remember: row.remember, startedAt: row.createdAt };
  // A masquerade lives only while the staff user behind it is active and still staff.
  const masqueradeRevoked =
    row.masqueradeFromUserId !== null && !(row.masquerader?.active && row.masquerader.roles.includes('staff'));
  if (row.expiresAt <= now || endOf(ctx, row.createdAt) <= now || !row.user.active || masqueradeRevoked) {
    await repo.deleteSession(db, id);
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) await touch(ctx, id, now, lifetime);
  return {
    id,
    csrfToken: row.csrfToken,
    masqueradeFromUserId: row.masqueradeFromUserId,
    user: row.user,
    versions: row.versions,
    lifetime,
  };
}

/**
 * A new session id at every login (no fixation); the old session, if any, is destroyed.
 * `lifetime` carries over from the session before it (a masquerade and switching back);
 * without it a login starts now. `cookieExpires` is null for a cookie that ends with the browser.
 */
export async function start(
  ctx: SessionContext,
  userId: number,
  previousToken?: string,
  masqueradeFromUserId: number | null = null,
  lifetime: { remember: boolean | null; startedAt?: Date } = { remember: null },
): Promise<{ token: string; csrfToken: string; expiresAt: Date; cookieExpires: Date | null }> {
  const { db, options } = ctx;
  if (previousToken) await repo.deleteSession(db, idOf(ctx, previousToken));
  const now = options.now();
  const kept: SessionLifetime = { remember: lifetime.remember, startedAt: lifetime.startedAt ?? now };
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(32).toString('base64url');
  const expiresAt = expiryAt(ctx, now, kept);
  await repo.insertSession(db, {
    id: idOf(ctx, token),
    userId,
    csrfToken,
    createdAt: kept.startedAt,
    lastSeenAt: now,
    expiresAt,
    remember: kept.remember,
    masqueradeFromUserId,
  });
  const cookieExpires = kept.remember === null ? expiresAt : kept.remember ? endOf(ctx, kept.startedAt) : null;
  return { token, csrfToken, expiresAt, cookieExpires };
}

/**
 * Starts a session for a user and answers as Drupal's login does (`current_user`,
 * `csrf_token`, `logout_token`): used by login and by the start of a masquerade.
 */
export async function startAnswered(
  ctx: SessionContext,
  user: { id: number; name: string; roles: string[] },
  previousToken: string | undefined,
  masqueradeFromUserId: number | null = null,
  lifetime?: { remember: boolean | null; startedAt?: Date },
) {
  const started = await start(ctx, user.id, previousToken, masqueradeFromUserId, lifetime);
  return {
    token: started.token,
    cookieExpires: started.cookieExpires,
    body: {
      current_user: { uid: String(user.id), name: user.name, roles: ['authenticated', ...user.roles] },
      csrf_token: started.csrfToken,
      logout_token: logoutToken(ctx, idOf(ctx, started.token)),
    },
  };
}

export async function end(ctx: SessionContext, token: string | undefined): Promise<void> {
  if (token) await repo.deleteSession(ctx.db, idOf(ctx, token));
}

/** Logout token as Drupal hands it out: derived, so it needs no storage. */
export function logoutToken({ options }: SessionContext, sessionId: string): string {
  return createHmac('sha256', options.secret).update(`logout:${sessionId}`).digest('base64url');
}

export function csrfMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createSessionService(db: Db, options: SessionOptions) {
  const ctx: SessionContext = {
    db,
    options,
    ttlMs: options.ttlHours * 3600 * 1000,
    browserTtlMs: options.browserTtlHours * 3600 * 1000,
    maxMs: options.maxDays * 24 * 3600 * 1000,
    sessionRows: sessionLoader(db),
    touching: new Map(),
  };
  return {
    ttlMs: ctx.ttlMs,
    resolve: (token: string | undefined, now?: Date) => resolve(ctx, token, now),
    start: (userId: number, previousToken?: string, masqueradeFromUserId?: number | null, lifetime?: { remember: boolean | null; startedAt?: Date }) =>
      start(ctx, userId, previousToken, masqueradeFromUserId, lifetime),
    startAnswered: (user: { id: number; name: string; roles: string[] }, previousToken: string | undefined, masqueradeFromUserId?: number | null, lifetime?: { remember: boolean | null; startedAt?: Date }) =>
      startAnswered(ctx, user, previousToken, masqueradeFromUserId, lifetime),
    end: (token: string | undefined) => end(ctx, token),
    /** Ends every session of a user (after a password change), except `exceptId` if given. */
    endAllOf: (userId: number, exceptId?: string) => repo.deleteSessionsOfUser(db, userId, exceptId),
    logoutToken: (sessionId: string) => logoutToken(ctx, sessionId),
    csrfMatches,
    purgeExpired: (now = options.now()) => repo.deleteExpiredSessions(db, now, new Date(now.getTime() - ctx.maxMs)),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
