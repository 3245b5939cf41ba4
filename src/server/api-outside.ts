import type { FastifyInstance } from 'fastify';
import { configuredProvider } from './adapters/payments/configured-provider';
import type { ApiOptions, Outbox } from './api';
import type { AppConfig } from './config';
import erpRoutes from './modules/erp/erp.routes';
import { createErpImageService } from './modules/erp/erp-images-archive';
import { createErpService } from './modules/erp/erp.service';
import { createFoodChangeMails } from './modules/erp/food-change-mail';
import importRunRoutes from './modules/erp/import-runs.routes';
import type { createFoodCompletenessService } from './modules/food-completeness/completeness.service';
import type { createCartService } from './modules/ordering/cart/cart.service';
import type { createCheckoutService } from './modules/ordering/checkout/checkout.service';
import paymentsRoutes from './modules/payments/payments.routes';
import { createPaymentsService } from './modules/payments/payments.service';

/*
 * The API's links to the two systems outside the shop: the ERP exchange (imports, exports, the
 * stock import's pacing) and the payment provider. api.ts composes them with the other modules.
 */

/**
 * The share of the time a stock import's work may take (decision 030): it rests three times as long
 * as it works, so imports back to back leave the catalogue most of the machine.
 */
const STOCK_IMPORT_SHARE = 0.25;
/**
 * On PGlite each step of a stock import is a transaction of its own that holds the one connection
 * (decision 030): 125 rows, so a request waits at most one short step behind it. Steps that
 * small cost more in all (each is planned and committed on its own), so the import may work half
 * the time (its duration: docs/benchmarks.md).
 */
const PGLITE_STOCK_STEP_ROWS = 125;
const PGLITE_STOCK_IMPORT_SHARE = 0.5;
/** Where the provider posts status changes; Mollie cannot reach a loopback address, so none then. */
function webhookUrlFor(config: Pick<AppConfig, 'publicUrl' | 'apiBase'>, provider: 'mollie' | 'sandbox'): string | null {
  const url = `${config.publicUrl}${config.apiBase}/api/payments/webhook`;
  if (provider === 'sandbox') return url;
  const host = new URL(config.publicUrl).hostname;
  return ['localhost', '127.0.0.1', '[::1]', '::1'].includes(host) || host.endsWith('.localhost') ? null : url;
}

/** The ERP exchange: imports (files and images) and exports; answers the food change mails for the job. */
export async function erpModule(
  app: FastifyInstance,
  api: FastifyInstance,
  { config, database, now }: ApiOptions,
  outbox: Outbox,
  completeness: ReturnType<typeof createFoodCompletenessService>,
) {
  const { db } = database;
  const foodChangeMails = createFoodChangeMails(db, { outbox, publicUrl: config.publicUrl, shopName: config.shopName, now });
  const erp = createErpService(db, {
    now,
    foodChangeMails,
    stockPacing: database.kind === 'pglite' ? { share: PGLITE_STOCK_IMPORT_SHARE, oneConnection: true, stepRows: PGLITE_STOCK_STEP_ROWS } : { share: STOCK_IMPORT_SHARE, oneConnection: false },
    noAutovacuum: database.kind === 'pglite',
    log: app.log,
    welcome: { outbox, publicUrl: config.publicUrl, shopName: config.shopName, hashSalt: config.secrets.hashSalt },
  });
  const erpImages = createErpImageService(db, { dataDir: config.dataDir, log: app.log });
  await api.register(erpRoutes, { erp, images: erpImages, completeness, token: config.erpApiToken });
  // Staff's list of the runs (issue 42, point 8): outside the ERP routes' bearer guard.
  await api.register(importRunRoutes, { db });
  return foodChangeMails;
}

/** Payments, on the configured provider (or the one a test passes). */
export async function paymentsModule(
  app: FastifyInstance,
  api: FastifyInstance,
  { config, database, now, paymentProvider }: ApiOptions,
  cart: ReturnType<typeof createCartService>,
  checkout: ReturnType<typeof createCheckoutService>,
) {
  const { db } = database;
  const { provider, sandbox } = configuredProvider(db, config, { override: paymentProvider, now, log: app.log });
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
  return payments;
}
