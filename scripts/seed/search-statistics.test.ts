import { describe, expect, it } from 'vitest';
import { productListResponse } from '../../src/shared/api/catalog';
import { getJson, indexUrl } from '../../src/server/modules/catalog/test-support';
import { login, useTestApp } from '../../src/server/test/app';
import { EMPTY, FOUND } from './search-statistics';

const t = useTestApp();

/**
 * The products the shop's list call finds for a term in Dutch and in English together: the
 * statistics count a term whatever the language of the page it was typed on.
 */
async function found(term: string, cookie: string): Promise<number> {
  let count = 0;
  for (const prefix of ['', '/en']) {
    const res = await getJson(t.app, indexUrl({ 'filter[fulltext]': term, 'page[limit]': 1 }, { prefix }), cookie);
    expect(res.statusCode, res.body).toBe(200);
    count += productListResponse.parse(res.json()).meta.count;
  }
  return count;
}

describe("the demo data's search statistics", () => {
  it('count as found only terms that find products, and as finding nothing only terms that find none', async () => {
    const { cookie } = await login(t.app, 'demo');
    const wrong: string[] = [];
    for (const [term] of FOUND) if ((await found(term, cookie)) === 0) wrong.push(`"${term}" is counted as found but finds nothing`);
    for (const [term] of EMPTY) {
      const count = await found(term, cookie);
      if (count > 0) wrong.push(`"${term}" is counted as finding nothing but finds ${count}`);
    }
    expect(wrong).toEqual([]);
  });
});
