import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { productListResponse } from '../../../shared/api/catalog';
import { login, useTestApp } from '../../test/app';
import { useSecondInstance } from '../../test/second-instance';
import { getJson, indexUrl } from '../catalog/test-support';
import { ERP_TOKEN, example, importCall, importExamples } from '../erp/test-support';

/**
 * No stale search index (issue 20 point 5): a product renamed by an ERP import is found by its
 * new name at once, on the instance that imported and on another instance of the same database
 * whose index was built before the import. On PostgreSQL the second instance has its own
 * connection pool; on PGlite (one connection) it shares the handle (as two-instances.test.ts).
 */
const t = useTestApp({ erpApiToken: ERP_TOKEN });
const second = useSecondInstance();

async function skusFound(app: FastifyInstance, cookie: string, text: string): Promise<string[]> {
  const res = await getJson(app, indexUrl({ 'filter[fulltext]': text, 'page[limit]': 100 }), cookie);
  expect(res.statusCode, res.body).toBe(200);
  return productListResponse.parse(res.json()).data.map((p) => p.sku);
}

describe('the search index after an ERP import, on two instances of one database', () => {
  it('finds a renamed product by its new name at once on both, and no longer by its old one', async () => {
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
      expect(await skusFound(app, cookie, 'relampago')).toEqual(['880001']);
      expect(await skusFound(app, cookie, 'relampgo habanero')).toEqual(['880001']);
      expect(await skusFound(app, cookie, 'habanero fuego')).toEqual([]);
    }
  });
});
