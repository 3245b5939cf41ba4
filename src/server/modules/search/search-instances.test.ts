import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { productListResponse } from '../../../shared/api/catalog';
import { buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';
import { login, memoryMailer, testConfig, useTestApp } from '../../test/app';
import { testDatabase } from '../../test/database';
import { getJson, indexUrl } from '../catalog/test-support';
import { ERP_TOKEN, example, importCall, importExamples } from '../erp/test-support';

/**
 * No stale search index (issue 20 point 5): a product renamed by an ERP import is found by its
 * new name at once, on the instance that imported and on another instance of the same database
 * whose index was built before the import. On PostgreSQL the second instance has its own
 * connection pool; on PGlite (one connection) it shares the handle (as two-instances.test.ts).
 */
const t = useTestApp({ erpApiToken: ERP_TOKEN });
let other: FastifyInstance | undefined;
let ownDatabase: Database | undefined;

async function secondInstance(): Promise<FastifyInstance> {
  if (!other) {
    const shared = await testDatabase();
    ownDatabase = shared.url ? await openDatabase({ url: shared.url }) : undefined;
    other = await buildApp(testConfig(), { database: ownDatabase ?? shared, mailer: memoryMailer(), logger: false, jobs: false });
    await other.ready();
  }
  return other;
}

afterAll(async () => {
  await other?.close();
  await ownDatabase?.close();
});

async function skusFound(app: FastifyInstance, cookie: string, text: string): Promise<string[]> {
  const res = await getJson(app, indexUrl({ 'filter[fulltext]': text, 'page[limit]': 100 }), cookie);
  expect(res.statusCode, res.body).toBe(200);
  return productListResponse.parse(res.json()).data.map((p) => p.sku);
}

describe('the search index after an ERP import, on two instances of one database', () => {
  it('finds a renamed product by its new name at once on both, and no longer by its old one', async () => {
    const b = await secondInstance();
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
