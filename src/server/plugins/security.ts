import cors from '@fastify/cors';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const HELMET_OPTIONS: FastifyHelmetOptions = {
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
 * Security headers for everything the server answers. The SPA is built without inline scripts
 * or styles (toasts use react-toastify's unstyled build), so both stay 'self'. HSTS only over HTTPS (a browser ignores it over HTTP anyway,
 * but a local HTTP start should not pin localhost to HTTPS).
 */
export default fp(
  async (app: FastifyInstance, opts: { corsOrigins: string[]; apiBase: string }) => {
    await app.register(helmet, HELMET_OPTIONS);
    app.addHook('onRequest', (request, reply, done) => {
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
