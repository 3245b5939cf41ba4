/**
 * Who owns what (issue 40, docs/architecture.md): every server module, the folder(s) it lives in
 * under src/server/modules, the files other modules may import, and every table of db/schema with
 * the one module that owns it. Only the owner's repositories (`*.repository.ts`) import a table;
 * other modules call the owner's service. The lint rule of eslint/module-boundaries.js is made
 * from this file, so a new module or table is one line here.
 *
 * Plain data with no imports: eslint.config.js reads it too.
 */

export interface ModuleZone {
  /** Folders under src/server/modules (the first one names the module in messages). */
  folders: readonly string[];
  /**
   * Files (relative to src/server/modules) that other modules may import besides every
   * `*.service.ts`: pure rules with no state and no SQL, or a module's one named entry point
   * (the state machine's). Keep this short.
   */
  publicFiles?: readonly string[];
}

export const MODULES = {
  account: { folders: ['account'] },
  // The audit log (decision 037): every module writes its changes through audit.service.ts.
  audit: { folders: ['audit'] },
  auth: { folders: ['auth'] },
  // The search index is the catalogue's, built from its tables and asked by its listings.
  catalog: { folders: ['catalog', 'search'], publicFiles: ['catalog/sales-unit.ts', 'search/search-text.ts'] },
  content: { folders: ['content'] },
  erp: { folders: ['erp'] },
  'food-completeness': { folders: ['food-completeness'] },
  'food-overview': { folders: ['food-overview'], publicFiles: ['food-overview/food-overview.messages.ts'] },
  health: { folders: ['health'] },
  images: { folders: ['images'], publicFiles: ['images/image-styles.ts'] },
  mail: { folders: ['mail'] },
  // The state machine (decision 035): its table of steps, and the one way to take a step.
  ordering: { folders: ['ordering'], publicFiles: ['ordering/order-state.ts', 'ordering/order-transition.ts'] },
  payments: { folders: ['payments'] },
  'quick-order': { folders: ['quick-order'] },
  'rate-limits': { folders: ['rate-limits'] },
  'search-suggest': { folders: ['search-suggest'] },
  staff: { folders: ['staff'] },
  // The stock rules the cart, quick order and placing an order tell (decision 030).
  stock: { folders: ['stock'], publicFiles: ['stock/stock-checks.ts', 'stock/stock-rules.ts'] },
} as const satisfies Record<string, ModuleZone>;

export type ModuleName = keyof typeof MODULES;

/**
 * The shared kernel and the platform code outside src/server/modules (db/, context/, adapters/):
 * the relation a customer buys for and the data-version counters (kept by triggers), which any
 * repository may read, and the tables of the platform's own adapters. Only the ERP import
 * writes relations.
 */
export const KERNEL = 'kernel';

/** The module that may write every domain's tables, in its repositories (the ERP import). */
export const WRITES_EVERY_TABLE: ModuleName = 'erp';

/** Every table of db/schema, by its export name, with its owner. */
export const TABLE_OWNERS = {
  // accounts.ts
  relations: KERNEL,
  deliveryAddresses: 'account',
  users: 'auth',
  sessions: 'auth',
  floodEvents: 'auth',
  masqueradeLog: 'staff',
  // catalog.ts, customer-catalog.ts, food.ts, food-changes.ts, money.ts
  priceLists: 'catalog',
  categories: 'catalog',
  products: 'catalog',
  productCategories: 'catalog',
  variations: 'catalog',
  prices: 'catalog',
  favorites: 'catalog',
  quotes: 'catalog',
  quoteLines: 'catalog',
  priceRequests: 'catalog',
  productFood: 'catalog',
  productAllergens: 'catalog',
  foodChanges: 'catalog',
  foodChangeNotices: 'catalog',
  vatRates: 'catalog',
  variationDeposits: 'catalog',
  files: 'images',
  productImages: 'images',
  foodChangeMails: 'erp',
  // content.ts
  contentPages: 'content',
  menuLinks: 'content',
  redirects: 'content',
  notFoundPaths: 'content',
  // orders.ts, order-history.ts
  shippingMethods: 'ordering',
  paymentMethods: 'ordering',
  orders: 'ordering',
  orderItems: 'ordering',
  orderHistory: 'ordering',
  // payments.ts
  cashInvoices: 'payments',
  payments: 'payments',
  paymentInvoices: 'payments',
  paymentLinks: 'payments',
  sandboxPayments: KERNEL,
  // stock.ts
  variationStock: 'stock',
  stockLevelChanges: 'stock',
  stockChangesPending: 'stock',
  // system.ts, mail.ts, rate-limits.ts
  appMeta: KERNEL,
  catalogVersion: KERNEL,
  relationVersions: KERNEL,
  searchStatistics: 'search-suggest',
  searchStatisticsSearchers: 'search-suggest',
  mailOutbox: 'mail',
  rateLimits: 'rate-limits',
  // audit.ts
  auditLog: 'audit',
  importRuns: 'erp',
  importRunErrors: 'erp',
} as const satisfies Record<string, ModuleName | typeof KERNEL>;

export type TableOwner = (typeof TABLE_OWNERS)[keyof typeof TABLE_OWNERS];
