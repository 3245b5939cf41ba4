import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { cartResponse } from '../shared/api/cart';
import { cashInvoices, deliveryAddresses, favorites, notFoundPaths, redirects, orderItems, orders, paymentLinks, payments, priceRequests, quoteLines, quotes, relations, sandboxPayments, sessions, users } from './db/schema';
import { addLine, call, pricedProducts } from './modules/ordering/cart/test-support';
import type { ProductRef } from './modules/catalog/test-support';
import { SESSION_COOKIE } from './modules/auth/session.service';
import { API, DEMO_PASSWORD, type Session, sessionCookie, useTestApp } from './test/app';
import { testClock } from './test/clock';
import { testDatabase } from './test/database';
import { databaseState, type DbState, rowsContaining, stateDiff } from './test/db-state';

/**
 * Mass assignment (issue 9, point 2): fields a client must not set (prices and totals, states,
 * order numbers, the relation, the user, the price list, roles, outstanding amounts) are ignored
 * or refused everywhere they could be sent.
 *
 * One entry per unsafe route of the server, taken from its own OpenAPI route list, so a new
 * POST, PATCH or DELETE fails here until it has an entry. Each entry makes the legitimate call
 * once, and once more with the forbidden fields added (in the body and as query parameters), each
 * time on the freshly reset demo data with the same preparation. The call with the forbidden fields must either be refused with a
 * 4xx that has a message and leave the database as it was, or do exactly what the legitimate
 * call did: the same answer, the same rows in every table, the same mails and the same answers
 * from the API afterwards. On top, the sentinel values the forbidden fields carry may appear
 * nowhere in the database, and each entry asserts what the server itself decides.
 */

// Monday 23 November 2026, 09:00 in Amsterdam (delivery dates from Tuesday on).
const clock = testClock('2026-11-23T09:00:00+01:00');
const t = useTestApp({}, { now: clock.now });

const SENTINEL = 'MA-SENTINEL';
const SENTINEL_MAIL = 'ma-sentinel@evil.example';
const SENTINEL_UUID = 'a5a5a5a5-a5a5-4a5a-8a5a-a5a5a5a5a5a5';
const SENTINEL_PASS = 'ma-sentinel-pass';
/** A price no demo data has: in cents and as Drupal's decimal text. */
const CENTS = 987_654;
const EUR = '9876.54';
const NEEDLES = [SENTINEL, SENTINEL_MAIL, SENTINEL_UUID, String(CENTS), EUR];

const DEMO_ID = 1;
const STAFF_ID = 6;
const NEW_PASSWORD = 'nieuw-wachtwoord-2026';

type SessionKind = 'none' | 'demo' | 'staff' | 'masquerade';
type Method = 'POST' | 'PATCH' | 'DELETE';

/** What every run starts from: the demo customer's cart with a line, delivery chosen, on account. */
interface Ctx {
  demo: Session;
  /** The caller of the route under test (null: anonymous). */
  caller: Session | null;
  food: ProductRef;
  cartId: number;
  itemId: number;
  /** Demo's relation's open invoice F260001 (outside the webshop). */
  invoiceId: number;
  /** Another customer's user, relation, placed order (and an item of it) and delivery address (grooth's). */
  other: { userId: number; userUuid: string; relationId: number; relationUuid: string; orderId: number; orderItemId: number; profileId: number };
  /** Whatever an entry's preparation made. */
  extra: Record<string, string | number>;
}

interface Request {
  url: string;
  payload?: unknown;
  /** json (default), JSON:API's media type, or a form (the payment provider's calls). */
  type?: 'json' | 'jsonapi' | 'form' | 'csv';
}

interface Entry {
  session: SessionKind;
  prepare?: (ctx: Ctx) => Promise<void>;
  /** The legitimate call. */
  request: (ctx: Ctx) => Request;
  /** The same call with forbidden fields, in every place they could go (one run each). */
  poisoned: Array<(ctx: Ctx) => Request>;
  /**
   * The legitimate call with one of its own values swapped for another customer's (an address, an
   * order item): refused, or accepted without changing anything.
   */
  foreign?: Array<(ctx: Ctx) => Request>;
  /** Whether the legitimate call changes the database (proves the comparison sees changes). */
  changes: boolean;
  /** What the server decides, asserted after an accepted call with the forbidden fields. */
  check?: (ctx: Ctx, res: LightMyRequestResponse) => Promise<void>;
}

/** Fields a client must not set, with values that point at another customer or carry a sentinel. */
function forbidden(ctx: Ctx): Record<string, unknown> {
  const money = { number: EUR, currency_code: 'EUR', formatted: `€ ${EUR}` };
  const address = { address_line1: SENTINEL, postal_code: SENTINEL, locality: SENTINEL, country_code: 'MX', profile_id: ctx.other.profileId };
  return {
    // Prices, totals, amounts.
    unit_price: money,
    unit_price_cents: CENTS,
    unitPrice: CENTS,
    price: EUR,
    total_price: money,
    total: money,
    total_cents: CENTS,
    subtotal: money,
    order_total: { subtotal: money, total: money, adjustments: [] },
    adjustments: [{ type: 'shipping', label: SENTINEL, percentage: null, amount: { ...money, number: '-9876.54' } }],
    tax_percentage: '0',
    tax_rate: 0,
    amount: EUR,
    amount_cents: CENTS,
    amountCents: CENTS,
    to_pay: money,
    // States and numbers.
    state: 'completed',
    status: 'paid',
    payment_state: 'paid',
    placed: '2001-01-01T00:00:00Z',
    order_number: SENTINEL,
    orderNumber: SENTINEL,
    // Whose it is.
    id: SENTINEL_UUID,
    uuid: SENTINEL_UUID,
    uid: ctx.other.userId,
    user: ctx.other.userId,
    user_id: ctx.other.userId,
    userId: ctx.other.userId,
    relation: ctx.other.relationId,
    relation_id: ctx.other.relationId,
    relationId: ctx.other.relationId,
    relation_uuid: ctx.other.relationUuid,
    store: 2,
    store_id: 2,
    order: ctx.other.orderId,
    order_id: ctx.other.orderId,
    orderId: ctx.other.orderId,
    shipping_profile: ctx.other.profileId,
    billing_address: address,
    delivery_address: address,
    // Price list and account.
    pricelist: 'GROOTH',
    price_list: 'GROOTH',
    priceList: 'GROOTH',
    roles: ['staff', 'administrator'],
    is_staff: true,
    is_masquerading: true,
    masquerade_from_user_id: STAFF_ID,
    name: SENTINEL,
    mail: SENTINEL_MAIL,
    email: SENTINEL_MAIL,
    firstname: SENTINEL,
    surname: SENTINEL,
    active: false,
    pass: SENTINEL_PASS,
    free_delivery_amount: '0',
    // Invoices.
    outstanding_amount: 0,
    outstandingAmount: 0,
    outstanding_cents: 0,
    paid: true,
    invoices: [{ invoiceNumber: 'F260001', outstandingAmount: 0.01 }],
    invoice_ids: [ctx.invoiceId],
  };
}

/** The legitimate fields win: a forbidden field never replaces one the call really takes. */
const withForbidden = (ctx: Ctx, legit: Record<string, unknown>) => ({ ...forbidden(ctx), ...legit });

/** The forbidden fields a form can carry (scalars). */
function forbiddenForm(ctx: Ctx, legit: Record<string, string>): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(forbidden(ctx))) {
    if (!(key in legit) && (typeof value !== 'object' || value === null)) form.set(key, String(value));
  }
  for (const [key, value] of Object.entries(legit)) form.set(key, value);
  return form.toString();
}

/** The forbidden fields as query parameters too (added to every call with forbidden fields). */
function withForbiddenQuery(ctx: Ctx, request: Request): Request {
  const url = new URL(request.url, 'http://shop.test');
  for (const [key, value] of Object.entries(forbidden(ctx))) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
  }
  return { ...request, url: `${url.pathname}${url.search}` };
}

/** A JSON:API favourite with forbidden attributes, relationships and a client-made id. */
function favoriteDocument(ctx: Ctx, poison: boolean) {
  const product = { data: { type: 'commerce_product--default', id: ctx.food.uuid } };
  if (!poison) return { data: { type: 'favorite_product--favorite_product', relationships: { product } } };
  return {
    data: {
      type: 'favorite_product--favorite_product',
      id: SENTINEL_UUID,
      attributes: { ...forbidden(ctx), drupal_internal__id: CENTS, created: '2001-01-01T00:00:00Z' },
      relationships: {
        product,
        uid: { data: { type: 'user--user', id: ctx.other.userUuid } },
        relation: { data: { type: 'relation--relation', id: ctx.other.relationUuid } },
        store: { data: { type: 'commerce_store--online', id: SENTINEL_UUID } },
      },
      meta: { relation: ctx.other.relationId },
    },
    meta: { uid: ctx.other.userId },
  };
}

const db = () => t.app.database.db;
const userRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const invoiceRow = async (id: number) => (await db().select().from(cashInvoices).where(eq(cashInvoices.id, id)))[0]!;
const canLogin = async (name: string, pass: string) =>
  (await t.app.inject({ method: 'POST', url: `${API}/user/login?_format=json`, payload: { name, pass } })).statusCode === 200;

/** Demo's account as the data says, whatever a call sent. */
async function expectDemoAccountUntouched() {
  expect(await userRow(DEMO_ID)).toMatchObject({ name: 'demo', mail: 'demo@example.nl', firstname: 'Sanne', surname: 'Vries', roles: ['customer'], relationId: 1, active: true });
  expect((await db().select({ pricelist: relations.pricelist }).from(relations).where(eq(relations.id, 1)))[0]!.pricelist).toBe('STANDAARD');
}

/** A payment for invoice F260001, made by demo; `paid`: the payer chose paid on the sandbox page. */
async function invoicePayment(ctx: Ctx, paid: boolean) {
  const res = await call(t.app, ctx.demo, 'POST', `/api/cash-invoice/${ctx.invoiceId}/create-payment`);
  expect(res.statusCode, res.body).toBe(200);
  const [payment] = await db().select().from(payments).where(eq(payments.kind, 'cash_invoice'));
  ctx.extra.paymentUuid = payment!.uuid;
  ctx.extra.providerId = payment!.providerId!;
  if (paid) {
    const page = await t.app.inject({ method: 'POST', url: `${API}/payment-sandbox/${payment!.providerId}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=paid' });
    expect(page.statusCode, page.body).toBe(303);
  }
}

const checkout = (ctx: Ctx, path: string) => `${API}/api/checkout/${ctx.cartId}/${path}`;

/** A customer user staff act on in the entries below (demo-en, of another relation than demo). */
const DEMO_EN_ID = 2;
const NEW_COOK = { mail: 'kok@lacatrina.example', firstname: 'Diego', surname: 'Ramírez', langcode: 'en' } as const;
async function demoEnUuid(ctx: Ctx) {
  ctx.extra.userUuid = (await userRow(DEMO_EN_ID)).uuid;
}
/** Demo's cart placed on account (the staff order page's entries start from a placed order). */
async function placeDemoCart(ctx: Ctx) {
  const res = await call(t.app, ctx.demo, 'POST', `/api/checkout/${ctx.cartId}/place`, { terms_accepted: true });
  expect(res.statusCode, res.body).toBe(200);
  ctx.extra.orderUuid = res.json().uuid;
}
const staffOrderUrl = (ctx: Ctx, path: string) => `${API}/api/staff/orders/${ctx.extra.orderUuid}/${path}`;

/** An open price request of demo's for 12 of the food (the inbox's entries answer it). */
async function demoPriceRequest(ctx: Ctx) {
  const [row] = await db().insert(priceRequests).values({ userId: DEMO_ID, relationId: 1, productId: ctx.food.id, quantity: 12, langcode: 'nl', createdAt: clock.now() }).returning();
  ctx.extra.priceRequestId = row!.id;
}
const PRICE_QUOTE = { price_per_unit_cents: 850, from_quantity: 10, valid_until: '2026-12-31' };

/** The table: one entry per unsafe route; `exempt` only with a reason. */
const ROUTES: Record<string, Entry | { exempt: string }> = {
  'POST /backend/user/login': {
    session: 'none',
    request: () => ({ url: `${API}/user/login?_format=json`, payload: { name: 'demo', pass: DEMO_PASSWORD } }),
    poisoned: [(ctx) => ({ url: `${API}/user/login?_format=json`, payload: withForbidden(ctx, { name: 'demo', pass: DEMO_PASSWORD }) })],
    changes: true,
    async check(_ctx, res) {
      expect(res.json().current_user).toEqual({ uid: String(DEMO_ID), name: 'demo', roles: ['authenticated', 'customer'] });
      const [session] = await db().select().from(sessions).where(eq(sessions.csrfToken, res.json().csrf_token));
      expect(session).toMatchObject({ userId: DEMO_ID, masqueradeFromUserId: null });
      await expectDemoAccountUntouched();
    },
  },
  'POST /backend/user/password': {
    session: 'none',
    request: () => ({ url: `${API}/user/password?_format=json`, payload: { name: 'demo' } }),
    poisoned: [(ctx) => ({ url: `${API}/user/password?_format=json`, payload: withForbidden(ctx, { name: 'demo' }) })],
    changes: true,
    async check() {
      expect(t.mailer.sent.map((m) => m.to)).toEqual(['demo@example.nl']);
      await expectDemoAccountUntouched();
    },
  },
  'POST /backend/api/reset-password/{user}/{timestamp}/{hash}': {
    session: 'none',
    async prepare(ctx) {
      const res = await t.app.inject({ method: 'POST', url: `${API}/user/password?_format=json`, payload: { name: 'demo' } });
      expect(res.statusCode, res.body).toBe(200);
      const link = /\/user\/password\/reset\/(\d+\/\d+\/[\w-]+)/.exec(t.mailer.sent.at(-1)?.text ?? '');
      ctx.extra.link = link![1]!;
    },
    request: (ctx) => ({ url: `${API}/api/reset-password/${ctx.extra.link}`, payload: { pass: NEW_PASSWORD, passConfirm: NEW_PASSWORD } }),
    poisoned: [(ctx) => ({ url: `${API}/api/reset-password/${ctx.extra.link}`, payload: withForbidden(ctx, { pass: NEW_PASSWORD, passConfirm: NEW_PASSWORD, user: STAFF_ID }) })],
    changes: true,
    async check() {
      expect(await canLogin('demo', NEW_PASSWORD)).toBe(true);
      expect(await canLogin('staff', DEMO_PASSWORD)).toBe(true);
      await expectDemoAccountUntouched();
    },
  },
  'POST /backend/api/account/change-password': {
    session: 'demo',
    request: () => ({ url: `${API}/api/account/change-password`, payload: { current: DEMO_PASSWORD, new: NEW_PASSWORD, repeat: NEW_PASSWORD } }),
    poisoned: [(ctx) => ({ url: `${API}/api/account/change-password`, payload: withForbidden(ctx, { current: DEMO_PASSWORD, new: NEW_PASSWORD, repeat: NEW_PASSWORD }) })],
    changes: true,
    async check() {
      expect(await canLogin('demo', NEW_PASSWORD)).toBe(true);
      expect(await canLogin('demo', SENTINEL_PASS)).toBe(false);
      expect(await canLogin('grooth', DEMO_PASSWORD)).toBe(true);
      await expectDemoAccountUntouched();
    },
  },
  'POST /backend/api/staff/masquerade/{userId}': {
    session: 'staff',
    request: () => ({ url: `${API}/api/staff/masquerade/${DEMO_ID}` }),
    poisoned: [(ctx) => ({ url: `${API}/api/staff/masquerade/${DEMO_ID}`, payload: withForbidden(ctx, {}) })],
    changes: true,
    async check(_ctx, res) {
      expect(res.json().current_user).toEqual({ uid: String(DEMO_ID), name: 'demo', roles: ['authenticated', 'customer'] });
      const [session] = await db().select().from(sessions).where(eq(sessions.csrfToken, res.json().csrf_token));
      expect(session).toMatchObject({ userId: DEMO_ID, masqueradeFromUserId: STAFF_ID });
      await expectDemoAccountUntouched();
      expect((await userRow(STAFF_ID)).roles).toEqual(['staff', 'staff_admin']);
    },
  },

  'POST /backend/api/staff/relations/{relation}/users': {
    session: 'staff',
    async prepare(ctx) {
      ctx.extra.relationUuid = (await db().select({ uuid: relations.uuid }).from(relations).where(eq(relations.id, 1)))[0]!.uuid;
    },
    request: (ctx) => ({ url: `${API}/api/staff/relations/${ctx.extra.relationUuid}/users`, payload: NEW_COOK }),
    poisoned: [(ctx) => ({ url: `${API}/api/staff/relations/${ctx.extra.relationUuid}/users`, payload: withForbidden(ctx, NEW_COOK) })],
    changes: true,
    async check() {
      const [row] = await db().select().from(users).where(eq(users.mail, NEW_COOK.mail));
      expect(row).toMatchObject({ roles: ['customer'], relationId: 1, origin: 'shop', pass: null, active: true, blockedAt: null });
      await expectDemoAccountUntouched();
    },
  },
  // Redirects and the not-found log (issue 43): only paths and a status are taken.
  'POST /backend/api/staff/redirects': {
    session: 'staff',
    request: () => ({ url: `${API}/api/staff/redirects`, payload: { from_path: '/oude-winkel', to_path: '/assortment', status: 301 } }),
    poisoned: [(ctx) => ({ url: `${API}/api/staff/redirects`, payload: withForbidden(ctx, { from_path: '/oude-winkel', to_path: '/assortment', status: 301 }) })],
    changes: true,
    async check() {
      expect(await db().select({ from: redirects.fromPath, to: redirects.toPath, status: redirects.status }).from(redirects).where(eq(redirects.fromPath, '/oude-winkel'))).toEqual([{ from: '/oude-winkel', to: '/assortment', status: 301 }]);
    },
  },
  'PATCH /backend/api/staff/redirects/{id}': {
    session: 'staff',
    async prepare(ctx) {
      const [row] = await db().insert(redirects).values({ fromPath: '/oude-winkel', toPath: '/cart', status: 302 }).returning({ id: redirects.id });
      ctx.extra.redirectId = row!.id;
    },
    request: (ctx) => ({ url: `${API}/api/staff/redirects/${ctx.extra.redirectId}`, payload: { from_path: '/oude-winkel', to_path: '/assortment', status: 301 } }),
    poisoned: [(ctx) => ({ url: `${API}/api/staff/redirects/${ctx.extra.redirectId}`, payload: withForbidden(ctx, { from_path: '/oude-winkel', to_path: '/assortment', status: 301 }) })],
    changes: true,
  },
  'DELETE /backend/api/staff/redirects/{id}': {
    session: 'staff',
    async prepare(ctx) {
      const [row] = await db().insert(redirects).values({ fromPath: '/oude-winkel', toPath: '/cart', status: 302 }).returning({ id: redirects.id });
      ctx.extra.redirectId = row!.id;
    },
    request: (ctx) => ({ url: `${API}/api/staff/redirects/${ctx.extra.redirectId}` }),
    poisoned: [(ctx) => ({ url: `${API}/api/staff/redirects/${ctx.extra.redirectId}`, payload: withForbidden(ctx, {}) })],
    changes: true,
  },
  'POST /backend/api/staff/redirects/import': {
    session: 'staff',
    request: () => ({ url: `${API}/api/staff/redirects/import`, payload: { csv: 'oud;nieuw;status\n/oude-winkel;/assortment;301\n' } }),
    poisoned: [(ctx) => ({ url: `${API}/api/staff/redirects/import`, payload: withForbidden(ctx, { csv: 'oud;nieuw;status\n/oude-winkel;/assortment;301\n' }) })],
    changes: true,
  },
  'POST /backend/api/staff/not-found/{id}/redirect': {
    session: 'staff',
    async prepare(ctx) {
      const [row] = await db().insert(notFoundPaths).values({ path: '/oude-winkel', count: 3 }).returning({ id: notFoundPaths.id });
      ctx.extra.notFoundId = row!.id;
    },
    request: (ctx) => ({ url: `${API}/api/staff/not-found/${ctx.extra.notFoundId}/redirect`, payload: { to_path: '/assortment', status: 301 } }),
    poisoned: [(ctx) => ({ url: `${API}/api/staff/not-found/${ctx.extra.notFoundId}/redirect`, payload: withForbidden(ctx, { to_path: '/assortment', status: 301 }) })],
    changes: true,
  },
  'DELETE /backend/api/staff/not-found/{id}': {
    session: 'staff',
    async prepare(ctx) {
      const [row] = await db().insert(notFoundPaths).values({ path: '/oude-winkel', count: 3 }).returning({ id: notFoundPaths.id });
      ctx.extra.notFoundId = row!.id;
    },
    request: (ctx) => ({ url: `${API}/api/staff/not-found/${ctx.extra.notFoundId}` }),
    poisoned: [(ctx) => ({ url: `${API}/api/staff/not-found/${ctx.extra.notFoundId}`, payload: withForbidden(ctx, {}) })],
    changes: true,
  },
  'POST /backend/api/staff/users/{user}/block': {
    session: 'staff',
    prepare: demoEnUuid,
    request: (ctx) => ({ url: `${API}/api/staff/users/${ctx.extra.userUuid}/block`, payload: { reason: 'Left the company' } }),
    poisoned: [(ctx) => ({ url: `${API}/api/staff/users/${ctx.extra.userUuid}/block`, payload: withForbidden(ctx, { reason: 'Left the company' }) })],
    changes: true,
    async check() {
      expect(await userRow(DEMO_EN_ID)).toMatchObject({ active: false, roles: ['customer'], relationId: 2, blockedAt: expect.any(Date) });
      await expectDemoAccountUntouched();
    },
  },
  'POST /backend/api/staff/users/{user}/unblock': {
    session: 'staff',
    async prepare(ctx) {
      await demoEnUuid(ctx);
      await db().update(users).set({ active: false, blockedAt: clock.now() }).where(eq(users.id, DEMO_EN_ID));
    },
    request: (ctx) => ({ url: `${API}/api/staff/users/${ctx.extra.userUuid}/unblock` }),
    poisoned: [(ctx) => ({ url: `${API}/api/staff/users/${ctx.extra.userUuid}/unblock`, payload: withForbidden(ctx, {}) })],
    changes: true,
    async check() {
      expect(await userRow(DEMO_EN_ID)).toMatchObject({ active: true, roles: ['customer'], relationId: 2, blockedAt: null });
    },
  },
  'POST /backend/api/staff/users/{user}/welcome-mail': {
    session: 'staff',
    prepare: demoEnUuid,
    request: (ctx) => ({ url: `${API}/api/staff/users/${ctx.extra.userUuid}/welcome-mail` }),
    poisoned: [(ctx) => ({ url: `${API}/api/staff/users/${ctx.extra.userUuid}/welcome-mail`, payload: withForbidden(ctx, {}) })],
    changes: true,
    async check() {
      expect(t.mailer.sent.map((m) => m.to)).toEqual([(await userRow(DEMO_EN_ID)).mail]);
    },
  },

  'POST /backend/api/upcoming-price-mutations': {
    session: 'demo',
    request: (ctx) => ({ url: `${API}/api/upcoming-price-mutations`, payload: { products: [ctx.food.uuid] } }),
    poisoned: [(ctx) => ({ url: `${API}/api/upcoming-price-mutations`, payload: withForbidden(ctx, { products: [ctx.food.uuid] }) })],
    changes: false,
  },
  'POST /backend/api/product/{id}/request-price': {
    session: 'demo',
    request: (ctx) => ({ url: `${API}/api/product/${ctx.food.uuid}/request-price`, payload: { quantity: 25 } }),
    poisoned: [(ctx) => ({ url: `${API}/api/product/${ctx.food.uuid}/request-price`, payload: withForbidden(ctx, { quantity: 25 }) })],
    changes: true,
    async check(ctx) {
      expect(await db().select({ userId: priceRequests.userId, relationId: priceRequests.relationId, productId: priceRequests.productId, quantity: priceRequests.quantity }).from(priceRequests).where(eq(priceRequests.productId, ctx.food.id))).toEqual([
        { userId: DEMO_ID, relationId: 1, productId: ctx.food.id, quantity: 25 },
      ]);
      expect(t.mailer.sent.map((m) => m.to)).toEqual([t.app.config.salesEmail]);
    },
  },
  'POST /backend/jsonapi/favorite_product/favorite_product': {
    session: 'demo',
    request: (ctx) => ({ url: `${API}/jsonapi/favorite_product/favorite_product`, type: 'jsonapi', payload: favoriteDocument(ctx, false) }),
    poisoned: [(ctx) => ({ url: `${API}/jsonapi/favorite_product/favorite_product`, type: 'jsonapi', payload: favoriteDocument(ctx, true) })],
    changes: true,
    async check(ctx, res) {
      const rows = await db().select().from(favorites).where(and(eq(favorites.productId, ctx.food.id), inArray(favorites.relationId, [1, ctx.other.relationId])));
      expect(rows).toEqual([expect.objectContaining({ relationId: 1, userId: DEMO_ID })]);
      expect(rows[0]!.uuid).not.toBe(SENTINEL_UUID);
      expect(res.json().data.attributes.drupal_internal__id).toBe(rows[0]!.id);
    },
  },
  'DELETE /backend/jsonapi/favorite_product/favorite_product/{id}': {
    session: 'demo',
    async prepare(ctx) {
      const res = await call(t.app, ctx.demo, 'POST', '/jsonapi/favorite_product/favorite_product', favoriteDocument(ctx, false));
      expect(res.statusCode, res.body).toBeLessThan(300);
      ctx.extra.favoriteId = res.json().data.id;
    },
    request: (ctx) => ({ url: `${API}/jsonapi/favorite_product/favorite_product/${ctx.extra.favoriteId}` }),
    poisoned: [(ctx) => ({ url: `${API}/jsonapi/favorite_product/favorite_product/${ctx.extra.favoriteId}`, type: 'jsonapi', payload: favoriteDocument(ctx, true) })],
    changes: true,
  },

  'POST /backend/cart/add': {
    session: 'demo',
    request: (ctx) => ({ url: `${API}/cart/add?_format=json`, payload: [addLine(ctx.food.variationId, 2)] }),
    poisoned: [(ctx) => ({ url: `${API}/cart/add?_format=json`, payload: [withForbidden(ctx, addLine(ctx.food.variationId, 2))] })],
    changes: true,
    async check(ctx) {
      await expectCart(ctx, 5, 1000);
    },
  },
  'POST /backend/quick-order/preview': {
    session: 'demo',
    request: (ctx) => ({ url: `${API}/quick-order/preview`, payload: { rows: [{ line: 1, article: ctx.food.sku, quantity: 2 }] } }),
    poisoned: [
      (ctx) => ({ url: `${API}/quick-order/preview`, payload: { rows: [withForbidden(ctx, { line: 1, article: ctx.food.sku, quantity: 2 })] } }),
      (ctx) => ({ url: `${API}/quick-order/preview`, payload: withForbidden(ctx, { rows: [{ line: 1, article: ctx.food.sku, quantity: 2 }] }) }),
    ],
    changes: false,
    async check(_ctx, res) {
      // The customer's own price, whatever the body said.
      expect(res.json().lines[0]).toMatchObject({ status: 'ok', unit_price: { number: '10.00' }, total_price: { number: '20.00' } });
    },
  },
  'POST /backend/quick-order/add': {
    session: 'demo',
    request: (ctx) => ({ url: `${API}/quick-order/add`, payload: { rows: [{ line: 1, article: ctx.food.sku, quantity: 2 }] } }),
    poisoned: [
      (ctx) => ({ url: `${API}/quick-order/add`, payload: { rows: [withForbidden(ctx, { line: 1, article: ctx.food.sku, quantity: 2 })] } }),
      (ctx) => ({ url: `${API}/quick-order/add`, payload: withForbidden(ctx, { rows: [{ line: 1, article: ctx.food.sku, quantity: 2 }] }) }),
    ],
    changes: true,
    async check(ctx) {
      await expectCart(ctx, 5, 1000);
    },
  },
  'POST /backend/quick-order/upload': {
    session: 'demo',
    request: (ctx) => ({ url: `${API}/quick-order/upload`, type: 'csv', payload: `${ctx.food.sku};2\n` }),
    // A file has no fields to smuggle: the forbidden fields go in the query (added to every poisoned call).
    poisoned: [(ctx) => ({ url: `${API}/quick-order/upload`, type: 'csv', payload: `${ctx.food.sku};2\n` })],
    changes: false,
  },
  'POST /backend/quick-order/order-again': {
    session: 'demo',
    async prepare(ctx) {
      const [own] = await db().select({ uuid: orders.uuid }).from(orders).where(and(eq(orders.userId, DEMO_ID), ne(orders.state, 'draft'))).limit(1);
      const [theirs] = await db().select({ uuid: orders.uuid }).from(orders).where(eq(orders.id, ctx.other.orderId));
      ctx.extra.orderUuid = own!.uuid;
      ctx.extra.otherOrderUuid = theirs!.uuid;
    },
    request: (ctx) => ({ url: `${API}/quick-order/order-again`, payload: { order: ctx.extra.orderUuid } }),
    poisoned: [(ctx) => ({ url: `${API}/quick-order/order-again`, payload: withForbidden(ctx, { order: ctx.extra.orderUuid }) })],
    foreign: [(ctx) => ({ url: `${API}/quick-order/order-again`, payload: { order: ctx.extra.otherOrderUuid } })],
    changes: true,
  },
  'PATCH /backend/cart/{orderId}/items': {
    session: 'demo',
    request: (ctx) => ({ url: `${API}/cart/${ctx.cartId}/items?_format=json`, payload: { [ctx.itemId]: { quantity: 12 } } }),
    poisoned: [
      // In the line: ignored. Beside the lines: keys that are no item ids, refused.
      (ctx) => ({ url: `${API}/cart/${ctx.cartId}/items?_format=json`, payload: { [ctx.itemId]: withForbidden(ctx, { quantity: 12 }) } }),
      (ctx) => ({ url: `${API}/cart/${ctx.cartId}/items?_format=json`, payload: { ...forbidden(ctx), [ctx.itemId]: { quantity: 12 } } }),
    ],
    foreign: [(ctx) => ({ url: `${API}/cart/${ctx.cartId}/items?_format=json`, payload: { [ctx.other.orderItemId]: { quantity: 12 } } })],
    changes: true,
    async check(ctx) {
      // 12 reaches the scaled price from 10.
      await expectCart(ctx, 12, 900);
    },
  },
  'DELETE /backend/cart/{orderId}/items/{itemId}': {
    session: 'demo',
    request: (ctx) => ({ url: `${API}/cart/${ctx.cartId}/items/${ctx.itemId}?_format=json` }),
    poisoned: [(ctx) => ({ url: `${API}/cart/${ctx.cartId}/items/${ctx.itemId}?_format=json`, payload: withForbidden(ctx, {}) })],
    foreign: [(ctx) => ({ url: `${API}/cart/${ctx.cartId}/items/${ctx.other.orderItemId}?_format=json` })],
    changes: true,
  },

  'POST /backend/api/checkout/{order}/set-shipping': {
    session: 'demo',
    request: (ctx) => ({ url: checkout(ctx, 'set-shipping'), payload: { method: 'pickup' } }),
    poisoned: [(ctx) => ({ url: checkout(ctx, 'set-shipping'), payload: withForbidden(ctx, { method: 'pickup' }) })],
    changes: true,
    async check(ctx) {
      expect(await orderRow(ctx.cartId)).toMatchObject({ shippingMethodId: 'pickup', state: 'draft', orderNumber: null, userId: DEMO_ID, relationId: 1 });
      await expectCart(ctx, 3, 1000);
    },
  },
  'POST /backend/api/checkout/{order}/set-payment': {
    session: 'demo',
    request: (ctx) => ({ url: checkout(ctx, 'set-payment'), payload: { method: 'ideal' } }),
    poisoned: [(ctx) => ({ url: checkout(ctx, 'set-payment'), payload: withForbidden(ctx, { method: 'ideal' }) })],
    changes: true,
    async check(ctx) {
      expect(await orderRow(ctx.cartId)).toMatchObject({ paymentMethodId: 'ideal', state: 'draft', orderNumber: null, paymentState: null, userId: DEMO_ID, relationId: 1 });
    },
  },
  'POST /backend/api/checkout/{order}/set-delivery-date': {
    session: 'demo',
    request: (ctx) => ({ url: checkout(ctx, 'set-delivery-date'), payload: { date: '2026-11-26' } }),
    poisoned: [(ctx) => ({ url: checkout(ctx, 'set-delivery-date'), payload: withForbidden(ctx, { date: '2026-11-26' }) })],
    changes: true,
    async check(ctx) {
      expect(await orderRow(ctx.cartId)).toMatchObject({ reqDlvDate: '2026-11-26', state: 'draft', placedAt: null, userId: DEMO_ID, relationId: 1 });
    },
  },
  'POST /backend/api/checkout/{order}/set-reference': {
    session: 'demo',
    request: (ctx) => ({ url: checkout(ctx, 'set-reference'), payload: { po_reference: 'PO-1', comment: 'Achterom' } }),
    poisoned: [(ctx) => ({ url: checkout(ctx, 'set-reference'), payload: withForbidden(ctx, { po_reference: 'PO-1', comment: 'Achterom' }) })],
    changes: true,
    async check(ctx) {
      expect(await orderRow(ctx.cartId)).toMatchObject({ poReference: 'PO-1', customerComment: 'Achterom', state: 'draft', userId: DEMO_ID, relationId: 1 });
    },
  },
  'POST /backend/api/checkout/{order}/set-profile': {
    session: 'demo',
    async prepare(ctx) {
      const [, second] = await db().select().from(deliveryAddresses).where(eq(deliveryAddresses.relationId, 1)).orderBy(asc(deliveryAddresses.id));
      ctx.extra.profileId = second!.id;
    },
    request: (ctx) => ({ url: checkout(ctx, 'set-profile'), payload: { profileId: ctx.extra.profileId } }),
    poisoned: [(ctx) => ({ url: checkout(ctx, 'set-profile'), payload: withForbidden(ctx, { profileId: ctx.extra.profileId }) })],
    foreign: [(ctx) => ({ url: checkout(ctx, 'set-profile'), payload: { profileId: ctx.other.profileId } })],
    changes: true,
    async check(ctx) {
      const order = await orderRow(ctx.cartId);
      expect(order).toMatchObject({ deliveryAddressId: ctx.extra.profileId, deliveryAddress: null, billingAddress: null, userId: DEMO_ID, relationId: 1 });
    },
  },
  'POST /backend/api/checkout/{order}/place': {
    session: 'demo',
    request: (ctx) => ({ url: checkout(ctx, 'place'), payload: { terms_accepted: true } }),
    poisoned: [(ctx) => ({ url: checkout(ctx, 'place'), payload: withForbidden(ctx, { terms_accepted: true }) })],
    changes: true,
    async check(ctx) {
      const order = await orderRow(ctx.cartId);
      expect(order).toMatchObject({ state: 'placed', orderNumber: `W${String(ctx.cartId).padStart(7, '0')}`, placedAt: clock.now(), userId: DEMO_ID, relationId: 1, mail: 'demo@example.nl' });
      expect(order.billingAddress).toMatchObject({ address_line1: 'Prinsengracht 212' });
      const items = await db().select().from(orderItems).where(eq(orderItems.orderId, ctx.cartId));
      expect(items.map((i) => [i.quantity, i.unitPriceCents, i.totalCents])).toEqual([[3, 1000, 3000]]);
      // € 30,00 plus the delivery and VAT the server adds: its own sum, never the client's.
      expect(order.subtotalCents).toBe(3000);
      expect(order.totalCents).toBe(3000 + (order.adjustments ?? []).reduce((sum, a) => sum + a.amountCents, 0));
      expect(order.adjustments?.every((a) => a.amountCents >= 0)).toBe(true);
    },
  },
  'POST /backend/api/checkout/{order}/create-payment': {
    session: 'demo',
    async prepare(ctx) {
      expect((await call(t.app, ctx.demo, 'POST', checkout(ctx, 'set-payment'), { method: 'ideal' })).statusCode).toBe(200);
    },
    request: (ctx) => ({ url: checkout(ctx, 'create-payment'), payload: { terms_accepted: true } }),
    poisoned: [(ctx) => ({ url: checkout(ctx, 'create-payment'), payload: withForbidden(ctx, { terms_accepted: true }) })],
    changes: true,
    async check(ctx) {
      const invoices = await db().select().from(cashInvoices).where(and(eq(cashInvoices.relationId, 1), ne(cashInvoices.outstandingCents, 0)));
      const cart = cartResponse.parse((await call(t.app, ctx.demo, 'GET', '/cart?_format=json')).json())[0]!;
      const expected = Math.round(Number(cart.total_price.number) * 100) + invoices.reduce((sum, i) => sum + i.outstandingCents, 0);
      expect(await db().select({ amountCents: payments.amountCents, status: payments.status, relationId: payments.relationId, userId: payments.userId, orderId: payments.orderId }).from(payments)).toEqual([
        { amountCents: expected, status: 'open', relationId: 1, userId: DEMO_ID, orderId: ctx.cartId },
      ]);
      expect(await orderRow(ctx.cartId)).toMatchObject({ state: 'draft', orderNumber: null });
      expect(invoices.every((i) => i.paidAt === null)).toBe(true);
    },
  },

  'POST /backend/api/cash-invoice/{cashInvoiceId}/create-payment': {
    session: 'demo',
    request: (ctx) => ({ url: `${API}/api/cash-invoice/${ctx.invoiceId}/create-payment` }),
    poisoned: [(ctx) => ({ url: `${API}/api/cash-invoice/${ctx.invoiceId}/create-payment`, payload: withForbidden(ctx, {}) })],
    changes: true,
    async check(ctx) {
      const invoice = await invoiceRow(ctx.invoiceId);
      expect(invoice).toMatchObject({ outstandingCents: 48_765, paidAt: null, relationId: 1 });
      expect(await db().select({ amountCents: payments.amountCents, status: payments.status, relationId: payments.relationId, userId: payments.userId }).from(payments)).toEqual([
        { amountCents: 48_765, status: 'open', relationId: 1, userId: DEMO_ID },
      ]);
      expect((await db().select().from(sandboxPayments))[0]).toMatchObject({ amountCents: 48_765, status: 'open' });
    },
  },
  'POST /backend/api/cash-invoice/{cashInvoiceId}/payment-return': {
    session: 'demo',
    prepare: (ctx) => invoicePayment(ctx, true),
    request: (ctx) => ({ url: `${API}/api/cash-invoice/${ctx.invoiceId}/payment-return` }),
    poisoned: [(ctx) => ({ url: `${API}/api/cash-invoice/${ctx.invoiceId}/payment-return`, payload: withForbidden(ctx, { status: 'failed', outstandingAmount: 487.65 }) })],
    changes: true,
    async check(ctx) {
      await expectInvoicePaidByProvider(ctx);
    },
  },
  'POST /backend/api/payments/webhook': {
    session: 'none',
    prepare: (ctx) => invoicePayment(ctx, true),
    request: (ctx) => ({ url: `${API}/api/payments/webhook`, type: 'form', payload: new URLSearchParams({ id: String(ctx.extra.providerId) }).toString() }),
    poisoned: [(ctx) => ({ url: `${API}/api/payments/webhook`, type: 'form', payload: forbiddenForm(ctx, { id: String(ctx.extra.providerId), status: 'failed' }) })],
    changes: true,
    async check(ctx) {
      await expectInvoicePaidByProvider(ctx);
    },
  },
  'POST /backend/payment-sandbox/{id}': {
    session: 'none',
    prepare: (ctx) => invoicePayment(ctx, false),
    request: (ctx) => ({ url: `${API}/payment-sandbox/${ctx.extra.providerId}`, type: 'form', payload: 'outcome=paid' }),
    poisoned: [(ctx) => ({ url: `${API}/payment-sandbox/${ctx.extra.providerId}`, type: 'form', payload: forbiddenForm(ctx, { outcome: 'paid' }) })],
    changes: true,
    async check(ctx) {
      // The sandbox is the provider: it keeps the amount the shop asked for.
      expect((await db().select().from(sandboxPayments))[0]).toMatchObject({ amountCents: 48_765, status: 'paid' });
      expect(await invoiceRow(ctx.invoiceId)).toMatchObject({ outstandingCents: 48_765, paidAt: null });
    },
  },
  'POST /backend/api/mollie_return/bulk/{paymentId}': {
    session: 'none',
    prepare: (ctx) => invoicePayment(ctx, true),
    request: (ctx) => ({ url: `${API}/api/mollie_return/bulk/${ctx.extra.paymentUuid}` }),
    poisoned: [(ctx) => ({ url: `${API}/api/mollie_return/bulk/${ctx.extra.paymentUuid}`, payload: withForbidden(ctx, { status: 'failed' }) })],
    changes: true,
    async check(ctx) {
      await expectInvoicePaidByProvider(ctx);
    },
  },
  'POST /backend/api/payment-links': {
    session: 'staff',
    request: () => ({ url: `${API}/api/payment-links`, payload: { relation_id: 1 } }),
    poisoned: [(ctx) => ({ url: `${API}/api/payment-links`, payload: withForbidden(ctx, { relation_id: 1 }) })],
    changes: true,
    async check(ctx, res) {
      await expectLinkForDemo(ctx, res, STAFF_ID);
    },
  },
  'POST /backend/api/staff/payments/{uuid}/reviewed': {
    session: 'staff',
    async prepare(ctx) {
      ctx.extra.reviewUuid = 'c0ffee00-0000-4000-8000-000000000001';
      await db().insert(payments).values({ uuid: String(ctx.extra.reviewUuid), kind: 'cash_invoice', provider: 'sandbox', relationId: 1, amountCents: 1_234, description: 'kept for staff', status: 'paid', appliedAt: clock.now(), reviewReason: 'amount_mismatch', reviewExpectedCents: 1_000 });
    },
    request: (ctx) => ({ url: `${API}/api/staff/payments/${ctx.extra.reviewUuid}/reviewed` }),
    poisoned: [(ctx) => ({ url: `${API}/api/staff/payments/${ctx.extra.reviewUuid}/reviewed`, payload: withForbidden(ctx, {}) })],
    changes: true,
    async check(ctx) {
      const [row] = await db().select().from(payments).where(eq(payments.uuid, String(ctx.extra.reviewUuid)));
      expect(row).toMatchObject({ status: 'paid', amountCents: 1_234, relationId: 1, reviewReason: 'amount_mismatch', reviewExpectedCents: 1_000, reviewedBy: STAFF_ID, reviewedAt: expect.any(Date) });
    },
  },
  // The staff order page (issue 42): demo's cart placed first; the order is named by its uuid.
  'POST /backend/api/staff/orders/{order}/actions/{action}': {
    session: 'staff',
    prepare: placeDemoCart,
    request: (ctx) => ({ url: staffOrderUrl(ctx, 'actions/cancel'), payload: { version: 0, reason: 'asked by phone' } }),
    poisoned: [(ctx) => ({ url: staffOrderUrl(ctx, 'actions/cancel'), payload: withForbidden(ctx, { version: 0, reason: 'asked by phone' }) })],
    changes: true,
    async check(ctx) {
      expect(await orderRow(ctx.cartId)).toMatchObject({ state: 'canceled', version: 1, userId: DEMO_ID, relationId: 1, financeCheck: null });
    },
  },
  'POST /backend/api/staff/orders/{order}/changes/preview': {
    session: 'staff',
    prepare: placeDemoCart,
    request: (ctx) => ({ url: staffOrderUrl(ctx, 'changes/preview'), payload: { version: 0, lines: [{ variation_id: ctx.food.variationId, quantity: 5 }], delivery_date: '2026-11-24' } }),
    poisoned: [(ctx) => ({ url: staffOrderUrl(ctx, 'changes/preview'), payload: withForbidden(ctx, { version: 0, lines: [{ variation_id: ctx.food.variationId, quantity: 5 }], delivery_date: '2026-11-24' }) })],
    changes: false,
  },
  'POST /backend/api/staff/orders/{order}/changes': {
    session: 'staff',
    prepare: placeDemoCart,
    request: (ctx) => ({ url: staffOrderUrl(ctx, 'changes'), payload: { version: 0, lines: [{ variation_id: ctx.food.variationId, quantity: 5 }], delivery_date: '2026-11-24' } }),
    poisoned: [(ctx) => ({ url: staffOrderUrl(ctx, 'changes'), payload: withForbidden(ctx, { version: 0, lines: [{ ...forbidden(ctx), variation_id: ctx.food.variationId, quantity: 5 }], delivery_date: '2026-11-24' }) })],
    changes: true,
    async check(ctx) {
      const order = await orderRow(ctx.cartId);
      // 5 × € 10,00: the server's price, never the client's.
      expect(order).toMatchObject({ state: 'placed', version: 1, subtotalCents: 5000, userId: DEMO_ID, relationId: 1 });
      const items = await db().select().from(orderItems).where(eq(orderItems.orderId, ctx.cartId));
      expect(items.map((i) => [i.quantity, i.unitPriceCents, i.totalCents])).toEqual([[5, 1000, 5000]]);
    },
  },
  'POST /backend/api/staff/finance/orders/{order}/checked': {
    session: 'staff',
    async prepare(ctx) {
      await placeDemoCart(ctx);
      await db().update(orders).set({ financeCheck: 'refund' }).where(eq(orders.id, ctx.cartId));
    },
    request: (ctx) => ({ url: staffOrderUrl(ctx, '').replace('/orders/', '/finance/orders/').replace(/\/$/, '/checked') }),
    poisoned: [(ctx) => ({ url: staffOrderUrl(ctx, '').replace('/orders/', '/finance/orders/').replace(/\/$/, '/checked'), payload: withForbidden(ctx, {}) })],
    changes: true,
    async check(ctx) {
      expect(await orderRow(ctx.cartId)).toMatchObject({ state: 'placed', financeCheck: 'refund', financeCheckedAt: expect.any(Date), userId: DEMO_ID });
    },
  },
  // The price requests inbox (issue 42, point 6): demo's request for the food, answered by staff.
  'POST /backend/api/staff/price-requests/{id}/quote': {
    session: 'staff',
    prepare: demoPriceRequest,
    request: (ctx) => ({ url: `${API}/api/staff/price-requests/${ctx.extra.priceRequestId}/quote`, payload: PRICE_QUOTE }),
    poisoned: [(ctx) => ({ url: `${API}/api/staff/price-requests/${ctx.extra.priceRequestId}/quote`, payload: withForbidden(ctx, PRICE_QUOTE) })],
    changes: true,
    async check(ctx) {
      const [request] = await db().select().from(priceRequests).where(eq(priceRequests.id, Number(ctx.extra.priceRequestId)));
      expect(request).toMatchObject({ state: 'quoted', userId: DEMO_ID, relationId: 1, answeredBy: STAFF_ID, quantity: 12 });
      const [quote] = await db().select().from(quotes).where(eq(quotes.id, request!.quoteId!));
      expect(quote).toMatchObject({ erpId: `WEB-PR-${ctx.extra.priceRequestId}`, relationId: 1, validUntil: '2026-12-31' });
      expect((await db().select().from(quoteLines).where(eq(quoteLines.quoteId, quote!.id))).map((l) => [l.variationId, l.quotePriceCents, l.quantity])).toEqual([[ctx.food.variationId, 850, 10]]);
    },
  },
  'POST /backend/api/staff/price-requests/{id}/decline': {
    session: 'staff',
    prepare: demoPriceRequest,
    request: (ctx) => ({ url: `${API}/api/staff/price-requests/${ctx.extra.priceRequestId}/decline`, payload: { message: 'Geen andere prijs.' } }),
    poisoned: [(ctx) => ({ url: `${API}/api/staff/price-requests/${ctx.extra.priceRequestId}/decline`, payload: withForbidden(ctx, { message: 'Geen andere prijs.' }) })],
    changes: true,
    async check(ctx) {
      const [request] = await db().select().from(priceRequests).where(eq(priceRequests.id, Number(ctx.extra.priceRequestId)));
      expect(request).toMatchObject({ state: 'declined', userId: DEMO_ID, relationId: 1, answeredBy: STAFF_ID, quoteId: null, answerMessage: 'Geen andere prijs.' });
    },
  },
  'POST /backend/api/erp/import/{kind}': {
    exempt: "the ERP's machine client, with its bearer token: the ERP is where prices, relations, users, price lists and invoices come from",
  },
  'POST /backend/api/erp/import/images': {
    exempt: "the ERP's machine client, with its bearer token: a tar archive of product pictures, no JSON fields at all",
  },
};

/** Staff masquerading as demo: the relation is demo's, whatever relation_id says. */
const MASQUERADE_LINK: Entry = {
  session: 'masquerade',
  request: () => ({ url: `${API}/api/payment-links`, payload: {} }),
  poisoned: [(ctx) => ({ url: `${API}/api/payment-links`, payload: forbidden(ctx) })],
  changes: true,
  async check(ctx, res) {
    await expectLinkForDemo(ctx, res, STAFF_ID);
  },
};

async function expectLinkForDemo(ctx: Ctx, res: LightMyRequestResponse, createdBy: number) {
  const open = await db().select().from(cashInvoices).where(and(eq(cashInvoices.relationId, 1), ne(cashInvoices.outstandingCents, 0), isNull(cashInvoices.paidAt))).orderBy(asc(cashInvoices.id));
  const links = await db().select({ relationId: paymentLinks.relationId, createdBy: paymentLinks.createdBy, invoiceIds: paymentLinks.invoiceIds }).from(paymentLinks);
  expect(links).toHaveLength(1);
  expect(links[0]).toMatchObject({ relationId: 1, createdBy });
  expect([...links[0]!.invoiceIds].sort((a, b) => a - b)).toEqual(open.map((i) => i.id));
  const total = open.reduce((sum, i) => sum + i.outstandingCents, 0);
  expect(res.json().amount.number).toBe((total / 100).toFixed(2));
  expect(await invoiceRow(ctx.invoiceId)).toMatchObject({ outstandingCents: 48_765 });
}

/** The provider said paid for € 487,65: the invoice is settled by what the provider says, nothing else. */
async function expectInvoicePaidByProvider(ctx: Ctx) {
  expect(await invoiceRow(ctx.invoiceId)).toMatchObject({ outstandingCents: 0, relationId: 1 });
  expect(await db().select({ amountCents: payments.amountCents, status: payments.status, relationId: payments.relationId, userId: payments.userId }).from(payments)).toEqual([
    { amountCents: 48_765, status: 'paid', relationId: 1, userId: DEMO_ID },
  ]);
  // The other open invoices of the relation stay open.
  const others = await db().select().from(cashInvoices).where(and(eq(cashInvoices.relationId, 1), isNull(cashInvoices.orderId), ne(cashInvoices.id, ctx.invoiceId)));
  expect(others.length, 'the relation has other open invoices').toBeGreaterThan(0);
  expect(others.every((i) => i.outstandingCents !== 0)).toBe(true);
}

/** Demo's cart: one line of the food at the price list's unit price, and the server's totals. */
async function expectCart(ctx: Ctx, quantity: number, unitCents: number) {
  const order = await orderRow(ctx.cartId);
  expect(order).toMatchObject({ state: 'draft', orderNumber: null, placedAt: null, userId: DEMO_ID, relationId: 1 });
  // A cart's lines keep no price: the server prices them from the price list whenever it reads them.
  const items = await db().select().from(orderItems).where(eq(orderItems.orderId, ctx.cartId));
  expect(items.map((i) => ({ quantity: i.quantity, unit: i.unitPriceCents, total: i.totalCents, tax: i.taxRate }))).toEqual([
    { quantity, unit: null, total: null, tax: null },
  ]);
  const cart = cartResponse.parse((await call(t.app, ctx.demo, 'GET', '/cart?_format=json')).json())[0]!;
  expect(cart.order_items.map((i) => [i.quantity, i.unit_price.number, i.total_price.number])).toEqual([
    [String(quantity), (unitCents / 100).toFixed(2), ((quantity * unitCents) / 100).toFixed(2)],
  ]);
  expect(cart.order_total.subtotal.number).toBe(((quantity * unitCents) / 100).toFixed(2));
}

// ---------------------------------------------------------------------------------------------

/** The server's unsafe routes, from its own OpenAPI document. */
function unsafeRoutes(): string[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths)
    .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`))
    .filter((route) => !route.startsWith('GET ') && !route.startsWith('HEAD '))
    .sort();
}

let fresh = false;
beforeEach(() => {
  fresh = true;
});

/** A session as login makes one, without the password hashing (the login route has its own entry). */
async function sessionOf(userId: number): Promise<Session> {
  const started = await t.app.sessions.start(userId);
  return { cookie: `${SESSION_COOKIE}=${started.token}`, csrf: started.csrfToken };
}

/** Every run starts here: reset demo data, demo's cart of 3 × € 10,00 with delivery, on account, for Tuesday. */
async function setup(kind: SessionKind): Promise<Ctx> {
  clock.reset();
  // The first run of a test starts from useTestApp's reset; the next ones reset again.
  if (!fresh) await (await testDatabase()).reset();
  fresh = false;
  t.mailer.sent.length = 0;
  const [food] = (await pricedProducts(db(), [{ taxRate: 900, scaled: [[1, 1000], [10, 900]] }])) as [ProductRef];
  const demo = await sessionOf(DEMO_ID);
  expect((await call(t.app, demo, 'POST', '/cart/add?_format=json', [addLine(food.variationId, 3)])).statusCode).toBe(200);
  const cart = cartResponse.parse((await call(t.app, demo, 'GET', '/cart?_format=json')).json())[0]!;
  for (const [path, body] of [
    ['set-shipping', { method: 'delivery' }],
    ['set-payment', { method: 'on_account' }],
    ['set-delivery-date', { date: '2026-11-24' }],
  ] as const) {
    const res = await call(t.app, demo, 'POST', `/api/checkout/${cart.order_id}/${path}`, body);
    expect(res.statusCode, res.body).toBe(200);
  }
  const [invoice] = await db().select().from(cashInvoices).where(and(eq(cashInvoices.relationId, 1), eq(cashInvoices.invoiceNumber, 'F260001')));
  const [grooth] = await db().select().from(users).where(eq(users.name, 'grooth'));
  const [groothRelation] = await db().select().from(relations).where(eq(relations.id, grooth!.relationId!));
  const [groothOrder] = await db().select().from(orders).where(and(eq(orders.userId, grooth!.id), ne(orders.state, 'draft'))).orderBy(asc(orders.id)).limit(1);
  const [groothItem] = await db().select().from(orderItems).where(eq(orderItems.orderId, groothOrder!.id)).limit(1);
  const [groothAddress] = await db().select().from(deliveryAddresses).where(eq(deliveryAddresses.relationId, groothRelation!.id)).limit(1);
  let caller: Session | null = kind === 'demo' ? demo : null;
  if (kind === 'staff' || kind === 'masquerade') caller = await sessionOf(STAFF_ID);
  if (kind === 'masquerade') {
    const res = await call(t.app, caller, 'POST', `/api/staff/masquerade/${DEMO_ID}`);
    expect(res.statusCode, res.body).toBe(200);
    caller = { cookie: sessionCookie(res), csrf: res.json().csrf_token };
  }
  return {
    demo,
    caller,
    food,
    cartId: cart.order_id,
    itemId: cart.order_items[0]!.order_item_id,
    invoiceId: invoice!.id,
    other: { userId: grooth!.id, userUuid: grooth!.uuid, relationId: groothRelation!.id, relationUuid: groothRelation!.uuid, orderId: groothOrder!.id, orderItemId: groothItem!.id, profileId: groothAddress!.id },
    extra: {},
  };
}

function send(ctx: Ctx, method: Method, request: Request) {
  const { url, payload, type = 'json' } = request;
  const contentType = { json: 'application/json', jsonapi: 'application/vnd.api+json', form: 'application/x-www-form-urlencoded', csv: 'text/csv' }[type];
  return t.app.inject({
    method,
    url,
    headers: {
      ...(ctx.caller ? { cookie: ctx.caller.cookie, 'x-csrf-token': ctx.caller.csrf } : {}),
      ...(payload !== undefined ? { 'content-type': contentType } : {}),
    },
    ...(payload !== undefined ? { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) } : {}),
  });
}

/** Text of an answer with what differs between two runs by design: ids, times, tokens. */
function normalize(text: string): string {
  return text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/tr_[A-Za-z0-9]+/g, '<provider-id>')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})/g, '<time>')
    .replace(/"(csrf_token|logout_token)":"[^"]*"/g, '"$1":"<token>"')
    .replace(/\/user\/password\/reset\/\d+\/\d+\/[\w-]+/g, '/user/password/reset/<link>');
}

/** What the API says afterwards about demo's cart, account, orders and invoices. */
async function readBack(ctx: Ctx): Promise<string[]> {
  const urls = [
    '/cart?_format=json',
    '/jsonapi/current-user?jsonapi_include=1&include=active_relation',
    `/jsonapi/commerce_order/default?filter[uid.meta.drupal_internal__target_id]=${DEMO_ID}&sort=-placed&page[limit]=15`,
    `/api/cash-invoice/user/${DEMO_ID}/relation/open-invoices`,
    `/api/checkout/${ctx.cartId}/invoices`,
  ];
  const out: string[] = [];
  for (const url of urls) {
    const res = await call(t.app, { cookie: ctx.demo.cookie }, 'GET', url);
    out.push(`${url} ${res.statusCode} ${normalize(res.body)}`);
  }
  return out;
}

interface Run {
  ctx: Ctx;
  res: LightMyRequestResponse;
  before: DbState;
  after: DbState;
  /** What the call changed, values random by design included (a new password hash). */
  changed: string[];
  mails: string[];
  reads: string[];
}

async function run(entry: Entry, method: Method, request: (ctx: Ctx) => Request): Promise<Run> {
  const ctx = await setup(entry.session);
  await entry.prepare?.(ctx);
  const before = await databaseState(db(), { normalize: true });
  const raw = await databaseState(db());
  const sent = t.mailer.sent.length;
  const res = await send(ctx, method, request(ctx));
  const after = await databaseState(db(), { normalize: true });
  const changed = stateDiff(raw, await databaseState(db()));
  const mails = t.mailer.sent.slice(sent).map((m) => normalize(`${m.to} | ${m.subject} | ${m.text}`));
  return { ctx, res, before, after, changed, mails, reads: await readBack(ctx) };
}

const nowhere = async (r: Run) => {
  const texts = [r.res.body, ...r.mails, ...r.reads];
  return [...(await rowsContaining(db(), NEEDLES)), ...texts.filter((text) => NEEDLES.some((n) => text.toLowerCase().includes(n.toLowerCase()))).map((text) => text.slice(0, 200))];
};

const outcomes: Array<'refused' | 'ignored'> = [];
afterAll(() => {
  const count = (o: string) => outcomes.filter((x) => x === o).length;
  console.warn(`mass-assignment: ${outcomes.length} calls with forbidden fields: ${count('ignored')} ignored, ${count('refused')} refused`);
});

const entries = Object.entries(ROUTES).flatMap(([route, entry]) => ('exempt' in entry ? [] : [[route, entry] as const]));
entries.push(['POST /backend/api/payment-links', MASQUERADE_LINK]);

describe('mass assignment', () => {
  it('has an entry for every unsafe route of the server, and none for routes that are gone', () => {
    const routes = unsafeRoutes();
    expect(routes.filter((r) => !ROUTES[r]), 'unsafe routes without an entry in the mass-assignment suite').toEqual([]);
    expect(Object.keys(ROUTES).filter((r) => !routes.includes(r)), 'entries for routes that do not exist').toEqual([]);
  });

  it.each(entries.map(([route, entry]) => [`${route}${entry.session === 'masquerade' ? ' (masquerading)' : ''}`, route, entry] as const))(
    '%s: forbidden fields are ignored or refused',
    async (_name, route, entry) => {
      const method = route.split(' ')[0] as Method;
      const legit = await run(entry, method, entry.request);
      expect(legit.res.statusCode, legit.res.body).toBeLessThan(400);
      expect(legit.changed.length > 0, `whether the legitimate call changes the database: ${legit.changed.join('\n')}`).toBe(entry.changes);
      // The sentinels are not in the demo data (so finding none later means something).
      expect(await nowhere(legit)).toEqual([]);

      for (const poisoned of entry.poisoned) {
        const bad = await run(entry, method, (ctx) => withForbiddenQuery(ctx, poisoned(ctx)));
        expect(stateDiff(legit.before, bad.before), 'both runs start from the same state').toEqual([]);
        outcomes.push(bad.res.statusCode >= 400 ? 'refused' : 'ignored');
        if (bad.res.statusCode >= 400) {
          // Refused: a clear 4xx, and nothing changed.
          expect(bad.res.statusCode, bad.res.body).toBeLessThan(500);
          expect(bad.res.json().message, bad.res.body).toMatch(/\w/);
          expect(stateDiff(bad.before, bad.after)).toEqual([]);
          expect(bad.mails).toEqual([]);
        } else {
          // Ignored: exactly what the legitimate call did.
          expect(bad.res.statusCode).toBe(legit.res.statusCode);
          expect(normalize(bad.res.body)).toBe(normalize(legit.res.body));
          expect(stateDiff(legit.after, bad.after)).toEqual([]);
          expect(bad.mails).toEqual(legit.mails);
          expect(bad.reads).toEqual(legit.reads);
          await entry.check?.(bad.ctx, bad.res);
        }
        expect(await nowhere(bad)).toEqual([]);
      }

      for (const foreign of entry.foreign ?? []) {
        const other = await run(entry, method, foreign);
        // Refused, or accepted without touching anything.
        if (other.res.statusCode >= 400) expect(other.res.statusCode, other.res.body).toBeLessThan(500);
        expect(stateDiff(other.before, other.after), `${other.res.statusCode} ${other.res.body}`).toEqual([]);
      }
    },
    120_000,
  );

  it('refuses __proto__ and constructor.prototype carrying the forbidden fields in every JSON body, and changes nothing', async () => {
    const ctx = await setup('staff');
    const staff = ctx.caller;
    const before = await databaseState(db());
    const wrong: string[] = [];
    let sent = 0;
    for (const [route, entry] of entries) {
      const request = entry.request(ctx);
      if (request.type === 'form' || request.type === 'csv' || entry.session === 'masquerade') continue;
      const caller = { none: null, demo: ctx.demo, staff, masquerade: null }[entry.session];
      const legit = JSON.stringify(request.payload ?? {});
      const smuggled = JSON.stringify(forbidden(ctx));
      for (const key of ['"__proto__"', '"constructor":{"prototype"']) {
        const inject = (json: string) => json.replace(/^\{/, key === '"__proto__"' ? `{${key}:${smuggled},` : `{${key}:${smuggled}},`).replace(/,}$/, '}');
        const payload = legit.startsWith('[') ? `[${inject(legit.slice(1, -1) || '{}')}]` : inject(legit);
        const res = await send({ ...ctx, caller }, route.split(' ')[0] as Method, { ...request, payload });
        sent += 1;
        const code = res.headers['content-type']?.toString().includes('json') ? (res.json() as { code?: string; message?: string }) : {};
        if (res.statusCode !== 400 || !(code.code === 'invalid_json' || code.message === 'De inhoud van het verzoek is geen geldige JSON.')) wrong.push(`${route} ${key}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(sent).toBeGreaterThan(0);
    expect(stateDiff(before, await databaseState(db()))).toEqual([]);
  });
});
