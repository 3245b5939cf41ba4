import type { StaffRole } from '../../shared/api/staff-roles';
import type staffLayout from '../locales/en/staff-layout.json';

import type { RouteModule } from './router';

/**
 * The staff area's pages (issue 42), under /{lang}/staff/. `nav` names the menu entry (its label
 * is `nav.<nav>` in the staff-layout texts; a page without `nav`, such as an order's page, has
 * no entry); `roles` are the staff roles that reach it besides admin, as on the server. The
 * first page in the menu a user may reach is the staff area's start page.
 */
/** A menu entry's key: its label is `nav.<key>` in locales/{nl,en}/staff-layout.json. */
export type StaffNavKey = Exclude<keyof (typeof staffLayout)['nav'], 'label'>;

export interface StaffPage {
  path: string;
  nav?: StaffNavKey;
  roles: readonly StaffRole[];
  load: () => Promise<RouteModule>;
}

export const STAFF_PAGES: readonly StaffPage[] = [
  { path: 'dashboard', nav: 'dashboard', roles: ['order_desk', 'finance'], load: () => import('./routes/staff/dashboard') },
  // The orders board (issue 42, point 3): every customer's orders; an order opens its page (orders/:order).
  { path: 'orders', nav: 'orders', roles: ['order_desk', 'finance'], load: () => import('./routes/staff/orders') },
  { path: 'customers', nav: 'customers', roles: ['order_desk'], load: () => import('./routes/staff/customers') },
  { path: 'customers/:relation', roles: ['order_desk'], load: () => import('./routes/staff/customer') },
  { path: 'payments', nav: 'payments', roles: ['finance'], load: () => import('./routes/staff/payments') },
  { path: 'open-invoices', nav: 'openInvoices', roles: ['finance'], load: () => import('./routes/staff/open-invoices') },
  { path: 'search-statistics', nav: 'searchStatistics', roles: ['content'], load: () => import('./routes/staff/search-statistics') },
  { path: 'food-completeness', nav: 'foodCompleteness', roles: ['content'], load: () => import('./routes/staff/food-completeness') },
  // The ERP's import runs (issue 42, point 8): admin only; a run's page has no menu entry.
  { path: 'import-runs', nav: 'importRuns', roles: [], load: () => import('./routes/staff/import-runs') },
  { path: 'import-runs/:run', roles: [], load: () => import('./routes/staff/import-run') },
  // The audit log (issue 42, point 2): the roles of its call.
  { path: 'audit', nav: 'audit', roles: ['order_desk', 'finance'], load: () => import('./routes/staff/audit') },
  // An order's page (issue 42), linked from the orders board: no menu entry; finance reads it (refunds to check).
  { path: 'orders/:order', roles: ['order_desk', 'finance'], load: () => import('./routes/staff/order') },
];
