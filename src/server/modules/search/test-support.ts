import type { DbOrTx } from '../../db/client';
import type { SearchSource } from './search-index';
import { createSearchService } from './search.service';

/** Shared by the tests of the search index during a rebuild (issue 39). */

const titleOf = (entry: string | [number, string]) => (typeof entry === 'string' ? entry : entry[1]);

/** A catalogue of one product per title, ids from 1 (or as given), in the index's own shape. */
export function catalogue(...titles: Array<string | [number, string]>): SearchSource {
  return {
    documents: titles.map((entry, i) => ({ id: typeof entry === 'string' ? i + 1 : entry[0], sku: String(500001 + i), ean: null, titleNl: titleOf(entry), titleEn: titleOf(entry), descriptionNl: '', descriptionEn: '', specificationsNl: '', specificationsEn: '' })),
    productCategories: [],
    categories: [],
  };
}

/**
 * Builds held back by the test: each read of the source waits until the test hands it a
 * catalogue (or a failure), so what a search answers during a build is seen without timing.
 */
export function heldBuilds(db: DbOrTx) {
  const reads: Array<{ resolve: (source: SearchSource) => void; reject: (err: Error) => void }> = [];
  const waiting: Array<{ count: number; resolve: () => void }> = [];
  const failures: unknown[] = [];
  const search = createSearchService(db, {
    readSource: () =>
      new Promise<SearchSource>((resolve, reject) => {
        reads.push({ resolve, reject });
        for (const w of waiting.filter((w) => w.count <= reads.length)) w.resolve();
      }),
    onBuildFailed: (err) => failures.push(err),
  });
  const ids = async (version: number, term: string) => (await search.searchProductIds(version, { term, lang: 'nl', limit: 10, offset: 0 })).ids;
  /** Resolves once `count` builds have started reading. */
  const started = (count: number) => (reads.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ count, resolve })));
  return { search, reads, failures, ids, started };
}

