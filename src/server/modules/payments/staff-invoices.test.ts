import { describe, expect, it } from 'vitest';
import { staffOpenInvoicesResponse } from '../../../shared/api/staff-invoices';
import { cashInvoices } from '../../db/schema';
import { API, login, useTestApp } from '../../test/app';
import { testClock } from '../../test/clock';

// Wednesday 12 March 2031 in Amsterdam.
const clock = testClock('2031-03-12T09:00:00Z');
const t = useTestApp({}, { now: clock.now });

async function invoice(invoiceNumber: string, entryDate: string, outstandingCents: number) {
  await t.app.database.db.insert(cashInvoices).values({ relationId: 2, invoiceNumber, entryDate, outstandingCents });
}

async function list(query: string, lang: 'nl' | 'en' = 'nl') {
  const finance = await login(t.app, 'finance');
  return t.app.inject({ url: `${API}${lang === 'en' ? '/en' : ''}/api/staff/open-invoices${query}`, headers: { cookie: finance.cookie } });
}

describe("finance's open invoices", () => {
  it('lists open invoices of every relation, the oldest first, with their age, the overdue ones past 30 days, and the total in cents', async () => {
    await invoice('T-9001', '2031-02-09', 12_345); // 31 days: overdue
    await invoice('T-9002', '2031-02-10', 1_000); // 30 days: still within the term
    await invoice('T-9003', '2031-03-01', -2_500); // a credit note
    await invoice('T-9004', '2031-01-01', 0); // paid
    const res = await list('?search=T-90');
    expect(res.statusCode, res.body).toBe(200);
    const body = staffOpenInvoicesResponse.parse(res.json());
    expect(body.data.map((i) => [i.invoice_number, i.age_days, i.overdue, i.outstanding_cents])).toEqual([
      ['T-9001', 31, true, 12_345],
      ['T-9002', 30, false, 1_000],
      ['T-9003', 11, false, -2_500],
    ]);
    expect(body.data[0]!.relation).toMatchObject({ drupal_internal__id: 2, erp_number: '1001' });
    expect(body.meta).toEqual({ count: 3, page: 1, per_page: 50, total_outstanding_cents: 10_845 });

    const overdue = staffOpenInvoicesResponse.parse((await list('?search=T-90&overdue=1')).json());
    expect(overdue.data.map((i) => i.invoice_number)).toEqual(['T-9001']);
    expect(overdue.meta.total_outstanding_cents).toBe(12_345);
  });

  it('finds invoices by the relation name or number', async () => {
    await invoice('T-9101', '2031-03-01', 500);
    const byName = staffOpenInvoicesResponse.parse((await list('?search=taco%20lab')).json());
    expect(byName.data.map((i) => i.invoice_number)).toContain('T-9101');
    expect(byName.data.every((i) => i.relation.name === 'The Taco Lab B.V.')).toBe(true);
  });

  it('refuses a bad filter with a 400 in the language of the request', async () => {
    const nl = await list('?overdue=yes');
    expect(nl.statusCode).toBe(400);
    expect(nl.body).toContain("overdue is '0' of '1'.");
    const en = await list('?overdue=yes', 'en');
    expect(en.body).toContain("overdue is '0' or '1'.");
  });
});
