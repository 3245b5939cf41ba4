import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createMailer, type Mailer } from './adapters/mail/mailer';
import { type CacheBudget, createCacheBudget } from './cache-budget';
import type { AppConfig } from './config';
import { type Database, openDatabase } from './db/client';
import compressPlugin from './plugins/compress';
import { createResponseSerializerCompiler } from './response-serializer';
import errorsPlugin from './plugins/errors';
import languagePlugin, { languageRewriter } from './plugins/language';
import securityPlugin from './plugins/security';
import spaPlugin from './plugins/spa';
import { pathLanguage } from './modules/content/content-path';
import { redirectFor } from './modules/content/redirects-visit';
import { createSessionService, type SessionService } from './modules/auth/session.service';
import type { MailOutbox } from './modules/mail/mail-outbox.service';
import type { PaymentsService } from './modules/payments/payments.service';
import type { SearchService } from './modules/search/search.service';
import type { PaymentProvider } from './adapters/payments/provider';
import { apiModules } from './api';

/** The log levels at which the request line is written (pino's names). */
const LOGS_REQUESTS = new Set(['trace', 'debug', 'info']);

export interface AppDeps {
  /** An open, migrated database; when absent the app opens (and closes) its own from config. */
  database?: Database;
  mailer?: Mailer;
  /** Logging: false silences it (tests); default is JSON lines at config.logLevel. */
  logger?: boolean;
  /** The clock of time-based rules (flood control, reset links); tests move it. */
  now?: () => Date;
  /** Background jobs on a timer (payment reconciliation, mail retries, purges); tests run them by hand. Default true. */
  jobs?: boolean;
  /** Replaces the configured payment provider (tests of the Mollie adapter bring their own). */
  paymentProvider?: PaymentProvider;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    sessions: SessionService;
    mailer: Mailer;
    payments: PaymentsService;
    /** Every mail the shop sends (decision 033); tests run its job by hand. */
    mailOutbox: MailOutbox;
    /** The byte budget of the in-process caches, and what they hold. */
    caches: CacheBudget;
    /** The product search engine (decision 025); tests wait for its builds. */
    searchEngine: SearchService;
  }
}

/** Password-reset hashes are secrets for 24 hours: they never go into the logs. */
export function redactUrl(url: string): string {
  return url.replace(/(\/reset(?:-password)?\/[^/?#]+\/[^/?#]+\/)[^/?#]+/, '$1[redacted]');
}

/** Builds the whole server without listening: main.ts listens, tests use `app.inject`. */
export async function buildApp(config: AppConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = createFastify(config, deps);
  const database = await useDatabase(app, config, deps);
  const caches = await registerPlugins(app, config);
  const now = deps.now ?? (() => new Date());
  const sessions = createSessionService(database.db, {
    secret: config.secrets.session,
    ttlHours: config.sessionTtlHours,
    browserTtlHours: config.sessionBrowserTtlHours,
    maxDays: config.sessionMaxDays,
    now,
  });
  // On the root instance: main.ts purges expired sessions through it.
  app.decorate('sessions', sessions);

  await app.register(apiModules(app, { config, database, sessions, caches, now, paymentProvider: deps.paymentProvider, jobs: deps.jobs !== false }), {
    prefix: config.apiBase,
  });
  await registerDocs(app, config);
  await app.register(spaPlugin, {
    webRoot: config.webRoot,
    apiBase: config.apiBase,
    shopName: config.shopName,
    contactUrl: config.contactUrl,
    redirectFor: (urlPath) => redirectFor(database.db, urlPath, pathLanguage(urlPath) ?? 'nl'),
  });

  return app;
}

/** The Fastify instance: logging (one line per request), proxies, limits, zod schemas both ways. */
function createFastify(config: AppConfig, deps: AppDeps): FastifyInstance {
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'],
          },
    rewriteUrl: languageRewriter(config.apiBase),
    // A hop count: trust that many proxies nearest to us, no further (a client cannot add hops).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? ((hops: number) => (_address: string, hop: number) => hop < hops)(config.trustProxy)
        : config.trustProxy,
    // One log line per request (in onResponse below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 500 },
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook('onResponse', (request, reply, done) => {
    // Nothing to build when the level leaves the line out (LOG_LEVEL=warn or above).
    if (LOGS_REQUESTS.has(request.log.level)) {
      request.log.info(
        { method: request.method, url: redactUrl(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
        'request',
      );
    }
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  // Every answer is checked against (and cut to) its route's zod response schema on the way out.
  app.setSerializerCompiler(createResponseSerializerCompiler());
  return app;
}

/** The database the app was given, or its own from config (closed with the app); and the mailer. */
async function useDatabase(app: FastifyInstance, config: AppConfig, deps: AppDeps): Promise<Database> {
  let database = deps.database;
  if (!database) {
    database = await openDatabase(
      config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: `${config.dataDir}/pglite` },
    );
    const owned = database;
    app.addHook('onClose', async () => owned.close());
  }
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('mailer', deps.mailer ?? createMailer(config));
  // A connection ended while no request used it (the database restarting): the pool drops it.
  database.onConnectionError((err) => app.log.warn({ err }, 'a database connection was closed by the server'));
  return database;
}

/** Errors, the cache budget, compression, language, security headers, cookies and the OpenAPI document. */
async function registerPlugins(app: FastifyInstance, config: AppConfig): Promise<CacheBudget> {
  await app.register(errorsPlugin);
  // Every in-process cache takes its share of one budget (decision 014).
  const caches = createCacheBudget(config.cacheMaxMb * 2 ** 20);
  app.decorate('caches', caches);
  await app.register(compressPlugin, { caches });
  await app.register(languagePlugin);
  await app.register(securityPlugin, { corsOrigins: config.corsOrigins, apiBase: config.apiBase });
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: { title: `${config.shopName} shop API`, version: '1' },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  return caches;
}

/** Outside the API context: the docs are public and carry their own CSP (swagger-ui needs it). */
async function registerDocs(app: FastifyInstance, config: AppConfig) {
  await app.register(swaggerUi, {
    routePrefix: `${config.apiBase}/docs`,
    staticCSP: true,
    // swagger-ui injects inline styles; this page only (the shop keeps style-src 'self'), and no
    // upgrade-insecure-requests, which would break the docs over plain HTTP on a LAN address.
    transformStaticCSP: (header: string) =>
      header
        .replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'")
        .replace(/;?\s*upgrade-insecure-requests;?/, ';'),
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
}
