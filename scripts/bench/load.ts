/**
 * Load tests with autocannon: 50 connections, no pipelining, a 2 s warm-up and then 10 s measured,
 * against one server at a time. Also captures the portal's raw (still compressed) answers so the
 * bare baseline can replay exactly the same bytes.
 */
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import autocannon from 'autocannon';
import type { FixedResponse } from './bare-server.ts';

export const LOAD_SETTINGS = { connections: 50, pipelining: 1, durationSeconds: 10, warmupSeconds: 2 } as const;

export const TRACK_VISIT_PATH = '/api/app/track-visit';

export interface LoadResult {
  target: string;
  /** Mean requests per second over the measured seconds. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** Mean bytes received per response (headers and body). */
  bytesPerResponse: number;
}

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  /** Builds each request's extra headers (a fresh client address, a token…) and, for a POST, its body. */
  perRequest?: () => { headers: Record<string, string>; body?: string };
}

export async function runLoad(target: string, baseUrl: string, load: LoadRequest): Promise<LoadResult> {
  const perRequest = load.perRequest;
  const instance = autocannon({
    url: baseUrl,
    connections: LOAD_SETTINGS.connections,
    pipelining: LOAD_SETTINGS.pipelining,
    duration: LOAD_SETTINGS.durationSeconds,
    warmup: { connections: LOAD_SETTINGS.connections, duration: LOAD_SETTINGS.warmupSeconds },
    requests: [
      {
        method: load.method,
        path: load.path,
        headers: load.headers,
        ...(perRequest
          ? {
              setupRequest: (req) => {
                const extra = perRequest();
                return { ...req, headers: { ...req.headers, ...extra.headers }, ...(extra.body === undefined ? {} : { body: extra.body }) };
              },
            }
          : {}),
      },
    ],
  });
  // autocannon's histogram keeps whole milliseconds; keep each measured response's time instead
  // (the warm-up reports to a separate emitter, so only the measured run lands here).
  const times: number[] = [];
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => times.push(ms));
  const result = await instance;
  const sorted = Float64Array.from(times).sort();
  const requests = result.requests.total;
  return {
    target,
    rps: result.requests.mean,
    p50Ms: percentile(sorted, 50) ?? result.latency.p50,
    p99Ms: percentile(sorted, 99) ?? result.latency.p99,
    requests,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])),
    bytesPerResponse: requests > 0 ? Math.round(result.throughput.total / requests) : 0,
  };
}

/** Nearest-rank percentile of sorted values, rounded to 0.01 ms. */
function percentile(sorted: Float64Array, p: number): number | null {
  if (sorted.length === 0) return null;
  const value = sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return Math.round(value * 100) / 100;
}

/** A valid track-visit request, each from a different client address (the endpoint limits per IP). */
export function trackVisitRequests(): LoadRequest {
  let counter = 0;
  return {
    method: 'POST',
    path: TRACK_VISIT_PATH,
    headers: { 'Content-Type': 'application/json' },
    perRequest: () => {
      const n = counter++;
      return {
        headers: { 'X-Forwarded-For': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
        body: JSON.stringify(visitBody()),
      };
    },
  };
}

export function visitBody() {
  return {
    visitor_id: randomUUID(),
    path: '/',
    referrer: '',
    user_agent: 'bench',
    screen_width: 375,
    screen_height: 812,
    device_type: 'mobile',
  };
}

/** One raw HTTP exchange with node:http (no decompression), keeping the listed response headers. */
export function capture(url: string, options: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string; keepHeaders: string[] }): Promise<FixedResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method, headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const headers: Record<string, string> = {};
        for (const name of options.keepHeaders) {
          const value = res.headers[name.toLowerCase()];
          if (typeof value === 'string') headers[name] = value;
        }
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`timeout: ${options.method} ${url}`)));
    req.end(options.body);
  });
}
