/** Error codes a service may raise; `server/http.ts` maps each to its HTTP status. */
export type AppErrorCode =
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'not_acceptable'
  | 'conflict'
  | 'payload_too_large'
  | 'invalid_input'
  | 'rate_limited'
  | 'unsupported_media_type'
  /** A service we depend on (the SMS provider) failed; not the user's fault. */
  | 'unavailable';

export type FieldErrors = Record<string, string[]>;

/** A failure the user can be told about, in Persian. Anything else is a 500. */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: AppErrorCode;
  readonly errors: FieldErrors | undefined;
  /** Seconds, for `rate_limited`. */
  readonly retryAfter: number | undefined;
  /** What the envelope carries besides the message (a taken slot's `alternatives`). */
  readonly data: Record<string, unknown> | undefined;

  constructor(code: AppErrorCode, message: string, options: { errors?: FieldErrors; retryAfter?: number; data?: Record<string, unknown> } = {}) {
    super(message);
    this.code = code;
    this.errors = options.errors;
    this.retryAfter = options.retryAfter;
    this.data = options.data;
  }
}
