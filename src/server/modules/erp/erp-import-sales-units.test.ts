import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { variations } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { ERP_TOKEN, importCall, importExample, importExamples, refusedImport } from './test-support';

// The sales unit fields of the products kind (decision 029).
const t = useTestApp({ erpApiToken: ERP_TOKEN });
const db = () => t.app.database.db;

const unitsOf = async (skus: string[]) =>
  db()
    .select({
      sku: variations.sku,
      salesUnit: variations.salesUnit,
      unitContentNl: variations.unitContentNl,
      unitContentEn: variations.unitContentEn,
      piecesPerUnit: variations.piecesPerUnit,
      orderMultiple: variations.orderMultiple,
    })
    .from(variations)
    .where(inArray(variations.sku, skus))
    .orderBy(variations.sku);

const HEADER = 'erp_id;sku;title_nl;vat_class;categories;sales_unit;unit_content_nl;unit_content_en;pieces_per_unit;order_multiple';

describe('ERP import of sales units and order multiples', () => {
  it('imports the example files; the other format after them changes nothing', async () => {
    const [, products] = await importExamples(t.app, ['categories', 'products'], 'csv');
    expect(products).toMatchObject({ applied: true, counts: { inserted: 4, updated: 0 } });
    expect(await unitsOf(['880001', '880002', '880004'])).toEqual([
      { sku: '880001', salesUnit: 'piece', unitContentNl: null, unitContentEn: null, piecesPerUnit: null, orderMultiple: 1 },
      { sku: '880002', salesUnit: 'jar', unitContentNl: null, unitContentEn: null, piecesPerUnit: null, orderMultiple: 6 },
      { sku: '880004', salesUnit: 'crate', unitContentNl: 'krat van 24 × 355 ml', unitContentEn: 'crate of 24 × 355 ml', piecesPerUnit: 24, orderMultiple: 1 },
    ]);
    const again = await importExample(t.app, 'products', 'jsonl');
    expect(again.counts).toEqual({ inserted: 0, updated: 0, unchanged: 4, deactivated: 0 });
  });

  it('a changed unit or multiple counts as an updated product and is written to its variation; empty fields are a piece in any quantity', async () => {
    await importExamples(t.app, ['categories', 'products'], 'jsonl');
    const res = await importCall(
      t.app,
      'products',
      `${HEADER}\nEXP-880002;880002;Salsa Verde 500 ml;food;EX-SALSAS;CASE;doos van 6 potten;;6;6\nEXP-880004;880004;Cerveza clara krat 24 × 355 ml;standard;EX-DRANKEN;;;;;\n`,
      { format: 'csv' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ counts: { inserted: 0, updated: 2 } });
    expect(await unitsOf(['880002', '880004'])).toEqual([
      { sku: '880002', salesUnit: 'case', unitContentNl: 'doos van 6 potten', unitContentEn: null, piecesPerUnit: 6, orderMultiple: 6 },
      { sku: '880004', salesUnit: 'piece', unitContentNl: null, unitContentEn: null, piecesPerUnit: null, orderMultiple: 1 },
    ]);
  });

  it('names every bad sales unit field with its line and stores nothing', async () => {
    await importExamples(t.app, ['categories', 'products'], 'jsonl');
    const before = await unitsOf(['880001', '880002', '880004']);
    const report = await refusedImport(
      t.app,
      'products',
      [
        HEADER,
        'EXP-880001;880001;Salsa;food;EX-SALSAS;doos;;;;',
        'EXP-880002;880002;Salsa Verde;food;EX-SALSAS;jar;;;0;6',
        'EXP-880004;880004;Cerveza;standard;EX-DRANKEN;crate;;;24;zes',
        'EXP-880005;880005;Totopos;food;EX-SALSAS;bag;;;;0',
        'EXP-880006;880006;Chipotle;food;EX-SALSAS;can;;;1,5;1001',
        `EXP-880007;880007;Frijoles;food;EX-SALSAS;case;${'x'.repeat(101)};;12;1`,
      ].join('\n'),
      { format: 'csv' },
    );
    expect(report.errors.map((e) => [e.line, e.field, e.message])).toEqual([
      [2, 'sales_unit', 'must be one of piece, pack, case, crate, tray, bag, bottle, can, jar, bucket, kg, litre'],
      [3, 'pieces_per_unit', 'must be at least 1'],
      [4, 'order_multiple', 'must be a whole number'],
      [5, 'order_multiple', 'must be at least 1'],
      [6, 'pieces_per_unit', 'must be a whole number'],
      [6, 'order_multiple', 'must be at most 1000'],
      [7, 'unit_content_nl', 'is longer than 100 characters'],
    ]);
    expect(await unitsOf(['880001', '880002', '880004', '880005', '880006', '880007'])).toEqual(before);
  });
});
