import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Lang } from '../../plugins/language';
import { authMessage } from './auth.messages';
import * as repo from './auth.repository';
import { type FloodService, floodRules } from './flood.service';
import { verifyPassword } from './passwords';
import type { ActiveSession, SessionService } from './session.service';

export interface AuthServiceDeps {
  flood: FloodService;
  now: () => Date;
  /** Told before a session ends at logout (the staff module logs the end of a masquerade). */
  onLogout?: (session: ActiveSession | null, ip: string) => Promise<void>;
}

export function createAuthService(db: Db, sessions: SessionService, deps: AuthServiceDeps) {
  const { flood } = deps;
  return {
    /**
     * Checks the credentials and starts a new session (the previous one, if any, ends). Flood
     * control as Drupal: failures count per IP and per account; a blocked account or IP gets 429
     * even with the right password; a successful login clears the account's count.
     */
    async login(name: string, pass: string, previousToken: string | undefined, ip: string, lang: Lang) {
      const ipAttempt = await flood.attempt(floodRules.loginIp, ip);
      if (!ipAttempt.allowed) throw new AppError(429, 'login_blocked_ip', authMessage(lang, 'loginBlockedIp'));
      const user = await repo.findUserByLoginName(db, name);
      const accountKey = user ? `${user.id}-${ip}` : null;
      if (accountKey && !(await flood.attempt(floodRules.loginAccount, accountKey)).allowed) {
        await flood.forget(ipAttempt.id);
        throw new AppError(429, 'login_blocked', authMessage(lang, 'loginBlockedAccount'));
      }
      const ok = await verifyPassword(user?.active ? user.pass : null, pass);
      // A failure stays counted (per IP and per account and IP); a success takes both back.
      if (!user || !ok || !accountKey) {
        throw new AppError(400, 'login_failed', 'Sorry, unrecognized username or password.');
      }
      await flood.forget(ipAttempt.id);
      await flood.clear(floodRules.loginAccount, accountKey);
      await repo.recordLogin(db, user.id, deps.now());
      return sessions.startAnswered(user, previousToken);
    },

    async logout(session: ActiveSession | null, token: string | undefined, ip: string): Promise<void> {
      try {
        await deps.onLogout?.(session, ip);
      } finally {
        // Whatever the log says, the session ends.
        await sessions.end(token);
      }
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
