import { describe, expect, it } from 'vitest';
import { isMultipleOf } from '../../src/shared/sales-unit';
import { generateDemoData } from './demo-data';
import { salesUnitOfPack } from './sales-units';

// The demo data's sales units (decision 029), at the scale of `npm start` and of the browser specs.
describe.each([1, 0.25])('demo sales units at scale %s', (scale) => {
  const rows = generateDemoData({ scale, passwordHash: 'x' });
  const bySku = [...rows.variations].sort((a, b) => a.sku.localeCompare(b.sku));
  const firstPage = bySku.slice(0, 15);
  const standard = (variationId: number) => rows.prices.filter((p) => p.pricelist === 'STANDAARD' && p.variationId === variationId);

  it('shows cases with their pieces and products in multiples of 6 (priced from 6) on the first page of the assortment', () => {
    expect(firstPage.filter((v) => v.salesUnit === 'case' && (v.piecesPerUnit ?? 0) > 1).length).toBeGreaterThan(0);
    const inSixes = firstPage.filter((v) => v.orderMultiple === 6);
    expect(inSixes.length).toBeGreaterThanOrEqual(2);
    for (const v of inSixes) {
      expect(v).toMatchObject({ salesUnit: 'pack', unitContentNl: 'pak van 30 stuks', unitContentEn: 'pack of 30 pieces', piecesPerUnit: 30 });
      expect(Math.min(...standard(v.id).map((p) => p.minQuantity ?? 1))).toBe(6);
    }
    // The first two products stay sold from 1 in any quantity (specs pick them so).
    expect(bySku.slice(0, 2).map((v) => v.orderMultiple)).toEqual([1, 1]);
  });

  it('every scaled price of an article in multiples starts at a multiple, and past orders hold whole multiples', () => {
    const multiples = new Map(rows.variations.map((v) => [v.id, v.orderMultiple ?? 1]));
    for (const p of rows.prices) expect(isMultipleOf(p.minQuantity ?? 1, multiples.get(p.variationId) ?? 1) || (p.minQuantity ?? 1) > (multiples.get(p.variationId) ?? 1)).toBe(true);
    for (const line of rows.orderItems) if (line.variationId) expect(isMultipleOf(line.quantity ?? 0, multiples.get(line.variationId) ?? 1)).toBe(true);
  });
});

describe('salesUnitOfPack', () => {
  it('reads tortillas by the case, small spice jars by the piece and drinks by the crate, tray or case', () => {
    expect(salesUnitOfPack('10', '10', ['6 x 50 stuks', '6 x 50 pieces', 1])).toMatchObject({ salesUnit: 'case', unitContentNl: 'doos van 6 × 50 stuks', unitContentEn: 'case of 6 × 50 pieces', piecesPerUnit: 300, orderMultiple: 1, priceDivisor: 1 });
    expect(salesUnitOfPack('10', '10', ['12 x 30 stuks', '12 x 30 pieces', 1], "Maïstortilla's wit 12 cm")).toMatchObject({ salesUnit: 'pack', piecesPerUnit: 30, orderMultiple: 6, priceDivisor: 12 });
    expect(salesUnitOfPack('15', '10', ['10 x 35 g', '10 x 35 g', 1])).toMatchObject({ salesUnit: 'piece', unitContentNl: 'potje van 35 g', unitContentEn: 'jar of 35 g', piecesPerUnit: null, orderMultiple: 1, priceDivisor: 10 });
    expect(salesUnitOfPack('17', '20', ['24 x 355 ml', '24 x 355 ml', 1])).toMatchObject({ salesUnit: 'crate', unitContentNl: 'krat van 24 × 355 ml', piecesPerUnit: 24 });
    expect(salesUnitOfPack('17', '10', ['24 x 355 ml blik', '24 x 355 ml can', 0.95])).toMatchObject({ salesUnit: 'tray', unitContentEn: 'tray of 24 × 355 ml', piecesPerUnit: 24 });
    expect(salesUnitOfPack('17', '10', ['12 x 1,5 l', '12 x 1.5 l', 1.3])).toMatchObject({ salesUnit: 'case', unitContentNl: 'doos van 12 × 1,5 l' });
    expect(salesUnitOfPack('17', '20', ['fust 20 l', '20 l keg', 3.4])).toMatchObject({ salesUnit: 'piece', unitContentNl: 'fust van 20 l' });
    expect(salesUnitOfPack('18', '10', ['per stuk', 'each', 1])).toMatchObject({ salesUnit: 'piece', unitContentNl: null, piecesPerUnit: null });
  });
});
