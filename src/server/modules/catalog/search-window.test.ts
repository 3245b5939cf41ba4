import { describe, expect, it } from 'vitest';
import type { ProductIndexQuery } from '../../../shared/api/catalog';
import { createCacheBudget } from '../../cache-budget';
import { useTestApp } from '../../test/app';
import { catalogue, heldBuilds } from '../search/test-support';
import { foodFilterOf } from './food-filter';
import { createListPages, type ListFilter } from './list-matches';
import { productRefs } from './test-support';

/**
 * While the next search index builds, the previous one answers (issue 39 point 7). Its answers
 * must not be remembered under the new catalogue version, or they would outlive the build: the
 * list remembers no search's matches (decision 014).
 */
const t = useTestApp();

const search = (fulltext: string): ListFilter => ({ lang: 'nl', categoryIds: null, favoritesOf: null, fulltext });

describe('a search of the list while the next index builds', () => {
  it('is answered by the previous index and not remembered, so the new index answers once built', async () => {
    const { db } = t.app.database;
    const [product] = await productRefs(db);
    const held = heldBuilds(db);
    const pages = createListPages(db, createCacheBudget(16 * 2 ** 20), held.search);
    const noFood = foodFilterOf({} as ProductIndexQuery);
    const page = { offset: 0, limit: 10, descending: false };

    const first = pages.pageOf(search('salsa'), noFood, page, 1);
    await held.started(1);
    held.reads[0]!.resolve(catalogue([product!.id, 'Salsa verde']));
    expect(await first).toMatchObject({ ids: [product!.id] });
    expect(held.search.isCurrent(1)).toBe(true);

    // Version 2 renamed the product; asked three times while its index builds.
    for (let i = 0; i < 3; i++) {
      expect(await pages.pageOf(search('salsa'), noFood, page, 2)).toMatchObject({ ids: [product!.id], total: 1 });
    }
    held.reads[1]!.resolve(catalogue([product!.id, 'Mole poblano']));
    await held.search.settled();
    expect(await pages.pageOf(search('salsa'), noFood, page, 2)).toMatchObject({ ids: [], total: 0 });
    expect(await pages.pageOf(search('mole'), noFood, page, 2)).toMatchObject({ ids: [product!.id] });
  });
});
