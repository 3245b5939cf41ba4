import Fastify from 'fastify';
import { type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './serializer';

const checked = z.object({ name: z.string() });
const unchecked = z.object({ name: z.string() });
const alsoUnchecked = z.object({ count: z.number() });

async function appAnswering(schema: z.ZodType, body: unknown) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setSerializerCompiler(responseSerializerCompiler([unchecked, alsoUnchecked]));
  app.get('/', { schema: { response: { 200: schema } } }, async () => body);
  await app.ready();
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return res;
}

describe('responseSerializerCompiler', () => {
  it('checks other responses against their schema and cuts them to it, as before', async () => {
    const res = await appAnswering(checked, { name: 'taco', secret: 'x' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'taco' });
    const wrong = await appAnswering(checked, { name: 12 });
    expect(wrong.statusCode).toBe(500);
  });

  it('writes responses of the unchecked schemas, and of unions of them, as JSON without checking', async () => {
    const res = await appAnswering(unchecked, { name: 'taco' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"name":"taco"}');
    const union = await appAnswering(z.union([unchecked, alsoUnchecked]), { count: 3 });
    expect(union.body).toBe('{"count":3}');
  });

  it('checks a union that has one checked member', async () => {
    const res = await appAnswering(z.union([unchecked, checked]), { name: 12 });
    expect(res.statusCode).toBe(500);
  });
});
