import { and, eq, inArray, isNull } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { cartResponse } from '../shared/api/cart';
import { placeOrderResponse } from '../shared/api/checkout';
import { COMMON_MESSAGES } from './common.messages';
import { cashInvoices, payments, relations, users } from './db/schema';
import { addLine, call, pricedProducts } from './modules/ordering/cart/test-support';
import type { ProductRef } from './modules/catalog/test-support';
import { API, login, type Session, useTestApp } from './test/app';
import { STAFF_ROLES, type StaffRole, staffRolesOf, storedStaffRole } from '../shared/api/staff-roles';
import { testClock } from './test/clock';
import { databaseState, stateDiff } from './test/db-state';

/**
 * The access suite (issue 9, point 1): one entry per route of the server, taken from its own
 * OpenAPI route list, so a new route without an entry fails here. For each route: who may call
 * it, and for routes that take a customer's ids, a call by another customer with those ids,
 * which must answer 403 or 404 and change nothing.
 */

const clock = testClock('2026-11-23T09:00:00+01:00');
const ERP_TOKEN = 'erp-token-for-the-access-suite-0123456789';
const t = useTestApp({ erpApiToken: ERP_TOKEN }, { now: clock.now });

/** 'erp': the ERP's machine client, with a bearer token and never a session. */
type Access = 'public' | 'user' | 'staff' | 'erp';

interface Ids {
  cartId: number;
  itemId: number;
  orderId: number;
  orderUuid: string;
  favoriteId: string;
  invoiceId: number;
  relationUuid: string;
  userId: number;
  paymentUuid: string;
  productUuid: string;
}

interface Entry {
  access: Access;
  /** On a staff route: the staff roles besides admin that may call it (decision 037). */
  roles?: readonly StaffRole[];
  /** A concrete call of the route, with customer A's ids where it takes ids. */
  call: (ids: Ids) => { url: string; payload?: unknown; contentType?: string };
  /** Whether the route takes ids of a customer's data (cross-customer check). */
  customerIds?: boolean;
}

const U = '00000000-0000-4000-8000-000000000000';
const ROUTES: Record<string, Entry> = {
  'GET /': { access: 'public', call: () => ({ url: '/' }) },
  'GET /backend/health': { access: 'public', call: () => ({ url: `${API}/health` }) },
  'GET /backend/session/token': { access: 'public', call: () => ({ url: `${API}/session/token` }) },
  'POST /backend/user/login': { access: 'public', call: () => ({ url: `${API}/user/login?_format=json`, payload: { name: 'x', pass: 'y' } }) },
  'POST /backend/user/password': { access: 'public', call: () => ({ url: `${API}/user/password?_format=json`, payload: { name: 'nobody' } }) },
  'POST /backend/api/reset-password/{user}/{timestamp}/{hash}': { access: 'public', call: () => ({ url: `${API}/api/reset-password/1/1/x`, payload: { pass: 'abcdef', passConfirm: 'abcdef' } }) },
  'GET /backend/switch-back': { access: 'public', call: () => ({ url: `${API}/switch-back` }) },
  'GET /backend/jsonapi/menu_items/{menu}': { access: 'public', call: () => ({ url: `${API}/jsonapi/menu_items/webshop-footer-order` }) },
  'GET /backend/router/translate-path': { access: 'public', call: () => ({ url: `${API}/router/translate-path?path=/leveringsvoorwaarden` }) },
  'GET /backend/jsonapi/node/page/{uuid}': { access: 'public', call: () => ({ url: `${API}/jsonapi/node/page/${U}` }) },
  'GET /backend/images/styles/{style}/{file}': { access: 'public', call: () => ({ url: `${API}/images/styles/thumbnail/${U}` }) },
  'POST /backend/api/payments/webhook': { access: 'public', call: () => ({ url: `${API}/api/payments/webhook`, payload: 'id=tr_unknown' }) },
  'GET /backend/pay/{token}': { access: 'public', call: () => ({ url: `${API}/pay/${U}` }) },
  'GET /backend/payment-sandbox/{id}': { access: 'public', call: () => ({ url: `${API}/payment-sandbox/tr_sbx0000000000000000` }) },
  'POST /backend/payment-sandbox/{id}': { access: 'public', call: () => ({ url: `${API}/payment-sandbox/tr_sbx0000000000000000`, payload: 'outcome=paid' }) },
  // By the payment's unguessable id, for payers without an account (spec section 2).
  'POST /backend/api/mollie_return/bulk/{paymentId}': { access: 'public', call: (ids) => ({ url: `${API}/api/mollie_return/bulk/${ids.paymentUuid}` }) },

  // Logging out without a session is a no-op (204), so a stale tab can always log out.
  'GET /backend/user/cb-logout': { access: 'public', call: () => ({ url: `${API}/user/cb-logout?_format=json` }) },
  'GET /backend/jsonapi/current-user': { access: 'user', call: () => ({ url: `${API}/jsonapi/current-user?jsonapi_include=1` }) },
  'POST /backend/api/account/change-password': { access: 'user', call: () => ({ url: `${API}/api/account/change-password`, payload: { current: 'x', new: 'abcdef', repeat: 'abcdef' } }) },
  'GET /backend/jsonapi/relation/relation/{relation_uuid}': { access: 'user', customerIds: true, call: (ids) => ({ url: `${API}/jsonapi/relation/relation/${ids.relationUuid}` }) },
  'GET /backend/jsonapi/index/products': { access: 'user', call: () => ({ url: `${API}/jsonapi/index/products?filter[entity_type]=taxonomy_term` }) },
  'GET /backend/jsonapi/index/products/': { access: 'user', call: () => ({ url: `${API}/jsonapi/index/products/?page[limit]=1` }) },
  'GET /backend/api/search/suggestions': { access: 'user', call: () => ({ url: `${API}/api/search/suggestions?q=tort` }) },
  'GET /backend/jsonapi/commerce_product/default/{id}': { access: 'user', call: (ids) => ({ url: `${API}/jsonapi/commerce_product/default/${ids.productUuid}` }) },
  'POST /backend/api/upcoming-price-mutations': { access: 'user', call: (ids) => ({ url: `${API}/api/upcoming-price-mutations`, payload: { products: [ids.productUuid] } }) },
  'POST /backend/api/product/{id}/request-price': { access: 'user', call: (ids) => ({ url: `${API}/api/product/${ids.productUuid}/request-price`, payload: { quantity: 1 } }) },
  'POST /backend/jsonapi/favorite_product/favorite_product': {
    access: 'user',
    call: (ids) => ({ url: `${API}/jsonapi/favorite_product/favorite_product`, payload: { data: { type: 'favorite_product--favorite_product', relationships: { product: { data: { type: 'commerce_product--default', id: ids.productUuid } } } } } }),
  },
  'DELETE /backend/jsonapi/favorite_product/favorite_product/{id}': { access: 'user', customerIds: true, call: (ids) => ({ url: `${API}/jsonapi/favorite_product/favorite_product/${ids.favoriteId}` }) },
  'GET /backend/cart': { access: 'user', call: () => ({ url: `${API}/cart?_format=json` }) },
  'POST /backend/cart/add': { access: 'user', call: () => ({ url: `${API}/cart/add?_format=json`, payload: [addLine(1, 1)] }) },
  'PATCH /backend/cart/{orderId}/items': { access: 'user', customerIds: true, call: (ids) => ({ url: `${API}/cart/${ids.cartId}/items?_format=json`, payload: { [ids.itemId]: { quantity: 7 } } }) },
  'DELETE /backend/cart/{orderId}/items/{itemId}': { access: 'user', customerIds: true, call: (ids) => ({ url: `${API}/cart/${ids.cartId}/items/${ids.itemId}?_format=json` }) },
  'GET /backend/api/checkout/{order}/shipping': { access: 'user', customerIds: true, call: (ids) => ({ url: `${API}/api/checkout/${ids.cartId}/shipping` }) },
  'GET /backend/api/checkout/{order}/payment': { access: 'user', customerIds: true, call: (ids) => ({ url: `${API}/api/checkout/${ids.cartId}/payment` }) },
  'GET /backend/api/checkout/{order}/invoices': { access: 'user', customerIds: true, call: (ids) => ({ url: `${API}/api/checkout/${ids.cartId}/invoices` }) },
  'POST /backend/api/checkout/{order}/set-shipping': { access: 'user', customerIds: true, call: (ids) => ({ url: `${API}/api/checkout/${ids.cartId}/set-shipping`, payload: { method: 'pickup' } }) },
  'POST /backend/api/checkout/{order}/set-payment': { access: 'user', customerIds: true, call: (ids) => ({ url: `${API}/api/checkout/${ids.cartId}/set-payment`, payload: { method: 'ideal' } }) },
  'POST /backend/api/checkout/{order}/set-delivery-date': { access: 'user', customerIds: true, call: (ids) => ({ url: `${API}/api/checkout/${ids.cartId}/set-delivery-date`, payload: { date: '2026-11-26' } }) },
  'POST /backend/api/checkout/{order}/set-reference': { access: 'user', customerIds: true, call: (ids) => ({ url: `${API}/api/checkout/${ids.cartId}/set-reference`, payload: { po_reference: 'PO-1' } }) },
  'POST /backend/api/checkout/{order}/set-profile': { access: 'user', customerIds: true, call: (ids) => ({ url: `${API}/api/checkout/${ids.cartId}/set-profile`, payload: { profileId: 2 } }) },
  'POST /backend/api/checkout/{order}/place': { access: 'user', customerIds: true, call: (ids) => ({ url: `${API}/api/checkout/${ids.cartId}/place`, payload: { terms_accepted: true } }) },
  'POST /backend/api/checkout/{order}/create-payment': { access: 'user', customerIds: true, call: (ids) => ({ url: `${API}/api/checkout/${ids.cartId}/create-payment`, payload: { terms_accepted: true } }) },
  'GET /backend/api/mollie_return/{order}': { access: 'user', customerIds: true, call: (ids) => ({ url: `${API}/api/mollie_return/${ids.orderId}` }) },
  'GET /backend/jsonapi/commerce_order/default': { access: 'user', customerIds: true, call: (ids) => ({ url: `${API}/jsonapi/commerce_order/default?filter[uid.meta.drupal_internal__target_id]=${ids.userId}` }) },
  'GET /backend/jsonapi/commerce_order/default/{order}': { access: 'user', customerIds: true, call: (ids) => ({ url: `${API}/jsonapi/commerce_order/default/${ids.orderUuid}` }) },
  'GET /backend/food-overview': { access: 'user', call: () => ({ url: `${API}/food-overview?format=csv` }) },
  'GET /backend/api/cash-invoice/user/{userId}/relation/open-invoices': { access: 'user', customerIds: true, call: (ids) => ({ url: `${API}/api/cash-invoice/user/${ids.userId}/relation/open-invoices` }) },
  'POST /backend/api/cash-invoice/{cashInvoiceId}/create-payment': { access: 'user', customerIds: true, call: (ids) => ({ url: `${API}/api/cash-invoice/${ids.invoiceId}/create-payment` }) },
  'POST /backend/api/cash-invoice/{cashInvoiceId}/payment-return': { access: 'user', customerIds: true, call: (ids) => ({ url: `${API}/api/cash-invoice/${ids.invoiceId}/payment-return` }) },
  'POST /backend/quick-order/preview': { access: 'user', call: () => ({ url: `${API}/quick-order/preview`, payload: { rows: [{ line: 1, article: '101001', quantity: 1 }] } }) },
  'POST /backend/quick-order/add': { access: 'user', call: () => ({ url: `${API}/quick-order/add`, payload: { rows: [{ line: 1, article: '101001', quantity: 1 }] } }) },
  'POST /backend/quick-order/upload': { access: 'user', call: () => ({ url: `${API}/quick-order/upload`, payload: '101001;1\n', contentType: 'text/csv' }) },
  'GET /backend/quick-order/example.csv': { access: 'user', call: () => ({ url: `${API}/quick-order/example.csv` }) },
  'GET /backend/quick-order/usual': { access: 'user', call: () => ({ url: `${API}/quick-order/usual` }) },
  'POST /backend/quick-order/order-again': { access: 'user', customerIds: true, call: (ids) => ({ url: `${API}/quick-order/order-again`, payload: { order: ids.orderUuid } }) },
  // Staff, or staff masquerading as the customer: a plain customer gets 403 (tested in payments.test.ts).
  'POST /backend/api/payment-links': { access: 'user', call: () => ({ url: `${API}/api/payment-links`, payload: { relation_id: 1 } }) },

  'GET /backend/api/staff/audit': { access: 'staff', roles: ['order_desk', 'finance'], call: () => ({ url: `${API}/api/staff/audit?entity=order` }) },
  'GET /backend/api/staff/audit/export': { access: 'staff', roles: ['order_desk', 'finance'], call: () => ({ url: `${API}/api/staff/audit/export?entity=order` }) },
  // The ERP's import runs (issue 42, point 8): admin only (decision 037).
  'GET /backend/api/staff/import-runs': { access: 'staff', roles: [], call: () => ({ url: `${API}/api/staff/import-runs?result=failed` }) },
  'GET /backend/api/staff/import-runs/{id}': { access: 'staff', roles: [], call: () => ({ url: `${API}/api/staff/import-runs/${U}` }) },
  'GET /backend/api/staff/import-runs/{id}/errors.csv': { access: 'staff', roles: [], call: () => ({ url: `${API}/api/staff/import-runs/${U}/errors.csv` }) },
  'GET /backend/api/staff/customers': { access: 'staff', roles: ['order_desk'], call: () => ({ url: `${API}/api/staff/customers` }) },
  'GET /backend/api/staff/relations/{relation}': { access: 'staff', roles: ['order_desk'], call: (ids) => ({ url: `${API}/api/staff/relations/${ids.relationUuid}` }) },
  'POST /backend/api/staff/relations/{relation}/users': { access: 'staff', roles: ['order_desk'], call: () => ({ url: `${API}/api/staff/relations/${U}/users`, payload: { mail: 'new@example.nl', firstname: 'N', surname: 'N', langcode: 'nl' } }) },
  'POST /backend/api/staff/users/{user}/block': { access: 'staff', roles: ['order_desk'], call: () => ({ url: `${API}/api/staff/users/${U}/block`, payload: { reason: 'access test' } }) },
  'POST /backend/api/staff/users/{user}/unblock': { access: 'staff', roles: ['order_desk'], call: () => ({ url: `${API}/api/staff/users/${U}/unblock` }) },
  'POST /backend/api/staff/users/{user}/welcome-mail': { access: 'staff', roles: ['order_desk'], call: () => ({ url: `${API}/api/staff/users/${U}/welcome-mail` }) },
  'GET /backend/api/staff/dashboard': { access: 'staff', roles: ['order_desk', 'finance'], call: () => ({ url: `${API}/api/staff/dashboard` }) },
  'GET /backend/api/staff/open-invoices': { access: 'staff', roles: ['finance'], call: () => ({ url: `${API}/api/staff/open-invoices?overdue=1` }) },
  'GET /backend/api/staff/search-statistics': { access: 'staff', roles: ['content'], call: () => ({ url: `${API}/api/staff/search-statistics` }) },
  'GET /backend/api/staff/food/incomplete': { access: 'staff', roles: ['content'], call: () => ({ url: `${API}/api/staff/food/incomplete` }) },
  'GET /backend/api/staff/payments/review': { access: 'staff', roles: ['finance'], call: () => ({ url: `${API}/api/staff/payments/review` }) },
  'GET /backend/api/staff/undelivered-mails': { access: 'staff', roles: ['order_desk'], call: () => ({ url: `${API}/api/staff/undelivered-mails` }) },
  'POST /backend/api/staff/payments/{uuid}/reviewed': { access: 'staff', roles: ['finance'], call: () => ({ url: `${API}/api/staff/payments/00000000-0000-4000-8000-000000000000/reviewed` }) },
  // The staff order page (issue 42): finance reads it (refunds to check); only the order desk acts. Steps and changes the order cannot take answer 409.
  // The orders board (issue 42 point 3) and its export: the order desk and finance read them.
  'GET /backend/api/staff/orders': { access: 'staff', roles: ['order_desk', 'finance'], call: () => ({ url: `${API}/api/staff/orders?state=placed` }) },
  'GET /backend/api/staff/orders/export': { access: 'staff', roles: ['order_desk', 'finance'], call: () => ({ url: `${API}/api/staff/orders/export?format=csv` }) },
  'GET /backend/api/staff/orders/{order}': { access: 'staff', roles: ['order_desk', 'finance'], call: (ids) => ({ url: `${API}/api/staff/orders/${ids.orderUuid}` }) },
  'POST /backend/api/staff/orders/{order}/actions/{action}': { access: 'staff', roles: ['order_desk'], call: (ids) => ({ url: `${API}/api/staff/orders/${ids.orderUuid}/actions/confirm`, payload: { version: 0 } }) },
  'POST /backend/api/staff/orders/{order}/changes/preview': { access: 'staff', roles: ['order_desk'], call: (ids) => ({ url: `${API}/api/staff/orders/${ids.orderUuid}/changes/preview`, payload: { version: 99, lines: [{ variation_id: 1, quantity: 1 }], delivery_date: '2026-11-24' } }) },
  'GET /backend/api/staff/finance/orders': { access: 'staff', roles: ['finance'], call: () => ({ url: `${API}/api/staff/finance/orders` }) },
  'POST /backend/api/staff/finance/orders/{order}/checked': { access: 'staff', roles: ['finance'], call: (ids) => ({ url: `${API}/api/staff/finance/orders/${ids.orderUuid}/checked` }) },
  // Redirects and the not-found log (issue 43): the content role.
  'GET /backend/api/staff/redirects': { access: 'staff', roles: ['content'], call: () => ({ url: `${API}/api/staff/redirects` }) },
  'POST /backend/api/staff/redirects': { access: 'staff', roles: ['content'], call: () => ({ url: `${API}/api/staff/redirects`, payload: { from_path: '/access-test-old', to_path: '/assortment' } }) },
  'PATCH /backend/api/staff/redirects/{id}': { access: 'staff', roles: ['content'], call: () => ({ url: `${API}/api/staff/redirects/999999`, payload: { from_path: '/access-test-old', to_path: '/assortment' } }) },
  'DELETE /backend/api/staff/redirects/{id}': { access: 'staff', roles: ['content'], call: () => ({ url: `${API}/api/staff/redirects/999999` }) },
  'POST /backend/api/staff/redirects/import': { access: 'staff', roles: ['content'], call: () => ({ url: `${API}/api/staff/redirects/import`, payload: { csv: '/access-test-import;/cart;301' } }) },
  'GET /backend/api/staff/not-found': { access: 'staff', roles: ['content'], call: () => ({ url: `${API}/api/staff/not-found` }) },
  'POST /backend/api/staff/not-found/{id}/redirect': { access: 'staff', roles: ['content'], call: () => ({ url: `${API}/api/staff/not-found/999999/redirect`, payload: { to_path: '/assortment' } }) },
  'DELETE /backend/api/staff/not-found/{id}': { access: 'staff', roles: ['content'], call: () => ({ url: `${API}/api/staff/not-found/999999` }) },
  'POST /backend/api/staff/orders/{order}/changes': { access: 'staff', roles: ['order_desk'], call: (ids) => ({ url: `${API}/api/staff/orders/${ids.orderUuid}/changes`, payload: { version: 99, lines: [{ variation_id: 1, quantity: 1 }], delivery_date: '2026-11-24' } }) },

  // The price requests inbox (issue 42, point 6): the order desk's; an answer to a request that does not exist is a 404.
  'GET /backend/api/staff/price-requests': { access: 'staff', roles: ['order_desk'], call: () => ({ url: `${API}/api/staff/price-requests?state=all` }) },
  'POST /backend/api/staff/price-requests/{id}/quote': { access: 'staff', roles: ['order_desk'], call: () => ({ url: `${API}/api/staff/price-requests/999999/quote`, payload: { price_per_unit_cents: 850, from_quantity: 10, valid_until: '2026-12-31' } }) },
  'POST /backend/api/staff/price-requests/{id}/decline': { access: 'staff', roles: ['order_desk'], call: () => ({ url: `${API}/api/staff/price-requests/999999/decline`, payload: { message: 'access test' } }) },

  'POST /backend/api/erp/import/{kind}': { access: 'erp', call: () => ({ url: `${API}/api/erp/import/products?dry_run=1`, payload: [] }) },
  'POST /backend/api/erp/import/images': { access: 'erp', call: () => ({ url: `${API}/api/erp/import/images?dry_run=1`, payload: [] }) },
  'GET /backend/api/erp/orders': { access: 'erp', call: () => ({ url: `${API}/api/erp/orders` }) },
  'GET /backend/api/erp/payments': { access: 'erp', call: () => ({ url: `${API}/api/erp/payments` }) },
  'GET /backend/api/erp/export/food-incomplete': { access: 'erp', call: () => ({ url: `${API}/api/erp/export/food-incomplete` }) },
  'POST /backend/api/staff/masquerade/{userId}': { access: 'staff', roles: ['order_desk'], call: (ids) => ({ url: `${API}/api/staff/masquerade/${ids.userId}` }) },
};

/** Routes served outside the API's access rules: the API docs. */
const IGNORED = (route: string) => route.startsWith('GET /backend/docs');

function routeList(): string[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths)
    .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`))
    .filter((route) => !IGNORED(route))
    .sort();
}

/**
 * Unsafe routes that take no X-CSRF-Token even from a caller with a session cookie, and why.
 * Every other POST, PATCH and DELETE needs the session's token.
 */
const CSRF_EXEMPT: Record<string, string> = {
  'POST /backend/user/login': 'no session to protect yet; login rotates the session (Drupal does the same)',
  'POST /backend/user/password': 'asking for a reset link is open to anyone, logged in or not, and changes no account',
  'POST /backend/api/payments/webhook': "the payment provider's server calls it; it only says which payment to look up",
  'POST /backend/payment-sandbox/{id}': "the built-in provider's own page (a form post from another origin in production)",
  'POST /backend/api/mollie_return/bulk/{paymentId}': "the anonymous status page: it only asks the provider for the payment's status",
  'POST /backend/api/erp/import/{kind}': "the ERP's machine client: a bearer token, never a session (a session alone answers 401)",
  'POST /backend/api/erp/import/images': "the ERP's machine client: a bearer token, never a session (a session alone answers 401)",
};

/** A 403 for the missing or wrong token itself (JSON:API error documents carry no code, only the message). */
function csrfRefusal(res: { statusCode: number; json: () => unknown }): boolean {
  if (res.statusCode !== 403) return false;
  const body = res.json() as { code?: string; message?: string };
  return body.code === 'csrf_token_invalid' || body.message === COMMON_MESSAGES.nl.csrf_token_invalid;
}

function send(entry: Entry, route: string, ids: Ids, session: Partial<Session> | null, csrf = session?.csrf) {
  const method = route.split(' ')[0] as 'GET' | 'POST' | 'PATCH' | 'DELETE';
  const { url, payload, contentType } = entry.call(ids);
  const form = typeof payload === 'string' && contentType === undefined;
  return t.app.inject({
    method,
    url,
    headers: {
      ...(session?.cookie ? { cookie: session.cookie } : {}),
      ...(csrf !== undefined ? { 'x-csrf-token': csrf } : {}),
      ...(payload !== undefined ? { 'content-type': contentType ?? (form ? 'application/x-www-form-urlencoded' : 'application/json') } : {}),
    },
    ...(payload !== undefined ? { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) } : {}),
  });
}

let demo: Session;
let grooth: Session;
let ids: Ids;

beforeEach(async () => {
  clock.reset();
  const { db } = t.app.database;
  const [food] = (await pricedProducts(db, [{ taxRate: 900, scaled: [[1, 1000]] }])) as [ProductRef];
  demo = await login(t.app, 'demo');
  grooth = await login(t.app, 'grooth');
  const choose = async (cartId: number, payment: string) => {
    for (const [path, body] of [
      ['set-shipping', { method: 'pickup' }],
      ['set-payment', { method: payment }],
      ['set-delivery-date', { date: '2026-11-24' }],
    ] as const) {
      expect((await call(t.app, demo, 'POST', `/api/checkout/${cartId}/${path}`, body)).statusCode).toBe(200);
    }
  };
  // A placed order of demo's.
  await call(t.app, demo, 'POST', '/cart/add?_format=json', [addLine(food.variationId, 2)]);
  const first = cartResponse.parse((await call(t.app, demo, 'GET', '/cart?_format=json')).json())[0]!;
  await choose(first.order_id, 'on_account');
  const placed = placeOrderResponse.parse((await call(t.app, demo, 'POST', `/api/checkout/${first.order_id}/place`, { terms_accepted: true })).json());
  // And a cart with a line.
  await call(t.app, demo, 'POST', '/cart/add?_format=json', [addLine(food.variationId, 3)]);
  const cart = cartResponse.parse((await call(t.app, demo, 'GET', '/cart?_format=json')).json())[0]!;
  const fav = await t.app.inject({
    method: 'POST',
    url: `${API}/jsonapi/favorite_product/favorite_product`,
    headers: { cookie: demo.cookie, 'x-csrf-token': demo.csrf, 'content-type': 'application/vnd.api+json' },
    payload: JSON.stringify({ data: { type: 'favorite_product--favorite_product', relationships: { product: { data: { type: 'commerce_product--default', id: food.uuid } } } } }),
  });
  const [invoice] = await db.select().from(cashInvoices).where(and(eq(cashInvoices.relationId, 1), eq(cashInvoices.invoiceNumber, 'F260001'), isNull(cashInvoices.orderId)));
  const paying = await call(t.app, demo, 'POST', `/api/cash-invoice/${invoice!.id}/create-payment`);
  expect(paying.statusCode, paying.body).toBe(200);
  const [payment] = await db.select().from(payments).where(eq(payments.kind, 'cash_invoice'));
  const [relation] = await db.select().from(relations).where(eq(relations.id, 1));
  const me = await t.app.inject({ method: 'GET', url: `${API}/jsonapi/current-user?jsonapi_include=1`, headers: { cookie: demo.cookie } });
  ids = {
    cartId: cart.order_id,
    itemId: cart.order_items[0]!.order_item_id,
    orderId: placed.orderId,
    orderUuid: placed.uuid,
    favoriteId: fav.json().data.id,
    invoiceId: invoice!.id,
    relationUuid: relation!.uuid,
    userId: me.json().data.drupal_internal__uid,
    paymentUuid: payment!.uuid,
    productUuid: food.uuid,
  };
});

describe('access suite', () => {
  it('has an entry for every route of the server, and none for routes that are gone', () => {
    const routes = routeList();
    expect(routes.filter((r) => !ROUTES[r]), 'routes without an entry in the access suite').toEqual([]);
    expect(Object.keys(ROUTES).filter((r) => !routes.includes(r)), 'entries for routes that do not exist').toEqual([]);
  });

  it('answers 403 to anonymous calls of every route that is not public', async () => {
    const wrong: string[] = [];
    for (const [route, entry] of Object.entries(ROUTES)) {
      if (entry.access === 'public') continue;
      const res = await send(entry, route, ids, null);
      const expected = entry.access === 'erp' ? 401 : 403;
      if (res.statusCode !== expected) wrong.push(`${route}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to customers calling staff routes, and 401 on ERP routes (a session never counts there)', async () => {
    const wrong: string[] = [];
    for (const [route, entry] of Object.entries(ROUTES)) {
      if (entry.access !== 'staff' && entry.access !== 'erp') continue;
      const res = await send(entry, route, ids, grooth);
      const expected = entry.access === 'erp' ? 401 : 403;
      if (res.statusCode !== expected) wrong.push(`${route}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets each staff role reach exactly the staff routes open to it (admin all of them)', async () => {
    const { db } = t.app.database;
    const staffRoutes = Object.entries(ROUTES)
      .filter(([, entry]) => entry.access === 'staff')
      // Masquerading ends the staff session, so it goes last.
      .sort(([a], [b]) => Number(a.includes('masquerade')) - Number(b.includes('masquerade')));
    expect(staffRoutes.filter(([, entry]) => !entry.roles).map(([route]) => route), 'staff routes without roles').toEqual([]);
    const wrong: string[] = [];
    for (const role of STAFF_ROLES) {
      await db.update(users).set({ roles: ['staff', storedStaffRole(role)] }).where(eq(users.name, 'orderdesk'));
      const session = await login(t.app, 'orderdesk');
      for (const [route, entry] of staffRoutes) {
        const res = await send(entry, route, ids, session);
        const allowed = role === 'admin' || entry.roles!.includes(role);
        const refused = res.statusCode === 403 && res.json().code === 'staff_role_missing';
        if (allowed === refused) wrong.push(`${role} ${route}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('gives the demo staff users their roles: staff is admin, orderdesk the order desk, finance finance', async () => {
    const rows = await t.app.database.db.select({ name: users.name, roles: users.roles }).from(users).where(inArray(users.name, ['staff', 'orderdesk', 'finance']));
    expect(Object.fromEntries(rows.map((r) => [r.name, staffRolesOf(r.roles)]))).toEqual({ staff: ['admin'], orderdesk: ['order_desk'], finance: ['finance'] });
  });

  it("answers 403 or 404 to a customer using another customer's ids, and changes nothing", async () => {
    const before = await databaseState(t.app.database.db);
    const wrong: string[] = [];
    for (const [route, entry] of Object.entries(ROUTES)) {
      if (!entry.customerIds) continue;
      const res = await send(entry, route, ids, grooth);
      const listedNothing = route === 'GET /backend/jsonapi/commerce_order/default' && res.statusCode === 200 && res.json().meta.count === 0;
      if (![403, 404].includes(res.statusCode) && !listedNothing) wrong.push(`${route}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    expect(stateDiff(before, await databaseState(t.app.database.db))).toEqual([]);
  });

  it('answers 403 to every unsafe call with a session but without (or with a wrong) X-CSRF-Token, and changes nothing', async () => {
    const staff = await login(t.app, 'staff');
    const before = await databaseState(t.app.database.db);
    const mails = t.mailer.sent.length;
    const wrong: string[] = [];
    const checked = new Set<string>();
    for (const [route, entry] of Object.entries(ROUTES)) {
      if (route.startsWith('GET ') || CSRF_EXEMPT[route]) continue;
      // Staff routes (and payment links, staff's call) with a staff session: a customer's call would be refused anyway.
      const session = entry.access === 'staff' || route === 'POST /backend/api/payment-links' ? staff : demo;
      // Missing, empty, made up, and the token of another live session.
      for (const csrf of [undefined, '', 'not-the-token', session === staff ? demo.csrf : grooth.csrf]) {
        const res = await send(entry, route, ids, { cookie: session.cookie }, csrf);
        checked.add(route);
        if (!csrfRefusal(res)) wrong.push(`${route} (${csrf === undefined ? 'no token' : JSON.stringify(csrf.slice(0, 8))}): ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    expect(wrong).toEqual([]);
    // Every unsafe route the server has, but the listed exemptions.
    expect([...checked].sort()).toEqual(routeList().filter((r) => !r.startsWith('GET ') && !CSRF_EXEMPT[r]));
    expect(stateDiff(before, await databaseState(t.app.database.db))).toEqual([]);
    expect(t.mailer.sent.length).toBe(mails);
    // And the session's own token passes the same calls (so the token, nothing else, made the 403).
    const refused: string[] = [];
    for (const route of checked) {
      const session = ROUTES[route]!.access === 'staff' || route === 'POST /backend/api/payment-links' ? staff : demo;
      if (csrfRefusal(await send(ROUTES[route]!, route, ids, session))) refused.push(route);
    }
    expect(refused).toEqual([]);
  });

  it('lets only the routes that need no CSRF token do without one, each for a stated reason', async () => {
    const unsafe = routeList().filter((r) => !r.startsWith('GET '));
    expect(Object.keys(CSRF_EXEMPT).filter((r) => !unsafe.includes(r)), 'exemptions for routes that are gone or safe').toEqual([]);
    const wrong: string[] = [];
    for (const route of Object.keys(CSRF_EXEMPT)) {
      const res = await send(ROUTES[route]!, route, ids, { cookie: demo.cookie }, undefined);
      if (csrfRefusal(res)) wrong.push(route);
    }
    // An exemption the server does not make is a stale entry here: the list says what the server does.
    expect(wrong, 'listed as exempt but the server asks for a token').toEqual([]);
  });

  it('answers every call of a route for logged-in users with Cache-Control: private, no-store', async () => {
    const staff = await login(t.app, 'staff');
    const wrong: string[] = [];
    for (const [route, entry] of Object.entries(ROUTES)) {
      if (entry.access !== 'user' && entry.access !== 'staff') continue;
      const session = entry.access === 'staff' || route === 'POST /backend/api/payment-links' ? staff : demo;
      const res = await send(entry, route, ids, session);
      if (res.headers['cache-control'] !== 'private, no-store') wrong.push(`${route}: ${res.statusCode} ${String(res.headers['cache-control'])}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers the owner of those ids (so the cross-customer answers are not simply broken calls)', async () => {
    for (const route of ['GET /backend/jsonapi/commerce_order/default/{order}', 'GET /backend/api/checkout/{order}/shipping', 'PATCH /backend/cart/{orderId}/items']) {
      const res = await send(ROUTES[route]!, route, ids, demo);
      expect(res.statusCode, `${route} ${res.body}`).toBe(200);
    }
  });
});
