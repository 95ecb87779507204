import type { APIContext, APIRoute } from 'astro';
import type * as v from 'valibot';
import { requireAccount, type Session } from './auth/bearer.ts';
import { clientAddress } from './client-address.ts';
import { type Db, getDb } from './db/index.ts';
import { DEFAULT_BODY_LIMIT, endpoint, methodNotAllowed, readJson, readParams, readQuery } from './http.ts';

type Method = 'GET' | 'POST' | 'DELETE';

/** What a handler receives: the database, the checked input, the caller. */
export interface EndpointContext<TInput, TSession, TQuery = undefined, TParams = undefined> {
  db: Db;
  /** The JSON body after `schema` (undefined without a schema). */
  input: TInput;
  /** The URL's query after `query` (undefined without one). */
  query: TQuery;
  /** The route's parameters after `params` (undefined without one). */
  params: TParams;
  /** The account the bearer token opens (with `auth: true`). */
  session: TSession;
  /** The caller's address, for per-address limits (TRUST_PROXY aware). */
  ip: string;
  /** One clock reading per request: every rule of the request is judged against it. */
  now: Date;
  context: APIContext;
}

export interface EndpointOptions<
  TSchema extends v.GenericSchema | undefined,
  TAuth extends boolean,
  TQuery extends v.GenericSchema | undefined = undefined,
  TParams extends v.GenericSchema | undefined = undefined,
> {
  method: Method;
  /** Validates the JSON body (422 with field errors, 415, 413 before the handler runs). */
  schema?: TSchema;
  /** Validates the URL's query (422 with field errors). */
  query?: TQuery;
  /** Validates the route's parameters (`KeyParams` for `[key]`); one it refuses answers 404 with its message. */
  params?: TParams;
  /** Requires a live bearer token (401 before anything else). */
  auth?: TAuth;
  /** Largest body accepted; default 64 KB. */
  maxBytes?: number;
  /**
   * A per-address limit consulted before anything else: in the database (limits/service.ts
   * addressLimit) or, for cheap reads only, per process (server/rate-limit.ts).
   */
  rateLimit?: { consume(key: string, db: Db, now: Date): Promise<void> };
}

/**
 * Declares an API endpoint (DESIGN.md §4, thin endpoints): the method, the body schema and whether
 * a bearer token is needed; every failure leaves as the error envelope, any other method gets 405.
 * Routes under src/pages/api are rendered on demand by configuration (build/api-on-demand.ts).
 *
 * ```ts
 * export const { POST, ALL } = defineEndpoint({ method: 'POST', auth: true, params: KeyParams },
 *   async ({ db, session, params, now }) => json({ success: true, data: await cancelWithdrawal(db, session.account.id, params.key, now) }));
 * ```
 */
export function defineEndpoint<
  const M extends Method,
  TSchema extends v.GenericSchema | undefined = undefined,
  TAuth extends boolean = false,
  TQuery extends v.GenericSchema | undefined = undefined,
  TParams extends v.GenericSchema | undefined = undefined,
>(
  options: EndpointOptions<TSchema, TAuth, TQuery, TParams> & { method: M },
  handler: (
    request: EndpointContext<
      TSchema extends v.GenericSchema ? v.InferOutput<TSchema> : undefined,
      TAuth extends true ? Session : undefined,
      TQuery extends v.GenericSchema ? v.InferOutput<TQuery> : undefined,
      TParams extends v.GenericSchema ? v.InferOutput<TParams> : undefined
    >,
  ) => Promise<Response>,
): Record<M, APIRoute> & { ALL: APIRoute } {
  const route: APIRoute = endpoint(async (context: APIContext) => {
    const ip = clientAddress(context);
    const db = await getDb();
    const now = new Date();
    await options.rateLimit?.consume(ip, db, now);
    const session = options.auth ? await requireAccount(db, context.request, now) : undefined;
    const query = options.query ? readQuery(context.url, options.query) : undefined;
    const input = options.schema ? await readJson(context.request, options.schema, { maxBytes: options.maxBytes ?? DEFAULT_BODY_LIMIT }) : undefined;
    const params = options.params ? readParams(context.params, options.params) : undefined;
    return handler({ db, input, query, params, session, ip, now, context } as Parameters<typeof handler>[0]);
  });
  return { [options.method]: route, ALL: methodNotAllowed(options.method) } as unknown as Record<M, APIRoute> & { ALL: APIRoute };
}

/**
 * One route file that answers two methods (e.g. `GET` and `POST /wallet/withdrawals`): each from its
 * own defineEndpoint; any other method gets 405 naming both.
 */
export function combineEndpoints<A extends Record<string, APIRoute>, B extends Record<string, APIRoute>>(first: A, second: B): Omit<A, 'ALL'> & Omit<B, 'ALL'> & { ALL: APIRoute } {
  const { ALL: _a, ...a } = first;
  const { ALL: _b, ...b } = second;
  return { ...a, ...b, ALL: methodNotAllowed([...Object.keys(a), ...Object.keys(b)].join(', ')) } as Omit<A, 'ALL'> & Omit<B, 'ALL'> & { ALL: APIRoute };
}
