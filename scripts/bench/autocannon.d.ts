/** The slice of autocannon's programmatic API the bench uses (the package ships no types). */
declare module 'autocannon' {
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }

  export interface Options {
    url: string;
    connections?: number;
    pipelining?: number;
    duration?: number;
    /** Stop after this many requests instead of after `duration`. */
    amount?: number;
    /** A run before the measured one, with these settings overriding the main ones. */
    warmup?: { connections?: number; duration?: number };
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    requests?: (Request & { setupRequest?: (request: Request, context: object) => Request })[];
  }

  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }

  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
  }

  /** The run: awaitable for the result, and an emitter of per-response events. */
  interface Instance extends PromiseLike<Result> {
    on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTimeMs: number) => void): Instance;
    stop(): void;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}
