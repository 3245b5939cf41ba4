import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { categoryTreeResponse, productDetailResponse, productListResponse } from '../shared/api/catalog';
import { createMailer, type Mailer } from './adapters/mail/mailer';
import { COMMON_MESSAGES } from './common.messages';
import { type CacheBudget, createCacheBudget } from './cache-budget';
import type { AppConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { textIn } from './i18n';
import { startJobs } from './jobs';
import accountRoutes from './modules/account/account.routes';
import { createAccountService } from './modules/account/account.service';
import { createRelationService } from './modules/account/relation.service';
import authRoutes from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createFloodService } from './modules/auth/flood.service';
import passwordRoutes from './modules/auth/password.routes';
import { createPasswordService } from './modules/auth/password.service';
import { createSessionService, type SessionService } from './modules/auth/session.service';
import cartRoutes from './modules/cart/cart.routes';
import { createCartService } from './modules/cart/cart.service';
import quickOrderRoutes from './modules/quick-order/quick-order.routes';
import { createQuickOrderService } from './modules/quick-order/quick-order.service';
import catalogRoutes from './modules/catalog/catalog.routes';
import checkoutRoutes from './modules/checkout/checkout.routes';
import { createCheckoutService } from './modules/checkout/checkout.service';
import { CONFIRMATION_RETRY_EVERY_MS, type ConfirmationRetry, createConfirmationRetry } from './modules/checkout/confirmation-retry.service';
import { createCatalogService } from './modules/catalog/catalog.service';
import { createFavoritesService } from './modules/catalog/favorites.service';
import { createPriceRequestService } from './modules/catalog/price-request.service';
import contentRoutes from './modules/content/content.routes';
import { createContentService } from './modules/content/content.service';
import erpRoutes from './modules/erp/erp.routes';
import { createErpService } from './modules/erp/erp.service';
import { createErpImageService } from './modules/erp/erp-images-archive';
import healthRoutes from './modules/health/health.routes';
import ordersRoutes from './modules/orders/orders.routes';
import paymentsRoutes from './modules/payments/payments.routes';
import { createPaymentsService, type PaymentsService } from './modules/payments/payments.service';
import { configuredProvider } from './adapters/payments/configured-provider';
import type { PaymentProvider } from './adapters/payments/provider';
import { createOrdersService } from './modules/orders/orders.service';
import imageRoutes from './modules/images/images.routes';
import { createImageService } from './modules/images/images.service';
import staffRoutes from './modules/staff/staff.routes';
import { createStaffService } from './modules/staff/staff.service';
import authPlugin from './plugins/auth';
import compressPlugin from './plugins/compress';
import errorsPlugin, { sendError } from './plugins/errors';
import inputGuardPlugin from './plugins/input-guard';
import languagePlugin, { languageRewriter } from './plugins/language';
import securityPlugin from './plugins/security';
import { responseSerializerCompiler } from './plugins/serializer';
import spaPlugin from './plugins/spa';

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

/** How often the reconciliation job looks for payments left unfinished. */
const RECONCILE_EVERY_MS = 60_000;
/** How often expired sessions are removed. */
const PURGE_SESSIONS_EVERY_MS = 3600_000;

/** Where the provider posts status changes; Mollie cannot reach a loopback address, so none then. */
function webhookUrlFor(config: Pick<AppConfig, 'publicUrl' | 'apiBase'>, provider: 'mollie' | 'sandbox'): string | null {
  const url = `${config.publicUrl}${config.apiBase}/api/payments/webhook`;
  if (provider === 'sandbox') return url;
  const host = new URL(config.publicUrl).hostname;
  return ['localhost', '127.0.0.1', '[::1]', '::1'].includes(host) || host.endsWith('.localhost') ? null : url;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    sessions: SessionService;
    mailer: Mailer;
    payments: PaymentsService;
    confirmations: ConfirmationRetry;
    /** The byte budget of the in-process caches, and what they hold. */
    caches: CacheBudget;
  }
}

/** Password-reset hashes are secrets for 24 hours: they never go into the logs. */
export function redactUrl(url: string): string {
  return url.replace(/(\/reset(?:-password)?\/[^/?#]+\/[^/?#]+\/)[^/?#]+/, '$1[redacted]');
}

/** Builds the whole server without listening: main.ts listens, tests use `app.inject`. */
export async function buildApp(config: AppConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
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
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { method: request.method, url: redactUrl(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });
  app.setValidatorCompiler(validatorCompiler);
  // The catalogue's big answers are built as typed literals by the catalogue service: checking
  // them against their zod schema again on the way out is a sizeable share of a product list
  // request (decision 008 has the figure).
  app.setSerializerCompiler(responseSerializerCompiler([productListResponse, productDetailResponse, categoryTreeResponse]));

  let database = deps.database;
  if (!database) {
    database = await openDatabase(
      config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: `${config.dataDir}/pglite` },
    );
    const owned = database;
    app.addHook('onClose', async () => owned.close());
  }
  const { db } = database;
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('mailer', deps.mailer ?? createMailer(config));
  // A connection ended while no request used it (the database restarting): the pool drops it.
  database.onConnectionError((err) => app.log.warn({ err }, 'a database connection was closed by the server'));

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

  const now = deps.now ?? (() => new Date());
  const sessions = createSessionService(db, {
    secret: config.secrets.session,
    ttlHours: config.sessionTtlHours,
    browserTtlHours: config.sessionBrowserTtlHours,
    maxDays: config.sessionMaxDays,
    now,
  });
  // On the root instance: main.ts purges expired sessions through it.
  app.decorate('sessions', sessions);

  await app.register(
    async (api) => {
      // Only JSON comes in: a text/plain body would otherwise reach the schemas as a string.
      api.removeContentTypeParser('text/plain');
      // JSON:API documents are JSON; Drupal clients send them with their own media type.
      api.addContentTypeParser(
        'application/vnd.api+json',
        { parseAs: 'string' },
        api.getDefaultJsonParser('error', 'error'),
      );
      await api.register(authPlugin, { sessions, cookiePath: '/' });
      await api.register(inputGuardPlugin);
      api.setNotFoundHandler((request, reply) =>
        sendError(reply, request, {
          status: 404,
          code: 'not_found',
          message: textIn(request.lang, COMMON_MESSAGES, 'no_api_route', request.method, request.url.split('?')[0] ?? ''),
        }),
      );

      await api.register(healthRoutes, { ping: () => database.ping() });
      const flood = createFloodService(db, { now });
      const passwords = createPasswordService(db, { sessions, flood, mailer: app.mailer, config, now, log: app.log });
      const staff = createStaffService(db, sessions, { publicUrl: config.publicUrl, corsOrigins: config.corsOrigins });
      await api.register(authRoutes, {
        auth: createAuthService(db, sessions, {
          flood,
          now,
          onLogout: (session, ip) => staff.recordLogout(session, ip),
          corsOrigins: config.corsOrigins,
        }),
      });
      await api.register(passwordRoutes, { passwords });
      await api.register(accountRoutes, {
        account: createAccountService(db, { passwords, flood }),
        relation: createRelationService(db),
      });
      await api.register(contentRoutes, {
        content: createContentService(db, { publicUrl: config.publicUrl, apiBase: config.apiBase }),
      });
      await api.register(catalogRoutes, {
        catalog: createCatalogService(db, { apiBase: config.apiBase, now, caches }),
        favorites: createFavoritesService(db),
        priceRequests: createPriceRequestService(db, {
          mailer: app.mailer,
          salesEmail: config.salesEmail,
          shopName: config.shopName,
          now,
          log: app.log,
        }),
      });
      await api.register(imageRoutes, {
        images: createImageService(db, { dataDir: config.dataDir, log: app.log }),
      });
      await api.register(staffRoutes, { staff });
      const cart = createCartService(db, { apiBase: config.apiBase, now });
      await api.register(cartRoutes, { cart });
      const checkout = createCheckoutService(db, { cart, mailer: app.mailer, log: app.log, now, shopName: config.shopName, publicUrl: config.publicUrl });
      await api.register(checkoutRoutes, { checkout });
      const orders = createOrdersService(db, { apiBase: config.apiBase });
      await api.register(ordersRoutes, { orders });
      await api.register(quickOrderRoutes, { quickOrder: createQuickOrderService(db, { cart, orders, apiBase: config.apiBase, now }) });
      const erp = createErpService(db, {
        now,
        caches,
        welcome: { mailer: app.mailer, publicUrl: config.publicUrl, shopName: config.shopName, hashSalt: config.secrets.hashSalt, log: app.log },
      });
      const erpImages = createErpImageService(db, { dataDir: config.dataDir, log: app.log });
      await api.register(erpRoutes, { erp, images: erpImages, token: config.erpApiToken });

      const { provider, sandbox } = configuredProvider(db, config, { override: deps.paymentProvider, now, log: app.log });
      const payments = createPaymentsService(db, {
        provider,
        cart,
        checkout,
        log: app.log,
        now,
        shopName: config.shopName,
        publicUrl: config.publicUrl,
        apiBase: config.apiBase,
        webhookUrl: webhookUrlFor(config, provider.name),
        providerTimeoutMs: config.paymentTimeoutMs,
      });
      app.decorate('payments', payments);
      await api.register(paymentsRoutes, { payments, sandbox });
      const confirmations = createConfirmationRetry(db, { mailer: app.mailer, log: app.log, now, shopName: config.shopName, publicUrl: config.publicUrl });
      app.decorate('confirmations', confirmations);
      if (deps.jobs !== false) {
        // Each run logs its failure and the job runs again at its next turn (jobs.ts).
        let stop: (() => Promise<void>) | undefined;
        app.addHook('onReady', async () => {
          stop = startJobs(
            [
              { name: 'payment reconciliation', everyMs: RECONCILE_EVERY_MS, run: () => payments.reconcile() },
              { name: 'order confirmation retry', everyMs: CONFIRMATION_RETRY_EVERY_MS, run: () => confirmations.retry() },
              { name: 'expired sessions purge', everyMs: PURGE_SESSIONS_EVERY_MS, run: () => sessions.purgeExpired() },
            ],
            app.log,
          );
        });
        app.addHook('onClose', async () => stop?.());
      }
    },
    { prefix: config.apiBase },
  );
  // Outside the API context: the docs are public and carry their own CSP (swagger-ui needs it).
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

  await app.register(spaPlugin, {
    webRoot: config.webRoot,
    apiBase: config.apiBase,
    shopName: config.shopName,
    contactUrl: config.contactUrl,
  });

  return app;
}
