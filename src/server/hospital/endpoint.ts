import { createHash } from 'node:crypto';
import type { APIContext, APIRoute } from 'astro';
import type * as v from 'valibot';
import { clientAddress } from '../client-address.ts';
import { type Db, getDb } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { DEFAULT_BODY_LIMIT, errorResponse, json, methodNotAllowed, readJson, readParams, readQuery } from '../http.ts';
import { logError } from '../log.ts';
import { markAudited } from './audit.ts';
import { type HospitalKey, hospitalKeyOfHeader } from './keys.ts';
import { hospitalMessages as M } from './messages.ts';
import { type HospitalRouteDoc, type PathParamsSchema, registerHospitalRoute } from './openapi.ts';
import { claimIdempotencyKey, completeIdempotencyKey, pruneIdempotencyKeys, releaseIdempotencyKey, writeAudit } from './repository.ts';

type Method = HospitalRouteDoc['method'];

/** How long an answer is replayed for its Idempotency-Key. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A call still 'running' after this long died with its process; its key may run again. */
const ABANDONED_AFTER_MS = 5 * 60 * 1000;
const IDEMPOTENCY_KEY = /^[\x21-\x7E]{1,200}$/;

/** What a hospital handler receives. */
export interface HospitalContext<TInput, TQuery, TParams = undefined> {
  db: Db;
  /** The JSON body after `schema`. */
  input: TInput;
  /** The URL's query after `query`. */
  query: TQuery;
  /** The route's `{param}`s after `params` (undefined without one). */
  params: TParams;
  /** The API key that called. */
  key: HospitalKey;
  ip: string;
  now: Date;
  context: APIContext;
}

export interface HospitalEndpointOptions<M extends Method, TSchema, TQuery, TParams> extends Omit<HospitalRouteDoc, 'body' | 'query' | 'method' | 'params'> {
  method: M;
  schema?: TSchema;
  query?: TQuery;
  /** Parses the path's `{param}`s (one entry each; `KeyParams` for `{key}`); one it refuses answers 404. */
  params?: TParams;
  /** Largest body accepted; default 64 KB. */
  maxBytes?: number;
  /** What the OpenAPI document shows for an `application/json` body, when `schema` cannot say it (a schema that dispatches on the body). */
  documentedBody?: v.GenericSchema;
}

/** The key the request's `Authorization: Bearer <key>` names; AppError 401 otherwise. */
function requireHospitalKey(request: Request): HospitalKey {
  const key = hospitalKeyOfHeader(request.headers.get('authorization'));
  if (!key) throw new AppError('unauthenticated', M.missingKey);
  return key;
}

function storedAnswer(status: number, body: string): Response {
  return new Response(body, {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Idempotent-Replayed': 'true' },
  });
}

/**
 * Runs `call` once per (API key, Idempotency-Key): the row is claimed first, so a concurrent
 * duplicate finds it and gets 409; a later one gets the stored answer. Answers below 500 are kept
 * (a refusal too: the same request would be refused again); a failure on our side gives the key back.
 */
async function once(db: Db, claim: { keyName: string; idempotencyKey: string; requestHash: string }, now: Date, call: () => Promise<Response>): Promise<Response> {
  const claimed = await claimIdempotencyKey(db, claim, now, new Date(now.getTime() - ABANDONED_AFTER_MS));
  if (claimed.outcome === 'replay') return storedAnswer(claimed.status, claimed.body);
  if (claimed.outcome === 'running') throw new AppError('conflict', M.idempotencyInProgress);
  if (claimed.outcome === 'mismatch') throw new AppError('invalid_input', M.idempotencyMismatch);
  let response: Response;
  try {
    response = await call();
  } catch (error) {
    response = errorResponse(error);
  }
  if (response.status >= 500) await releaseIdempotencyKey(db, claimed.id);
  else await completeIdempotencyKey(db, claimed.id, { status: response.status, body: await response.clone().text() }, new Date());
  return response;
}

/** Writes the call's audit row; a failure to write is logged, never turned into another answer. */
async function audit(context: APIContext, call: { db?: Db | undefined; keyName: string | null; idempotencyKey: string | null; ip: string; now: Date }, status: number): Promise<void> {
  // The portal server writes a row for any hospital request no endpoint wrote one for.
  markAudited(context.locals);
  try {
    await writeAudit(call.db ?? (await getDb()), {
      keyName: call.keyName,
      method: context.request.method,
      path: `${context.url.pathname}${context.url.search}`.slice(0, 2000),
      status,
      idempotencyKey: call.idempotencyKey?.slice(0, 200) ?? null,
      ip: call.ip,
      createdAt: call.now,
    });
  } catch (error) {
    logError('Writing the hospital audit log failed', error);
  }
}

/** Deletes Idempotency-Keys past their 24 hours; the start script runs it hourly. */
export function pruneHospitalRecords(db: Db, now: Date): Promise<number> {
  return pruneIdempotencyKeys(db, new Date(now.getTime() - IDEMPOTENCY_TTL_MS));
}

/**
 * Declares a hospital API endpoint (spec/api.md "Hospital side") and registers it for the OpenAPI
 * document. In order: the API key (401), its scope (403), the Idempotency-Key's form, the query
 * and body (422, 413, 415), the path's parameters (404), then the handler — once per
 * Idempotency-Key on POST (a DELETE is idempotent by itself: a repeat finds the thing gone). Every call, refused ones included, is written to the audit log.
 *
 * The handler answers with the operation's data, sent as `{success: true, data}` with the status
 * of `answer`; for a list (`answer.list`), with `{rows, total}` of the page its query (`page`,
 * `per_page`) asked for, sent with `meta`. One that must shape its answer otherwise (a file, a
 * status that depends on the outcome) returns its own Response.
 *
 * ```ts
 * export const { POST, ALL } = defineHospitalEndpoint(
 *   { method: 'POST', path: '/withdrawals/{key}/paid', params: KeyParams, scope: 'withdrawals', summary: '…', schema: WithdrawalPaidSchema, answer: { status: 200, data: HospitalWithdrawalSchema } },
 *   ({ db, params, input, now }) => settleWithdrawal(db, params.key, …, now));
 * ```
 */
export function defineHospitalEndpoint<
  const M extends Method,
  TSchema extends v.GenericSchema | undefined = undefined,
  TQuery extends v.GenericSchema | undefined = undefined,
  TParams extends PathParamsSchema | undefined = undefined,
>(
  options: HospitalEndpointOptions<M, TSchema, TQuery, TParams>,
  handler: (
    request: HospitalContext<
      TSchema extends v.GenericSchema ? v.InferOutput<TSchema> : undefined,
      TQuery extends v.GenericSchema ? v.InferOutput<TQuery> : undefined,
      TParams extends v.GenericSchema ? v.InferOutput<TParams> : undefined
    >,
  ) => Promise<unknown>,
): Record<M, APIRoute> & { ALL: APIRoute } {
  const { schema, query: querySchema, params: paramsSchema, maxBytes, documentedBody, ...doc } = options;
  const body = documentedBody ?? schema;
  registerHospitalRoute({ ...doc, ...(body ? { body } : {}), ...(querySchema ? { query: querySchema } : {}), ...(paramsSchema ? { params: paramsSchema } : {}) });
  const answer = async (request: Parameters<typeof handler>[0]): Promise<Response> => {
    const result = await handler(request);
    if (result instanceof Response) return result;
    if ('list' in options.answer && options.answer.list) {
      // A list's handler answers with one page of rows and the total; the page is the one its query asked for.
      const { rows, total } = result as { rows: unknown[]; total: number };
      const { page, per_page } = request.query as { page: number; per_page: number };
      return json({ success: true, data: rows, meta: { page, per_page, total } }, { status: options.answer.status });
    }
    return json({ success: true, data: result }, { status: options.answer.status });
  };

  const route: APIRoute = async (context) => {
    const now = new Date();
    const ip = clientAddress(context);
    const idempotencyKey = options.method === 'POST' ? context.request.headers.get('idempotency-key') : null;
    let db: Db | undefined;
    let keyName: string | null = null;
    let response: Response;
    try {
      const key = requireHospitalKey(context.request);
      keyName = key.name;
      if (!key.scopes.has(options.scope)) throw new AppError('forbidden', M.missingScope(options.scope));
      if (idempotencyKey !== null && !IDEMPOTENCY_KEY.test(idempotencyKey)) throw new AppError('invalid_input', M.badIdempotencyKey);
      const query = querySchema ? readQuery(context.url, querySchema) : undefined;
      const input = schema ? await readJson(context.request, schema, { maxBytes: maxBytes ?? DEFAULT_BODY_LIMIT }) : undefined;
      const params = paramsSchema ? readParams(context.params, paramsSchema) : undefined;
      db = await getDb();
      const request = { db, input, query, params, key, ip, now, context } as Parameters<typeof handler>[0];
      if (idempotencyKey === null) {
        response = await answer(request);
      } else {
        const requestHash = createHash('sha256')
          .update(JSON.stringify([options.method, context.url.pathname, context.url.search, input ?? null]))
          .digest('hex');
        response = await once(db, { keyName: key.name, idempotencyKey, requestHash }, now, () => answer(request));
      }
    } catch (error) {
      response = errorResponse(error);
    }
    await audit(context, { db, keyName, idempotencyKey, ip, now }, response.status);
    return response;
  };
  const refuseMethod = methodNotAllowed(options.method);
  const otherMethod: APIRoute = async (context) => {
    const response = refuseMethod();
    await audit(context, { keyName: null, idempotencyKey: null, ip: clientAddress(context), now: new Date() }, response.status);
    return response;
  };
  return { [options.method]: route, ALL: otherMethod } as unknown as Record<M, APIRoute> & { ALL: APIRoute };
}
