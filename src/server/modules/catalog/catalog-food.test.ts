import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type ProductDetail, productDetailResponse, productListResponse } from '../../../shared/api/catalog';
import { type Allergen, type AllergenLevel, ALLERGENS, type FoodInformation } from '../../../shared/api/food';
import type { Db } from '../../db/client';
import { productAllergens, productFood, variations } from '../../db/schema';
import { API, login, useTestApp } from '../../test/app';
import { getJson, indexUrl, productRefs, type ProductRef } from './test-support';

/*
 * Issue 19: the product page answers the product's food information in the request's language,
 * the list its storage type and diet marks. The information is part of the product's texts, kept
 * per catalogue version (decision 013): a change in the database shows at once.
 */

const t = useTestApp();

const detailUrl = (uuid: string, prefix = '') => `${API}${prefix}/jsonapi/commerce_product/default/${uuid}?jsonapi_include=1`;

async function detail(uuid: string, cookie: string, prefix = ''): Promise<ProductDetail> {
  const res = await getJson(t.app, detailUrl(uuid, prefix), cookie);
  expect(res.statusCode, res.body).toBe(200);
  return productDetailResponse.strict().parse(res.json()).data;
}

async function listed(ref: ProductRef, refs: ProductRef[], cookie: string) {
  const offset = refs.findIndex((r) => r.id === ref.id);
  const res = await getJson(t.app, indexUrl({ 'page[offset]': offset, 'page[limit]': 15 }), cookie);
  expect(res.statusCode, res.body).toBe(200);
  const item = productListResponse.parse(res.json()).data.find((p) => p.id === ref.uuid);
  if (!item) throw new Error(`${ref.sku} is not on its page`);
  expect(item).not.toHaveProperty('food');
  return item;
}

/** Replaces the product's food information by a fixed set: a cheese dip. */
async function describeCheeseDip(db: Db, ref: ProductRef) {
  await db.delete(productFood).where(eq(productFood.productId, ref.id));
  await db.delete(productAllergens).where(eq(productAllergens.productId, ref.id));
  await db.update(variations).set({ ean: '8712345678906' }).where(eq(variations.id, ref.variationId));
  await db.insert(productFood).values({
    productId: ref.id,
    legalNameNl: 'Kaasdip met jalapeño',
    legalNameEn: 'Cheese dip with jalapeño',
    ingredientsNl: 'Water, <strong>kaas</strong> (<strong>melk</strong>), jalapeño<script>alert(1)</script>, zout.',
    ingredientsEn: 'Water, <strong>cheese</strong> (<strong>milk</strong>), jalapeño, salt.',
    nutritionBasis: '100g',
    energyKj: '1052',
    energyKcal: '253.000',
    fat: '21.5',
    saturates: '12.25',
    carbohydrate: '6.0',
    sugars: '2.1',
    fibre: null,
    protein: '9.8',
    salt: '1.45',
    netQuantity: '1.1',
    netUnit: 'kg',
    storage: 'chilled',
    storageTextNl: 'Gekoeld bewaren (2-7 °C).',
    storageTextEn: 'Keep refrigerated (2-7 °C).',
    afterOpeningNl: 'Na opening binnen 5 dagen gebruiken.',
    afterOpeningEn: 'Use within 5 days of opening.',
    originCountry: 'US',
    alcoholPercentage: null,
    // Stored out of order: answered in the contract's order.
    diets: ['gluten_free', 'vegetarian'],
    businessName: 'Doña Lupita Foods',
    businessAddress: 'Calle Hidalgo 12, Guadalajara, Mexico',
  });
  await db.insert(productAllergens).values([
    { productId: ref.id, allergen: 'milk', level: 'contains' },
    { productId: ref.id, allergen: 'gluten', level: 'free' },
    { productId: ref.id, allergen: 'mustard', level: 'may_contain' },
    { productId: ref.id, allergen: 'celery', level: 'free' },
  ]);
}

/** The 14 allergens in Annex II order: these levels, every other one unknown. */
const allergenTable = (levels: Partial<Record<Allergen, AllergenLevel>>) => ALLERGENS.map((allergen) => ({ allergen, level: levels[allergen] ?? null }));

const cheeseDipEn: FoodInformation = {
  legal_name: 'Cheese dip with jalapeño',
  ingredients: 'Water, <strong>cheese</strong> (<strong>milk</strong>), jalapeño, salt.',
  allergens: allergenTable({ gluten: 'free', milk: 'contains', celery: 'free', mustard: 'may_contain' }),
  nutrition: {
    basis: '100g',
    energy_kj: '1052',
    energy_kcal: '253',
    fat: '21.5',
    saturates: '12.25',
    carbohydrate: '6',
    sugars: '2.1',
    fibre: null,
    protein: '9.8',
    salt: '1.45',
  },
  net_quantity: { amount: '1.1', unit: 'kg' },
  storage: { type: 'chilled', text: 'Keep refrigerated (2-7 °C).' },
  after_opening: 'Use within 5 days of opening.',
  origin_country: 'US',
  alcohol_percentage: null,
  diets: ['vegetarian', 'gluten_free'],
  ean: '8712345678906',
  business: { name: 'Doña Lupita Foods', address: 'Calle Hidalgo 12, Guadalajara, Mexico' },
};

describe('the food information of a product', () => {
  it('is answered whole on the product page in the request’s language, with may contain and unknown apart from free of', async () => {
    const { db } = t.app.database;
    const [ref] = await productRefs(db);
    if (!ref) throw new Error('no products');
    await describeCheeseDip(db, ref);
    const demo = await login(t.app, 'demo');

    expect((await detail(ref.uuid, demo.cookie, '/en')).food).toEqual(cheeseDipEn);
    const nl = (await detail(ref.uuid, demo.cookie)).food;
    expect(nl).toEqual({
      ...cheeseDipEn,
      legal_name: 'Kaasdip met jalapeño',
      // Sanitised as the description is: the script is gone, the emphasis stays.
      ingredients: 'Water, <strong>kaas</strong> (<strong>melk</strong>), jalapeño, zout.',
      storage: { type: 'chilled', text: 'Gekoeld bewaren (2-7 °C).' },
      after_opening: 'Na opening binnen 5 dagen gebruiken.',
    });
    // Unknown is never "free of": ten allergens without a row are null.
    expect(nl?.allergens.filter((a) => a.level === null)).toHaveLength(10);

    const item = await listed(ref, await productRefs(db), demo.cookie);
    expect(item.food_marks).toEqual({ storage: 'chilled', diets: ['vegetarian', 'gluten_free'] });
  });

  it('is null for a product without any, and its marks are empty', async () => {
    const { db } = t.app.database;
    const refs = await productRefs(db);
    const ref = refs[1];
    if (!ref) throw new Error('no products');
    await db.delete(productFood).where(eq(productFood.productId, ref.id));
    await db.delete(productAllergens).where(eq(productAllergens.productId, ref.id));
    const demo = await login(t.app, 'demo');
    expect((await detail(ref.uuid, demo.cookie)).food).toBeNull();
    expect((await listed(ref, refs, demo.cookie)).food_marks).toEqual({ storage: null, diets: [] });
  });

  it('shows a change made straight in the database at once, though the texts are remembered', async () => {
    const { db } = t.app.database;
    const refs = await productRefs(db);
    const ref = refs[2];
    if (!ref) throw new Error('no products');
    await describeCheeseDip(db, ref);
    const demo = await login(t.app, 'demo');
    // Twice: the second answer comes from the remembered texts.
    for (let round = 0; round < 2; round++) {
      expect((await detail(ref.uuid, demo.cookie, '/en')).food?.storage?.type).toBe('chilled');
      expect((await listed(ref, refs, demo.cookie)).food_marks.storage).toBe('chilled');
    }

    await db.update(productFood).set({ storage: 'frozen', diets: ['vegan'] }).where(eq(productFood.productId, ref.id));
    expect((await detail(ref.uuid, demo.cookie, '/en')).food).toMatchObject({ storage: { type: 'frozen' }, diets: ['vegan'] });
    expect((await listed(ref, refs, demo.cookie)).food_marks).toEqual({ storage: 'frozen', diets: ['vegan'] });

    await db.update(productAllergens).set({ level: 'contains' }).where(eq(productAllergens.productId, ref.id));
    await db.delete(productAllergens).where(eq(productAllergens.allergen, 'celery'));
    const levels = (await detail(ref.uuid, demo.cookie, '/en')).food?.allergens;
    expect(levels).toEqual(allergenTable({ gluten: 'contains', milk: 'contains', mustard: 'contains' }));

    await db.delete(productFood).where(eq(productFood.productId, ref.id));
    await db.delete(productAllergens).where(eq(productAllergens.productId, ref.id));
    expect((await detail(ref.uuid, demo.cookie, '/en')).food).toBeNull();
    expect((await listed(ref, refs, demo.cookie)).food_marks).toEqual({ storage: null, diets: [] });
  });
});
