import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { Lang } from '../../plugins/language';
import { localized } from '../../i18n';
import { AUTH_MESSAGES } from './auth.messages';
import { crossSiteCheck } from '../../plugins/cross-site';
import * as repo from './auth.repository';
import { type FloodService, floodRules } from './flood.service';
import { verifyPassword } from './passwords';
import type { ActiveSession } from '../../context/session';
import type { SessionService } from './session.service';

export interface AuthServiceDeps {
  flood: FloodService;
  now: () => Date;
  /** Told before a session ends at logout (the staff module logs the end of a masquerade). */
  onLogout?: (session: ActiveSession | null, ip: string) => Promise<void>;
  /** Origins of web apps allowed to call the API from elsewhere (CORS_ORIGINS). */
  corsOrigins?: readonly string[];
}

/** A user's own record (names, mail, roles, language, relation id) for the modules that show it. */
export const userProfile = (db: DbOrTx, userId: number) => repo.findUserProfile(db, userId);

/** What the login functions share. */
export interface AuthContext {
  db: Db;
  sessions: SessionService;
  deps: AuthServiceDeps;
  flood: FloodService;
  isCrossSite: ReturnType<typeof crossSiteCheck>;
}

/**
 * Checks the credentials and starts a new session (the previous one, if any, ends). Flood
 * control as Drupal: failures count per IP and per account and IP; a blocked account or IP
 * gets 429 even with the right password; a successful login clears the account's count.
 * Both counts are claimed in the database before the password is checked (flood.claim), so a
 * burst from one IP gets at most 50 checks an hour, with any number of server instances.
 * `remember` is the login form's 'Remember me' (undefined: not sent), see SessionLifetime.
 */
export async function login(
  ctx: AuthContext,
  name: string,
  pass: string,
  previousToken: string | undefined,
  ip: string,
  remember?: boolean,
) {
  const { db, sessions, deps, flood } = ctx;
  const ipClaim = await flood.claim(floodRules.loginIp, ip);
  if (ipClaim === null) throw new AppError(429, 'login_blocked_ip', localized(AUTH_MESSAGES, 'login_blocked_ip'));
  // Only a failed check stays counted against the IP; anything else takes its claim back.
  let failed = false;
  try {
    const user = await repo.findUserByLoginName(db, name);
    const check = () => verifyPassword(user?.active ? user.pass : null, pass);
    // An unknown name is checked against a dummy hash all the same (same timing).
    const outcome = user
      ? await flood.verifyLimited(floodRules.loginAccount, `${user.id}-${ip}`, check)
      : await check().then(() => 'failed' as const);
    if (outcome === 'blocked') throw new AppError(429, 'login_blocked', localized(AUTH_MESSAGES, 'login_blocked'));
    if (!user || outcome === 'failed') {
      failed = true;
      throw new AppError(400, 'login_failed', localized(AUTH_MESSAGES, 'login_failed'));
    }
    await repo.recordLogin(db, user.id, deps.now());
    return await sessions.startAnswered(user, previousToken, null, { remember: remember ?? null });
  } finally {
    if (!failed) await flood.release(ipClaim);
  }
}

/**
 * Ends the session. The spec's logout is a GET without a CSRF token, so a page elsewhere
 * could log a customer out with a link or an image: a request the browser marks as
 * cross-site is refused (403) and the session stays.
 */
export async function logout(
  ctx: AuthContext,
  session: ActiveSession | null,
  token: string | undefined,
  request: { ip: string; lang: Lang; fetchSite?: string; referer?: string },
): Promise<void> {
  const { sessions, deps, isCrossSite } = ctx;
  if (isCrossSite(request.fetchSite, request.referer)) {
    throw new AppError(403, 'logout_cross_site', localized(AUTH_MESSAGES, 'logout_cross_site'));
  }
  const { ip } = request;
  try {
    await deps.onLogout?.(session, ip);
  } finally {
    // Whatever the log says, the session ends.
    await sessions.end(token);
  }
}

export function createAuthService(db: Db, sessions: SessionService, deps: AuthServiceDeps) {
  const ctx: AuthContext = { db, sessions, deps, flood: deps.flood, isCrossSite: crossSiteCheck(deps.corsOrigins ?? []) };
  return {
    login: (name: string, pass: string, previousToken: string | undefined, ip: string, remember?: boolean) => login(ctx, name, pass, previousToken, ip, remember),
    logout: (session: ActiveSession | null, token: string | undefined, request: { ip: string; lang: Lang; fetchSite?: string; referer?: string }) =>
      logout(ctx, session, token, request),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
