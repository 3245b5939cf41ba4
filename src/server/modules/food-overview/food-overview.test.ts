import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { orders, relations } from '../../db/schema';
import { login, type Session, useTestApp } from '../../test/app';
import { type ProductRef, productRefs } from '../catalog/test-support';
import { clearFood, getOverview, giveFood, pdfText, placeOrder } from './test-support';

// Monday 23 November 2026, 09:00 in Amsterdam: the default period is 26 August up to 23 November.
const t = useTestApp({ shopName: 'Casa Verde Groothandel' }, { now: () => new Date('2026-11-23T09:00:00+01:00') });

let demo: Session;
let taco: ProductRef; // contains gluten, may contain sesame, free of milk
let salsa: ProductRef; // no food information at all: every allergen unknown
let cheese: ProductRef; // bought by another relation only
let beer: ProductRef; // in a canceled order only
let oldie: ProductRef; // bought before the default period
let relationName: string;

beforeEach(async () => {
  const db = t.app.database.db;
  [taco, salsa, cheese, beer, oldie] = (await productRefs(db)).slice(0, 5) as [ProductRef, ProductRef, ProductRef, ProductRef, ProductRef];
  await clearFood(db, [taco, salsa, cheese, beer, oldie]);
  await giveFood(db, taco, {
    titles: ['Tarwetortilla 20 cm', 'Wheat tortilla 20 cm'],
    legalName: ['Tortilla van tarwemeel', 'Wheat flour tortilla'],
    ingredients: ['<strong>Tarwebloem</strong> (72%), water, plantaardige olie, zout', '<strong>Wheat flour</strong> (72%), water, vegetable oil, salt'],
    allergens: { gluten: 'contains', sesame: 'may_contain', milk: 'free' },
  });
  await giveFood(db, salsa, { titles: ['Salsa verde', 'Green salsa'] });
  await giveFood(db, cheese, { titles: ['Queso fresco', 'Fresh cheese'], ingredients: ['<strong>Melk</strong>, zout', '<strong>Milk</strong>, salt'], allergens: { milk: 'contains' } });
  await giveFood(db, beer, { titles: ['Cerveza clara', 'Lager beer'], ingredients: ['Water, <strong>gerstemout</strong>', 'Water, <strong>barley malt</strong>'], allergens: { gluten: 'contains' } });
  await giveFood(db, oldie, { titles: ['Mole poblano', 'Mole poblano'], allergens: { nuts: 'contains' } });
  await db.delete(orders);
  [{ name: relationName }] = (await db.select({ name: relations.name }).from(relations).where(eq(relations.id, 1))) as [{ name: string }];
  demo = await login(t.app, 'demo');
});

/** The purchases of the fixed data set: the demo relation (1) and another one (3). */
async function purchases() {
  const db = t.app.database.db;
  await placeOrder(db, 1, 1, '2026-11-20T10:00:00Z', [taco, salsa]);
  await placeOrder(db, 1, 1, '2026-10-01T10:00:00Z', [taco], 'completed');
  await placeOrder(db, 1, 1, '2026-11-21T10:00:00Z', [beer], 'canceled');
  await placeOrder(db, 1, 1, '2026-07-01T10:00:00Z', [oldie]);
  await placeOrder(db, 3, 3, '2026-11-22T10:00:00Z', [cheese]);
}

describe('GET /food-overview as PDF', () => {
  it("lists what the caller's own relation bought in the last 90 days, sorted by name, with allergens, legend, ingredients and page numbers, in Dutch", async () => {
    await purchases();
    const res = await getOverview(t.app, demo);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="allergenenoverzicht-2026-08-26-2026-11-23.pdf"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await pdfText(res.rawPayload);
    expect(text).toContain('Casa Verde Groothandel');
    expect(text).toContain('Allergenenoverzicht');
    expect(text).toContain(`Klant: ${relationName}`);
    expect(text).toContain('Periode: 26 augustus 2026 t/m 23 november 2026');
    expect(text).toContain('Gemaakt op 23 november 2026');
    expect(text).toMatch(/X = bevat .*\(X\) = kan bevatten .*– = vrij van .*\? = onbekend/);
    expect(text).toContain('Glutenbevattende granen');
    expect(text).toContain(`Pagina 1 van ${pages}`);
    // Sorted by name: Salsa verde before Tarwetortilla, in the table and in the ingredients.
    expect(text.indexOf('Salsa verde')).toBeLessThan(text.indexOf('Tarwetortilla 20 cm'));
    // The table rows: the tortilla's 14 levels in Annex II order; the salsa's all unknown, never free.
    expect(text).toMatch(new RegExp(`${taco.sku}\\s+Tarwetortilla 20 cm\\s+X\\s+\\?\\s+\\?\\s+\\?\\s+\\?\\s+\\?\\s+–\\s+\\?\\s+\\?\\s+\\?\\s+\\(X\\)\\s+\\?\\s+\\?\\s+\\?`));
    expect(text).toMatch(new RegExp(`${salsa.sku}\\s+Salsa verde(\\s+\\?){14}`));
    expect(text).toContain('Ingrediënten: Tarwebloem (72%), water, plantaardige olie, zout');
    expect(text).toContain('Wettelijke benaming: Tortilla van tarwemeel');
    expect(text).toMatch(/Salsa verde \(\d+\)\s+Ingrediënten onbekend/);
    // Not another relation's purchase, not a canceled order, not before the period.
    expect(text).not.toContain('Queso fresco');
    expect(text).not.toContain('Cerveza clara');
    expect(text).not.toContain('Mole poblano');
  });

  it('is in English under /en, and says when nothing was bought', async () => {
    await purchases();
    const res = await getOverview(t.app, demo, '', '/en');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="allergen-overview-2026-08-26-2026-11-23.pdf"');
    const { text } = await pdfText(res.rawPayload);
    expect(text).toContain('Allergen overview');
    expect(text).toContain('Period: 26 August 2026 to 23 November 2026');
    expect(text).toContain('Made on 23 November 2026');
    expect(text).toContain('Ingredients: Wheat flour (72%), water, vegetable oil, salt');
    expect(text).toContain('Wheat tortilla 20 cm');
    expect(text).toContain('Page 1 of');
    const empty = await pdfText((await getOverview(t.app, demo, '?from=2025-01-01&to=2025-01-31', '/en')).rawPayload);
    expect(empty.text).toContain('No products were bought in this period.');
  });
});

describe('GET /food-overview as CSV and XLSX', () => {
  it('writes a semicolon-separated CSV with a BOM for Excel, one row per product and a column per allergen', async () => {
    await purchases();
    const res = await getOverview(t.app, demo, '?format=csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="allergenenoverzicht-2026-08-26-2026-11-23.csv"');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.rawPayload.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe(
      "Artikelnummer;Productnaam;Wettelijke benaming;Glutenbevattende granen;Schaaldieren;Eieren;Vis;Pinda's;Soja;Melk;Noten;Selderij;Mosterd;Sesamzaad;Zwaveldioxide en sulfieten;Lupine;Weekdieren;Ingrediënten",
    );
    expect(lines.slice(1)).toEqual([
      `${salsa.sku};Salsa verde;;${Array(14).fill('onbekend').join(';')};Ingrediënten onbekend`,
      `${taco.sku};Tarwetortilla 20 cm;Tortilla van tarwemeel;bevat;onbekend;onbekend;onbekend;onbekend;onbekend;vrij van;onbekend;onbekend;onbekend;kan bevatten;onbekend;onbekend;onbekend;"Tarwebloem (72%), water, plantaardige olie, zout"`,
      '',
    ]);
  });

  it('writes an Excel workbook with the heading and the same table, in English under /en', async () => {
    await purchases();
    const res = await getOverview(t.app, demo, '?format=xlsx&from=2026-06-01&to=2026-11-30', '/en');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="allergen-overview-2026-06-01-2026-11-30.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Allergens')!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Allergen overview: Casa Verde Groothandel']);
    expect(values(2)).toEqual([`Customer: ${relationName}`]);
    expect(values(3)).toEqual(['Period: 1 June 2026 to 30 November 2026']);
    expect(values(5).slice(0, 4)).toEqual(['Article number', 'Product', 'Legal name', 'Cereals containing gluten']);
    expect(values(5)).toHaveLength(18);
    // The longer period takes in the July order; names sorted in English.
    expect([6, 7, 8].map((n) => values(n).slice(0, 2))).toEqual([
      [salsa.sku, 'Green salsa'],
      [oldie.sku, 'Mole poblano'],
      [taco.sku, 'Wheat tortilla 20 cm'],
    ]);
    expect(values(7)[10]).toBe('contains'); // nuts
    expect(values(7)[3]).toBe('unknown'); // gluten of the mole: not given
    expect(values(8).slice(3, 5)).toEqual(['contains', 'unknown']);
    expect(sheet.rowCount).toBe(8);
  });
});

describe('GET /food-overview: the period', () => {
  it('counts Amsterdam days, both ends included', async () => {
    const db = t.app.database.db;
    await placeOrder(db, 1, 1, '2026-08-25T21:30:00Z', [oldie]); // 23:30 on 25 August in Amsterdam: outside
    await placeOrder(db, 1, 1, '2026-08-25T22:30:00Z', [salsa]); // 00:30 on 26 August: inside
    await placeOrder(db, 1, 1, '2026-09-30T21:59:00Z', [taco]); // 23:59 on 30 September: inside
    await placeOrder(db, 1, 1, '2026-09-30T22:00:00Z', [beer]); // 1 October: outside
    const csv = (await getOverview(t.app, demo, '?format=csv&from=2026-08-26&to=2026-09-30')).rawPayload.toString('utf8');
    const skus = csv.split('\r\n').slice(1, -1).map((line) => line.split(';')[0]);
    expect(skus.sort()).toEqual([salsa.sku, taco.sku].sort());
  });

  it('refuses bad input with a 400 in the caller’s language and nothing else', async () => {
    const cases: Array<[string, RegExp, RegExp]> = [
      ['?from=2026-11-01&to=2026-10-01', /^De begindatum ligt na de einddatum\.$/, /^The start date is after the end date\.$/],
      ['?from=2024-11-01&to=2026-11-02', /^Een periode is maximaal 2 jaar\.$/, /^A period is at most 2 years\.$/],
      ['?from=2026-02-30', /Die dag bestaat niet/, /That day does not exist/],
      ['?to=23-11-2026', /Een dag schrijf je als JJJJ-MM-DD/, /A day is written YYYY-MM-DD/],
      ['?format=docx', /format is 'pdf', 'csv' of 'xlsx'/, /format is 'pdf', 'csv' or 'xlsx'/],
    ];
    for (const [query, nl, en] of cases) {
      const dutch = await getOverview(t.app, demo, query);
      expect(dutch.statusCode, query).toBe(400);
      expect(dutch.headers['content-type']).toMatch(/json/);
      expect(dutch.headers['content-disposition']).toBeUndefined();
      expect(dutch.json().message, query).toMatch(nl);
      const english = await getOverview(t.app, demo, query, '/en');
      expect(english.statusCode, query).toBe(400);
      expect(english.json().message, query).toMatch(en);
    }
    // Exactly two years is fine.
    expect((await getOverview(t.app, demo, '?from=2024-11-23&to=2026-11-23&format=csv')).statusCode).toBe(200);
  });
});

describe('GET /food-overview: access', () => {
  it("shows each relation only its own purchases: another relation's never appear", async () => {
    await purchases();
    const grooth = await login(t.app, 'grooth');
    const theirs = (await getOverview(t.app, grooth, '?format=csv')).rawPayload.toString('utf8');
    expect(theirs).toContain('Queso fresco');
    expect(theirs).not.toContain('Tarwetortilla');
    expect(theirs).not.toContain('Salsa verde');
    const ours = (await getOverview(t.app, demo, '?format=csv')).rawPayload.toString('utf8');
    expect(ours).not.toContain('Queso fresco');
    // A query naming another relation is no way in: the relation is the session's.
    const named = (await getOverview(t.app, demo, '?format=csv&relation=3')).rawPayload.toString('utf8');
    expect(named).not.toContain('Queso fresco');
  });

  it('is for logged-in customers with a relation: 403 logged out, 400 no_relation without a relation', async () => {
    const out = await getOverview(t.app, null);
    expect(out.statusCode).toBe(403);
    expect(out.headers['content-disposition']).toBeUndefined();
    const none = await getOverview(t.app, await login(t.app, 'norelation'), '', '/en');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'no_relation', message: 'No relation found' });
  });
});
