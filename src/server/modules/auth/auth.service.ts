import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { SessionService } from './session.service';
import * as repo from './auth.repository';
import { verifyPassword } from './passwords';

export function createAuthService(db: Db, sessions: SessionService) {
  return {
    /** Checks the credentials and starts a new session (the previous one, if any, ends). */
    async login(name: string, pass: string, previousToken: string | undefined) {
      const user = await repo.findUserByLoginName(db, name);
      const ok = await verifyPassword(user?.active ? user.pass : null, pass);
      if (!user || !ok) {
        throw new AppError(400, 'login_failed', 'Sorry, unrecognized username or password.');
      }
      const now = new Date();
      await repo.recordLogin(db, user.id, now);
      const session = await sessions.start(user.id, previousToken);
      return {
        token: session.token,
        expiresAt: session.expiresAt,
        body: {
          current_user: { uid: String(user.id), name: user.name, roles: ['authenticated', ...user.roles] },
          csrf_token: session.csrfToken,
          logout_token: sessions.logoutToken(sessions.sessionIdOf(session.token)),
        },
      };
    },

    logout: (token: string | undefined) => sessions.end(token),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
