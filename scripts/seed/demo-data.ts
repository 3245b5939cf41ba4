import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import { type BoardOrder, generateBoardOrders, loadBoardOrders } from './board-orders';
import { bulkInsert } from './bulk-insert';
import { type CatalogueRows, generateCatalogue } from './catalogue';
import { demoVatRates, type VatRateRow } from './deposits';
import { generateStock, type VariationStockRow } from './stock';
import { generateContent, type ContentPageRow, type MenuLinkRow, type NotFoundPathRow, type RedirectRow } from './content';
import { type CustomerCatalogueRows, generateCustomerCatalogue } from './customer-catalogue';
import { type CustomerRows, type DemoAccount, demoAccountDetails, generateCustomers } from './customers';
import { generateInvoices, type InvoiceRows } from './invoices';
import { generateOrders, type OrderRows } from './orders';
import { type FoodChangeRows, generateFoodChanges } from './food-changes';
import { createRandom } from './random';
import { generateMailOutbox, type MailOutboxRows } from './mail-outbox';
import { generatePriceRequests, type PriceRequestRows } from './price-requests';
import { generateSearchStatistics, type SearchStatisticRows } from './search-statistics';
import { generateImportRuns, type ImportRunRows } from './import-runs';

export { type DemoAccount } from './customers';

/** The password of every demo and generated user. */
export const DEMO_PASSWORD = 'demo1234';
/** The year Casa Maíz started trading. */
export const DEFAULT_SEED = 1972;

/**
 * The demo accounts to print at start: demo, demo-en, grooth, ghint, norelation, staff. Their
 * user, relation and delivery address ids are fixed (they are inserted first), and so are their
 * uuids (drawn from a stream that does not depend on the seed).
 */
export const demoAccounts: DemoAccount[] = demoAccountDetails.map((a) => ({ ...a, deliveryAddressIds: [...a.deliveryAddressIds] }));

/** loadDemoData was given a database that already holds shop data. */
export class DatabaseNotEmptyError extends Error {}

export interface DemoOptions {
  /** 1 gives ~400 products and ~20 generated customers; 100 gives ~40,000 and ~2,000. */
  scale?: number;
  seed?: number;
  /**
   * The orders board's demo orders, taken through the state machine (board-orders.ts; default
   * true). The server tests leave them out: they make the orders they count themselves.
   */
  boardOrders?: boolean;
}

export type PriceListRow = typeof schema.priceLists.$inferInsert;
export type AppMetaRow = typeof schema.appMeta.$inferInsert;

export interface DemoRows extends CatalogueRows, CustomerRows, CustomerCatalogueRows, InvoiceRows, OrderRows, FoodChangeRows, SearchStatisticRows, MailOutboxRows, ImportRunRows, PriceRequestRows {
  /** Rates beyond the migration's (the demo's announced change of the low rate). */
  vatRates: VatRateRow[];
  /** A few articles of the first page kept in stock (decision 030). */
  variationStock: VariationStockRow[];
  priceLists: PriceListRow[];
  contentPages: ContentPageRow[];
  menuLinks: MenuLinkRow[];
  redirects: RedirectRow[];
  notFoundPaths: NotFoundPathRow[];
  appMeta: AppMetaRow[];
}

/** Rows inserted per table. */
export type DemoSummary = { [K in keyof DemoRows]: number };

export const priceLists: PriceListRow[] = [
  { code: 'STANDAARD', name: 'Standaard' },
  { code: 'GROOTH', name: 'Groothandel' },
  { code: 'GH-INT', name: 'Groothandel internationaal' },
];

function checkOptions(options: DemoOptions): { scale: number; seed: number } {
  const scale = options.scale ?? 1;
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isFinite(scale) || scale <= 0 || scale > 1000) throw new RangeError(`scale must be a number above 0 and at most 1000, not ${scale}`);
  if (!Number.isSafeInteger(seed) || seed < 0) throw new RangeError(`seed must be a non-negative integer, not ${seed}`);
  return { scale, seed };
}

/**
 * All rows of the demo data set, with explicit ids. Pure: the same options give the same rows
 * (apart from `loadedAt`, which says when, not what).
 */
/** The calendar day in Amsterdam, 'YYYY-MM-DD' (the shop's business days). */
export function amsterdamDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export function generateDemoData(options: DemoOptions & { passwordHash: string; loadedAt?: string }): DemoRows {
  const { scale, seed } = checkOptions(options);
  const loadedAt = options.loadedAt ?? new Date().toISOString();
  // Upcoming price mutations and quotes are dated from the day of loading, so they stay ahead.
  const today = amsterdamDate(new Date(loadedAt));
  const root = createRandom(seed);
  const customers = generateCustomers(root.fork('customers'), scale, options.passwordHash);
  const catalogue = generateCatalogue(root.fork('catalogue'), scale, today);
  const content = generateContent(root.fork('content'), new Date(loadedAt));
  const invoices = generateInvoices(root.fork('invoices'), customers, today);
  const orders = generateOrders(root.fork('orders'), customers, catalogue, invoices, today);
  const own = generateCustomerCatalogue(root.fork('customer-catalogue'), customers, catalogue, today);
  // After the quotes: an answered request adds its own (issue 42, point 6).
  const priceRequests = generatePriceRequests(root.fork('price-requests'), customers, catalogue, own, loadedAt, today);
  return {
    priceLists: priceLists.map((p) => ({ ...p })),
    ...customers,
    ...catalogue,
    ...own,
    ...priceRequests,
    ...invoices,
    ...orders,
    ...generateFoodChanges(catalogue, orders, today),
    ...content,
    vatRates: demoVatRates(today),
    ...generateStock(catalogue, today),
    ...generateSearchStatistics(root.fork('search-statistics'), today),
    ...generateMailOutbox(loadedAt),
    ...generateImportRuns(loadedAt),
    appMeta: [{ key: 'demo_data', value: { scale, seed, loadedAt } }],
  };
}

/** Tables in insertion order: every row's references are inserted before it. */
const tables: readonly (readonly [keyof DemoRows, PgTable])[] = [
  ['priceLists', schema.priceLists],
  ['relations', schema.relations],
  ['deliveryAddresses', schema.deliveryAddresses],
  ['users', schema.users],
  ['categories', schema.categories],
  ['products', schema.products],
  ['variations', schema.variations],
  ['variationDeposits', schema.variationDeposits],
  ['vatRates', schema.vatRates],
  ['variationStock', schema.variationStock],
  ['productFood', schema.productFood],
  ['productAllergens', schema.productAllergens],
  ['productCategories', schema.productCategories],
  ['files', schema.files],
  ['productImages', schema.productImages],
  ['prices', schema.prices],
  ['favorites', schema.favorites],
  ['quotes', schema.quotes],
  ['quoteLines', schema.quoteLines],
  ['priceRequests', schema.priceRequests],
  ['orders', schema.orders],
  ['orderItems', schema.orderItems],
  ['foodChanges', schema.foodChanges],
  ['foodChangeNotices', schema.foodChangeNotices],
  ['cashInvoices', schema.cashInvoices],
  ['contentPages', schema.contentPages],
  ['menuLinks', schema.menuLinks],
  ['redirects', schema.redirects],
  ['notFoundPaths', schema.notFoundPaths],
  ['searchStatistics', schema.searchStatistics],
  ['mailOutbox', schema.mailOutbox],
  ['importRuns', schema.importRuns],
  ['importRunErrors', schema.importRunErrors],
  ['auditLog', schema.auditLog],
  ['appMeta', schema.appMeta],
];

/** The board's demo orders for the rows of a demo data set, at the moment it was made. */
export function demoBoardOrders(rows: DemoRows, seed: number): BoardOrder[] {
  const loadedAt = new Date((rows.appMeta[0]?.value as { loadedAt?: string } | undefined)?.loadedAt ?? Date.now());
  const root = createRandom(seed);
  const stocked = new Set(rows.variationStock.map((s) => s.variationId));
  return generateBoardOrders(root.fork('orders'), root.fork('board-orders'), rows, rows, stocked, loadedAt, amsterdamDate(loadedAt));
}

/** Rows per insert statement. */
const BATCH_SIZE = 500;

/** Tables with a serial id that the generator sets itself; their sequences must follow. */
const serialTables = ['relations', 'delivery_addresses', 'users', 'categories', 'products', 'variations', 'files', 'prices', 'favorites', 'quotes', 'quote_lines', 'price_requests', 'orders', 'order_items', 'food_changes', 'cash_invoices', 'content_pages', 'menu_links', 'redirects', 'not_found_paths', 'import_runs'];

/**
 * Fills an empty, migrated database with the demo data set in one transaction, so a failure
 * leaves the database empty. Throws when the database already holds data.
 */
export async function loadDemoData(db: Db, options: DemoOptions = {}): Promise<DemoSummary> {
  const { scale, seed } = checkOptions(options);
  // Hashed once: argon2 is deliberately slow, and every demo user shares the password.
  const passwordHash = await hash(DEMO_PASSWORD);
  const rows = generateDemoData({ scale, seed, passwordHash });
  const board = options.boardOrders === false ? [] : demoBoardOrders(rows, seed);
  await db.transaction(async (tx) => {
    for (const table of [schema.users, schema.relations, schema.priceLists, schema.categories, schema.products]) {
      const found = await tx.select({ one: sql<number>`1` }).from(table).limit(1);
      if (found.length > 0) throw new DatabaseNotEmptyError('The database already holds data; demo data is only loaded into an empty database.');
    }
    for (const [key, table] of tables) await bulkInsert(tx, table, rows[key], BATCH_SIZE);
    // Ids were given explicitly, so the sequences still stand at 1: move them past the demo rows.
    for (const name of serialTables) {
      await tx.execute(sql`select setval(pg_get_serial_sequence(${name}, 'id'), (select max(id) from ${sql.identifier(name)}))`);
    }
    // After the sequences: the board's orders get their ids as the shop would give them.
    await loadBoardOrders(tx, board);
  });
  // Fresh statistics for the planner: without them it guesses row counts of the bulk-loaded
  // tables and picks sequential scans (autovacuum would analyse them only some time later).
  await db.execute(sql`analyze`);
  const summary = {} as DemoSummary;
  for (const [key] of tables) summary[key] = rows[key].length;
  summary.orders += board.length;
  summary.orderItems += board.reduce((n, b) => n + b.items.length, 0);
  return summary;
}
