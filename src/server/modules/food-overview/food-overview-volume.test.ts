import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ALLERGEN_LEVELS, ALLERGENS } from '../../../shared/api/food';
import { orders, productAllergens, productFood, products, variations } from '../../db/schema';
import { login, useTestApp } from '../../test/app';
import { type ProductRef, productRefs } from '../catalog/test-support';
import { getOverview, pdfText, placeOrder } from './test-support';

const t = useTestApp({}, { now: () => new Date('2026-11-23T09:00:00+01:00') });

const COUNT = 300;
const INGREDIENTS = (i: number) =>
  `<strong>Tarwebloem</strong> (${40 + (i % 30)}%), water, tomaat, ui, knoflook, <strong>melk</strong>poeder, plantaardige olie (zonnebloem, raapzaad), zout, suiker, gerookte paprika, komijn, koriander, oregano, zuurteregelaar (citroenzuur), conserveermiddel (kaliumsorbaat), kan sporen van <strong>sesam</strong> bevatten.`;

/** 300 products with full food information, all bought in one order of the demo relation. */
async function threeHundredProducts(): Promise<ProductRef[]> {
  const db = t.app.database.db;
  const refs = (await productRefs(db)).slice(0, COUNT);
  for (let i = refs.length; i < COUNT; i++) {
    const [product] = await db.insert(products).values({ erpId: `VOL-${i}`, titleNl: `Volumeproduct ${i}`, titleEn: `Volume product ${i}` }).returning();
    const [variation] = await db.insert(variations).values({ productId: product!.id, sku: `VOL${String(i).padStart(5, '0')}` }).returning();
    refs.push({ id: product!.id, uuid: product!.uuid, variationId: variation!.id, sku: variation!.sku });
  }
  await db.delete(productFood);
  await db.delete(productAllergens);
  await db.insert(productFood).values(refs.map((ref, i) => ({ productId: ref.id, legalNameNl: `Product ${i} naar Mexicaans recept`, legalNameEn: `Product ${i} Mexican style`, ingredientsNl: INGREDIENTS(i), ingredientsEn: INGREDIENTS(i) })));
  await db.insert(productAllergens).values(refs.flatMap((ref, i) => ALLERGENS.filter((_, a) => (i + a) % 4 !== 0).map((allergen, a) => ({ productId: ref.id, allergen, level: ALLERGEN_LEVELS[(i + a) % 3]! }))));
  await db.delete(orders);
  await placeOrder(db, 1, 1, '2026-11-20T10:00:00Z', refs);
  return refs;
}

/**
 * Issue 19 point 5 (300 products in under 10 s a format): how long it takes is measured by `npm run
 * bench -- --food-overview` (docs/benchmarks.md), not here; a time limit in a test failed only when
 * CI's machine was slow (12 s for the PDF with both test lanes running on 2 cores, 1.6 s alone).
 */
describe('GET /food-overview at volume (issue 19: 300 products)', () => {
  it('makes the PDF, CSV and XLSX of 300 products, each with every product', async () => {
    const refs = await threeHundredProducts();
    const demo = await login(t.app, 'demo');
    for (const format of ['pdf', 'csv', 'xlsx'] as const) {
      const res = await getOverview(t.app, demo, `?format=${format}`);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      if (format === 'pdf') {
        const { text, pages } = await pdfText(res.rawPayload);
        for (const ref of refs) expect(text).toContain(ref.sku);
        expect(text).toContain(`Pagina ${pages} van ${pages}`);
        expect(pages).toBeGreaterThan(10);
      }
      if (format === 'csv') expect(res.rawPayload.toString('utf8').split('\r\n')).toHaveLength(COUNT + 2);
      if (format === 'xlsx') {
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
        expect(workbook.worksheets[0]!.rowCount).toBe(5 + COUNT);
      }
    }
    // Three answers, the 300 products made first and the PDF and workbook read back: past the default 30 s at
    // CI's load (27 s on PostgreSQL, and once over 30 s on PGlite, on 2026-11-28).
  }, 90_000);
});
