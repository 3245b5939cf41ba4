import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type ResponseSchema = Parameters<typeof zodSerializerCompiler>[0]['schema'];

/** The zod schema of a route response as Fastify hands it over (bare, or as `properties`). */
function zodSchemaOf(schema: ResponseSchema): unknown {
  return schema instanceof z.ZodType ? schema : (schema as { properties?: unknown }).properties;
}

/**
 * Response serialisation: every answer is checked against (and cut to) its route's zod schema
 * before it is written, as fastify-type-provider-zod does — except answers whose schema is one
 * of `unchecked`, or a union of those. They are for the large answers the server builds itself
 * in code typed by the same schema (the product index and detail): there the check costs as much
 * as writing the JSON and a typed builder cannot add keys. The schemas still document the routes
 * (OpenAPI) as before.
 */
export function responseSerializerCompiler(unchecked: readonly z.ZodType[]): FastifySerializerCompiler<ResponseSchema> {
  const trusted = new Set<unknown>(unchecked);
  const isTrusted = (schema: unknown): boolean =>
    trusted.has(schema) || (schema instanceof z.ZodUnion && schema.options.every((option) => isTrusted(option)));
  return (route) => (isTrusted(zodSchemaOf(route.schema)) ? (data: unknown) => JSON.stringify(data) : zodSerializerCompiler(route));
}

/**
 * A JSON document that a service has already written as text or as its UTF-8 bytes (the
 * catalogue assembles its big answers from remembered pieces), typed as the route's answer for
 * the type provider. Fastify sends a string or a Buffer as it is, without a serialiser, once the
 * route has set a JSON content type, so the handler must call `reply.type(...)` first. The text
 * must be what JSON.stringify makes of a value of type T.
 */
export function jsonText<T>(json: string | Buffer): T {
  return json as unknown as T;
}
