import { FetchError } from '#lib/api/fetch-error.ts';

/** One call's options: what the API modules pass (a JSON `body` is sent as JSON). */
export interface FetchOptions {
  method?: string;
  body?: unknown;
  /** Appended to the address; `undefined` values are left out, arrays repeat the key. */
  query?: Record<string, unknown>;
  headers?: HeadersInit;
  signal?: AbortSignal;
  /** The answer as parsed JSON (the default), or as a Blob (files, calendar entries). */
  responseType?: 'json' | 'blob';
}

/** The options once merged with the client's defaults; `onRequest` may still change the headers. */
export type ResolvedOptions = Omit<FetchOptions, 'headers'> & { method: string; headers: Headers };

export interface FetchHooks {
  onRequest?(context: { options: ResolvedOptions }): void;
  /** No answer at all (network down, aborted). */
  onRequestError?(context: { error: Error }): void;
  /** An answer with an error status; `_data` is its parsed body. */
  onResponseError?(context: { response: Response & { _data?: unknown } }): void;
}

export interface Fetcher {
  <T = unknown>(path: string, options?: FetchOptions): Promise<T>;
  /** The same defaults with other hooks. */
  create(hooks: FetchHooks): Fetcher;
}

interface Defaults {
  baseURL: string;
  method: string;
  headers: Record<string, string>;
}

function withQuery(url: string, query: FetchOptions['query']): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

/** Plain objects and arrays go as JSON; files, form data and strings as they are. */
function encodeBody(body: unknown): BodyInit | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof Blob || body instanceof FormData || body instanceof URLSearchParams || body instanceof ArrayBuffer || ArrayBuffer.isView(body))
    return body as BodyInit;
  return JSON.stringify(body);
}

async function readBody(response: Response, responseType: FetchOptions['responseType']): Promise<unknown> {
  if (responseType === 'blob') return response.blob();
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The browser's HTTP client on the platform's fetch: JSON in and out, no retries, hooks for the
 * bearer token and the error policy, and a FetchError for every failure. (A library did this before;
 * on the platform it is a fraction of the bytes every account page loads.)
 */
export function createFetcher(defaults: Defaults, hooks: FetchHooks = {}): Fetcher {
  const call = async <T>(path: string, options: FetchOptions = {}): Promise<T> => {
    const headers = new Headers(defaults.headers);
    for (const [key, value] of new Headers(options.headers)) headers.set(key, value);
    const resolved: ResolvedOptions = { ...options, method: options.method ?? defaults.method, headers };
    hooks.onRequest?.({ options: resolved });
    let response: Response & { _data?: unknown };
    try {
      response = await fetch(withQuery(`${defaults.baseURL}${path}`, resolved.query), {
        method: resolved.method,
        headers: resolved.headers,
        body: encodeBody(resolved.body),
        ...(resolved.signal ? { signal: resolved.signal } : {}),
      });
    } catch (cause) {
      const error = cause instanceof Error ? cause : new Error(String(cause));
      hooks.onRequestError?.({ error });
      throw new FetchError(`${resolved.method} ${path}: ${error.message}`, { cause: error });
    }
    const data = await readBody(response, response.ok ? resolved.responseType : 'json').catch(() => undefined);
    if (!response.ok) {
      response._data = data;
      hooks.onResponseError?.({ response });
      throw new FetchError(`${resolved.method} ${path}: ${response.status} ${response.statusText}`, { response, data });
    }
    return data as T;
  };
  return Object.assign(call, { create: (next: FetchHooks) => createFetcher(defaults, next) });
}
