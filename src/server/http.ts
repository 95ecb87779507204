import * as v from 'valibot';
import '../lib/validation/default-messages.ts';
import { apiMessages } from '../lib/api/messages.ts';
import { AppError, type AppErrorCode, type FieldErrors } from './errors.ts';

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

export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  headers.set('Cache-Control', 'no-store');
  return new Response(JSON.stringify(data), { ...init, headers });
}

/** The answer to a method an endpoint does not take: 405 with `Allow`. */
export function methodNotAllowed(allow = 'POST'): () => Response {
  return () => json({ success: false, message: apiMessages.methodNotAllowed }, { status: 405, headers: { Allow: allow } });
}

/** Turns any thrown value into the error envelope of DESIGN.md §5; unknown errors become a logged 500. */
export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    const headers: Record<string, string> = {};
    if (error.retryAfter !== undefined) headers['Retry-After'] = String(Math.max(1, Math.ceil(error.retryAfter)));
    return json(
      { success: false, message: error.message, ...(error.errors ? { errors: error.errors } : {}) },
      { status: statusByCode[error.code], headers },
    );
  }
  console.error(error);
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

async function readText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) throw new AppError('payload_too_large', apiMessages.payloadTooLarge);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new AppError('payload_too_large', apiMessages.payloadTooLarge);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Reads a JSON body of at most `maxBytes` and validates it with `schema`.
 * Throws AppError 415 (not JSON), 413 (too large) or 422 (unparseable or invalid, with field errors).
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
  const text = await readText(request, maxBytes);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError('invalid_input', apiMessages.invalidJson);
  }
  const result = v.safeParse(schema, body);
  if (!result.success) {
    throw new AppError('invalid_input', apiMessages.invalidInput, { errors: fieldErrors(result.issues) });
  }
  return result.output;
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
