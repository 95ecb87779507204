import * as v from 'valibot';
import '#lib/validation/default-messages.ts';
import { apiMessages } from '#lib/api/messages.ts';
import { validationMessages } from '#lib/validation/messages.ts';
import { hasControlCharacter } from '#lib/validation/normalize.ts';
import { isDatabaseUnavailable } from './db/errors.ts';
import { AppError, type AppErrorCode, type FieldErrors } from './errors.ts';
import { logError } from './log.ts';

const statusByCode: Record<AppErrorCode, number> = {
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  not_acceptable: 406,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  invalid_input: 422,
  rate_limited: 429,
  unavailable: 503,
};

/** Default ceiling for JSON bodies; endpoints may pass a smaller one. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' } as const;

export function json(data: unknown, init: ResponseInit = {}): Response {
  // Most answers add no headers of their own: the two fixed ones then go in as a plain record,
  // without an intermediate Headers object (every answer of the API passes here).
  if (init.headers === undefined) return new Response(JSON.stringify(data), { ...init, headers: JSON_HEADERS });
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(JSON_HEADERS)) headers.set(name, value);
  return new Response(JSON.stringify(data), { ...init, headers });
}

/** The answer to a method an endpoint does not take: 405 with `Allow`. */
export function methodNotAllowed(allow = 'POST'): () => Response {
  return () => json({ success: false, message: apiMessages.methodNotAllowed }, { status: 405, headers: { Allow: allow } });
}

/** What a 503 tells clients while the database is away (a restart or failover takes seconds). */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Turns any thrown value into the error envelope of DESIGN.md §5: a lost database becomes 503,
 * other unknown errors a 500; both are logged without personal data.
 */
export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    const headers: Record<string, string> = {};
    if (error.retryAfter !== undefined) headers['Retry-After'] = String(Math.max(1, Math.ceil(error.retryAfter)));
    return json(
      { success: false, message: error.message, ...(error.errors ? { errors: error.errors } : {}), ...(error.data ? { data: error.data } : {}) },
      { status: statusByCode[error.code], headers },
    );
  }
  if (isDatabaseUnavailable(error)) {
    logError('Database unavailable', error);
    return json({ success: false, message: apiMessages.databaseUnavailable }, { status: 503, headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) } });
  }
  logError('Request failed', error);
  return json({ success: false, message: apiMessages.serverError }, { status: 500 });
}

/** Collects valibot issues per top-level field, keeping every message. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path?.map((item) => String(item.key)).join('.') || '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * How much of a streamed body past its limit is still read (and dropped) after the 413: cancelling
 * the stream resets the connection, and the client's next request on it would fail. Past this (the
 * adapter's own `bodySizeLimit` in astro.config.ts, which errors the stream) the connection is cut.
 */
const DISCARD_LIMIT = 1024 * 1024;

function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>): void {
  void (async () => {
    let discarded = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        discarded += value.byteLength;
        if (discarded > DISCARD_LIMIT) return await reader.cancel();
      }
    } catch {
      // The client went away: nothing left to drop.
    }
  })();
}

async function readText(request: Request, maxBytes: number): Promise<string> {
  return (await readBytes(request, maxBytes)).toString('utf8');
}

/** A body of at most `maxBytes` (413 past it, declared or sent), whatever its type. */
export async function readBytes(request: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) throw new AppError('payload_too_large', apiMessages.payloadTooLarge);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      discardRest(reader);
      throw new AppError('payload_too_large', apiMessages.payloadTooLarge);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Most fields `controlCharacterErrors` reports; a hostile body could hold thousands. */
const MAX_REPORTED_FIELDS = 20;

/**
 * Walks a parsed JSON value (iteratively: bodies may nest deeper than the call stack) and reports
 * every string — value or key — holding a control character or a lone surrogate (see
 * `hasControlCharacter`), under its path as `fieldErrors` writes it ('a.0.b'; '_' for the root).
 * Null when there is none. No text field takes them, and PostgreSQL `text` cannot hold U+0000.
 */
export function controlCharacterErrors(body: unknown): FieldErrors | null {
  // Paths are linked lists, joined only when reported: copying them at each level would be
  // quadratic in the depth of a hostile body.
  type Path = { key: string; parent: Path } | null;
  const join = (path: Path): string => {
    const keys: string[] = [];
    for (let at = path; at; at = at.parent) keys.push(at.key);
    return keys.reverse().join('.') || '_';
  };
  // No prototype: a body's "__proto__" key is a field name like any other.
  const errors = Object.create(null) as FieldErrors;
  let found = 0;
  const report = (path: Path) => {
    errors[join(path)] = [validationMessages.controlCharacter];
    found++;
  };
  const stack: [unknown, Path][] = [[body, null]];
  while (stack.length > 0 && found < MAX_REPORTED_FIELDS) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (hasControlCharacter(value)) report(path);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], { key: String(i), parent: path }]);
    } else if (typeof value === 'object' && value !== null) {
      for (const key of Object.keys(value).reverse()) {
        if (hasControlCharacter(key)) report({ key, parent: path });
        else stack.push([(value as Record<string, unknown>)[key], { key, parent: path }]);
      }
    }
  }
  return found > 0 ? errors : null;
}

const OBJECT_SCHEMAS = new Set(['object', 'loose_object', 'strict_object', 'object_with_rest']);

/**
 * `readJson` for a call whose body may be left out (`POST /waitlist/{key}/decline`): no body, or an
 * empty one, is read as `{}`; anything else must be JSON as usual.
 */
export async function readOptionalJson<const TSchema extends v.GenericSchema>(request: Request, schema: TSchema, options: { maxBytes?: number } = {}): Promise<v.InferOutput<TSchema>> {
  const length = request.headers.get('content-length');
  if (request.body === null || length === '0') return readJsonText('{}', schema);
  const type = request.headers.get('content-type') ?? '';
  const text = await readText(request, options.maxBytes ?? DEFAULT_BODY_LIMIT);
  if (text.trim() === '') return readJsonText('{}', schema);
  if (!/^application\/(.+\+)?json\b/i.test(type)) throw new AppError('unsupported_media_type', apiMessages.unsupportedMediaType);
  return readJsonText(text, schema);
}

/**
 * Reads a JSON body of at most `maxBytes` and validates it with `schema`.
 * Throws AppError 415 (not JSON), 413 (too large) or 422 (unparseable, invalid, or holding a control
 * character in any string, with field errors).
 */
export async function readJson<const TSchema extends v.GenericSchema>(
  request: Request,
  schema: TSchema,
  { maxBytes = DEFAULT_BODY_LIMIT }: { maxBytes?: number } = {},
): Promise<v.InferOutput<TSchema>> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw new AppError('unsupported_media_type', apiMessages.unsupportedMediaType);
  }
  return readJsonText(await readText(request, maxBytes), schema);
}

/** Parses and checks a JSON body's text (422 with field errors). */
function readJsonText<const TSchema extends v.GenericSchema>(text: string, schema: TSchema): v.InferOutput<TSchema> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError('invalid_input', apiMessages.invalidJson);
  }
  // valibot's object schemas take arrays as objects with no fields: a body of `[]` would pass a
  // schema whose fields are all optional.
  if (OBJECT_SCHEMAS.has(schema.type) && Array.isArray(body)) {
    throw new AppError('invalid_input', apiMessages.invalidInput, { errors: { _: [apiMessages.notAnObject] } });
  }
  const controls = controlCharacterErrors(body);
  const result = v.safeParse(schema, body);
  if (controls || !result.success) {
    // A field with a control character gets that message alone, whatever else its rule says.
    const errors = { ...(result.success ? {} : fieldErrors(result.issues)), ...controls };
    throw new AppError('invalid_input', apiMessages.invalidInput, { errors });
  }
  return result.output;
}

/**
 * Validates a URL's query with `schema` (each parameter's first value, as a string); 422 with field
 * errors otherwise. Parameters the schema does not name are ignored.
 */
export function readQuery<const TSchema extends v.GenericSchema>(url: URL, schema: TSchema): v.InferOutput<TSchema> {
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) if (!(key in query) && value !== '') query[key] = value;
  const controls = controlCharacterErrors(query);
  const result = v.safeParse(schema, query);
  if (controls || !result.success) {
    throw new AppError('invalid_input', apiMessages.invalidInput, { errors: { ...(result.success ? {} : fieldErrors(result.issues)), ...controls } });
  }
  return result.output;
}

/**
 * A route parameter as services take it: cut to `maxLength` characters, so that an overlong one
 * cannot reach a query and simply names nothing (the lookup answers 404).
 */
export const pathParam = (maxLength: number) =>
  v.pipe(
    v.string(apiMessages.notFound),
    v.transform((value) => value.slice(0, maxLength)),
  );

/** The `{key}` of a route (`/invoices/{key}`): a record's public key. */
export const KeyParams = v.object({ key: pathParam(32) });

/** The `{token}` of a public link's route. */
export const TokenParams = v.object({ token: pathParam(64) });

/**
 * A route parameter that is a row's number (`/links/{id}`): 1 to 16 digits, no leading zero; any
 * other text names no row and answers 404 with `missing`.
 */
export const rowIdParam = (missing: string) => v.pipe(v.string(missing), v.regex(/^[1-9]\d{0,15}$/, missing), v.transform(Number));

/**
 * Validates a route's parameters with `schema`. A parameter it refuses names nothing this route
 * could find, so the answer is 404 with the schema's message, not 422: the address is wrong, not
 * the input.
 */
export function readParams<const TSchema extends v.GenericSchema>(params: Readonly<Record<string, string | undefined>>, schema: TSchema): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, params);
  if (result.success) return result.output;
  // A parameter absent altogether (a route file whose name lacks it) is the object's issue, not a field's.
  const [issue] = result.issues;
  throw new AppError('not_found', issue.type === 'object' ? apiMessages.notFound : issue.message);
}

/** Wraps an endpoint so that every failure leaves through `errorResponse`. */
export function endpoint<TContext>(handler: (context: TContext) => Promise<Response>) {
  return async (context: TContext): Promise<Response> => {
    try {
      return await handler(context);
    } catch (error) {
      return errorResponse(error);
    }
  };
}
