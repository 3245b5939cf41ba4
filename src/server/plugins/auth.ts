import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { COMMON_MESSAGES } from '../common.messages';
import { AppError, loginRequired } from '../errors';
import { localized } from '../i18n';
import type { ActiveSession } from '../context/session';
import { SESSION_COOKIE, type SessionService } from '../modules/auth/session.service';
import { type StaffRole, staffMayReach } from '../../shared/api/staff-roles';

/** Who may call a route: anyone, a logged-in user, or staff. */
export type Access = 'public' | 'user' | 'staff';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** On a staff route: the staff roles that may call it (admin always may; decision 037). */
    staffRoles?: readonly StaffRole[];
    /** Unsafe methods need the session's X-CSRF-Token unless a route opts out (login does). */
    csrf?: boolean;
  }
  interface FastifyRequest {
    session: ActiveSession | null;
  }
  interface FastifyInstance {
    /** `expires` null: a cookie that ends with the browser. */
    setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expires: Date | null): void;
    clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export default fp(
  async (app: FastifyInstance, opts: { sessions: SessionService; cookiePath: string }) => {
    app.decorateRequest('session', null);

    const cookieOptions = (request: FastifyRequest) => ({
      path: opts.cookiePath,
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: request.protocol === 'https',
    });
    app.decorate('setSessionCookie', (request: FastifyRequest, reply: FastifyReply, token: string, expires: Date | null) => {
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), ...(expires ? { expires } : {}) });
    });
    app.decorate('clearSessionCookie', (request: FastifyRequest, reply: FastifyReply) => {
      reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
    });

    app.addHook('onRequest', async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      request.session = await opts.sessions.resolve(token);
      // Unknown paths answer 404 for everyone, so they reveal nothing about access rules.
      if (request.is404) return;
      const config = request.routeOptions.config;

      if (request.session && UNSAFE.has(request.method) && config.csrf !== false) {
        const given = request.headers['x-csrf-token'];
        if (!opts.sessions.csrfMatches(request.session.csrfToken, typeof given === 'string' ? given : undefined)) {
          throw new AppError(403, 'csrf_token_invalid', localized(COMMON_MESSAGES, 'csrf_token_invalid'));
        }
      }
      const access = config.access ?? 'user';
      if (access === 'public') return;
      if (!request.session) throw loginRequired();
      if (access === 'staff') checkStaffRole(request.session.user.roles, config.staffRoles ?? []);
    });

    // What a logged-in caller is answered is theirs (prices, carts, orders): no shared cache or
    // browser history may keep it. A route that knows better (images) sets its own.
    app.addHook('onSend', async (request, reply) => {
      if (request.session && !reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    });
  },
  { name: 'auth', dependencies: ['errors'] },
);

/** A staff route: the caller is staff, not masquerading (a masquerade's session is the customer's), with a role it takes. */
function checkStaffRole(roles: readonly string[], allowed: readonly StaffRole[]) {
  if (!roles.includes('staff')) throw new AppError(403, 'staff_only', localized(COMMON_MESSAGES, 'staff_only'));
  if (!staffMayReach(roles, allowed)) {
    throw new AppError(403, 'staff_role_missing', localized(COMMON_MESSAGES, 'staff_role_missing'));
  }
}

/** The caller's session on a route with access 'user' or 'staff' (the hook has checked it). */
export function sessionOf(request: FastifyRequest): ActiveSession {
  if (!request.session) throw loginRequired();
  return request.session;
}
