import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { productListResponse } from '../../../shared/api/catalog';
import { login, useTestApp } from '../../test/app';
import { useSecondInstance } from '../../test/second-instance';
import { getJson, indexUrl } from '../catalog/test-support';
import { ERP_TOKEN, example, importCall, importExamples } from '../erp/test-support';

/**
 * The search index after an ERP import (issue 20 point 5, issue 39 point 7): right after the
 * import each instance's first search answers from its previous index while the next one builds
 * (what it finds is shown with the texts and prices of the new version, from the catalogue's
 * parts); once built, the renamed product is found by its new name, on the instance that
 * imported and on another instance of the same database, and no answer of the window was kept
 * under the new version. On PostgreSQL the second instance has its own connection pool; on
 * PGlite (one connection) it shares the handle (as two-instances.test.ts).
 */
const t = useTestApp({ erpApiToken: ERP_TOKEN });
const second = useSecondInstance();

async function found(app: FastifyInstance, cookie: string, text: string): Promise<Array<[string, string]>> {
  const res = await getJson(app, indexUrl({ 'filter[fulltext]': text, 'page[limit]': 100 }), cookie);
  expect(res.statusCode, res.body).toBe(200);
  return productListResponse.parse(res.json()).data.map((p) => [p.sku, p.title]);
}
const skusFound = async (app: FastifyInstance, cookie: string, text: string) => (await found(app, cookie, text)).map(([sku]) => sku);

describe('the search index after an ERP import, on two instances of one database', () => {
  it('answers from the previous index while the next builds, then finds the renamed product by its new name on both', async () => {
    const b = await second.instance();
    await importExamples(t.app, ['categories', 'products'], 'jsonl');
    const { cookie } = await login(t.app, 'demo');
    // Both instances build their index at the version after the first import.
    for (const app of [t.app, b]) {
      expect(await skusFound(app, cookie, 'habanero fuego')).toEqual(['880001']);
      expect(await skusFound(app, cookie, 'relampago')).toEqual([]);
    }
    const renamed = example('products.jsonl').toString('utf8').replace('Salsa Habanero \\"Fuego\\" 250 ml', 'Salsa Habanero Relámpago 250 ml');
    expect(renamed).toContain('Relámpago');
    const res = await importCall(t.app, 'products', renamed, { format: 'jsonl' });
    expect(res.statusCode, res.body).toBe(200);
    for (const app of [b, t.app]) {
      // The first search after the import: found by the old words, shown with the new name.
      expect(await found(app, cookie, 'habanero fuego')).toEqual([['880001', 'Salsa Habanero Relámpago 250 ml']]);
      await app.searchEngine.settled();
      expect(await skusFound(app, cookie, 'relampago')).toEqual(['880001']);
      expect(await skusFound(app, cookie, 'relampgo habanero')).toEqual(['880001']);
      expect(await skusFound(app, cookie, 'habanero fuego')).toEqual([]);
    }
  });
});
