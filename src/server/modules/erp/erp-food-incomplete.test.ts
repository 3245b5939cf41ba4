import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type IncompleteFoodProduct, incompleteFoodProduct, incompleteFoodResponse } from '../../../shared/api/food-completeness';
import { productAllergens, productFood, products } from '../../db/schema';
import { API, login, useTestApp } from '../../test/app';
import { ERP_TOKEN, example, importCall, importExamples } from './test-support';

/**
 * Completeness of the food information (issue 19 point 7): the staff list and the ERP export name
 * the active food products that lack mandatory information, and what they lack.
 */

const t = useTestApp({ erpApiToken: ERP_TOKEN });

const staffList = (query: string, cookie?: string) => t.app.inject({ url: `${API}/api/staff/food/incomplete${query}`, headers: cookie ? { cookie } : {} });

async function exported(): Promise<IncompleteFoodProduct[]> {
  const res = await t.app.inject({ url: `${API}/api/erp/export/food-incomplete`, headers: { authorization: `Bearer ${ERP_TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
  return res.body.split('\n').filter((line) => line !== '').map((line) => incompleteFoodProduct.parse(JSON.parse(line)));
}

const ours = (records: IncompleteFoodProduct[]) => records.filter((r) => r.erp_id.startsWith('EXP-'));

async function send(kind: 'categories' | 'products' | 'food', lines: object[]) {
  const res = await importCall(t.app, kind, lines.map((line) => JSON.stringify(line)).join('\n'));
  expect(res.statusCode, res.body).toBe(200);
}

/** The example products and their food information, then a beer without its alcohol and a salsa with gaps. */
async function shopWithGaps() {
  await importExamples(t.app, ['categories', 'products', 'food'], 'jsonl');
  await send('categories', [{ erp_id: 'EX-BIER', name_nl: 'Mexicaanse bieren', name_en: 'Mexican beers' }]);
  await send('products', [{ erp_id: 'EXP-880010', sku: '880010', title_nl: 'Cerveza clara 355 ml', tax_rate: 2100, categories: ['EX-BIER'] }]);
  const [fuego, verde] = example('food.jsonl').toString('utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  await send('food', [
    { ...fuego, erp_id: 'EXP-880010', ean: null, alcohol_percentage: null },
    { ...verde, legal_name_en: '', allergen_lupin: '', allergen_molluscs: null, salt: '', fibre: '', business_address: '' },
  ]);
}

describe('food completeness', () => {
  it('the ERP export lists what each incomplete food product lacks, and leaves out complete and non-food products', async () => {
    await shopWithGaps();
    // A demo food product whose food information is gone (the demo data gives every food product some).
    const db = t.app.database.db;
    const [tortilla] = await db.select({ id: products.id }).from(products).where(eq(products.erpId, 'ART-101001'));
    await db.delete(productFood).where(eq(productFood.productId, tortilla!.id));
    await db.delete(productAllergens).where(eq(productAllergens.productId, tortilla!.id));
    const records = await exported();
    expect(ours(records)).toEqual([
      {
        product_id: expect.any(Number),
        erp_id: 'EXP-880002',
        sku: '880002',
        title_nl: 'Salsa Verde 500 ml',
        title_en: 'Green salsa 500 ml',
        missing: ['legal_name_en', 'allergens', 'nutrition', 'business_address'],
        unknown_allergens: ['lupin', 'molluscs'],
        missing_nutrition: ['salt'],
      },
      expect.objectContaining({ erp_id: 'EXP-880010', sku: '880010', missing: ['alcohol_percentage'], unknown_allergens: [], missing_nutrition: [] }),
    ]);
    // A food product without any food information lacks all of it; kitchen tools (21 %, no food information) are not food.
    const tortillas = records.find((r) => r.erp_id === 'ART-101001');
    expect(tortillas?.missing).toEqual(['legal_name_nl', 'legal_name_en', 'ingredients_nl', 'ingredients_en', 'allergens', 'nutrition', 'net_quantity', 'storage', 'business_name', 'business_address']);
    expect(tortillas?.unknown_allergens).toHaveLength(14);
    expect(records.map((r) => r.erp_id)).not.toContain('EXP-880003');
  });

  it('completing the information takes a product off the list; an inactive product is never on it', async () => {
    await shopWithGaps();
    const [, verde] = example('food.jsonl').toString('utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    await send('food', [verde!]);
    await send('products', [{ erp_id: 'EXP-880010', sku: '880010', title_nl: 'Cerveza clara 355 ml', tax_rate: 2100, categories: ['EX-BIER'], active: false }]);
    expect(ours(await exported())).toEqual([]);
  });

  it('gives staff the same list page by page', async () => {
    await shopWithGaps();
    const all = await exported();
    const { cookie } = await login(t.app, 'staff');
    const first = await staffList('', cookie);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = incompleteFoodResponse.parse(first.json());
    expect(page1.meta).toEqual({ count: all.length, page: 1, per_page: 50 });
    expect(page1.data).toEqual(all.slice(0, 50));
    const lastPage = Math.ceil(all.length / 50);
    const last = incompleteFoodResponse.parse((await staffList(`?page=${lastPage}`, cookie)).json());
    expect(last.data).toEqual(all.slice((lastPage - 1) * 50));
    expect(ours(last.data).map((r) => r.erp_id)).toEqual(['EXP-880002', 'EXP-880010']);
    const beyond = incompleteFoodResponse.parse((await staffList(`?page=${lastPage + 1}`, cookie)).json());
    expect(beyond.data).toEqual([]);
    const bad = await staffList('?page=0', cookie);
    expect(bad.statusCode).toBe(400);
  });

  it('gives staff only the products that lack one part when asked, and refuses an unknown part in their language', async () => {
    await shopWithGaps();
    const all = await exported();
    const { cookie } = await login(t.app, 'staff');
    const lacking = incompleteFoodResponse.parse((await staffList('?missing=allergens', cookie)).json());
    const expected = all.filter((r) => r.missing.includes('allergens'));
    expect(lacking.meta).toEqual({ count: expected.length, page: 1, per_page: 50 });
    expect(lacking.data).toEqual(expected.slice(0, 50));
    expect(lacking.data.length).toBeLessThan(all.length);
    const beer = incompleteFoodResponse.parse((await staffList('?missing=alcohol_percentage', cookie)).json());
    expect(beer.data.map((r) => r.erp_id)).toEqual(['EXP-880010']);
    expect(beer.meta.count).toBe(1);
    const unknown = await staffList('?missing=colour', cookie);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('missing is een van de onderdelen van de voedingsinformatie die kunnen ontbreken.');
    const unknownEn = await t.app.inject({ url: `${API}/en/api/staff/food/incomplete?missing=colour`, headers: { cookie } });
    expect(unknownEn.statusCode).toBe(400);
    expect(unknownEn.body).toContain('missing is one of the parts of the food information that can be missing.');
  });

  it('is for staff and the ERP only: a customer and a visitor get 403, the export without the token 401', async () => {
    const customer = await login(t.app, 'demo');
    const asCustomer = await staffList('', customer.cookie);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json().code).toBe('staff_only');
    expect((await staffList('')).statusCode).toBe(403);
    const noToken = await t.app.inject({ url: `${API}/api/erp/export/food-incomplete`, headers: { cookie: customer.cookie } });
    expect(noToken.statusCode).toBe(401);
  });
});
