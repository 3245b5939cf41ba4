import { describe, expect, it } from 'vitest';
import { productListResponse } from '../../../shared/api/catalog';
import { login, useTestApp } from '../../test/app';
import { getJson, indexUrl } from '../catalog/test-support';
import { RELEVANCE_CASES } from './relevance-cases';

/**
 * Relevance on the demo catalogue (issue 20 point 3): for each query of the set, one of the
 * expected products is among the first three of the product list, through the list call the
 * web makes. The share of queries that pass is the precision; below PRECISION_FLOOR the test fails.
 */
const PRECISION_FLOOR = 0.9;

const t = useTestApp();

describe('search relevance on the demo catalogue', () => {
  it(`puts an expected product in the top 3 for at least ${PRECISION_FLOOR * 100}% of ${RELEVANCE_CASES.length} queries in Dutch and English`, async ({ annotate }) => {
    expect(RELEVANCE_CASES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(RELEVANCE_CASES.map((c) => c.lang))).toEqual(new Set(['nl', 'en']));
    const { cookie } = await login(t.app, 'demo');
    const misses: string[] = [];
    for (const c of RELEVANCE_CASES) {
      const url = indexUrl({ 'filter[fulltext]': c.query, 'page[limit]': 3, 'sort[artnr][path]': 'sku', 'sort[artnr][direction]': 'ASC' }, { prefix: c.lang === 'en' ? '/en' : '' });
      const res = await getJson(t.app, url, cookie);
      expect(res.statusCode, res.body).toBe(200);
      const top = productListResponse.parse(res.json()).data.map((p) => p.sku);
      if (!top.some((sku) => c.expected.includes(sku))) misses.push(`${c.lang} "${c.query}": got ${top.join(', ') || 'nothing'}`);
    }
    const precision = (RELEVANCE_CASES.length - misses.length) / RELEVANCE_CASES.length;
    // Shown by the test reporter next to the test.
    await annotate(`search relevance: precision ${precision.toFixed(3)} (${RELEVANCE_CASES.length - misses.length} of ${RELEVANCE_CASES.length})${misses.length ? `; misses: ${misses.join('; ')}` : ''}`);
    expect(precision, misses.join('\n')).toBeGreaterThanOrEqual(PRECISION_FLOOR);
  });
});
