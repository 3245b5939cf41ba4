import { OPEN_INVOICES_PER_PAGE, PAYMENT_TERM_DAYS, type StaffOpenInvoicesResponse } from '../../../shared/api/staff-invoices';
import { amsterdamClock, dayBefore, daysBetween } from '../../../shared/delivery-date';
import type { Db } from '../../db/client';
import * as repo from './finance.repository';

/** GET /api/staff/open-invoices (finance): every relation's open invoices and credits, the oldest first. */
export async function staffOpenInvoices(db: Db, now: Date, query: { search: string; overdue: '0' | '1'; page: number }): Promise<StaffOpenInvoicesResponse> {
  const today = amsterdamClock(now).day;
  const filter: repo.OpenInvoiceFilter = { search: query.search, datedBefore: query.overdue === '1' ? dayBefore(today, PAYMENT_TERM_DAYS) : undefined };
  const [rows, sum] = await Promise.all([
    repo.findAllOpenInvoices(db, filter, OPEN_INVOICES_PER_PAGE, (query.page - 1) * OPEN_INVOICES_PER_PAGE),
    repo.sumAllOpenInvoices(db, filter),
  ]);
  return {
    data: rows.map((row) => {
      const age = daysBetween(row.entryDate, today);
      return {
        id: row.id,
        invoice_number: row.invoiceNumber,
        entry_date: row.entryDate,
        age_days: age,
        overdue: age > PAYMENT_TERM_DAYS && row.outstandingCents > 0,
        order_number: row.orderNumber,
        outstanding_cents: row.outstandingCents,
        relation: { id: row.relationUuid, drupal_internal__id: row.relationId, name: row.relationName, erp_number: row.relationErpNumber },
      };
    }),
    meta: { count: sum.count, page: query.page, per_page: OPEN_INVOICES_PER_PAGE, total_outstanding_cents: sum.totalCents },
  };
}
