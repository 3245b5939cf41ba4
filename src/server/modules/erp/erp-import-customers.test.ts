import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ErpImportReport } from '../../../shared/api/erp-import';
import { cashInvoices, deliveryAddresses, orders, relations } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { ERP_TOKEN, importCall, importExamples, refusedImport } from './test-support';

const t = useTestApp({ erpApiToken: ERP_TOKEN });
const db = () => t.app.database.db;

const importCustomers = (format: 'csv' | 'jsonl') => importExamples(t.app, ['relations', 'delivery_addresses', 'invoices'], format);

describe('ERP import of relations, delivery addresses and open invoices', () => {
  it('imports the examples, and the other format of the same data changes nothing', async () => {
    const [rel, addr, inv] = await importCustomers('csv');
    expect(rel).toMatchObject({ applied: true, counts: { inserted: 2, updated: 0 } });
    expect(addr).toMatchObject({ applied: true, counts: { inserted: 3, updated: 0 } });
    expect(inv).toMatchObject({ applied: true, counts: { inserted: 3, updated: 0 } });
    const [sol] = await db().select().from(relations).where(eq(relations.erpNumber, '2001'));
    expect(sol).toMatchObject({ name: 'Cantina El Sol B.V.', pricelist: 'GROOTH', deliveryDays: ['tuesday', 'friday'], freeDeliveryAmount: 'Franco vanaf € 350,-', active: true });
    const [esquina] = await db().select().from(relations).where(eq(relations.erpNumber, '2002'));
    expect(esquina).toMatchObject({ name: 'Taquería "La Esquina"', countryCode: 'BE', langcode: 'en', deliveryDays: [] });
    const addresses = await db().select().from(deliveryAddresses).where(eq(deliveryAddresses.relationId, sol!.id));
    expect(addresses.map((a) => [a.erpCode, a.label, a.isDefault]).sort()).toEqual([
      ['2001-01', 'Restaurant', true],
      ['2001-02', 'Centrale keuken', false],
    ]);
    const invoices = await db().select().from(cashInvoices).where(eq(cashInvoices.relationId, sol!.id));
    expect(invoices.map((i) => [i.invoiceNumber, i.entryDate, i.outstandingCents]).sort()).toEqual([
      ['F900001', '2026-11-02', 123_456],
      ['F900002', '2026-11-09', -4500],
    ]);
    const [foreign] = await db().select().from(cashInvoices).where(eq(cashInvoices.invoiceNumber, 'F900003'));
    expect(foreign).toMatchObject({ orderNumber: 'W0999999', orderId: null, outstandingCents: 8990 });

    for (const report of await importCustomers('jsonl')) {
      expect(report, report.kind).toMatchObject({ applied: true, counts: { inserted: 0, updated: 0, deactivated: 0 } });
      expect(report.counts.unchanged).toBe(report.rows);
    }
  });

  it('links an invoice to the relation’s webshop order, never re-opens an invoice the shop saw paid, and settles the ones a full import leaves out', async () => {
    await importCustomers('jsonl');
    const [placed] = await db()
      .select({ id: orders.id, orderNumber: orders.orderNumber, relationId: orders.relationId })
      .from(orders)
      .innerJoin(relations, eq(relations.id, orders.relationId))
      .where(and(eq(relations.erpNumber, '1000'), isNotNull(orders.orderNumber)))
      .limit(1);
    expect(placed).toBeDefined();
    const openBefore = await db().select().from(cashInvoices).where(and(ne(cashInvoices.outstandingCents, 0)));
    const file = [
      'invoice_number;cash_order_number;relation_erp_number;entry_date;outstanding;order_number',
      `F900010;K0900010;1000;2026-11-20;"12,50";${placed!.orderNumber}`,
      'F900001;K0900001;2001;02-11-2026;"1.234,56";',
    ].join('\n');
    // F900001 was paid in the shop meanwhile.
    await db().update(cashInvoices).set({ outstandingCents: 0, paidAt: new Date() }).where(eq(cashInvoices.invoiceNumber, 'F900001'));
    const res = await importCall(t.app, 'invoices', file, { format: 'csv', query: 'deactivate_missing=1' });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<ErpImportReport>();
    const othersOpen = openBefore.filter((i) => !['F900001', 'F900010'].includes(i.invoiceNumber)).length;
    expect(report.counts).toEqual({ inserted: 1, updated: 0, unchanged: 1, deactivated: othersOpen });
    const [linked] = await db().select().from(cashInvoices).where(eq(cashInvoices.invoiceNumber, 'F900010'));
    expect(linked).toMatchObject({ orderId: placed!.id, outstandingCents: 1250 });
    const [paid] = await db().select().from(cashInvoices).where(eq(cashInvoices.invoiceNumber, 'F900001'));
    expect(paid?.outstandingCents).toBe(0);
    const open = await db().select({ n: cashInvoices.invoiceNumber }).from(cashInvoices).where(ne(cashInvoices.outstandingCents, 0));
    expect(open.map((o) => o.n)).toEqual(['F900010']);
  });

  it('reports every bad row of a relations or addresses file and applies nothing', async () => {
    const rel = [
      'erp_number;name;price_list;delivery_days;mail;country_code',
      '2101;Goed;STANDAARD;maandag|woensdag;a@b.nl;NL',
      '2102;Fout;NOPE;zondag;;NL',
      '2103;Fout;STANDAARD;someday;not-mail;Nederland',
      '2101;Dubbel;STANDAARD;;;',
    ].join('\n');
    const report = await refusedImport(t.app, 'relations', rel, { format: 'csv' });
    expect(report.errors.map((e) => [e.line, e.field])).toEqual([
      [3, 'price_list'],
      [4, 'country_code'],
      [4, 'mail'],
      [4, 'delivery_days'],
      [5, 'erp_number'],
    ]);
    expect(await db().select().from(relations).where(eq(relations.erpNumber, '2101'))).toEqual([]);
    const addr = [
      '{"relation_erp_number":"1000","code":"X1","address_line1":"A 1","postal_code":"1000 AA","locality":"X","default":true}',
      '{"relation_erp_number":"1000","code":"X2","address_line1":"A 2","postal_code":"1000 AA","locality":"X","default":true}',
      '{"relation_erp_number":"9999","code":"X3","address_line1":"A 3","postal_code":"1000 AA","locality":"X"}',
    ].join('\n');
    const res2 = await importCall(t.app, 'delivery_addresses', addr);
    expect(res2.json<ErpImportReport>().errors.map((e) => [e.line, e.field])).toEqual([
      [2, 'default'],
      [3, 'relation_erp_number'],
    ]);
  });
});
