import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResponseSerializerCompiler } from './response-serializer';

const item = z.object({ id: z.string().uuid(), count: z.number().int(), note: z.string().nullable(), extra: z.string().optional() });
const tree = z.object({ name: z.string(), get children() { return z.array(tree); } });

/** An app with one route answering whatever the test hands it, checked against `schema`. */
async function answering(schema: z.ZodType, data: unknown) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setSerializerCompiler(createResponseSerializerCompiler());
  app.get('/x', { schema: { response: { 200: schema } } }, async () => data);
  const res = await app.inject({ method: 'GET', url: '/x' });
  await app.close();
  return res;
}

const id = '7d9f3c2e-4b1a-4c5d-9e8f-0a1b2c3d4e5f';

describe('the response serializer', () => {
  it('writes the keys the schema names, in its order, and leaves out the others', async () => {
    const res = await answering(item, { secret: 'x', note: null, count: 3, id });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(`{"id":"${id}","count":3,"note":null}`);
  });

  it('refuses an answer that does not match its schema', async () => {
    for (const wrong of [{ id, count: 1.5, note: null }, { id: 'no uuid', count: 1, note: null }, { id, count: 1 }]) {
      expect((await answering(item, wrong)).statusCode).toBe(500);
    }
  });

  it('writes each member of a union with its own keys', async () => {
    const union = z.union([z.object({ data: z.array(item) }), z.object({ tree: z.array(tree) })]);
    const nested = { tree: [{ name: 'a', children: [{ name: 'b', children: [], skip: 1 }] }] };
    expect((await answering(union, nested)).body).toBe('{"tree":[{"name":"a","children":[{"name":"b","children":[]}]}]}');
    expect((await answering(union, { data: [{ id, count: 2, note: 'n', extra: 'e' }] })).body).toBe(`{"data":[{"id":"${id}","count":2,"note":"n","extra":"e"}]}`);
  });
});
