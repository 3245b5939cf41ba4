import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client';
import * as repo from './session.repository';

export const SESSION_COOKIE = 'shop_sid';
/** Writing last-seen on every request would turn every read into a write; once in a while is enough. */
const TOUCH_AFTER_MS = 5 * 60 * 1000;

export interface ActiveSession {
  id: string;
  csrfToken: string;
  masqueradeFromUserId: number | null;
  user: repo.SessionRow['user'];
  /** The catalogue caches' data versions as the session's statement read them (see DataVersions). */
  versions: repo.DataVersions;
}

export function createSessionService(db: Db, options: { secret: string; ttlHours: number }) {
  const ttlMs = options.ttlHours * 3600 * 1000;
  /** The cookie carries a random token; the database keeps only its keyed hash. */
  const idOf = (token: string) => createHmac('sha256', options.secret).update(token).digest('base64url');

  return {
    ttlMs,

    async resolve(token: string | undefined, now = new Date()): Promise<ActiveSession | null> {
      if (!token || token.length > 128) return null;
      const id = idOf(token);
      const row = await repo.findSession(db, id);
      if (!row) return null;
      // A masquerade lives only while the staff user behind it is active and still staff.
      const masqueradeRevoked =
        row.masqueradeFromUserId !== null && !(row.masquerader?.active && row.masquerader.roles.includes('staff'));
      if (row.expiresAt <= now || !row.user.active || masqueradeRevoked) {
        await repo.deleteSession(db, id);
        return null;
      }
      if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
        await repo.touchSession(db, id, now, new Date(now.getTime() + ttlMs));
      }
      return { id, csrfToken: row.csrfToken, masqueradeFromUserId: row.masqueradeFromUserId, user: row.user, versions: row.versions };
    },

    /** A new session id at every login (no fixation); the old session, if any, is destroyed. */
    async start(
      userId: number,
      previousToken?: string,
      masqueradeFromUserId: number | null = null,
    ): Promise<{ token: string; csrfToken: string; expiresAt: Date }> {
      if (previousToken) await repo.deleteSession(db, idOf(previousToken));
      const token = randomBytes(32).toString('base64url');
      const csrfToken = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + ttlMs);
      await repo.insertSession(db, { id: idOf(token), userId, csrfToken, expiresAt, masqueradeFromUserId });
      return { token, csrfToken, expiresAt };
    },

    /**
     * Starts a session for a user and answers as Drupal's login does (`current_user`,
     * `csrf_token`, `logout_token`): used by login and by the start of a masquerade.
     */
    async startAnswered(
      user: { id: number; name: string; roles: string[] },
      previousToken: string | undefined,
      masqueradeFromUserId: number | null = null,
    ) {
      const started = await this.start(user.id, previousToken, masqueradeFromUserId);
      return {
        token: started.token,
        expiresAt: started.expiresAt,
        body: {
          current_user: { uid: String(user.id), name: user.name, roles: ['authenticated', ...user.roles] },
          csrf_token: started.csrfToken,
          logout_token: this.logoutToken(idOf(started.token)),
        },
      };
    },

    async end(token: string | undefined): Promise<void> {
      if (token) await repo.deleteSession(db, idOf(token));
    },

    /** Ends every session of a user (after a password change), except `exceptId` if given. */
    endAllOf: (userId: number, exceptId?: string) => repo.deleteSessionsOfUser(db, userId, exceptId),

    /** Logout token as Drupal hands it out: derived, so it needs no storage. */
    logoutToken(sessionId: string): string {
      return createHmac('sha256', options.secret).update(`logout:${sessionId}`).digest('base64url');
    },

    csrfMatches(expected: string, given: string | undefined): boolean {
      if (!given) return false;
      const a = Buffer.from(expected);
      const b = Buffer.from(given);
      return a.length === b.length && timingSafeEqual(a, b);
    },

    purgeExpired: (now = new Date()) => repo.deleteExpiredSessions(db, now),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
