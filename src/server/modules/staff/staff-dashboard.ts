import type { StaffDashboardResponse } from '../../../shared/api/staff-dashboard';
import type { Db } from '../../db/client';
import type { Lang } from '../../plugins/language';
import { countOpenPriceRequests } from '../catalog/catalog-sql.service';
import { orderDashboard } from '../ordering/ordering.service';
import { paymentsToReviewCount } from '../payments/payments.service';

/** GET /api/staff/dashboard: the orders' figures, and what waits for staff elsewhere. */
export async function staffDashboard(db: Db, now: Date, lang: Lang): Promise<StaffDashboardResponse> {
  const [orders, openPriceRequests, paymentsToCheck] = await Promise.all([orderDashboard(db, now, lang), countOpenPriceRequests(db), paymentsToReviewCount(db)]);
  return { ...orders, open_price_requests: openPriceRequests, payments_to_check: paymentsToCheck };
}
