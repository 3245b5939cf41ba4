import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { orderListResponse } from '../../../../shared/api/orders';
import { orderItems, orders } from '../../../db/schema';
import { API, login, type Session, useTestApp } from '../../../test/app';
import { productRefs } from '../../catalog/test-support';

const t = useTestApp();

let demo: Session;
let demoId: number;

/** Orders placed one day apart (the last one newest), each with two lines. */
async function placedOrders(userId: number, relationId: number, n: number): Promise<number[]> {
  const db = t.app.database.db;
  const [a, b] = await productRefs(db);
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const [row] = await db
      .insert(orders)
      .values({
        userId,
        relationId,
        state: 'placed',
        placedAt: new Date(Date.UTC(2026, 9, 1 + i, 10)),
        subtotalCents: 1000 * (i + 1),
        totalCents: 1090 * (i + 1),
        paymentState: 'on_account',
      })
      .returning({ id: orders.id });
    await db.update(orders).set({ orderNumber: `W${String(row!.id).padStart(7, '0')}` }).where(eq(orders.id, row!.id));
    ids.push(row!.id);
    await db.insert(orderItems).values([
      { orderId: row!.id, variationId: a!.variationId, productId: a!.id, quantity: 2 },
      { orderId: row!.id, variationId: b!.variationId, productId: b!.id, quantity: 1 },
    ]);
  }
  return ids;
}

const list = (session: Session, query: string) =>
  t.app.inject({ method: 'GET', url: `${API}/jsonapi/commerce_order/default?${query}`, headers: { cookie: session.cookie } });

const specQuery = (uid: number, page: number) =>
  `filter[uid.meta.drupal_internal__target_id]=${uid}&filter[state][condition][path]=state&filter[state][condition][operator]=NOT%20IN&filter[state][condition][value][]=draft&sort=-placed&page[offset]=${15 * (page - 1)}&page[limit]=15`;

beforeEach(async () => {
  demo = await login(t.app, 'demo');
  const me = await t.app.inject({ method: 'GET', url: `${API}/jsonapi/current-user?jsonapi_include=1`, headers: { cookie: demo.cookie } });
  demoId = me.json().data.drupal_internal__uid;
  await t.app.database.db.delete(orders);
});

describe('GET /jsonapi/commerce_order/default', () => {
  it('lists the caller’s placed orders newest first, 15 a page, with the total count', async () => {
    const ids = await placedOrders(demoId, 1, 17);
    // A cart (draft) is never listed.
    await t.app.database.db.insert(orders).values({ userId: demoId, relationId: 1, state: 'draft' });
    let res = await list(demo, specQuery(demoId, 1));
    expect(res.statusCode, res.body).toBe(200);
    let body = orderListResponse.parse(res.json());
    expect(body.meta.count).toBe(17);
    expect(body.data).toHaveLength(15);
    expect(body.data[0]).toMatchObject({ drupal_internal__order_id: ids[16], state: 'placed', total_price: { number: '185.30' } });
    expect(body.data[0]!.placed).toBe('2026-10-17T10:00:00.000Z');
    expect(body.data[0]!.order_items).toEqual([
      { quantity: '2', purchased_entity: { drupal_internal__variation_id: expect.any(Number) } },
      { quantity: '1', purchased_entity: { drupal_internal__variation_id: expect.any(Number) } },
    ]);
    res = await list(demo, specQuery(demoId, 2));
    body = orderListResponse.parse(res.json());
    expect(body.data.map((o) => o.drupal_internal__order_id)).toEqual([ids[1], ids[0]]);
  });

  it('never lists another user’s orders, whatever the filter names', async () => {
    await placedOrders(demoId, 1, 2);
    const grooth = await login(t.app, 'grooth');
    let res = await list(grooth, specQuery(demoId, 1));
    expect(res.statusCode).toBe(200);
    expect(orderListResponse.parse(res.json())).toEqual({ data: [], meta: { count: 0 } });
    res = await list(grooth, 'page[limit]=15');
    expect(orderListResponse.parse(res.json()).meta.count).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `${API}/jsonapi/commerce_order/default` })).statusCode).toBe(403);
  });

  it('refuses bad paging with a 400', async () => {
    for (const query of ['page[offset]=-1', 'page[limit]=0', 'page[limit]=500', 'page[offset]=abc', 'sort=total', 'filter[uid.meta.drupal_internal__target_id]=me']) {
      const res = await list(demo, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });
});
