import rateLimit, { type FastifyRateLimitStoreCtor, normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { COMMON_MESSAGES } from '../common.messages';
import type { RateLimits } from '../config';
import { AppError } from '../errors';
import { localized } from '../i18n';

/** The routes that cost (decision 034), each group with a limit of its own per user. */
export type CostGroup = Exclude<keyof RateLimits, 'api'>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a request of the route costs: its group's limit per user (per address without a session)
     * instead of the API's per address. A function decides per request (a product list is a search
     * only with a text to search for); null: the API's limit.
     */
    cost?: CostGroup | ((request: FastifyRequest) => CostGroup | null);
  }
}

/** Every limit counts the requests of a minute from a key's first one. */
export const RATE_LIMIT_WINDOW_MS = 60_000;

/** The API-wide limit's keys: counted in each process, not in the database (decision 034). */
export const isApiWideKey = (key: string) => key.startsWith('api:');

function groupOf(request: FastifyRequest): CostGroup | null {
  const cost = request.routeOptions.config.cost;
  return typeof cost === 'function' ? cost(request) : (cost ?? null);
}

/** `search:u:12` per user where the request has a session, else `search:a:192.0.2.1`; the API's limit: `api:a:…`. */
function keyOf(request: FastifyRequest): string {
  const group = groupOf(request);
  if (group === null) return `api:a:${normalizeIP(request.ip)}`;
  return request.session ? `${group}:u:${request.session.user.id}` : `${group}:a:${normalizeIP(request.ip)}`;
}

/**
 * @fastify/rate-limit on every API route (the store: modules/rate-limits). Counted before the
 * handler, once the session is known and the input is valid (what is refused before costs nothing
 * and is not counted); over the limit a 429 in the request's language with Retry-After. Answers
 * below the limit carry no rate headers.
 */
export default fp(
  async (app: FastifyInstance, opts: { limits: RateLimits; store: FastifyRateLimitStoreCtor }) => {
    await app.register(rateLimit, {
      store: opts.store,
      hook: 'preHandler',
      timeWindow: RATE_LIMIT_WINDOW_MS,
      keyGenerator: keyOf,
      max: (request) => opts.limits[groupOf(request) ?? 'api'],
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
      errorResponseBuilder: (_request, context) =>
        new AppError(429, 'too_many_requests', localized(COMMON_MESSAGES, 'rate_limited', Math.max(1, Math.ceil(context.ttl / 1000)))),
    });
  },
  { name: 'rate-limits', dependencies: ['auth', 'errors'] },
);
