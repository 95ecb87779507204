import * as v from 'valibot';

/** Server configuration, read from the environment once and checked at boot (DESIGN.md §5). */
const EnvSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test']), 'development'),
  PORT: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(0), v.maxValue(65535)), '4321'),
  HOST: v.optional(v.pipe(v.string(), v.minLength(1)), '127.0.0.1'),
  DATABASE_URL: v.optional(
    v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')),
  ),
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), './data'),
  SMS_PROVIDER: v.optional(v.picklist(['console', 'kavenegar']), 'console'),
  PAYMENT_GATEWAY: v.optional(v.picklist(['sandbox', 'zarinpal']), 'sandbox'),
  /** Trust X-Forwarded-For from a reverse proxy / load balancer for the client address. */
  TRUST_PROXY: v.optional(v.picklist(['0', '1']), '0'),
});

export type Env = v.InferOutput<typeof EnvSchema>;

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses `source` (default `process.env`); throws an EnvError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const picked = Object.fromEntries(
    Object.keys(EnvSchema.entries).flatMap((key) => {
      const value = source[key];
      return value === undefined || value === '' ? [] : [[key, value]];
    }),
  );
  const result = v.safeParse(EnvSchema, picked);
  if (result.success) return result.output;
  const lines = result.issues.map((issue) => {
    const key = issue.path?.map((p) => String(p.key)).join('.') ?? '?';
    return `  ${key}=${JSON.stringify(source[key] ?? '')}: ${issue.message}`;
  });
  throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
}

let cached: Env | undefined;

/** The process's configuration, parsed on first use. */
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}
