import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products, variationDeposits, variations, vatRates } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { ERP_TOKEN, importCall, importExample, importExamples, refusedImport } from './test-support';

// The vat_rates and deposits kinds and the products' VAT class (decision 028).
const t = useTestApp({ erpApiToken: ERP_TOKEN });
const db = () => t.app.database.db;

const depositsOf = async (sku: string) =>
  db()
    .select({ kind: variationDeposits.kind, amountCents: variationDeposits.amountCents, quantity: variationDeposits.quantity })
    .from(variationDeposits)
    .innerJoin(variations, eq(variations.id, variationDeposits.variationId))
    .where(eq(variations.sku, sku))
    .orderBy(variationDeposits.kind);

const ratesFrom2028 = () => db().select().from(vatRates).where(eq(vatRates.validFrom, '2028-01-01'));

describe('ERP import of VAT rates and deposits', () => {
  it('imports the example files; the other format after them changes nothing, and a dry run stores nothing', async () => {
    const dry = await importExample(t.app, 'vat_rates', 'csv', 'dry_run=1');
    expect(dry).toMatchObject({ dry_run: true, applied: false, counts: { inserted: 1 } });
    expect(await ratesFrom2028()).toEqual([]);

    const [rates, , , deposits] = await importExamples(t.app, ['vat_rates', 'categories', 'products', 'deposits'], 'csv');
    expect(rates).toMatchObject({ applied: true, rows: 1, counts: { inserted: 1, updated: 0, unchanged: 0 } });
    expect(deposits).toMatchObject({ applied: true, rows: 2, counts: { inserted: 2, updated: 0, unchanged: 0 } });
    expect(await ratesFrom2028()).toEqual([{ vatClass: 'food', validFrom: '2028-01-01', rate: 1100 }]);
    expect(await depositsOf('880004')).toEqual([
      { kind: 'bottle', amountCents: 10, quantity: 24 },
      { kind: 'crate', amountCents: 150, quantity: 1 },
    ]);
    const [beer] = await db().select({ vatClass: products.vatClass }).from(products).where(eq(products.erpId, 'EXP-880004'));
    expect(beer?.vatClass).toBe('standard');

    for (const kind of ['vat_rates', 'deposits'] as const) {
      const again = await importExample(t.app, kind, 'jsonl');
      expect(again.counts, kind).toEqual({ inserted: 0, updated: 0, unchanged: again.rows, deactivated: 0 });
    }
  });

  it('corrects a rate and a deposit, and quantity 0 takes a kind off the article', async () => {
    await importExamples(t.app, ['categories', 'products', 'deposits'], 'jsonl');
    const res = await importCall(t.app, 'deposits', 'sku;kind;amount;quantity\n880004;crate;1,75;1\n880004;bottle;0,10;0\n', { format: 'csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ counts: { inserted: 0, updated: 2, unchanged: 0 } });
    expect(await depositsOf('880004')).toEqual([{ kind: 'crate', amountCents: 175, quantity: 1 }]);

    const rate = await importCall(t.app, 'vat_rates', 'vat_class;valid_from;rate\nfood;01-01-2019;9\nfood;2028-01-01;10,5%\n', { format: 'csv' });
    expect(rate.json()).toMatchObject({ counts: { inserted: 1, updated: 0, unchanged: 1 } });
    expect(await ratesFrom2028()).toEqual([{ vatClass: 'food', validFrom: '2028-01-01', rate: 1050 }]);
  });

  it('names every bad row and field of a rates file and stores nothing', async () => {
    const report = await refusedImport(
      t.app,
      'vat_rates',
      ['vat_class;valid_from;rate', 'laag;2028-01-01;9', 'food;2028-13-01;11', 'standard;2028-01-01;101', 'none;2028-01-01;', 'food;2028-02-01;11', 'food;01-02-2028;12'].join('\n'),
      { format: 'csv' },
    );
    expect(report.errors.map((e) => [e.line, e.field])).toEqual([
      [2, 'vat_class'],
      [3, 'valid_from'],
      [4, 'rate'],
      [5, 'rate'],
      [7, 'valid_from'],
    ]);
    expect(report.errors[0]?.message).toBe('must be food, standard or none');
    expect(report.errors[4]?.message).toBe('repeats the rate (class and valid_from) of line 6');
    expect(await db().select().from(vatRates).where(inArray(vatRates.validFrom, ['2028-01-01', '2028-02-01']))).toEqual([]);
  });

  it('names every bad row and field of a deposits file and stores nothing', async () => {
    await importExamples(t.app, ['categories', 'products'], 'jsonl');
    const report = await refusedImport(
      t.app,
      'deposits',
      ['sku;kind;amount;quantity', '880004;box;0,10;1', '880004;crate;0;1', '880004;bottle;0,10;-1', '999999;can;0,15;24', '880004;keg;30;1', '880004;keg;30;2'].join('\n'),
      { format: 'csv' },
    );
    expect(report.errors.map((e) => [e.line, e.field])).toEqual([
      [2, 'kind'],
      [3, 'amount'],
      [4, 'quantity'],
      [5, 'sku'],
      [7, 'kind'],
    ]);
    expect(report.errors.find((e) => e.line === 5)?.message).toBe('article number 999999 is not in the shop (import products first)');
    expect(await depositsOf('880004')).toEqual([]);
  });

  it('takes a product’s VAT class, reads an old file’s tax_rate as its class, and refuses neither or both disagreeing', async () => {
    await importExample(t.app, 'categories', 'jsonl');
    const ok = await importCall(
      t.app,
      'products',
      'erp_id;sku;title_nl;vat_class;tax_rate;categories\nEXP-1;990001;Agua mineral;none;;EX-SALSAS\nEXP-2;990002;Salsa;;9;EX-SALSAS\nEXP-3;990003;Mezcal;standard;2100;EX-SALSAS\n',
      { format: 'csv' },
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const rows = await db().select({ erpId: products.erpId, vatClass: products.vatClass }).from(products).where(inArray(products.erpId, ['EXP-1', 'EXP-2', 'EXP-3'])).orderBy(products.erpId);
    expect(rows.map((r) => r.vatClass)).toEqual(['none', 'food', 'standard']);

    const report = await refusedImport(t.app, 'products', 'erp_id;sku;title_nl;vat_class;tax_rate;categories\nEXP-4;990004;A;;;EX-SALSAS\nEXP-5;990005;B;food;2100;EX-SALSAS\nEXP-6;990006;C;hoog;;EX-SALSAS\n', { format: 'csv' });
    expect(report.errors.map((e) => [e.line, e.field, e.message])).toEqual([
      [2, 'vat_class', 'is required (food, standard or none)'],
      [3, 'tax_rate', 'is the rate of class standard, not of vat_class food'],
      [4, 'vat_class', 'must be food, standard or none'],
    ]);
  });
});
