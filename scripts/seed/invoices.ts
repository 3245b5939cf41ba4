import type * as schema from '../../src/server/db/schema';
import { dayBefore } from '../../src/shared/delivery-date';
import type { CustomerRows } from './customers';
import type { Random } from './random';

export type CashInvoiceRow = typeof schema.cashInvoices.$inferInsert & { id: number };

export interface InvoiceRows {
  cashInvoices: CashInvoiceRow[];
}

/**
 * Open invoices from the ERP (orders outside the webshop). The demo relation has two to pay and
 * a credit, the English demo relation one of each, GROOTH one; about a third of the other
 * relations have one to three, some of them credits. Amounts in cents, dated up to 60 days back.
 */
export function generateInvoices(rng: Random, customers: CustomerRows, today: string): InvoiceRows {
  const rows: CashInvoiceRow[] = [];
  let number = 26_0001;
  const add = (relationId: number, outstandingCents: number, daysAgo: number) => {
    const id = rows.length + 1;
    rows.push({
      id,
      relationId,
      invoiceNumber: `F${number++}`,
      cashOrderId: `K${String(700_000 + id * 37).padStart(7, '0')}`,
      entryDate: dayBefore(today, daysAgo),
      orderId: null,
      orderNumber: null,
      outstandingCents,
    });
  };
  add(1, 48_765, 34);
  add(1, 12_950, 12);
  add(1, -2_500, 9);
  add(2, 31_240, 21);
  add(2, -1_875, 5);
  add(3, 96_400, 40);
  for (const relation of customers.relations) {
    if (relation.id <= 4 || !rng.chance(0.35)) continue;
    for (let i = rng.int(1, 3); i > 0; i--) {
      const credit = rng.chance(0.15);
      add(relation.id, credit ? -rng.int(500, 5_000) : rng.int(2_500, 150_000), rng.int(1, 60));
    }
  }
  // Fixed invoices of two generated relations the browser tests pay (after the random ones, so
  // those stay as they were): 1009 one outside the webshop, 1015 two and a credit.
  const byErp = (erp: string) => customers.relations.find((r) => r.erpNumber === erp)?.id;
  const r1009 = byErp('1009');
  if (r1009) add(r1009, 15_000, 18);
  const r1015 = byErp('1015');
  if (r1015) {
    add(r1015, 41_250, 26);
    add(r1015, 8_990, 11);
    add(r1015, -1_500, 4);
  }
  return { cashInvoices: rows };
}
