import { z } from 'zod';
import { CODE } from '@app/contract';

/**
 * What the two OpenAPI 3.1 documents share (the back office's, admin/openapi.ts, and the member
 * API's, http/member-openapi.ts): request parts from the same zod schemas the routes parse with,
 * operation ids from method and path, and the envelope every answer is wrapped in.
 */
export type JsonSchema = Record<string, unknown>;

/** A contract schema as JSON Schema (draft 2020-12, which OpenAPI 3.1 uses), as a client sends it. */
export function jsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

/** Path or query parameters from an object schema: one parameter per property. */
export function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const object = jsonSchema(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    schema: s,
  }));
}

/** A JSON request body described by its schema. */
export function jsonBody(schema: z.ZodType): JsonSchema {
  return { required: true, content: { 'application/json': { schema: jsonSchema(schema) } } };
}

/** A route's path below `prefix` as OpenAPI writes it: `/members/:id` → `<prefix>/members/{id}`. */
export function openApiPath(prefix: string, path: string): string {
  return prefix + path.replace(/:(\w+)/g, '{$1}');
}

/** `POST /members/:id/adjust` → `postMembersBy-idAdjust`: unique per method and path, stable across releases. */
export function operationId(method: string, path: string): string {
  return method.toLowerCase() + path.replace(/:(\w+)/g, 'By-$1').split(/[/.-]/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

export const ENVELOPE_REF = { $ref: '#/components/schemas/Envelope' };

/** The envelope's schema, under components.schemas.Envelope of both documents. */
export const ENVELOPE_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['code', 'message', 'data'],
  properties: {
    code: { type: 'integer', enum: Object.values(CODE) },
    message: { type: 'string', description: '中文提示' },
    data: { description: '结果数据；分页为 {data, total, current_page, per_page, last_page}' },
  },
};

/** An answer that is the envelope, with what its codes mean on this API. */
export function envelopeResponse(description: string): JsonSchema {
  return { description, content: { 'application/json': { schema: ENVELOPE_REF } } };
}
