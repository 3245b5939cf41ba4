import { COMMON_MESSAGES } from './common.messages';
import type { MessageTable, Messages } from './i18n';
import { ACCOUNT_MESSAGES } from './modules/account/account.messages';
import { AUTH_MESSAGES } from './modules/auth/auth.messages';
import { CART_MESSAGES } from './modules/ordering/cart/cart.messages';
import { CATALOG_MESSAGES } from './modules/catalog/catalog.messages';
import { CHECKOUT_MESSAGES } from './modules/ordering/checkout/checkout.messages';
import { CONTENT_MESSAGES } from './modules/content/content.messages';
import { REDIRECT_MESSAGES } from './modules/content/redirects.messages';
import { IMAGES_MESSAGES } from './modules/images/images.messages';
import { ORDERS_MESSAGES } from './modules/ordering/history/orders.messages';
import { PAYMENT_MESSAGES } from './modules/payments/payments.messages';
import { FOOD_OVERVIEW_MESSAGES } from './modules/food-overview/food-overview.messages';
import { FOOD_CHANGE_MESSAGES } from './modules/erp/food-change.messages';
import { SEARCH_SUGGEST_MESSAGES } from './modules/search-suggest/search-suggest.messages';
import { QUICK_ORDER_MESSAGES } from './modules/quick-order/quick-order.messages';
import { STOCK_MESSAGES } from './modules/stock/stock.messages';
// The staff order page answers in the staff user's language (issue 42, point 10).
import { DESK_MESSAGES } from './modules/ordering/desk/desk.messages';
// Staff's import runs and the audit log's export, in the staff user's language (issue 42, points 8 and 2).
import { IMPORT_RUNS_MESSAGES } from './modules/erp/import-runs.messages';
import { AUDIT_MESSAGES } from './modules/audit/audit.messages';
import { STAFF_PRICE_REQUEST_MESSAGES } from './modules/catalog/staff-price-requests.messages';

/**
 * Every table of texts a customer can read, per module: the error codes of the customer-facing
 * routes (a table's key is the code) and their other messages. messages.test.ts walks them: both
 * languages for every key, Dutch never equal to English, and every code a customer-facing module
 * throws in a table here.
 */
export const CUSTOMER_MESSAGES: ReadonlyArray<{ module: string; messages: Messages<MessageTable> }> = [
  { module: 'common', messages: COMMON_MESSAGES },
  { module: 'auth', messages: AUTH_MESSAGES },
  { module: 'account', messages: ACCOUNT_MESSAGES },
  { module: 'catalog', messages: CATALOG_MESSAGES },
  { module: 'cart', messages: CART_MESSAGES },
  { module: 'checkout', messages: CHECKOUT_MESSAGES },
  { module: 'orders', messages: ORDERS_MESSAGES },
  { module: 'content', messages: CONTENT_MESSAGES },
  { module: 'content-redirects', messages: REDIRECT_MESSAGES },
  { module: 'images', messages: IMAGES_MESSAGES },
  { module: 'payments', messages: PAYMENT_MESSAGES },
  { module: 'quick-order', messages: QUICK_ORDER_MESSAGES },
  { module: 'food-overview', messages: FOOD_OVERVIEW_MESSAGES },
  { module: 'erp-food-changes', messages: FOOD_CHANGE_MESSAGES },
  { module: 'search-suggest', messages: SEARCH_SUGGEST_MESSAGES },
  { module: 'stock', messages: STOCK_MESSAGES },
  { module: 'ordering-desk', messages: DESK_MESSAGES },
  { module: 'erp-import-runs', messages: IMPORT_RUNS_MESSAGES },
  { module: 'audit', messages: AUDIT_MESSAGES },
  { module: 'catalog-price-requests', messages: STAFF_PRICE_REQUEST_MESSAGES },
];

/** Codes whose text is the texts of other codes joined (one per refused line or checkout choice). */
export const COMPOSITE_CODES = ['invalid_lines', 'invalid_quantity', 'checkout_incomplete', 'invalid_redirect', 'invalid_import'] as const;

/**
 * Not customer-facing, so answered in English only: staff's own routes (the customer list and
 * masquerade), the ERP's machine client, and the built-in payment sandbox (a test page standing in
 * for Mollie's).
 */
export const ENGLISH_ONLY: ReadonlyArray<{ path: string; who: string }> = [
  { path: 'src/server/modules/staff', who: 'staff-only routes: the customer list and masquerading' },
  { path: 'src/server/modules/food-completeness', who: 'the staff list of products with incomplete food information' },
  { path: 'src/server/modules/erp', who: 'the ERP machine client (bearer token) and the import/export command line' },
  { path: 'src/server/adapters/payments', who: 'the payment sandbox page' },
  // Only its /payment-sandbox routes; the rest of the file is customer-facing and scanned.
  { path: 'src/server/modules/payments/payments.routes.ts', who: "the /payment-sandbox routes: the sandbox's test checkout page ('Unknown payment.')" },
];
