import { type JsonSchema, toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { HOSPITAL_API_BASE, type HospitalScope } from '#lib/api/contracts/hospital.ts';

/** A route's path parameters: an object schema with one entry per `{param}` of its path. */
export type PathParamsSchema = v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>;

/** An error an operation may answer, besides the ones every operation shares. */
export type ErrorStatus = 404 | 406 | 409 | 413 | 415 | 422;

/** What `defineHospitalEndpoint` registers about a route; the OpenAPI document is built from these. */
export interface HospitalRouteDoc {
  method: 'GET' | 'POST' | 'DELETE';
  /** Under /api/hospital/v1, with `{param}` placeholders (`/withdrawals/{key}/paid`). */
  path: string;
  scope: HospitalScope;
  summary: string;
  description?: string;
  /** The route's `{param}`s, one entry each (the schema its endpoint parses them with); such a route may answer 404. */
  params?: PathParamsSchema;
  body?: v.GenericSchema;
  /** Other media types the body may come in, each with its JSON Schema (e.g. `application/fhir+json`). */
  otherBodies?: Readonly<Record<string, Record<string, unknown>>>;
  query?: v.GenericSchema;
  /**
   * The success answer: its status, the schema of `data`, and whether it is a list (with `meta`);
   * or, for a download, the media types of the file it answers with.
   */
  answer: { status: 200 | 201; data: v.GenericSchema; list?: boolean } | { status: 200; file: readonly string[] };
  /** Another success status the operation answers with the same body, and when (a re-filing's 200 beside the first filing's 201). */
  alsoAnswers?: { status: 200; description: string };
  errors?: readonly ErrorStatus[];
}

const registry = new Map<string, HospitalRouteDoc>();

/** Adds (or, when a module is loaded again, replaces) a route's entry. */
export function registerHospitalRoute(doc: HospitalRouteDoc): void {
  // The document names the path's parameters from the schema: a placeholder it lacks would go undocumented and unchecked.
  const placeholders = [...doc.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name).sort();
  const declared = Object.keys(doc.params?.entries ?? {}).sort();
  if (placeholders.join() !== declared.join()) throw new Error(`${doc.method} ${doc.path}: params declares {${declared.join(', ')}}, the path {${placeholders.join(', ')}}`);
  registry.set(`${doc.method} ${doc.path}`, doc);
}

/**
 * The routes registered by `modules` (an eager `import.meta.glob` of the route files) and any
 * other loaded one. Each module's exports are read first: a loader that evaluates a module on first
 * use (Vitest's) has then run it, and with it its registration.
 */
export function loadHospitalRoutes(modules: Record<string, unknown>): HospitalRouteDoc[] {
  for (const module of Object.values(modules)) Object.keys(module as object);
  return hospitalRoutes();
}

/** Every registered route, by path and then method. */
export function hospitalRoutes(): HospitalRouteDoc[] {
  return [...registry.values()].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** JSON Schema 2020-12 of what a client sends (valibot's input side; checks it cannot express are left to the server). */
function schemaOf(schema: v.GenericSchema): JsonSchema {
  const { $schema: _, ...rest } = toJsonSchema(schema, { target: 'draft-2020-12', typeMode: 'input', errorMode: 'ignore' });
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: ref('Error') } } });

const sharedErrors = {
  '401': errorAnswer('Missing or unknown API key.'),
  '403': errorAnswer("The key lacks the operation's scope."),
  '503': errorAnswer('The database is briefly unavailable; retry after `Retry-After` seconds.'),
};
const errorDescriptions: Record<ErrorStatus, string> = {
  404: 'Not found.',
  406: 'Refused.',
  409: 'Conflict: the resource is not in a state that allows this, or a request with the same Idempotency-Key is still running.',
  413: 'Body too large.',
  415: 'The body must be JSON.',
  422: 'Invalid input (or an Idempotency-Key reused with another request); `errors` maps each field path to its messages.',
};

/**
 * A query value as a client sends it: the portal reads `page=2` from a string of digits, but a
 * generated client should pass the number 2, so a digits-only string is described as an integer.
 */
function queryValueSchema(schema: JsonSchema): JsonSchema {
  const digits = typeof schema.pattern === 'string' ? /^\^\\d\{1,(\d+)\}\$$/.exec(schema.pattern) : null;
  if (schema.type !== 'string' || !digits) return schema;
  const { pattern: _pattern, default: fallback, ...rest } = schema;
  return { ...rest, type: 'integer', maximum: 10 ** Number(digits[1]) - 1, ...(fallback === undefined ? {} : { default: Number(fallback) }) };
}

function parametersOf(route: HospitalRouteDoc): unknown[] {
  // Each is text in the path; what the schema makes of it (a cut, a number) is the server's business.
  const parameters: unknown[] = Object.keys(route.params?.entries ?? {}).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  if (route.query) {
    const query = schemaOf(route.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema: queryValueSchema(schema) });
    }
  }
  if (route.method === 'POST') parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  return parameters;
}

const mediaTypesOf = (bodies: HospitalRouteDoc['otherBodies']) => Object.fromEntries(Object.entries(bodies ?? {}).map(([type, schema]) => [type, { schema }]));

/** The success answer's content: JSON `{success, data, meta?}`, or a file in one of its media types. */
function successContent(answer: HospitalRouteDoc['answer']) {
  if ('file' in answer) return Object.fromEntries(answer.file.map((type) => [type, { schema: { type: 'string', contentMediaType: type, contentEncoding: 'binary' } }]));
  const data = schemaOf(answer.data);
  const success = {
    type: 'object',
    required: ['success', 'data', ...(answer.list ? ['meta'] : [])],
    properties: {
      success: { const: true },
      data: answer.list ? { type: 'array', items: data } : data,
      ...(answer.list ? { meta: ref('ListMeta') } : {}),
    },
  };
  return { 'application/json': { schema: success } };
}

function operationOf(route: HospitalRouteDoc) {
  const fileHeaders =
    'file' in route.answer ? { headers: { 'Content-Disposition': { description: "`attachment` with the file's name (`filename*` in UTF-8).", schema: { type: 'string' } } } } : {};
  const errors = new Set<ErrorStatus>(route.errors ?? []);
  if (route.params) errors.add(404);
  if (route.method === 'POST') errors.add(409).add(413).add(415);
  if (route.method === 'POST' || route.body || route.query) errors.add(422);
  return {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+/g, '_')}`,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.scope],
    'x-scope': route.scope,
    security: [{ bearer: [] }],
    parameters: parametersOf(route),
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(route.body) }, ...mediaTypesOf(route.otherBodies) } } } : {}),
    responses: {
      [String(route.answer.status)]: { description: 'Success.', ...fileHeaders, content: successContent(route.answer) },
      ...(route.alsoAnswers ? { [String(route.alsoAnswers.status)]: { description: route.alsoAnswers.description, content: successContent(route.answer) } } : {}),
      ...sharedErrors,
      ...Object.fromEntries([...errors].sort((a, b) => a - b).map((status) => [String(status), errorAnswer(errorDescriptions[status])])),
    },
  };
}

/** The OpenAPI 3.1 document of `routes` (served at /api/hospital/v1/openapi.json). */
export function buildOpenApiDocument(routes: readonly HospitalRouteDoc[] = hospitalRoutes()) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) (paths[route.path] ??= {})[route.method.toLowerCase()] = operationOf(route);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Hospital API of the patient portal',
      version: '1',
      description:
        "For the hospital's own systems (HIS, lab, accounting). Every call needs `Authorization: Bearer <key>`; a key holds scopes. " +
        'Every POST accepts an `Idempotency-Key` header: the same key (per API key, for 24 hours) returns the first answer and changes nothing again. ' +
        'Every call is written to an audit log. Money is integer rials; times are ISO 8601 UTC.',
    },
    servers: [{ url: HOSPITAL_API_BASE }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'A key from `npm run hospital -- new-key <name>`; the server knows only its SHA-256 (HOSPITAL_API_KEYS).' },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Any unique string per intended effect (a UUID). A repeat with the same body returns the stored answer (header `Idempotent-Replayed: true`); with another body it is refused (422); while the first still runs, 409.',
          schema: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[\\x21-\\x7E]+$' },
        },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['success', 'message'],
          properties: {
            success: { const: false },
            message: { type: 'string', description: "Persian, then English in parentheses for the hospital API's own refusals." },
            errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } }, description: 'Field path (`a.b`) → messages.' },
          },
        },
        ListMeta: {
          type: 'object',
          required: ['page', 'per_page', 'total'],
          properties: { page: { type: 'integer', minimum: 1 }, per_page: { type: 'integer', minimum: 1, maximum: 50 }, total: { type: 'integer', minimum: 0 } },
        },
      },
    },
  };
}
