import { and, asc, eq, notInArray } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { erpOrdersResponse } from '../../../shared/api/erp-export';
import { orderResponse } from '../../../shared/api/checkout';
import { orderListResponse } from '../../../shared/api/orders';
import type { Actor } from '../../context/actor';
import { orderHistory, orders, relations, users } from '../../db/schema';
import { AppError } from '../../errors';
import { API, login, type Session, sessionCookie, useTestApp } from '../../test/app';
import { testClock } from '../../test/clock';
import { addLine, call, cartIdOf, chooseCheckout, pricedProducts } from './cart/test-support';
import type { ProductRef } from '../catalog/test-support';
import { ERP_TOKEN } from '../erp/test-support';
import { historyOf } from './order-history.repository';
import { ORDER_EVENTS, type OrderEvent, type OrderState, stateAfter } from './order-state';
import { transitionOrder, transitionOrders } from './order-transition';

// Monday 23 November 2026, 09:00 in Amsterdam; demo's relation delivers on Tuesday.
const clock = testClock('2026-11-23T09:00:00+01:00');
const t = useTestApp({ erpApiToken: ERP_TOKEN }, { now: clock.now });
beforeEach(() => clock.reset());

const DEMO_ID = 1;
const STAFF_ID = 6;

/** A new draft of demo's for a relation demo has no cart with (the one-draft index stays happy). */
async function freshDraft(): Promise<number> {
  const db = t.app.database.db;
  const withCart = db.select({ id: orders.relationId }).from(orders).where(and(eq(orders.userId, DEMO_ID), eq(orders.state, 'draft')));
  const [relation] = await db.select({ id: relations.id }).from(relations).where(notInArray(relations.id, withCart)).orderBy(asc(relations.id)).limit(1);
  const [row] = await db.insert(orders).values({ userId: DEMO_ID, relationId: relation!.id, state: 'draft' }).returning({ id: orders.id });
  return row!.id;
}

const stateOf = async (orderId: number) => (await t.app.database.db.select({ state: orders.state }).from(orders).where(eq(orders.id, orderId)))[0]?.state;

/** What the transition threw, or undefined. */
async function attempt(orderId: number, event: OrderEvent, actor: Actor): Promise<unknown> {
  try {
    await t.app.database.db.transaction((tx) => transitionOrder(tx, orderId, event, actor, { reason: `test ${event}` }));
  } catch (error) {
    return error;
  }
  return undefined;
}

const actors = fc.constantFrom<Actor>(
  { kind: 'user', userId: DEMO_ID, masqueradeFromUserId: null },
  { kind: 'user', userId: DEMO_ID, masqueradeFromUserId: STAFF_ID },
  { kind: 'system', name: 'erp_export' },
);

describe('transitionOrder on the stored state', () => {
  it('walks short random sequences: an allowed step writes the state and one history entry, a refused one is a 409 and writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom(...ORDER_EVENTS), actors), { minLength: 1, maxLength: 6 }), async (steps) => {
        const orderId = await freshDraft();
        try {
          let state: OrderState = 'draft';
          let entries = 0;
          for (const [event, actor] of steps) {
            const expected = stateAfter(state, event);
            const refused = await attempt(orderId, event, actor);
            const history = await historyOf(t.app.database.db, orderId);
            if (expected === undefined) {
              expect(refused).toBeInstanceOf(AppError);
              expect(refused).toMatchObject({ statusCode: 409, code: 'invalid_transition' });
              expect(history).toHaveLength(entries);
            } else {
              expect(refused).toBeUndefined();
              expect(history).toHaveLength(++entries);
              expect(history.at(-1)).toMatchObject({
                fromState: state,
                toState: expected,
                event,
                reason: `test ${event}`,
                userId: actor.kind === 'user' ? actor.userId : null,
                masqueradeFromUserId: actor.kind === 'user' ? actor.masqueradeFromUserId : null,
                system: actor.kind === 'system' ? actor.name : null,
              });
              state = expected;
            }
            expect(await stateOf(orderId)).toBe(state);
          }
        } finally {
          await t.app.database.db.delete(orders).where(eq(orders.id, orderId));
        }
      }),
      { numRuns: 8 },
    );
  });

  it('moves several orders all or none: one that does not take the event refuses them all', async () => {
    const [a, b] = [await freshDraft(), await freshDraft()];
    const demo: Actor = { kind: 'user', userId: DEMO_ID, masqueradeFromUserId: null };
    await t.app.database.db.transaction((tx) => transitionOrder(tx, b, 'cancel', demo));
    const refused = await t.app.database.db.transaction((tx) => transitionOrders(tx, [a, b], 'place', demo)).catch((error: unknown) => error);
    expect(refused).toMatchObject({ statusCode: 409, code: 'invalid_transition' });
    expect((refused as AppError).messageIn('nl')).toBe('Een bestelling die geannuleerd is, kan niet worden geplaatst.');
    expect((refused as AppError).messageIn('en')).toBe('An order that has been canceled cannot be placed.');
    expect([await stateOf(a), await stateOf(b)]).toEqual(['draft', 'canceled']);
    expect(await historyOf(t.app.database.db, a)).toEqual([]);
    // No such order: 404, nothing written.
    const missing = await t.app.database.db.transaction((tx) => transitionOrders(tx, [a, 999_999], 'place', demo)).catch((error: unknown) => error);
    expect(missing).toMatchObject({ statusCode: 404 });
    expect(await stateOf(a)).toBe('draft');
  });
});

async function placeAs(session: Session): Promise<number> {
  const [food] = (await pricedProducts(t.app.database.db, [{ taxRate: 900, scaled: [[1, 250]] }])) as [ProductRef];
  const add = await call(t.app, session, 'POST', '/cart/add?_format=json', [addLine(food.variationId, 4)]);
  expect(add.statusCode, add.body).toBe(200);
  const orderId = await cartIdOf(t.app, session);
  await chooseCheckout(t.app, session, orderId, { shipping: 'delivery', payment: 'on_account', date: '2026-11-24', profileId: 2 });
  const placed = await call(t.app, session, 'POST', `/api/checkout/${orderId}/place`, { terms_accepted: true });
  expect(placed.statusCode, placed.body).toBe(200);
  return orderId;
}

async function masqueradeAsDemo(): Promise<Session> {
  const staff = await login(t.app, 'staff');
  const res = await t.app.inject({ method: 'POST', url: `${API}/api/staff/masquerade/${DEMO_ID}`, headers: { cookie: staff.cookie, 'x-csrf-token': staff.csrf } });
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: sessionCookie(res), csrf: res.json().csrf_token };
}

describe('an order through the machine, as the customer and the ERP see it', () => {
  it('places on account (draft → placed, by the customer or the staff behind them), then the export moves it to exported while both still read placed', async () => {
    const [staff] = await t.app.database.db.select({ id: users.id }).from(users).where(eq(users.name, 'staff'));
    expect(staff!.id).toBe(STAFF_ID);
    const demo = await login(t.app, 'demo');
    const own = await placeAs(demo);
    const masqueraded = await placeAs(await masqueradeAsDemo());
    const history = async (orderId: number) => (await historyOf(t.app.database.db, orderId)).map(({ fromState, toState, event, userId, masqueradeFromUserId, system, at }) => ({ fromState, toState, event, userId, masqueradeFromUserId, system, at }));
    expect(await history(own)).toEqual([
      { fromState: 'draft', toState: 'placed', event: 'place', userId: DEMO_ID, masqueradeFromUserId: null, system: null, at: clock.now() },
    ]);
    expect(await history(masqueraded)).toEqual([
      { fromState: 'draft', toState: 'placed', event: 'place', userId: DEMO_ID, masqueradeFromUserId: STAFF_ID, system: null, at: clock.now() },
    ]);

    const res = await t.app.inject({ url: `${API}/api/erp/orders?limit=1000`, headers: { authorization: `Bearer ${ERP_TOKEN}` } });
    expect(res.statusCode, res.body).toBe(200);
    const records = erpOrdersResponse.parse(res.json()).records.filter((r) => [own, masqueraded].some((id) => r.order_number === `W${String(id).padStart(7, '0')}`));
    expect(records.map((r) => r.state)).toEqual(['placed', 'placed']);
    expect([await stateOf(own), await stateOf(masqueraded)]).toEqual(['exported', 'exported']);
    expect((await history(own)).at(-1)).toEqual({ fromState: 'placed', toState: 'exported', event: 'export', userId: null, masqueradeFromUserId: null, system: 'erp_export', at: clock.now() });
    // Asked again: nothing moves twice.
    await t.app.inject({ url: `${API}/api/erp/orders?limit=1000`, headers: { authorization: `Bearer ${ERP_TOKEN}` } });
    expect(await history(own)).toHaveLength(2);

    // The customer still sees a placed order, on its page and in their list.
    const [row] = await t.app.database.db.select({ uuid: orders.uuid }).from(orders).where(eq(orders.id, own));
    const page = await call(t.app, demo, 'GET', `/jsonapi/commerce_order/default/${row!.uuid}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(orderResponse.parse(page.json()).data.state).toBe('placed');
    const list = await call(t.app, demo, 'GET', '/jsonapi/commerce_order/default?filter[state][condition][path]=state&filter[state][condition][operator]=NOT%20IN&filter[state][condition][value][]=draft');
    expect(list.statusCode, list.body).toBe(200);
    const listed = orderListResponse.parse(list.json()).data.filter((o) => o.drupal_internal__order_id === own);
    expect(listed.map((o) => o.state)).toEqual(['placed']);
  });

  it('keeps an order awaiting payment out of the customer’s order list and off its page', async () => {
    const demo = await login(t.app, 'demo');
    const orderId = await placeAs(demo);
    await t.app.database.db.update(orders).set({ state: 'payment_pending' }).where(eq(orders.id, orderId));
    const list = await call(t.app, demo, 'GET', '/jsonapi/commerce_order/default');
    expect(list.statusCode, list.body).toBe(200);
    expect(orderListResponse.parse(list.json()).data.map((o) => o.drupal_internal__order_id)).not.toContain(orderId);
    expect((await call(t.app, demo, 'GET', `/jsonapi/commerce_order/default/${orderId}`)).statusCode).toBe(404);
  });
});

describe('the history table', () => {
  it('goes with its order', async () => {
    const orderId = await freshDraft();
    await t.app.database.db.transaction((tx) => transitionOrder(tx, orderId, 'place', { kind: 'system', name: 'payments' }));
    expect(await historyOf(t.app.database.db, orderId)).toHaveLength(1);
    await t.app.database.db.delete(orders).where(eq(orders.id, orderId));
    expect(await t.app.database.db.select().from(orderHistory).where(eq(orderHistory.orderId, orderId))).toEqual([]);
  });
});
