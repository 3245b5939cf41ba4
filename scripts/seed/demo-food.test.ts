import { describe, expect, it } from 'vitest';
import { ALLERGENS, DIETS, foodInformation, STORAGE_TYPES } from '../../src/shared/api/food';
import { eanCheckDigit } from './catalogue-food';
import { generateDemoData } from './demo-data';

/*
 * Issue 19, point 8: every demo product has plausible food information, so that the product page
 * shows it and each filter of the assortment returns a sensible, non-empty list.
 */

const rows = generateDemoData({ scale: 1, seed: 1972, passwordHash: 'h', loadedAt: '2026-11-22T08:00:00Z' });
/** A product's own leaf: its first category (some are also filed under a second one). */
const categoryOf = new Map<number, string | undefined>();
for (const pc of rows.productCategories) {
  if (!categoryOf.has(pc.productId)) categoryOf.set(pc.productId, rows.categories.find((c) => c.id === pc.categoryId)?.erpId);
}
const food = new Map(rows.productFood.map((f) => [f.productId, f]));
const levelsOf = (productId: number) => new Map(rows.productAllergens.filter((a) => a.productId === productId).map((a) => [a.allergen, a.level]));
const productsIn = (erpId: string) => rows.products.filter((p) => categoryOf.get(p.id) === erpId);

describe('the demo food information', () => {
  it('describes every food product and no tool', () => {
    for (const product of rows.products) {
      const tool = categoryOf.get(product.id)?.startsWith('CM-18') ?? false;
      expect(food.has(product.id), product.titleEn).toBe(!tool);
      expect(levelsOf(product.id).size > 0, product.titleEn).toBe(!tool);
    }
  });

  it('says wheat tortillas contain gluten and corn tortillas are free of it', () => {
    expect(productsIn('CM-1020').length).toBeGreaterThan(0);
    for (const p of productsIn('CM-1020')) expect(levelsOf(p.id).get('gluten')).toBe('contains');
    for (const p of productsIn('CM-1010')) {
      expect(levelsOf(p.id).get('gluten')).toBe('free');
      expect(food.get(p.id)?.diets).toEqual(expect.arrayContaining(['vegan', 'gluten_free']));
    }
    // Chips are made on lines with wheat: a precaution, not an ingredient.
    for (const p of productsIn('CM-1110')) expect(levelsOf(p.id).get('gluten')).toBe('may_contain');
  });

  it('gives moles nuts or sesame, beers gluten and alcohol, spirits 38 to 40 % and soft drinks no allergens', () => {
    for (const p of [...productsIn('CM-1610'), ...productsIn('CM-1620'), ...productsIn('CM-1630')]) {
      const levels = levelsOf(p.id);
      expect(levels.get('sesame') === 'contains' || levels.get('nuts') === 'contains', p.titleEn).toBe(true);
    }
    for (const p of productsIn('CM-1720')) {
      expect(levelsOf(p.id).get('gluten')).toBe('contains');
      expect(Number(food.get(p.id)?.alcoholPercentage)).toBeGreaterThanOrEqual(4.5);
      expect(Number(food.get(p.id)?.alcoholPercentage)).toBeLessThanOrEqual(6);
    }
    for (const p of productsIn('CM-1730')) {
      // a bottle of 70 cl holds 700 ml
      const net = food.get(p.id);
      expect(net && `${net.netQuantity} ${net.netUnit}`, p.titleEn).toMatch(p.titleEn.includes(' cl') ? /^(700|50) ml$/ : /^\d+ (ml|l)$/);
      expect(Number(food.get(p.id)?.alcoholPercentage)).toBeGreaterThanOrEqual(38);
      expect(Number(food.get(p.id)?.alcoholPercentage)).toBeLessThanOrEqual(40);
    }
    for (const p of productsIn('CM-1710')) {
      expect([...levelsOf(p.id).values()].filter((level) => level !== 'free')).toEqual([]);
      expect(food.get(p.id)?.alcoholPercentage).toBeNull();
    }
  });

  it('has products for every filter value: without each allergen, each diet and each storage type', () => {
    for (const allergen of ALLERGENS) {
      const without = rows.productFood.filter((f) => levelsOf(f.productId).get(allergen) === 'free');
      expect(without.length, allergen).toBeGreaterThan(10);
    }
    for (const diet of DIETS) expect(rows.productFood.filter((f) => f.diets?.includes(diet)).length, diet).toBeGreaterThan(2);
    for (const storage of STORAGE_TYPES) expect(rows.productFood.filter((f) => f.storage === storage).length, storage).toBeGreaterThan(2);
    // Something for the other levels too: contained, perhaps contained, and a few left unknown.
    const levels = rows.productAllergens.map((a) => a.level);
    expect(levels).toEqual(expect.arrayContaining(['contains', 'may_contain']));
    const unknown = rows.productFood.filter((f) => levelsOf(f.productId).size < ALLERGENS.length);
    expect(unknown.length).toBeGreaterThan(0);
    expect(unknown.length).toBeLessThan(rows.productFood.length / 10);
  });

  it('gives each food variation its own valid EAN-13, and each product a complete answer in the contract', () => {
    const eans = rows.variations.filter((v) => food.has(v.productId)).map((v) => v.ean ?? '');
    expect(new Set(eans).size).toBe(eans.length);
    for (const ean of eans) {
      expect(ean).toMatch(/^\d{13}$/);
      expect(ean.slice(12)).toBe(eanCheckDigit(ean.slice(0, 12)));
    }
    for (const f of rows.productFood) {
      expect(f.businessName).toBeTruthy();
      expect(f.businessAddress).toBeTruthy();
      expect(f.originCountry).toMatch(/^[A-Z]{2}$/);
      expect(Number(f.saturates)).toBeLessThanOrEqual(Number(f.fat));
      expect(Number(f.sugars)).toBeLessThanOrEqual(Number(f.carbohydrate));
      expect(f.ingredientsNl).toBeTruthy();
      expect(f.ingredientsEn).toBeTruthy();
      const decimals = [f.energyKj, f.energyKcal, f.fat, f.saturates, f.carbohydrate, f.sugars, f.protein, f.salt];
      expect(
        foodInformation.shape.nutrition.unwrap().safeParse({ basis: f.nutritionBasis, energy_kj: decimals[0], energy_kcal: decimals[1], fat: decimals[2], saturates: decimals[3], carbohydrate: decimals[4], sugars: decimals[5], fibre: f.fibre, protein: decimals[6], salt: decimals[7] }).success,
      ).toBe(true);
    }
    // Allergens in the ingredients are emphasised: the wheat of a flour tortilla.
    const flour = productsIn('CM-1020')[0];
    expect(flour && food.get(flour.id)?.ingredientsNl).toContain('<strong>Tarwe');
  });

  it('keeps the storage of the unopened pack and the use after opening apart, in both languages', () => {
    const opening = /opening|geopend|opened/i;
    for (const f of rows.productFood) {
      for (const text of [f.storageTextNl, f.storageTextEn]) expect(text, f.legalNameEn ?? '').not.toMatch(opening);
      expect(f.afterOpeningNl === null).toBe(f.afterOpeningEn === null);
      if (f.afterOpeningNl !== null) {
        expect(f.afterOpeningNl).toMatch(/opening/);
        expect(f.afterOpeningEn).toMatch(/open/);
      }
    }
    // The shelf of a wheat tortilla, then the fridge once opened: two texts, no repetition.
    const flour = productsIn('CM-1020')[0];
    const flourFood = flour && food.get(flour.id);
    expect(flourFood?.storageTextNl).toBe('Droog en koel bewaren (max. 20 °C).');
    expect(flourFood?.afterOpeningNl).toBe('Na opening gekoeld bewaren en binnen 5 dagen gebruiken.');
    expect(flourFood?.afterOpeningEn).toBe('Once opened, keep refrigerated and use within 5 days.');
    expect(rows.productFood.filter((f) => f.afterOpeningNl !== null).length).toBeGreaterThan(rows.productFood.length / 3);
  });
});
