import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Product, productListResponse } from '../../../shared/api/catalog';
import { type ErpImportReport, erpImportReport } from '../../../shared/api/erp-import';
import { amsterdamClock } from '../../../shared/delivery-date';
import { price } from '../../../shared/money';
import { quoteLines, quotes, relations, users } from '../../db/schema';
import { login, useTestApp } from '../../test/app';
import { hashPassword } from '../auth/passwords';
import { addDays, getJson, indexUrl } from '../catalog/test-support';
import { ERP_TOKEN, example, importCall, importExample, refusedImport } from './test-support';

const t = useTestApp({ erpApiToken: ERP_TOKEN });
const db = () => t.app.database.db;
const PASSWORD = 'quote-test-1234';

/** The example catalogue and customers the quotes refer to, and a password for the example users. */
async function withCatalogueAndCustomers() {
  for (const kind of ['categories', 'products', 'prices', 'relations', 'users'] as const) await importExample(t.app, kind, 'jsonl');
  await db()
    .update(users)
    .set({ pass: await hashPassword(PASSWORD) })
    .where(inArray(users.name, ['elsol-inkoop', 'Esquina-Chef']));
}

async function product(sku: string, cookie: string): Promise<Product> {
  // Imported products are searchable once the next index is built (decision 025).
  await t.app.searchEngine.refresh();
  const res = await getJson(t.app, indexUrl({ 'filter[fulltext]': sku, 'page[limit]': 5 }), cookie);
  expect(res.statusCode, res.body).toBe(200);
  const found = productListResponse.parse(res.json()).data.find((p) => p.sku === sku);
  if (!found) throw new Error(`product ${sku} not listed`);
  return found;
}

/** The stored quotes of the example file, with their lines, in a comparable form. */
async function stored() {
  const rows = await db()
    .select({ erpId: quotes.erpId, relation: relations.erpNumber, label: quotes.label, url: quotes.url, validUntil: quotes.validUntil, line: quoteLines })
    .from(quotes)
    .innerJoin(relations, eq(relations.id, quotes.relationId))
    .leftJoin(quoteLines, eq(quoteLines.quoteId, quotes.id))
    .where(inArray(quotes.erpId, ['OF-2026-0101', 'OF-2026-0102']))
    .orderBy(asc(quotes.erpId), asc(quoteLines.id));
  return rows;
}

const today = () => amsterdamClock(new Date()).day;

describe('ERP import of quotes', () => {
  it("imports the example quotes: the relation's customer sees them on the products in the catalogue, another relation does not", async () => {
    await withCatalogueAndCustomers();
    const report = await importExample(t.app, 'quotes', 'csv');
    expect(erpImportReport.parse(report)).toMatchObject({ applied: true, rows: 4, error_count: 0, counts: { inserted: 4, updated: 0, unchanged: 0, deactivated: 0 } });

    const marta = await login(t.app, 'elsol-inkoop', PASSWORD);
    const fuego = await product('880001', marta.cookie);
    expect(fuego.quote_product_data).toHaveLength(1);
    const [quote] = fuego.quote_product_data;
    const lines = (await stored()).filter((row) => row.erpId === 'OF-2026-0101').map((row) => row.line!);
    expect(quote).toEqual({
      id: expect.any(String),
      label: "Offerte salsa's Cantina El Sol",
      url: 'https://erp.example/offertes/OF-2026-0101.pdf',
      valid_until: '2027-12-31',
      productData: [
        {
          target_id: lines[0]!.id,
          product_price_target_id: lines[0]!.variationId,
          standard_cost: price(340),
          quote_price: price(425),
          quote_price_formatted: price(425).formatted,
          quantity: 12,
          markup: 25,
          remark: 'Per doos van 12',
          unit_label: 'doos',
        },
        expect.objectContaining({ target_id: lines[1]!.id, quantity: 48, quote_price: price(395), markup: 16.18, remark: 'Vanaf 4 dozen; in één levering' }),
      ],
    });
    const verde = await product('880002', marta.cookie);
    expect(verde.quote_product_data.map((q) => q.productData.map((l) => [l.quantity, l.quote_price.number, l.markup, l.remark, l.unit_label]))).toEqual([
      [[1, '6.10', 27.08, '', 'st.']],
    ]);
    expect((await product('880003', marta.cookie)).quote_product_data).toEqual([]);

    // La Esquina (relation 2002) sees its own quote only; the seeded demo customer sees neither.
    const luc = await login(t.app, 'Esquina-Chef', PASSWORD);
    expect((await product('880001', luc.cookie)).quote_product_data).toEqual([]);
    const press = (await product('880003', luc.cookie)).quote_product_data;
    expect(press.map((q) => [q.label, q.url, q.valid_until, q.productData.map((l) => [l.quantity, l.quote_price.number, l.standard_cost.number])])).toEqual([
      ['Quote "Tortilla press" La Esquina', null, null, [[2, '1150.00', '920.00']]],
    ]);
    const demo = await login(t.app, 'demo');
    for (const sku of ['880001', '880002', '880003']) expect((await product(sku, demo.cookie)).quote_product_data, sku).toEqual([]);
  });

  it('reads the CSV and the JSON Lines example to the same quotes: the other format and a repeat change nothing', async () => {
    await withCatalogueAndCustomers();
    await importExample(t.app, 'quotes', 'csv');
    const before = await stored();
    expect(before).toHaveLength(4);
    for (const format of ['jsonl', 'csv'] as const) {
      const again = await importExample(t.app, 'quotes', format);
      expect(again, format).toMatchObject({ applied: true, rows: 4, counts: { inserted: 0, updated: 0, unchanged: 4, deactivated: 0 } });
      expect(await stored()).toEqual(before);
    }
  });

  it('updates changed lines in place, removes the lines a quote no longer has, and ends the quotes a full import leaves out', async () => {
    await withCatalogueAndCustomers();
    await importExample(t.app, 'quotes', 'jsonl');
    const [first, second] = (await stored()).map((row) => row.line!);
    const csv = example('quotes.csv').toString('utf8').split('\n');
    // The 12-piece line gets a new price; the 880002 line is dropped; La Esquina's quote is left out.
    const changed = [csv[0], csv[1]!.replace(';4,25;', ';4,15;'), csv[2]].join('\n');
    const res = await importCall(t.app, 'quotes', changed, { format: 'csv', query: 'deactivate_missing=1' });
    expect(res.statusCode, res.body).toBe(200);
    // Deactivated counts quote lines: the dropped one and the ended quote's one (and any seeded quote still valid).
    const report = res.json<ErpImportReport>();
    expect(report).toMatchObject({ applied: true, rows: 2, counts: { inserted: 0, updated: 1, unchanged: 1 } });
    expect(report.counts.deactivated).toBeGreaterThanOrEqual(2);
    const after = await stored();
    expect(after.filter((r) => r.erpId === 'OF-2026-0101').map((r) => [r.line!.id, r.line!.quotePriceCents])).toEqual([
      [first!.id, 415],
      [second!.id, 395],
    ]);
    const yesterday = addDays(today(), -1);
    expect(after.find((r) => r.erpId === 'OF-2026-0102')).toMatchObject({ validUntil: yesterday, line: expect.objectContaining({ quantity: 2 }) });
    // Every quote the file does not name has ended, the seeded ones too (but the shop's own from a price request): the demo customer sees none.
    const stillValid = (await db().select().from(quotes)).filter((q) => q.erpId !== 'OF-2026-0101' && !q.erpId.startsWith('WEB-PR-') && (q.validUntil === null || q.validUntil >= today()));
    expect(stillValid).toEqual([]);
    const luc = await login(t.app, 'Esquina-Chef', PASSWORD);
    expect((await product('880003', luc.cookie)).quote_product_data).toEqual([]);

    const repeat = await importCall(t.app, 'quotes', changed, { format: 'csv', query: 'deactivate_missing=1' });
    expect(repeat.json()).toMatchObject({ applied: true, counts: { inserted: 0, updated: 0, unchanged: 2, deactivated: 0 } });
    // Listed again, the ended quote is valid again.
    await importExample(t.app, 'quotes', 'csv');
    expect((await product('880003', luc.cookie)).quote_product_data).toHaveLength(1);
  });

  it('keeps the quotes staff made from a price request (WEB-PR-<id>) on a full import, unless the ERP sends that quote number itself', async () => {
    await withCatalogueAndCustomers();
    await importExample(t.app, 'quotes', 'csv');
    // Staff answered a price request of El Sol (relation 2001) with a quote for 880002 (issue 42, point 6).
    const [relation] = await db().select().from(relations).where(eq(relations.erpNumber, '2001'));
    const [line] = (await stored()).filter((row) => row.line?.quantity === 1 && row.erpId === 'OF-2026-0101').map((row) => row.line!);
    const [web] = await db().insert(quotes).values({ erpId: 'WEB-PR-77', relationId: relation!.id, label: 'Offerte op je prijsaanvraag 77', validUntil: '2027-06-30' }).returning();
    await db().insert(quoteLines).values({ quoteId: web!.id, variationId: line!.variationId, quotePriceCents: 575, quantity: 6 });
    const webQuote = async () => (await db().select().from(quotes).where(eq(quotes.erpId, 'WEB-PR-77')))[0];

    const csv = example('quotes.csv').toString('utf8').split('\n');
    const full = await importCall(t.app, 'quotes', [csv[0], csv[1]].join('\n'), { format: 'csv', query: 'deactivate_missing=1' });
    expect(full.statusCode, full.body).toBe(200);
    expect(await webQuote()).toMatchObject({ validUntil: '2027-06-30', label: 'Offerte op je prijsaanvraag 77' });
    const marta = await login(t.app, 'elsol-inkoop', PASSWORD);
    expect((await product('880002', marta.cookie)).quote_product_data.map((q) => [q.label, q.productData.map((l) => l.quote_price.number)])).toEqual([
      ['Offerte op je prijsaanvraag 77', ['5.75']],
    ]);
    // The ERP names the quote: from then on it is the ERP's, as every quote it sends.
    const named = [csv[0], csv[1]!.replace('OF-2026-0101', 'WEB-PR-77').replace("Offerte salsa's Cantina El Sol", 'Offerte 77 uit het ERP')].join('\n');
    const taken = await importCall(t.app, 'quotes', named, { format: 'csv', query: 'deactivate_missing=1' });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await webQuote()).toMatchObject({ label: 'Offerte 77 uit het ERP', validUntil: '2027-12-31' });
    expect((await db().select().from(quoteLines).where(eq(quoteLines.quoteId, web!.id))).map((l) => [l.quantity, l.quotePriceCents])).toEqual([[12, 425]]);
  });

  it('names every bad row (unknown relation or article number, bad numbers and dates, repeated lines, a quote whose lines disagree) and applies nothing', async () => {
    await withCatalogueAndCustomers();
    const head = 'quote_number;relation_erp_number;label;url;valid_until;sku;quantity;quote_price;standard_cost;markup;remark;unit_label';
    const file = [
      head,
      'OF-1;2001;Offerte 1;;31-12-2027;880001;12;4,25;3,40;25;;doos',
      'OF-1;9999;Offerte 1;;31-12-2027;880002;1;6,10;;;;',
      'OF-1;2001;Offerte 1;;31-12-2027;999999;1;1,00;;;;',
      'OF-1;2001;Offerte 1;;31-12-2027;880001;12;4,00;;;;',
      'OF-1;2001;Andere naam;;30-12-2027;880003;1;1,00;;;;',
      'OF-2;2002;Offerte 2;ftp://x;31-02-2027;880001;nul;4,2,5;-1;veel;;',
      'OF-3;2002;;https://erp.example/q3;;880001;1;1.249;;;;',
    ].join('\n');
    const report = await refusedImport(t.app, 'quotes', file, { format: 'csv' });
    expect(report.errors.map((e) => [e.line, e.field, e.message])).toEqual([
      [3, 'relation_erp_number', 'relation 9999 is not in the shop (import relations first)'],
      [3, 'relation_erp_number', 'differs from line 2, the first line of the same quote'],
      [4, 'sku', 'article number 999999 is not in the shop (import products first)'],
      [5, 'quantity', 'repeats the quote line (quote number, article number and quantity) of line 2'],
      [6, 'label', 'differs from line 2, the first line of the same quote'],
      [6, 'valid_until', 'differs from line 2, the first line of the same quote'],
      [7, 'url', 'is not a web address (http:// or https://)'],
      [7, 'valid_until', 'is not a date ("31-02-2027"; write 2026-12-31 or 31-12-2026)'],
      [7, 'quantity', 'must be a whole number'],
      [7, 'quote_price', 'is not an amount ("4,2,5"; write e.g. 12,50 or 12.50)'],
      [7, 'standard_cost', 'must be at least 0'],
      [7, 'markup', 'is not a percentage ("veel"; write e.g. 12,5)'],
      [8, 'label', 'is required'],
      [8, 'quote_price', 'is not an amount ("1.249"; write e.g. 12,50 or 12.50)'],
    ]);
    expect(report).toMatchObject({ applied: false, error_count: 14 });
    expect(await db().select().from(quotes).where(inArray(quotes.erpId, ['OF-1', 'OF-2', 'OF-3']))).toEqual([]);
  });

  it('a dry run reports what would change and writes nothing', async () => {
    await withCatalogueAndCustomers();
    const dry = await importExample(t.app, 'quotes', 'jsonl', 'dry_run=1');
    expect(dry).toMatchObject({ dry_run: true, applied: false, counts: { inserted: 4, updated: 0 } });
    expect(await stored()).toEqual([]);
  });
});
