import type { FastifyInstance } from 'fastify';
import type { PaymentProvider } from './adapters/payments/provider';
import type { CacheBudget } from './cache-budget';
import { COMMON_MESSAGES } from './common.messages';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { textIn } from './i18n';
import { erpModule, paymentsModule } from './api-outside';
import { startJobs } from './jobs';
import { FOOD_CHANGE_MAILS_EVERY_MS } from './modules/erp/food-change-mail';
import type { SessionService } from './modules/auth/session.service';
import accountRoutes from './modules/account/account.routes';
import { createAccountService } from './modules/account/account.service';
import { createRelationService } from './modules/account/relation.service';
import authRoutes from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createFloodService } from './modules/auth/flood.service';
import passwordRoutes from './modules/auth/password.routes';
import { createPasswordChangeService } from './modules/auth/password-change.service';
import { createPasswordService } from './modules/auth/password.service';
import cartRoutes from './modules/ordering/cart/cart.routes';
import { createCartService } from './modules/ordering/cart/cart.service';
import foodOverviewRoutes from './modules/food-overview/food-overview.routes';
import { createFoodOverviewService } from './modules/food-overview/food-overview.service';
import quickOrderRoutes from './modules/quick-order/quick-order.routes';
import { createQuickOrderService } from './modules/quick-order/quick-order.service';
import catalogRoutes from './modules/catalog/catalog.routes';
import checkoutRoutes from './modules/ordering/checkout/checkout.routes';
import { createCheckoutService } from './modules/ordering/checkout/checkout.service';
import { createCatalogService } from './modules/catalog/catalog.service';
import { createSearchService } from './modules/search/search.service';
import { createFavoritesService } from './modules/catalog/favorites.service';
import { createPriceRequestService } from './modules/catalog/price-request.service';
import staffPriceRequestRoutes from './modules/catalog/staff-price-requests.routes';
import { createStaffPriceRequestService } from './modules/catalog/staff-price-requests.service';
import contentRoutes from './modules/content/content.routes';
import redirectRoutes from './modules/content/redirects.routes';
import { createContentService } from './modules/content/content.service';
import healthRoutes from './modules/health/health.routes';
import mailRoutes from './modules/mail/mail.routes';
import { createMailOutbox, MAIL_OUTBOX_EVERY_MS } from './modules/mail/mail-outbox.service';
import ordersRoutes from './modules/ordering/history/orders.routes';
import { createOrdersService } from './modules/ordering/history/orders.service';
import imageRoutes from './modules/images/images.routes';
import { createImageService } from './modules/images/images.service';
import foodCompletenessRoutes from './modules/food-completeness/completeness.routes';
import { createFoodCompletenessService } from './modules/food-completeness/completeness.service';
import searchSuggestRoutes from './modules/search-suggest/search-suggest.routes';
import { createSearchStatistics } from './modules/search-suggest/search-statistics.service';
import { createSearchSuggestService } from './modules/search-suggest/search-suggest.service';
import staffRoutes from './modules/staff/staff.routes';
import auditRoutes from './modules/audit/audit.routes';
// The staff order page (issue 42).
import deskRoutes from './modules/ordering/desk/desk.routes';
import { createDeskService } from './modules/ordering/desk/desk.service';
// The staff orders board (issue 42).
import boardRoutes from './modules/ordering/board/board.routes';
import { createBoardService } from './modules/ordering/board/board.service';
import { createStaffService } from './modules/staff/staff.service';
import authPlugin from './plugins/auth';
import { sendError } from './plugins/errors';
import inputGuardPlugin from './plugins/input-guard';
import rateLimitsPlugin, { isApiWideKey } from './plugins/rate-limits';
import { createRateLimits } from './modules/rate-limits/rate-limits.service';

/** What the API's modules are built from; the root instance carries the mailer and logger. */
export interface ApiOptions {
  config: AppConfig;
  database: Database;
  sessions: SessionService;
  caches: CacheBudget;
  now: () => Date;
  /** Replaces the configured payment provider. */
  paymentProvider?: PaymentProvider;
  /** Background jobs on a timer (payment reconciliation, mail retries, purges). */
  jobs: boolean;
}

/** How often the reconciliation job looks for payments left unfinished. */
const RECONCILE_EVERY_MS = 60_000;
/** How often the counted searches are written (decision 026). */
const SEARCH_STATISTICS_EVERY_MS = 10_000;
/** How often the rate limits' counters of ended windows are removed. */
const PURGE_RATE_LIMITS_EVERY_MS = 600_000;
/** How often expired sessions are removed. */
const PURGE_SESSIONS_EVERY_MS = 3600_000;

export type Outbox = ReturnType<typeof createMailOutbox>;

/**
 * The shop API under its base path: every module's service built and its routes registered, and
 * the background jobs. Services the root instance shares (payments, the mail outbox) are decorated on `app`.
 */
export function apiModules(app: FastifyInstance, options: ApiOptions) {
  return async (api: FastifyInstance) => {
    const rateLimits = await apiBasics(api, options);
    const { outbox, staff } = await sessionModules(app, api, options);
    const { search, searchStatistics } = await catalogModules(app, api, options, outbox);
    await api.register(staffRoutes, { staff });
    const { completeness, cart, checkout } = await orderingModules(api, options, outbox);
    const foodChangeMails = await erpModule(app, api, options, outbox, completeness);
    const payments = await paymentsModule(app, api, options, cart, checkout);
    if (options.jobs) {
      backgroundJobs(app, [
        { name: 'payment reconciliation', everyMs: RECONCILE_EVERY_MS, run: () => payments.reconcile() },
        { name: 'food change mails', everyMs: FOOD_CHANGE_MAILS_EVERY_MS, run: () => foodChangeMails.handOver() },
        { name: 'mail outbox', everyMs: MAIL_OUTBOX_EVERY_MS, run: () => outbox.deliverDue() },
        { name: 'expired sessions purge', everyMs: PURGE_SESSIONS_EVERY_MS, run: () => options.sessions.purgeExpired() },
        { name: 'rate limit counters purge', everyMs: PURGE_RATE_LIMITS_EVERY_MS, run: () => rateLimits.purgeEnded() },
        { name: 'search statistics', everyMs: SEARCH_STATISTICS_EVERY_MS, run: () => searchStatistics.flush() },
      ], search);
    }
  };
}

/** What every API route shares: the body parsers, sessions, the input guard, rate limits, the 404. */
async function apiBasics(api: FastifyInstance, { config, database, sessions, now }: ApiOptions) {
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
  const rateLimits = createRateLimits(database.db, { now, inProcess: isApiWideKey });
  await api.register(rateLimitsPlugin, { limits: config.rateLimits, store: rateLimits.Store });
  api.setNotFoundHandler((request, reply) =>
    sendError(reply, request, {
      status: 404,
      code: 'not_found',
      message: textIn(request.lang, COMMON_MESSAGES, 'no_api_route', request.method, request.url.split('?')[0] ?? ''),
    }),
  );
  return rateLimits;
}

/** Health, the mail outbox, logging in, passwords, the account and the content pages. */
async function sessionModules(app: FastifyInstance, api: FastifyInstance, { config, database, sessions, now }: ApiOptions) {
  const { db } = database;
  await api.register(healthRoutes, { ping: () => database.ping() });
  // Every mail goes through the outbox (decision 033).
  const outbox = createMailOutbox(db, { mailer: app.mailer, now, log: app.log });
  app.decorate('mailOutbox', outbox);
  await api.register(mailRoutes, { outbox });
  await api.register(auditRoutes, { db, now });
  const flood = createFloodService(db, { now });
  const passwords = createPasswordService(db, { sessions, flood, outbox, config, now, log: app.log });
  const welcome = { outbox, publicUrl: config.publicUrl, shopName: config.shopName, hashSalt: config.secrets.hashSalt };
  const staff = createStaffService(db, sessions, { publicUrl: config.publicUrl, corsOrigins: config.corsOrigins, welcome, now });
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
    account: createAccountService(db),
    relation: createRelationService(db),
    passwordChange: createPasswordChangeService({ passwords, flood }),
  });
  await api.register(redirectRoutes, { db, now });
  await api.register(contentRoutes, {
    content: createContentService(db, { publicUrl: config.publicUrl, apiBase: config.apiBase }, now),
  });
  return { outbox, staff };
}

/** The search engine, the catalogue, search suggestions and statistics, and product images. */
async function catalogModules(app: FastifyInstance, api: FastifyInstance, { config, database, caches, now }: ApiOptions, outbox: Outbox) {
  const { db } = database;
  const search = createSearchService(db, {
    caches,
    onBuilt: (stats) => app.log.info({ search: stats }, 'search index built'),
    onBuildFailed: (err) => app.log.warn({ err }, 'the search index could not be built; the previous one answers'),
  });
  app.decorate('searchEngine', search);
  const catalog = createCatalogService(db, { apiBase: config.apiBase, now, caches, search });
  const searchStatistics = createSearchStatistics(db, { now, log: app.log, secret: config.secrets.hashSalt });
  // Counts written when the server closes, before the database closes (main.ts, app.ts).
  api.addHook('onClose', async () => searchStatistics.flush());
  await api.register(catalogRoutes, {
    catalog,
    onSearch: (text, found, session) => searchStatistics.record(text, found, session.user.id),
    favorites: createFavoritesService(db),
    priceRequests: createPriceRequestService(db, {
      outbox,
      salesEmail: config.salesEmail,
      shopName: config.shopName,
      now,
    }),
  });
  // The price requests inbox of the order desk (issue 42, point 6).
  await api.register(staffPriceRequestRoutes, {
    inbox: createStaffPriceRequestService(db, { outbox, now, shopName: config.shopName, publicUrl: config.publicUrl }),
  });
  await api.register(searchSuggestRoutes, { suggest: createSearchSuggestService(catalog, { now, caches, search }), statistics: searchStatistics });
  await api.register(imageRoutes, {
    images: createImageService(db, { dataDir: config.dataDir, log: app.log }),
  });
  return { search, catalog, searchStatistics };
}

/** Food completeness, the cart, checkout, order history, quick order and the food overview. */
async function orderingModules(api: FastifyInstance, { config, database, caches, now }: ApiOptions, outbox: Outbox) {
  const { db } = database;
  const completeness = createFoodCompletenessService(db);
  await api.register(foodCompletenessRoutes, { completeness });
  const cart = createCartService(db, { apiBase: config.apiBase, now });
  await api.register(cartRoutes, { cart });
  const checkout = createCheckoutService(db, { cart, outbox, now, shopName: config.shopName, publicUrl: config.publicUrl });
  await api.register(checkoutRoutes, { checkout });
  const orders = createOrdersService(db, { apiBase: config.apiBase });
  await api.register(ordersRoutes, { orders });
  // The staff order page (issue 42).
  await api.register(deskRoutes, { desk: createDeskService(db, { cart, outbox, now, shopName: config.shopName, publicUrl: config.publicUrl }) });
  await api.register(boardRoutes, { board: createBoardService(db, { now }) });
  await api.register(quickOrderRoutes, { quickOrder: createQuickOrderService(db, { cart, orders, apiBase: config.apiBase, now }) });
  await api.register(foodOverviewRoutes, { foodOverview: createFoodOverviewService(db, { shopName: config.shopName, now, caches }) });
  return { completeness, cart, checkout };
}

/** The jobs on a timer, from the app's start to its close; the search index is built ahead. */
function backgroundJobs(app: FastifyInstance, list: Parameters<typeof startJobs>[0], search: ReturnType<typeof createSearchService>) {
  // Each run logs its failure and the job runs again at its next turn (jobs.ts).
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    // The search index is built before the first search asks for it (a failure is logged; the
    // first search then builds it).
    search.warm().catch((err: unknown) => app.log.warn({ err }, 'the search index could not be built ahead'));
    stop = startJobs(list, app.log);
  });
  app.addHook('onClose', async () => stop?.());
}
