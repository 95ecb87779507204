/**
 * Load tests with autocannon: 50 connections, no pipelining, a 2 s warm-up (see warmUp) and then
 * 10 s measured, against one server at a time. Also captures the portal's raw (still compressed)
 * answers so the bare baseline can replay exactly the same bytes.
 */
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import autocannon, { type Options } from 'autocannon';
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

/** How quickly a settled server answers its health check; slower means requests are still queued ahead of it. */
const SETTLED_MS = 50;
const SETTLE_TRIES = 100;

/**
 * A warm-up of `options` for LOAD_SETTINGS.warmupSeconds, then a wait until every server of `urls`
 * has answered what the warm-up left behind.
 *
 * autocannon ends a run by dropping its connections with their last requests unanswered, and the
 * portal still serves those. With autocannon's own `warmup`, the measured run started behind up to
 * 50 such orphans: on PGlite's one connection its first requests waited seconds for them, and those
 * waits, not the load being measured, were the p99 of every write endpoint. So the warm-up is a run
 * of its own, and the measured one starts once a health check, queued after the orphans, comes back
 * quickly.
 */
export async function warmUp(urls: string[], options: Omit<Options, 'url' | 'duration' | 'amount' | 'warmup'>): Promise<void> {
  await Promise.all(urls.map((url) => autocannon({ ...options, url, duration: LOAD_SETTINGS.warmupSeconds })));
  await Promise.all(urls.map((url) => settle(url)));
}

async function settle(baseUrl: string): Promise<void> {
  for (let tries = 0; tries < SETTLE_TRIES; tries++) {
    const asked = performance.now();
    const answer = await fetch(new URL('/api/health', baseUrl));
    await answer.arrayBuffer();
    if (performance.now() - asked < SETTLED_MS) return;
  }
  throw new Error(`${baseUrl} did not settle after the warm-up`);
}

export async function runLoad(target: string, baseUrl: string, load: LoadRequest): Promise<LoadResult> {
  const perRequest = load.perRequest;
  const calls: Options['requests'] = [
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
  ];
  const settings = { connections: LOAD_SETTINGS.connections, pipelining: LOAD_SETTINGS.pipelining, requests: calls };
  await warmUp([baseUrl], settings);
  const instance = autocannon({ ...settings, url: baseUrl, duration: LOAD_SETTINGS.durationSeconds });
  // autocannon's histogram keeps whole milliseconds; keep each measured response's time instead.
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
