import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { catalogVersion, productAllergens, productFood, products, variations } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { ERP_TOKEN, example, importCall, importExample, importExamples, refusedImport } from './test-support';

const t = useTestApp({ erpApiToken: ERP_TOKEN });
const db = () => t.app.database.db;

const version = async () =>
  (await db().select().from(catalogVersion).orderBy(catalogVersion.id))
    .map((row) => row.version)
    .join('/');

async function productId(erpId: string) {
  const [row] = await db().select({ id: products.id }).from(products).where(eq(products.erpId, erpId));
  return row!.id;
}

async function allergensOf(erpId: string) {
  const rows = await db().select().from(productAllergens).where(eq(productAllergens.productId, await productId(erpId)));
  return Object.fromEntries(rows.map((r) => [r.allergen, r.level]));
}

async function foodOf(erpId: string) {
  const [row] = await db().select().from(productFood).where(eq(productFood.productId, await productId(erpId)));
  return row;
}

const eans = async () =>
  Object.fromEntries(
    (await db().select({ sku: variations.sku, ean: variations.ean }).from(variations).where(inArray(variations.sku, ['880001', '880002', '880003']))).map((v) => [v.sku, v.ean]),
  );

const csv = () => example('food.csv').toString('utf8');
const catalogue = () => importExamples(t.app, ['categories', 'products'], 'jsonl');

describe('ERP import of food information', () => {
  it('stores the example food information: texts in both languages, the 14 allergens, nutrition as decimals, the EAN of the variation', async () => {
    await catalogue();
    const report = await importExample(t.app, 'food', 'jsonl');
    expect(report).toMatchObject({ kind: 'food', applied: true, rows: 2, error_count: 0, counts: { inserted: 2, updated: 0, unchanged: 0, deactivated: 0 } });
    const fuego = await foodOf('EXP-880001');
    expect(fuego).toMatchObject({
      legalNameNl: 'Pittige saus van habanero pepers',
      legalNameEn: 'Hot sauce of habanero peppers',
      nutritionBasis: '100ml',
      storage: 'ambient',
      netUnit: 'ml',
      originCountry: 'MX',
      alcoholPercentage: null,
      diets: ['vegetarian', 'vegan', 'gluten_free'],
      businessName: 'Casa Maíz Groothandel B.V.',
    });
    expect(fuego!.ingredientsEn).toContain('(contains <strong>sulphites</strong>)');
    expect([fuego!.energyKj, fuego!.fat, fuego!.salt, fuego!.netQuantity].map(Number)).toEqual([159, 0.4, 2.1, 250]);
    const allergens = await allergensOf('EXP-880001');
    expect(Object.keys(allergens)).toHaveLength(14);
    expect(allergens).toMatchObject({ sulphites: 'contains', celery: 'may_contain', mustard: 'may_contain', gluten: 'free', milk: 'free' });
    expect(await eans()).toEqual({ '880001': '7501234500012', '880002': '7501234500029', '880003': null });
  });

  it('reads the CSV to the same data: the JSON Lines file after it changes nothing, not even the catalogue version', async () => {
    await catalogue();
    await importExample(t.app, 'food', 'csv');
    const before = { version: await version(), food: await foodOf('EXP-880002'), allergens: await allergensOf('EXP-880002'), eans: await eans() };
    const again = await importExample(t.app, 'food', 'jsonl');
    expect(again).toMatchObject({ applied: true, counts: { inserted: 0, updated: 0, unchanged: 2, deactivated: 0 } });
    const repeat = await importExample(t.app, 'food', 'csv');
    expect(repeat.counts).toEqual({ inserted: 0, updated: 0, unchanged: 2, deactivated: 0 });
    expect({ version: await version(), food: await foodOf('EXP-880002'), allergens: await allergensOf('EXP-880002'), eans: await eans() }).toEqual(before);
  });

  it('replaces what a row changes: an empty allergen cell makes it unknown, <b> becomes <strong>, an empty field clears, EANs may swap', async () => {
    await catalogue();
    await importExample(t.app, 'food', 'csv');
    const [header, fuego, verde] = csv().trimEnd().split('\n') as [string, string, string];
    const columns = header.split(';');
    const edit = (line: string, changes: Record<string, string>) => {
      const cells = line.split(';');
      for (const [name, value] of Object.entries(changes)) cells[columns.indexOf(name)] = value;
      return cells.join(';');
    };
    const changed = [
      header,
      edit(fuego, { allergen_celery: '', allergen_lupin: 'MAY_CONTAIN', ingredients_nl: 'habanero, <b>mosterd</b>', origin_country: '', ean: '7501234500029' }),
      edit(verde, { ean: '7501234500012' }),
    ].join('\n');
    const before = await version();
    const res = await importCall(t.app, 'food', changed, { format: 'csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ counts: { inserted: 0, updated: 2, unchanged: 0 } });
    expect(await version()).not.toBe(before);
    const allergens = await allergensOf('EXP-880001');
    expect(allergens.celery).toBeUndefined();
    expect(allergens.lupin).toBe('may_contain');
    expect(Object.keys(allergens)).toHaveLength(13);
    expect(await foodOf('EXP-880001')).toMatchObject({ ingredientsNl: 'habanero, <strong>mosterd</strong>', originCountry: null });
    expect(await eans()).toEqual({ '880001': '7501234500029', '880002': '7501234500012', '880003': null });
  });

  it('a dry run counts what would change and writes nothing', async () => {
    await catalogue();
    const before = await version();
    const dry = await importExample(t.app, 'food', 'csv', 'dry_run=1');
    expect(dry).toMatchObject({ dry_run: true, applied: false, error_count: 0, counts: { inserted: 2, updated: 0, unchanged: 0 } });
    expect(await version()).toBe(before);
    expect(await foodOf('EXP-880001')).toBeUndefined();
    expect(await allergensOf('EXP-880001')).toEqual({});
    expect(await eans()).toEqual({ '880001': null, '880002': null, '880003': null });
  });
});

describe('ERP import of food information: a bad file', () => {
  it('names the line and field of every problem and applies nothing', async () => {
    await catalogue();
    await importExample(t.app, 'food', 'csv');
    const before = { version: await version(), food: await foodOf('EXP-880001'), allergens: await allergensOf('EXP-880001') };
    const file = [
      'erp_id;ean;legal_name_nl;allergen_gluten;allergen_milk;nutrition_basis;energy_kj;fat;saturates;net_quantity;net_unit;storage;origin_country;alcohol_percentage;diets;ingredients_en',
      'EXP-880001;;Nieuwe naam;contains;free;100g;1520;12.5;3;500;g;frozen;MX;;vegan;',
      'EXP-NOPE;;Onbekend;;;;;;;;;;;;;',
      'EXP-880002;;;perhaps;;;;;;;;;;;;',
      'EXP-880003;;;;;100g;12,5;;;;;;;;;',
      'EXP-880001;;;;;;;;;;;;;;;',
      'ART-101001;7501234500036;;;;;;;;;;;;;;',
      'ART-101002;7501234500036;;;;;;;;;;;;;;',
      'ART-101003;7501234500029;;;;;;;;;;;;;;',
      'ART-101004;7501234500013;;;;;;;;;;;;;;',
      'ART-101005;;;;;;300;;;;;;;;;',
      'ART-101006;;;;;;;2;3;1;;cold;MEX;101;halal|spicy;<em>egg</em>',
    ].join('\n');
    const report = await refusedImport(t.app, 'food', file, { format: 'csv' });
    expect(report.errors.map((e) => [e.line, e.field, e.message])).toEqual([
      [3, 'erp_id', 'product EXP-NOPE is not in the shop (import products first)'],
      [4, 'allergen_gluten', 'must be one of contains, may_contain, free (or empty)'],
      [5, 'energy_kj', 'has a decimal comma ("12,5"); write a dot: 12.5'],
      [6, 'erp_id', 'repeats the product of line 2'],
      [8, 'ean', 'repeats the EAN of line 7'],
      [9, 'ean', 'EAN 7501234500029 belongs to article number 880002 of product EXP-880002'],
      [10, 'ean', 'is not an EAN/GTIN ("7501234500013": 8, 12, 13 or 14 digits with a right check digit)'],
      [11, 'nutrition_basis', 'is required when nutrition values are given (100g or 100ml)'],
      [12, 'ingredients_en', 'may only emphasise allergens with <strong> or <b> (has <em>)'],
      [12, 'storage', 'must be one of ambient, chilled, frozen (or empty)'],
      [12, 'origin_country', 'must be a two-letter country code (ISO 3166-1 alpha-2: MX, NL, …)'],
      [12, 'alcohol_percentage', 'must be a percentage from 0 to 100 with at most one decimal (4.5)'],
      [12, 'diets', 'holds a diet that is not one of vegetarian, vegan, gluten_free, organic, halal, kosher'],
    ]);
    expect({ version: await version(), food: await foodOf('EXP-880001'), allergens: await allergensOf('EXP-880001') }).toEqual(before);
  });

  it('refuses an unknown column and a saturates value above the fat', async () => {
    await catalogue();
    const report = await refusedImport(t.app, 'food', '{"erp_id":"EXP-880001","allergen_gluten":"free","colour":"red"}\n{"erp_id":"EXP-880002","nutrition_basis":"100g","fat":1,"saturates":2}');
    expect(report.errors.map((e) => [e.line, e.field])).toEqual([
      [1, 'colour'],
      [2, 'saturates'],
    ]);
  });
});
