import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FoodFacets, productListResponse } from '../../../shared/api/catalog';
import { ALLERGENS, DIETS } from '../../../shared/api/food';
import { categories, favorites, productAllergens, productCategories, productFood } from '../../db/schema';
import { login, useTestApp } from '../../test/app';
import { getJson, indexUrl, type ProductRef, productRefs } from './test-support';

const t = useTestApp();

/**
 * A fixed data set on the first six products by article number (the demo data has no food
 * information of its own here):
 *   P0 gluten free, milk free; vegan, organic; ambient
 *   P1 gluten may contain, milk free; vegetarian; chilled
 *   P2 gluten contains, milk free; vegan; frozen
 *   P3 gluten free, milk contains; no diets; frozen
 *   P4 a food row (vegan, storage unknown) and no allergens: every allergen unknown
 *   P5 nothing: unknown
 */
let P: ProductRef[] = [];
let category = 0;

beforeEach(async () => {
  const { db } = t.app.database;
  P = (await productRefs(db)).slice(0, 6);
  const [p0, p1, p2, p3, p4, p5] = P as [ProductRef, ProductRef, ProductRef, ProductRef, ProductRef, ProductRef];
  // Only this data set has food information (the demo data's own is taken away first).
  await db.delete(productAllergens);
  await db.delete(productFood);
  await db.insert(productFood).values([
    { productId: p0.id, diets: ['vegan', 'organic'], storage: 'ambient' },
    { productId: p1.id, diets: ['vegetarian'], storage: 'chilled' },
    { productId: p2.id, diets: ['vegan'], storage: 'frozen' },
    { productId: p3.id, diets: [], storage: 'frozen' },
    { productId: p4.id, diets: ['vegan'], storage: null },
  ]);
  await db.insert(productAllergens).values([
    { productId: p0.id, allergen: 'gluten', level: 'free' },
    { productId: p0.id, allergen: 'milk', level: 'free' },
    { productId: p1.id, allergen: 'gluten', level: 'may_contain' },
    { productId: p1.id, allergen: 'milk', level: 'free' },
    { productId: p2.id, allergen: 'gluten', level: 'contains' },
    { productId: p2.id, allergen: 'milk', level: 'free' },
    { productId: p3.id, allergen: 'gluten', level: 'free' },
    { productId: p3.id, allergen: 'milk', level: 'contains' },
  ]);
  const [term] = await db.insert(categories).values({ erpId: 'CM-FOOD-TEST', nameNl: 'Voedseltest', nameEn: 'Food test', weight: 99 }).returning({ id: categories.id });
  category = term!.id;
  await db.insert(productCategories).values([p0, p2, p3, p5].map((p) => ({ productId: p.id, categoryId: category })));
  await db.delete(favorites).where(eq(favorites.relationId, 1));
  await db.insert(favorites).values([p0, p2, p5].map((p) => ({ relationId: 1, productId: p.id, userId: 1 })));
});

const list = async (query: Record<string, string | number>, prefix = '') => {
  const { cookie } = await login(t.app, 'demo');
  const res = await getJson(t.app, indexUrl({ jsonapi_include: 1, 'page[limit]': 50, ...query }, { prefix }), cookie);
  expect(res.statusCode, res.body).toBe(200);
  return productListResponse.parse(res.json());
};
/** The skus of the answer, as indexes into P (-1: a product outside the data set). */
const named = (body: { data: { sku: string }[] }) => body.data.map((p) => P.findIndex((ref) => ref.sku === p.sku));
const zeros = (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, 0]));
const facets = (f: { without?: object; diet?: object; storage?: object }): FoodFacets =>
  ({ without: { ...zeros(ALLERGENS), ...f.without }, diet: { ...zeros(DIETS), ...f.diet }, storage: { ambient: 0, chilled: 0, frozen: 0, ...f.storage } }) as FoodFacets;

describe('the food filters of the product index (issue 19)', () => {
  it("'without' keeps products known free, or may contain unless strict; unknown never", async () => {
    expect(named(await list({ 'filter[without]': 'gluten' }))).toEqual([0, 1, 3]);
    expect(named(await list({ 'filter[without]': 'gluten', 'filter[without_strict]': '1' }))).toEqual([0, 3]);
    expect(named(await list({ 'filter[without]': 'gluten,milk' }))).toEqual([0, 1]);
    expect(named(await list({ 'filter[without]': 'milk,gluten', 'filter[without_strict]': '1' }))).toEqual([0]);
    expect(named(await list({ 'filter[without]': 'gluten', 'filter[without_strict]': '0' }))).toEqual([0, 1, 3]);
    expect((await list({ 'filter[without]': 'eggs' })).meta.count).toBe(0);
  });

  it('diets must all be there, storage types are alternatives; sorting and paging apply to the result', async () => {
    expect(named(await list({ 'filter[diet]': 'vegan' }))).toEqual([0, 2, 4]);
    expect(named(await list({ 'filter[diet]': 'vegan,organic' }))).toEqual([0]);
    expect(named(await list({ 'filter[storage]': 'frozen' }))).toEqual([2, 3]);
    expect(named(await list({ 'filter[storage]': 'chilled,frozen' }))).toEqual([1, 2, 3]);
    expect(named(await list({ 'filter[diet]': 'vegan', 'filter[storage]': 'frozen,ambient', 'filter[without]': 'milk' }))).toEqual([0, 2]);
    const page = await list({ 'filter[without]': 'gluten', 'page[offset]': 1, 'page[limit]': 1 });
    expect([named(page), page.meta.count]).toEqual([[1], 3]);
    expect(named(await list({ 'filter[without]': 'gluten', 'sort[artnr][direction]': 'DESC' }))).toEqual([3, 1, 0]);
    const beyond = await list({ 'filter[diet]': 'vegan', 'page[offset]': 15, 'page[limit]': 15 });
    expect([beyond.data, beyond.meta.count]).toEqual([[], 3]);
  });

  it('combines with a category, a search and the order list', async () => {
    expect(named(await list({ 'filter[categories]': category, 'filter[storage]': 'frozen' }))).toEqual([2, 3]);
    expect(named(await list({ 'filter[categories]': category, 'filter[without]': 'gluten', 'filter[without_strict]': '1' }))).toEqual([0, 3]);
    expect(named(await list({ 'filter[fulltext]': P[0]!.sku, 'filter[without]': 'gluten' }))).toEqual([0]);
    expect(named(await list({ 'filter[fulltext]': P[2]!.sku, 'filter[without]': 'gluten' }))).toEqual([]);
    expect(named(await list({ 'filter[fulltext]': P[2]!.sku, 'filter[diet]': 'vegan' }))).toEqual([2]);
    expect(named(await list({ 'filter[favorites]': 1, 'filter[diet]': 'vegan' }))).toEqual([0, 2]);
    const order = await list({ 'filter[favorites]': 1, 'filter[without]': 'gluten', 'page[limit]': 1000 });
    expect([named(order), order.meta.count]).toEqual([[0], 1]);
  });

  it('counts per value over the current result', async () => {
    const all = await list({ 'page[limit]': 1 });
    expect(all.meta.facets).toEqual(
      facets({ without: { gluten: 3, milk: 3 }, diet: { vegan: 3, organic: 1, vegetarian: 1 }, storage: { ambient: 1, chilled: 1, frozen: 2 } }),
    );
    expect((await list({ 'filter[without_strict]': '1' })).meta.facets?.without).toMatchObject({ gluten: 2, milk: 3 });
    // Storage counts leave the storage filter out: the other types stay visible.
    expect((await list({ 'filter[storage]': 'frozen' })).meta.facets).toEqual(
      facets({ without: { gluten: 1, milk: 1 }, diet: { vegan: 1 }, storage: { ambient: 1, chilled: 1, frozen: 2 } }),
    );
    expect((await list({ 'filter[without]': 'gluten' })).meta.facets).toEqual(
      facets({ without: { gluten: 3, milk: 2 }, diet: { vegan: 1, organic: 1, vegetarian: 1 }, storage: { ambient: 1, chilled: 1, frozen: 1 } }),
    );
    expect((await list({ 'filter[categories]': category })).meta.facets).toEqual(
      facets({ without: { gluten: 2, milk: 2 }, diet: { vegan: 2, organic: 1 }, storage: { ambient: 1, frozen: 2 } }),
    );
    expect((await list({ 'filter[favorites]': 1 })).meta.facets).toEqual(
      facets({ without: { gluten: 1, milk: 2 }, diet: { vegan: 2, organic: 1 }, storage: { ambient: 1, frozen: 1 } }),
    );
  });

  it('shows a change of the food information at once', async () => {
    const { db } = t.app.database;
    expect(named(await list({ 'filter[without]': 'gluten' }))).toEqual([0, 1, 3]);
    await db.update(productAllergens).set({ level: 'contains' }).where(and(eq(productAllergens.productId, P[1]!.id), eq(productAllergens.allergen, 'gluten')));
    expect(named(await list({ 'filter[without]': 'gluten' }))).toEqual([0, 3]);
    await db.update(productFood).set({ storage: 'frozen' }).where(eq(productFood.productId, P[0]!.id));
    expect(named(await list({ 'filter[storage]': 'frozen' }))).toEqual([0, 2, 3]);
    await db.delete(productFood).where(eq(productFood.productId, P[4]!.id));
    expect(named(await list({ 'filter[diet]': 'vegan' }))).toEqual([0, 2]);
  });

  it.each([
    [{ 'filter[without]': 'gluten,wheat' }, 'filter[without]'],
    [{ 'filter[without]': '' }, 'filter[without]'],
    [{ 'filter[without_strict]': 'yes' }, 'filter[without_strict]'],
    [{ 'filter[diet]': 'paleo' }, 'filter[diet]'],
    [{ 'filter[storage]': 'frozen;drop' }, 'filter[storage]'],
  ] as const)('answers 400 in the caller’s language for %o', async (query, field) => {
    const { cookie } = await login(t.app, 'demo');
    const nl = await getJson(t.app, indexUrl(query), cookie);
    expect(nl.statusCode).toBe(400);
    expect(nl.json().errors[0].detail).toContain(field);
    expect(nl.json().errors[0].detail).toMatch(/ is een lijst, gescheiden door komma's, van: | is '0' of '1'\./);
    const en = await getJson(t.app, indexUrl(query, { prefix: '/en' }), cookie);
    expect(en.statusCode).toBe(400);
    expect(en.json().errors[0].detail).toMatch(/ is a comma-separated list of: | is '0' or '1'\./);
  });
});
