import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories, products, variations } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { findCatalogueVersion } from './search.repository';
import { createSearchService } from './search.service';
import { catalogue, heldBuilds } from './test-support';

/**
 * The interface other modules call (search.service.ts): a page of ranked ids with the count of
 * all matches, and suggestions of products and categories for search as you type; both at the
 * catalogue version the caller read, never older.
 */
const t = useTestApp();

async function skuOf(id: number): Promise<string> {
  const [row] = await t.app.database.db.select({ sku: variations.sku }).from(variations).where(eq(variations.productId, id));
  return row?.sku ?? '';
}

describe('the search service', () => {
  it('gives a page of ranked product ids and the count of all matches', async () => {
    const { db } = t.app.database;
    const search = createSearchService(db);
    const version = await findCatalogueVersion(db);
    const all = await search.searchProductIds(version, { term: 'tortila', lang: 'nl', limit: 1000, offset: 0 });
    expect(all.count).toBeGreaterThan(5);
    expect(all.ids).toHaveLength(all.count);
    const page = await search.searchProductIds(version, { term: 'tortila', lang: 'nl', limit: 5, offset: 5 });
    expect(page).toEqual({ ids: all.ids.slice(5, 10), count: all.count });
    expect(await search.searchProductIds(version, { term: '🌮', lang: 'nl', limit: 5, offset: 0 })).toEqual({ ids: [], count: 0 });
  });

  it('suggests the best products and the categories whose name matches, as typed so far', async () => {
    const { db } = t.app.database;
    const search = createSearchService(db);
    const version = await findCatalogueVersion(db);
    const suggested = await search.suggest(version, { term: 'zwarte bo', lang: 'nl', limit: 8 });
    expect(suggested.productIds.length).toBeGreaterThan(0);
    expect(suggested.productIds.length).toBeLessThanOrEqual(8);
    const names = await db.select({ id: categories.id, name: categories.nameNl }).from(categories);
    const named = (ids: number[]) => ids.map((id) => names.find((c) => c.id === id)?.name);
    expect(named(suggested.categoryIds)).toEqual(['Zwarte bonen']);
    const beans = await search.suggest(version, { term: 'bea', lang: 'en', limit: 8, categoryLimit: 2 });
    expect(beans.categoryIds).toHaveLength(2);
    expect(await search.suggest(version, { term: '101005', lang: 'nl', limit: 3 }).then((s) => skuOf(s.productIds[0] ?? 0))).toBe('101005');
  });

  it('answers at a newer catalogue version from the previous index while the next builds, then by the new name', async () => {
    const { db } = t.app.database;
    const search = createSearchService(db);
    const before = await findCatalogueVersion(db);
    expect((await search.searchProductIds(before, { term: 'quetzalcoatl', lang: 'nl', limit: 5, offset: 0 })).count).toBe(0);
    const [first] = await db.select({ id: variations.productId }).from(variations).where(eq(variations.sku, '101005'));
    await db.update(products).set({ titleNl: 'Quetzalcoatl tortilla' }).where(eq(products.id, first?.id ?? 0));
    const after = await findCatalogueVersion(db);
    expect(after).toBeGreaterThan(before);
    expect(search.isCurrent(after)).toBe(false);
    expect((await search.searchProductIds(after, { term: 'quetzalcoatl', lang: 'nl', limit: 5, offset: 0 })).count).toBe(0);
    await search.settled();
    expect(search.isCurrent(after)).toBe(true);
    expect((await search.searchProductIds(after, { term: 'quetzalcoatl', lang: 'nl', limit: 5, offset: 0 })).ids).toEqual([first?.id]);
  });
});

describe('the search index while a new catalogue version builds (issue 39)', () => {
  it('lets the first search wait for the first index, then answers later versions from it until the next is built', async () => {
    const { search, reads, ids } = heldBuilds(t.app.database.db);
    const first = ids(1, 'salsa');
    expect(reads).toHaveLength(1);
    reads[0]!.resolve(catalogue('Salsa verde', 'Tortilla'));
    expect(await first).toEqual([1]);

    // Version 2 renamed product 1: the previous index answers at once, and the build starts.
    expect(search.isCurrent(2)).toBe(false);
    expect(await ids(2, 'salsa')).toEqual([1]);
    expect(await ids(2, 'mole')).toEqual([]);
    expect(reads).toHaveLength(2);
    expect(search.isCurrent(2)).toBe(false);

    reads[1]!.resolve(catalogue('Mole poblano', 'Tortilla'));
    await search.settled();
    expect(search.isCurrent(2)).toBe(true);
    expect(await ids(2, 'mole')).toEqual([1]);
    expect(await ids(2, 'salsa')).toEqual([]);
    // A request that read an older version is answered by the newer index: read later, never staler.
    expect(await ids(1, 'mole')).toEqual([1]);
    expect(reads).toHaveLength(2);
  });

  it('builds once more after a build for every version asked meanwhile: four bumps, two builds', async () => {
    const { search, reads, ids, started } = heldBuilds(t.app.database.db);
    const first = ids(1, 'salsa');
    reads[0]!.resolve(catalogue('Salsa verde'));
    await first;

    for (const version of [2, 3, 4, 5]) expect(await ids(version, 'salsa')).toEqual([1]);
    expect(reads).toHaveLength(2);
    reads[1]!.resolve(catalogue('Salsa roja'));
    // The second build starts once the first is done, at the newest version asked for.
    await started(3);
    expect(search.isCurrent(2)).toBe(true);
    expect(search.isCurrent(5)).toBe(false);
    expect(await ids(5, 'salsa')).toEqual([1]);
    expect(reads).toHaveLength(3);
    reads[2]!.resolve(catalogue('Salsa negra'));
    await search.settled();
    expect(search.isCurrent(5)).toBe(true);
    expect(await ids(5, 'negra')).toEqual([1]);
    expect(reads).toHaveLength(3);
  });

  it('keeps answering from the previous index when a build fails, and tries again at the next search', async () => {
    const { search, reads, failures, ids } = heldBuilds(t.app.database.db);
    const first = ids(1, 'salsa');
    reads[0]!.resolve(catalogue('Salsa verde'));
    await first;

    expect(await ids(2, 'salsa')).toEqual([1]);
    reads[1]!.reject(new Error('connection lost'));
    await expect(search.settled()).rejects.toThrow('connection lost');
    expect(failures).toHaveLength(1);
    expect(await ids(2, 'salsa')).toEqual([1]);
    expect(reads).toHaveLength(3);
    reads[2]!.resolve(catalogue('Salsa roja'));
    await search.settled();
    expect(await ids(2, 'roja')).toEqual([1]);
  });
});
