import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema';
import { login, type Session, useTestApp } from '../../test/app';
import { findCatalogueVersion } from '../search/search.repository';
import { type ProductRef, productRefs } from '../catalog/test-support';
import { clearFood, getOverview, giveFood, placeOrder } from './test-support';

/**
 * The allergen overview is remembered once rendered (issue 39 point 4): asked again, the same
 * file is served from memory; a food change, an order placed since or another language, format
 * or period is another file and is rendered. Renders are counted on the libraries' own classes
 * (the test files of a worker share their modules, so a module mock would not reach the app).
 */
const renders = {
  xlsx: vi.spyOn(ExcelJS.Workbook.prototype, 'addWorksheet'),
  pdf: vi.spyOn(PDFDocument.prototype, 'end'),
};
afterAll(() => {
  renders.xlsx.mockRestore();
  renders.pdf.mockRestore();
});

// Monday 23 November 2026, 09:00 in Amsterdam.
const t = useTestApp({}, { now: () => new Date('2026-11-23T09:00:00+01:00') });

let demo: Session;
let taco: ProductRef;
let salsa: ProductRef;

beforeEach(async () => {
  const db = t.app.database.db;
  [taco, salsa] = (await productRefs(db)).slice(0, 2) as [ProductRef, ProductRef];
  await clearFood(db, [taco, salsa]);
  await giveFood(db, taco, { titles: ['Tarwetortilla 20 cm', 'Wheat tortilla 20 cm'], legalName: ['Tortilla van tarwemeel', 'Wheat flour tortilla'], allergens: { gluten: 'contains' } });
  await giveFood(db, salsa, { titles: ['Salsa verde', 'Green salsa'] });
  await placeOrder(db, 1, 1, '2026-11-20T10:00:00Z', [taco]);
  demo = await login(t.app, 'demo');
  renders.xlsx.mockClear();
  renders.pdf.mockClear();
});

async function download(query: string, prefix = '', session = demo): Promise<Buffer> {
  const res = await getOverview(t.app, session, query, prefix);
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
}

describe('the allergen overview, remembered', () => {
  it('gives a customer asking again the same bytes without rendering again; another format, language or period is rendered', async () => {
    const xlsx = await download('?format=xlsx');
    expect(await download('?format=xlsx')).toEqual(xlsx);
    const pdf = await download('?format=pdf');
    expect(await download('?format=pdf')).toEqual(pdf);
    // The file's first test, on an app of its own: nothing was remembered before.
    const rendered = { xlsx: renders.xlsx.mock.calls.length, pdf: renders.pdf.mock.calls.length };
    expect(rendered).toEqual({ xlsx: 1, pdf: 1 });
    expect(await download('?format=xlsx')).toEqual(xlsx);
    expect(await download('?format=pdf')).toEqual(pdf);

    await download('?format=xlsx', '/en');
    await download('?format=xlsx&from=2026-11-01');
    expect(renders.xlsx.mock.calls.length).toBe(rendered.xlsx + 2);
    expect(await download('?format=xlsx')).toEqual(xlsx);
    expect(renders.xlsx.mock.calls.length).toBe(rendered.xlsx + 2);
    expect(renders.pdf.mock.calls.length).toBe(rendered.pdf);
  });

  it('renders again after a food change (a new catalogue version), with the new information', async () => {
    const before = await download('?format=csv');
    const version = await findCatalogueVersion(t.app.database.db);
    await giveFood(t.app.database.db, taco, { legalName: ['Tortilla van volkorenmeel', 'Wholemeal tortilla'], allergens: { gluten: 'may_contain' } });
    expect(await findCatalogueVersion(t.app.database.db)).toBeGreaterThan(version);
    const after = (await download('?format=csv')).toString('utf8');
    expect(after).not.toEqual(before.toString('utf8'));
    expect(after).toContain('Tortilla van volkorenmeel');
    expect(after).not.toContain('Tortilla van tarwemeel');
  });

  it('renders again when the relation placed an order since, though the catalogue did not change', async () => {
    expect((await download('?format=csv')).toString('utf8')).not.toContain('Salsa verde');
    await placeOrder(t.app.database.db, 1, 1, '2026-11-22T10:00:00Z', [salsa]);
    expect((await download('?format=csv')).toString('utf8')).toContain('Salsa verde');
  });

  it("never serves one relation's file to another relation that bought the same", async () => {
    const ownFile = (await download('?format=csv')).toString('utf8');
    const db = t.app.database.db;
    const [grooth] = await db.select({ id: users.id, relationId: users.relationId }).from(users).where(eq(users.name, 'grooth'));
    expect(grooth?.relationId).not.toBe(1);
    await placeOrder(db, grooth!.id, grooth!.relationId!, '2026-11-20T10:00:00Z', [taco]);
    const other = (await download('?format=csv', '', await login(t.app, 'grooth'))).toString('utf8');
    expect(other).toContain('Tarwetortilla 20 cm');
    expect(other).not.toEqual(ownFile);
  });

  it('counts the files it keeps in bytes, within its share of the cache budget', async () => {
    const pdf = await download('?format=pdf');
    const share = t.app.caches.report().find((c) => c.name === 'foodOverviews');
    expect(share?.entries).toBeGreaterThanOrEqual(1);
    expect(share?.bytes).toBeGreaterThanOrEqual(pdf.byteLength);
    expect(share?.bytes).toBeLessThanOrEqual(share?.maxBytes ?? 0);
  });
});
