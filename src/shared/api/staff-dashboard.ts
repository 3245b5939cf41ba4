import { z } from 'zod';

/** The staff dashboard (issue 42 point 9): the order desk's week at a glance. */

export const DASHBOARD_WEEKS = 12;
export const DASHBOARD_DELIVERY_DAYS = 7;
export const DASHBOARD_TOP_PRODUCTS = 10;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const staffDashboardResponse = z.object({
  /** Amsterdam's today, which the figures are counted from. */
  today: day,
  /** The last 12 weeks (Monday of each, oldest first; weeks without orders included): orders placed and their turnover excluding VAT. */
  weeks: z.array(z.object({ week: day, orders: z.number().int(), turnover_cents: z.number().int() })),
  /** Today and the next 6 days: orders to deliver on each (canceled ones not counted). */
  deliveries: z.array(z.object({ day, orders: z.number().int() })),
  /** This calendar month's best-selling products by turnover excluding VAT. */
  top_products: z.array(
    z.object({ product_id: z.string().nullable(), title: z.string(), sku: z.string(), quantity: z.number().int(), turnover_cents: z.number().int() }),
  ),
  open_price_requests: z.number().int(),
  payments_to_check: z.number().int(),
  /** Customers whose own rhythm says they would have ordered by now, and have not; the longest overdue first. */
  overdue_customers: z.array(
    z.object({
      relation: z.object({ id: z.string(), name: z.string(), erp_number: z.string() }),
      weekday: z.enum(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']),
      interval_days: z.number().int(),
      last_order_day: day,
      due_day: day,
      days_overdue: z.number().int(),
    }),
  ),
});
export type StaffDashboardResponse = z.infer<typeof staffDashboardResponse>;
