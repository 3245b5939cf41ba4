import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJson from 'fast-json-stringify';
import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** One shape an answer may take: its check and its writer, both made from the same JSON Schema. */
interface Shape {
  check: ValidateFunction;
  write: (data: unknown) => string;
}

/**
 * Answers are checked against their route's zod response schema and written from it (issue 41,
 * point 1), through the JSON Schema zod derives from it: Ajv checks, fast-json-stringify writes
 * (fastify's own serializer), both compiled once per route and status. As with zod, keys the
 * schema does not name are left out of the answer rather than refused.
 *
 * A schema JSON Schema cannot say (a transform on the way out) keeps zod's check and writer.
 * A union at the top is compiled per member: the first member the answer matches writes it.
 */
export function createResponseSerializerCompiler(): FastifySerializerCompiler<unknown> {
  const ajv = new Ajv({ strict: false, allErrors: false });
  addFormats(ajv);
  return (route) => {
    const schema = zodSchemaOf(route.schema);
    if (schema === null) throw new Error(`The response schema of ${route.method} ${route.url} is no zod schema`);
    const json = jsonSchemaOf(schema);
    if (json === null) return zodSerializerCompiler({ ...route, schema });
    const shapes = membersOf(json).map((member): Shape => ({ check: ajv.compile(member), write: fastJson(inSchemaOrder(member) as JsonSchema) }));
    return (data: unknown) => {
      for (const shape of shapes) if (shape.check(data)) return shape.write(data);
      // The rare way out: zod says precisely what does not match, for the log.
      const result = schema.safeParse(data);
      throw new ResponseSerializationError(route.method, route.url, { cause: result.error ?? new z.ZodError([]) });
    };
  };
}

function zodSchemaOf(schema: unknown): z.ZodType | null {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof z.ZodType ? properties : null;
}

/** The schema as JSON Schema (draft 7, as Ajv and fast-json-stringify read it), or null when it cannot be said. */
function jsonSchemaOf(schema: z.ZodType): JsonSchema | null {
  try {
    return openObjects(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' })) as JsonSchema;
  } catch {
    return null;
  }
}

/** Objects accept keys they do not name (zod strips them; the writer leaves them out). */
function openObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(openObjects);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    out[key] = openObjects(value);
  }
  return out;
}

/**
 * The writer's copy: fast-json-stringify writes an object's required keys first; without the
 * list (the check has it) it writes them in the schema's order. Members of a union keep theirs:
 * the writer tells them apart by it.
 */
function inSchemaOrder(node: unknown, inUnion = false): unknown {
  if (Array.isArray(node)) return node.map((item) => inSchemaOrder(item, inUnion));
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'required' && !inUnion) continue;
    out[key] = inSchemaOrder(value, inUnion || key === 'anyOf' || key === 'oneOf');
  }
  return out;
}

/** The members of a union at the top, each with the definitions they may refer to; else the schema itself. */
function membersOf(json: JsonSchema): JsonSchema[] {
  const members = json['anyOf'];
  if (!Array.isArray(members) || json['type'] !== undefined || JSON.stringify(members).includes('"$ref":"#"')) return [json];
  const { anyOf: _members, ...shared } = json;
  return members.map((member: JsonSchema) => ({ ...shared, ...member }));
}
