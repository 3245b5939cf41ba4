import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { staffDashboardResponse } from '../../../shared/api/staff-dashboard';
import type { OrderState } from '../../db/schema/orders';
import { orderItems, orders, priceRequests, products } from '../../db/schema';
import { API, login, useTestApp } from '../../test/app';
import { testClock } from '../../test/clock';

// Wednesday 12 March 2031, 10:00 in Amsterdam: far from the demo data's own orders.
const clock = testClock('2031-03-12T09:00:00Z');
const t = useTestApp({}, { now: clock.now });
beforeEach(() => clock.reset());

let orderNo = 0;
async function order(relationId: number, state: OrderState, placedAt: string | null, reqDlvDate: string, subtotalCents: number, lines: Array<{ productId: number; quantity: number; totalCents: number }> = []) {
  const [row] = await t.app.database.db
    .insert(orders)
    .values({ userId: relationId === 1 ? 1 : 3, relationId, state, placedAt: placedAt ? new Date(placedAt) : null, reqDlvDate, subtotalCents, totalCents: subtotalCents, orderNumber: placedAt ? `T${String(++orderNo).padStart(7, '0')}` : null })
    .returning({ id: orders.id });
  for (const line of lines) await t.app.database.db.insert(orderItems).values({ orderId: row!.id, ...line, title: 'snapshot', sku: `SKU${line.productId}` });
}

async function dashboard(name = 'orderdesk', lang: 'nl' | 'en' = 'nl') {
  const session = await login(t.app, name);
  const res = await t.app.inject({ url: `${API}${lang === 'en' ? '/en' : ''}/api/staff/dashboard`, headers: { cookie: session.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return staffDashboardResponse.parse(res.json());
}

describe('the staff dashboard', () => {
  it('counts orders and turnover per Amsterdam week over the last 12 weeks, placed orders only', async () => {
    await order(1, 'completed', '2031-03-10T08:00:00Z', '2031-03-11', 10_050);
    await order(1, 'placed', '2031-03-11T12:00:00Z', '2031-03-13', 2_001);
    // Sunday 9 March 23:30 in Amsterdam: the week before.
    await order(2, 'delivered', '2031-03-09T22:30:00Z', '2031-03-11', 999);
    await order(2, 'canceled', '2031-03-10T09:00:00Z', '2031-03-12', 50_000);
    await order(2, 'draft', null, '2031-03-12', 70_000);
    // Thirteen weeks back: outside.
    await order(2, 'completed', '2030-12-10T09:00:00Z', '2030-12-11', 123);
    const body = await dashboard();
    expect(body.today).toBe('2031-03-12');
    expect(body.weeks).toHaveLength(12);
    expect(body.weeks[0]!.week).toBe('2030-12-23');
    expect(body.weeks.at(-1)).toEqual({ week: '2031-03-10', orders: 2, turnover_cents: 12_051 });
    expect(body.weeks.at(-2)).toEqual({ week: '2031-03-03', orders: 1, turnover_cents: 999 });
    expect(body.weeks.slice(0, -2).every((w) => w.orders === 0 && w.turnover_cents === 0)).toBe(true);
  });

  it('counts the orders to deliver today and on the next six days, without canceled ones', async () => {
    await order(1, 'confirmed', '2031-03-11T09:00:00Z', '2031-03-12', 100);
    await order(2, 'placed', '2031-03-11T09:00:00Z', '2031-03-12', 100);
    await order(2, 'canceled', '2031-03-11T09:00:00Z', '2031-03-12', 100);
    await order(1, 'exported', '2031-03-11T09:00:00Z', '2031-03-18', 100);
    await order(1, 'placed', '2031-03-11T09:00:00Z', '2031-03-19', 100);
    const body = await dashboard();
    expect(body.deliveries.map((d) => d.day)).toEqual(['2031-03-12', '2031-03-13', '2031-03-14', '2031-03-15', '2031-03-16', '2031-03-17', '2031-03-18']);
    expect(body.deliveries.map((d) => d.orders)).toEqual([2, 0, 0, 0, 0, 0, 1]);
  });

  it("lists this month's products by turnover in the staff user's language", async () => {
    const [first, second] = await t.app.database.db.select({ id: products.id, titleNl: products.titleNl, titleEn: products.titleEn }).from(products).orderBy(products.id).limit(2);
    await order(1, 'completed', '2031-03-02T09:00:00Z', '2031-03-03', 0, [{ productId: first!.id, quantity: 2, totalCents: 1_000 }, { productId: second!.id, quantity: 1, totalCents: 5_000 }]);
    await order(2, 'placed', '2031-03-11T09:00:00Z', '2031-03-13', 0, [{ productId: first!.id, quantity: 3, totalCents: 1_500 }]);
    // February: not this month.
    await order(2, 'completed', '2031-02-28T09:00:00Z', '2031-03-03', 0, [{ productId: first!.id, quantity: 100, totalCents: 90_000 }]);
    const nl = await dashboard();
    expect(nl.top_products.map((p) => [p.title, p.quantity, p.turnover_cents])).toEqual([
      [second!.titleNl, 1, 5_000],
      [first!.titleNl, 5, 2_500],
    ]);
    expect((await dashboard('staff', 'en')).top_products[0]!.title).toBe(second!.titleEn);
  });

  it('names customers who usually order by now and have not, the longest overdue first', async () => {
    // La Catrina orders every Monday and last did on 3 March: due on the 10th, two days late.
    for (const day of ['2031-02-10', '2031-02-17', '2031-02-24', '2031-03-03']) await order(1, 'completed', `${day}T09:00:00Z`, day, 100);
    // Relation 2 orders every Tuesday and did so yesterday: not due.
    for (const day of ['2031-02-18', '2031-02-25', '2031-03-04', '2031-03-11']) await order(2, 'completed', `${day}T09:00:00Z`, day, 100);
    const body = await dashboard();
    expect(body.overdue_customers).toEqual([
      {
        relation: { id: expect.any(String), name: 'Restaurant La Catrina', erp_number: '1000' },
        weekday: 'monday',
        interval_days: 7,
        last_order_day: '2031-03-03',
        due_day: '2031-03-10',
        days_overdue: 2,
      },
    ]);
  });

  it('counts the open price requests and the payments to check', async () => {
    const before = await dashboard();
    const [product] = await t.app.database.db.select({ id: products.id }).from(products).limit(1);
    await t.app.database.db.insert(priceRequests).values({ userId: 1, relationId: 1, productId: product!.id, quantity: 10, langcode: 'nl' });
    const after = await dashboard('finance', 'en');
    expect(after.open_price_requests).toBe(before.open_price_requests + 1);
    expect(after.payments_to_check).toBe(before.payments_to_check);
    await t.app.database.db.update(priceRequests).set({ state: 'quoted', answeredAt: new Date() }).where(eq(priceRequests.productId, product!.id));
    expect((await dashboard()).open_price_requests).toBe(before.open_price_requests);
  });
});
