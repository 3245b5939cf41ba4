import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers helmet sets with these options, found once: they are the same for every answer
 * (no nonces). @fastify/helmet built helmet's middleware anew on every request (parsing the
 * policy each time) and set each header on the raw response; this is the same library, asked
 * once, its headers handed to Fastify as they are.
 */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Security headers for everything the server answers. The SPA is built without inline scripts
 * or styles (toasts use react-toastify's unstyled build), so both stay 'self'. HSTS only over HTTPS (a browser ignores it over HTTP anyway,
 * but a local HTTP start should not pin localhost to HTTPS).
 */
export default fp(
  async (app: FastifyInstance, opts: { corsOrigins: string[]; apiBase: string }) => {
    const headers = securityHeaders();
    // One synchronous hook for every answer (no promise per request).
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(headers);
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      done();
    });
    if (opts.corsOrigins.length > 0) {
      // Only needed when the SPA is served from another origin than the API.
      await app.register(cors, {
        origin: opts.corsOrigins,
        credentials: true,
        methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
        allowedHeaders: ['Content-Type', 'X-CSRF-Token', 'Accept'],
      });
    }
  },
  { name: 'security' },
);
