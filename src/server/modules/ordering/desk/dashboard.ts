import { DASHBOARD_DELIVERY_DAYS, DASHBOARD_TOP_PRODUCTS, DASHBOARD_WEEKS, type StaffDashboardResponse } from '../../../../shared/api/staff-dashboard';
import { addDays, amsterdamClock, dayBefore, WEEKDAY_NAMES, weekdayOf } from '../../../../shared/delivery-date';
import type { DbOrTx } from '../../../db/client';
import type { Lang } from '../../../plugins/language';
import * as repo from './dashboard.repository';
import { daysOverdue, orderingRhythm } from './ordering-rhythm';

/** How far back a relation's own rhythm is read. */
export const RHYTHM_DAYS = 90;

type OrderFigures = Pick<StaffDashboardResponse, 'today' | 'weeks' | 'deliveries' | 'top_products' | 'overdue_customers'>;

/** The Monday of the week `day` is in. */
function mondayOf(day: string): string {
  return dayBefore(day, (WEEKDAY_NAMES.indexOf(weekdayOf(day)) + 6) % 7);
}

/** The last weeks, oldest first, each with its figures or zeros. */
async function weeks(db: DbOrTx, today: string): Promise<OrderFigures['weeks']> {
  const first = dayBefore(mondayOf(today), 7 * (DASHBOARD_WEEKS - 1));
  const rows = new Map((await repo.ordersPerWeek(db, first)).map((row) => [row.week, row]));
  return Array.from({ length: DASHBOARD_WEEKS }, (_, i) => {
    const week = addDays(first, 7 * i);
    const row = rows.get(week);
    return { week, orders: row?.orders ?? 0, turnover_cents: Math.round(row?.turnoverCents ?? 0) };
  });
}

/** Today and the following days, each with the orders to deliver on it. */
async function deliveries(db: DbOrTx, today: string): Promise<OrderFigures['deliveries']> {
  const last = addDays(today, DASHBOARD_DELIVERY_DAYS - 1);
  const rows = new Map((await repo.ordersPerDeliveryDay(db, today, last)).map((row) => [row.day, row.orders]));
  return Array.from({ length: DASHBOARD_DELIVERY_DAYS }, (_, i) => {
    const day = addDays(today, i);
    return { day, orders: rows.get(day) ?? 0 };
  });
}

async function topProducts(db: DbOrTx, today: string, lang: Lang): Promise<OrderFigures['top_products']> {
  const start = `${today.slice(0, 8)}01`;
  const rows = await repo.topProducts(db, start, addDays(today, 1), DASHBOARD_TOP_PRODUCTS, lang);
  return rows.map((row) => ({ product_id: row.productId, title: row.title, sku: row.sku, quantity: row.quantity, turnover_cents: Math.round(row.turnoverCents) }));
}

/** Relations whose own rhythm says they are due by today and that have not ordered since: the longest overdue first. */
async function overdueCustomers(db: DbOrTx, today: string): Promise<OrderFigures['overdue_customers']> {
  const rows = await repo.orderDaysPerRelation(db, dayBefore(today, RHYTHM_DAYS));
  return rows
    .flatMap((row) => {
      const rhythm = orderingRhythm(row.days);
      const late = rhythm && daysOverdue(rhythm, today);
      if (!rhythm || late === null || late === undefined) return [];
      return [
        {
          relation: { id: row.uuid, name: row.name, erp_number: row.erpNumber },
          weekday: rhythm.weekday,
          interval_days: rhythm.intervalDays,
          last_order_day: rhythm.lastDay,
          due_day: rhythm.dueDay,
          days_overdue: late,
        },
      ];
    })
    .sort((x, y) => y.days_overdue - x.days_overdue || x.relation.name.localeCompare(y.relation.name));
}

/** The dashboard's order figures at `now` (Amsterdam's today). */
export async function orderDashboard(db: DbOrTx, now: Date, lang: Lang): Promise<OrderFigures> {
  const today = amsterdamClock(now).day;
  const [w, d, p, o] = await Promise.all([weeks(db, today), deliveries(db, today), topProducts(db, today, lang), overdueCustomers(db, today)]);
  return { today, weeks: w, deliveries: d, top_products: p, overdue_customers: o };
}
