import { describe, expect, it } from 'vitest';
import { CACHE_SHARES, createCacheBudget, ENTRY_OVERHEAD_BYTES } from '../../cache-budget';
import { login, useTestApp } from '../../test/app';
import { getJson, indexUrl } from '../catalog/test-support';
import { buildSearchIndex, type SearchSource } from './search-index';
import { rankedProductIds } from './search-match';
import { SCORE_TABLE_BYTES } from './search-order';
import { MAX_QUERY_WORDS, queryWords } from './search-text';
import { createSearchService } from './search.service';
import { catalogue } from './test-support';
import { DISTANCE_ROWS_BYTES } from './typo';
import { newScratch, type Scratch, scratchBytes } from './word-match';

/*
 * Issue 41 point 2: the search engine's scratch arrays are counted in the cache budget, in the
 * share `searchScratch` (decision 014), at the most they can hold; a scratch that does not fit
 * the share is not kept, and the search answers the same.
 */
const t = useTestApp();

/** What a scratch holds now: its arrays and the score arrays of the words searched so far. */
const heldBytes = (scratch: Scratch) =>
  [scratch.stamp, scratch.score, scratch.total, scratch.docs, scratch.candidates, scratch.entries, scratch.group, ...scratch.wordScores].reduce((sum, array) => sum + array.byteLength, 0);

/** A catalogue of `count` tortillas, each title with the same eight words and a number. */
const tortillas = (count: number) => catalogue(...Array.from({ length: count }, (_, i) => `Tortilla mais naturel wit groot pak rond zacht ${i}`));
const EIGHT_WORDS = 'tortilla mais naturel wit groot pak rond zacht';

/** A service of its own, over the catalogue `source()` gives at each build, taking its share of `caches`. */
function serviceOver(source: () => SearchSource, caches = createCacheBudget(16 * 2 ** 20)) {
  const search = createSearchService(t.app.database.db, { caches, readSource: () => Promise.resolve(source()) });
  const share = () => caches.report().find((row) => row.name === 'searchScratch')!;
  const ids = async (version: number, term: string) => (await search.searchProductIds(version, { term, lang: 'nl', limit: 2_000, offset: 0 })).ids;
  return { search, share, ids };
}

describe('the search scratch', () => {
  it('holds no more than it is counted for, even after a search of the most words a search has', async () => {
    const index = await buildSearchIndex(tortillas(300));
    const scratch = newScratch(index.ids.length);
    expect(queryWords(`${EIGHT_WORDS} extra woorden`)).toHaveLength(MAX_QUERY_WORDS);
    expect(rankedProductIds(index, { lang: 'nl', words: queryWords(EIGHT_WORDS), descending: false }, scratch)).toHaveLength(300);
    // Every word's score array is made: the scratch holds its most.
    expect(scratch.wordScores).toHaveLength(MAX_QUERY_WORDS);
    // Counted with the fixed tables every search shares.
    expect(heldBytes(scratch) + SCORE_TABLE_BYTES + DISTANCE_ROWS_BYTES).toBe(scratchBytes(index.ids.length));
  });

  it('is refused for an index of another size', async () => {
    const index = await buildSearchIndex(tortillas(20));
    expect(() => rankedProductIds(index, { lang: 'nl', words: ['tortilla'], descending: false }, newScratch(19))).toThrow(/number of documents/);
  });

  it('is kept in its share, counted at its most, and the scratch of the previous index is pushed out', async () => {
    const bigger = scratchBytes(1_200) + ENTRY_OVERHEAD_BYTES;
    // Room for one scratch of either catalogue, not for both.
    const caches = createCacheBudget(Math.ceil((bigger * 1.5) / CACHE_SHARES.searchScratch));
    let count = 1_000;
    const { search, share, ids } = serviceOver(() => tortillas(count), caches);
    expect(share()).toMatchObject({ entries: 0, bytes: 0 });
    expect(await ids(1, EIGHT_WORDS)).toHaveLength(1_000);
    expect(await ids(1, 'tortila 15')).toHaveLength(11);
    expect(share()).toMatchObject({ entries: 1, bytes: scratchBytes(1_000) + ENTRY_OVERHEAD_BYTES });
    expect(share().bytes).toBeLessThanOrEqual(share().maxBytes);
    count = 1_200;
    // Answered by the previous index while the next one builds.
    expect(await ids(2, 'tortilla')).toHaveLength(1_000);
    await search.settled();
    expect(await ids(2, EIGHT_WORDS)).toHaveLength(1_200);
    expect(share()).toMatchObject({ entries: 1, bytes: bigger });
    expect(share().bytes).toBeLessThanOrEqual(share().maxBytes);
    expect(caches.accountedBytes()).toBeLessThanOrEqual(caches.totalBytes);
  });

  it('is not kept when it does not fit its share, and the search answers the same', async () => {
    const tooSmall = createCacheBudget(Math.floor(scratchBytes(1_000) / 2 / CACHE_SHARES.searchScratch));
    const small = serviceOver(() => tortillas(1_000), tooSmall);
    const roomy = serviceOver(() => tortillas(1_000));
    for (const term of [EIGHT_WORDS, 'tortila', 'rond 5', '50001', 'zacht wit 99']) {
      const expected = await roomy.ids(1, term);
      expect(expected.length, term).toBeGreaterThan(0);
      // Twice: the second search makes its scratch anew.
      expect(await small.ids(1, term), term).toEqual(expected);
      expect(await small.ids(1, term), term).toEqual(expected);
    }
    expect(small.share()).toMatchObject({ entries: 0, bytes: 0 });
    expect(roomy.share().entries).toBe(1);
  });

  it("is reported in the server's cache budget once a search was made, within its share", async () => {
    const share = () => t.app.caches.report().find((row) => row.name === 'searchScratch');
    expect(share()).toMatchObject({ entries: 0, bytes: 0 });
    const { cookie } = await login(t.app, 'demo');
    for (const text of ['tortilla', 'zwarte bonen', 'tortila chips']) {
      const res = await getJson(t.app, indexUrl({ 'filter[fulltext]': text }), cookie);
      expect(res.statusCode, res.body).toBe(200);
    }
    const row = share()!;
    expect(row.entries).toBe(1);
    expect(row.bytes).toBeGreaterThan(scratchBytes(1));
    expect(row.bytes).toBeLessThanOrEqual(row.maxBytes);
    expect(t.app.caches.accountedBytes()).toBeLessThanOrEqual(t.app.caches.totalBytes);
  });
});
