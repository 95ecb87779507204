import path from 'node:path';
import * as v from 'valibot';

const flag = v.optional(v.picklist(['0', '1']), '0');

/** Server configuration, read from the environment once and checked at boot (DESIGN.md §5). */
const EnvSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test']), 'development'),
  PORT: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(0), v.maxValue(65535)), '4321'),
  HOST: v.optional(v.pipe(v.string(), v.minLength(1)), '127.0.0.1'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://'))),
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), './data'),
  /** A file to append every SQL statement to, with its parameters: for the bench's SQL ceiling, never in production. */
  DB_QUERY_LOG: v.optional(v.pipe(v.string(), v.minLength(1))),
  SMS_PROVIDER: v.optional(v.picklist(['console', 'kavenegar']), 'console'),
  /** Where the console provider appends its messages; default `$DATA_DIR/sms-outbox.jsonl`. */
  SMS_OUTBOX_FILE: v.optional(v.pipe(v.string(), v.minLength(1))),
  /** `1` lets a production server run on the console provider on purpose (codes go to a file, not to phones). */
  SMS_ALLOW_CONSOLE: flag,
  /**
   * Notification SMS (receipts, notices, reminders; never login codes) one phone may receive in any
   * 24 hours, all its accounts together; past it the action still happens and the SMS is skipped.
   */
  SMS_NOTIFY_DAILY_LIMIT: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/, 'a count of messages a day: 1 … 9999'), v.toNumber(), v.minValue(1)), '20'),
  /**
   * Service requests one account may file in any 24 hours, cancelled ones included (each sends an
   * SMS and reaches the desk). The cap of 10 open requests holds besides.
   */
  SERVICE_REQUEST_DAILY_LIMIT: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'a count of requests a day: 1 … 999'), v.toNumber(), v.minValue(1)), '5'),
  KAVENEGAR_API_KEY: v.optional(v.pipe(v.string(), v.minLength(1))),
  /** The name of the verify/lookup template in the Kavenegar panel. */
  KAVENEGAR_TEMPLATE: v.optional(v.pipe(v.string(), v.regex(/^[\w-]+$/, 'a Kavenegar template name: letters, digits, _ and -'))),
  KAVENEGAR_BASE_URL: v.optional(v.pipe(v.string(), v.url('a URL such as https://api.kavenegar.com')), 'https://api.kavenegar.com'),
  /**
   * The portal's public origin (scheme, host, port), e.g. https://portal.example.ir. The login SMS
   * names its hostname in the WebOTP line; the request's Host header never does.
   */
  PUBLIC_SITE_URL: v.optional(v.pipe(v.string(), v.url('a URL such as https://portal.example.ir'), v.regex(/^https?:\/\//i, 'PUBLIC_SITE_URL must start with http:// or https://'))),
  /**
   * The server's key for HMACs (login codes now; payment and share links later). At least 32
   * characters; unset outside production: generated once into `$DATA_DIR/app-secret`.
   */
  APP_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'APP_SECRET must be at least 32 characters (e.g. `openssl rand -hex 32`)'))),
  PAYMENT_GATEWAY: v.optional(v.picklist(['sandbox', 'zarinpal']), 'sandbox'),
  /** `1` lets a production server take payments through the built-in simulated bank on purpose (a demo). */
  PAYMENT_ALLOW_SANDBOX: flag,
  /** Zarinpal's merchant id (a UUID from the Zarinpal panel); required with PAYMENT_GATEWAY=zarinpal. */
  ZARINPAL_MERCHANT_ID: v.optional(
    v.pipe(v.string(), v.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'a Zarinpal merchant id: a UUID such as 1344b5d4-0048-11e8-94db-005056a205be')),
  ),
  /** `1` sends payments to Zarinpal's sandbox (sandbox.zarinpal.com) instead of the real gateway. */
  ZARINPAL_SANDBOX: flag,
  /** Overrides Zarinpal's address (tests point it at a local fake); default from ZARINPAL_SANDBOX. */
  ZARINPAL_BASE_URL: v.optional(v.pipe(v.string(), v.url('a URL such as https://payment.zarinpal.com'))),
  /** The largest wallet charge in rials (api.md). */
  WALLET_CHARGE_MAX: v.optional(
    v.pipe(v.string(), v.regex(/^\d{7,14}$/, 'a whole number of rials, at least 1000000'), v.toNumber(), v.minValue(1_000_000), v.maxValue(10_000_000_000_000)),
    '500000000',
  ),
  /** How many payments one account may keep open at the bank at once (each waits up to PAYMENT_TIMEOUT_MINUTES). */
  PAYMENT_OPEN_LIMIT: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'a count: 1 … 100000'), v.toNumber(), v.minValue(1)), '5'),
  /** A payment not completed at the bank within this many minutes expires (DESIGN.md §5). */
  PAYMENT_TIMEOUT_MINUTES: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/, 'minutes: 5 … 1440'), v.toNumber(), v.minValue(5), v.maxValue(1440)), '20'),
  /** A shared invoice link stops opening this many days after the invoice is paid or voided (0: at once). */
  INVOICE_LINK_DAYS_AFTER_SETTLED: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'days: 0 … 365'), v.toNumber(), v.maxValue(365)), '7'),
  /** A held slot waits this many minutes for payment (spec/api.md «Appointments»). */
  HOLD_MINUTES: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'minutes: 1 … 120'), v.toNumber(), v.minValue(1), v.maxValue(120)), '10'),
  /** Open holds (held or waiting for the bank) of all the accounts of one phone together: one phone carries a family's accounts. */
  HOLD_LIMIT_PER_PHONE: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'a count: 1 … 100'), v.toNumber(), v.minValue(1), v.maxValue(100)), '2'),
  /** Open holds made from one address, whichever phones' accounts made them. */
  HOLD_LIMIT_PER_ADDRESS: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/, 'a count: 1 … 1000'), v.toNumber(), v.minValue(1), v.maxValue(1000)), '5'),
  /** A confirmed appointment may be cancelled (and moved) free of charge up to this many hours before it. */
  CANCEL_FREE_HOURS: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'hours: 0 … 720'), v.toNumber(), v.maxValue(720)), '24'),
  /** No slot starting sooner than this many minutes from now is offered, held or moved to: time to pay and to get there. */
  BOOKING_MIN_LEAD_MINUTES: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/, 'minutes: 0 … 1440'), v.toNumber(), v.maxValue(1440)), '60'),
  /** On the visit day, «رسیدم» (check-in) opens this many minutes before the slot. */
  CHECKIN_OPEN_MINUTES: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/, 'minutes: 0 … 1440'), v.toNumber(), v.maxValue(1440)), '60'),
  /** A patient gets one SMS when this many patients (or fewer) are left ahead of them in the doctor's queue. */
  QUEUE_NOTIFY_AHEAD: v.optional(v.pipe(v.string(), v.regex(/^\d{1,2}$/, 'a count: 0 … 20'), v.toNumber(), v.maxValue(20)), '2'),
  /** Live queue streams one process keeps open per account, and per address (a clinic's Wi-Fi puts a waiting room behind one address). */
  QUEUE_STREAMS_PER_ACCOUNT: v.optional(v.pipe(v.string(), v.regex(/^\d{1,2}$/, 'a count: 1 … 50'), v.toNumber(), v.minValue(1), v.maxValue(50)), '4'),
  QUEUE_STREAMS_PER_ADDRESS: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'a count: 1 … 10000'), v.toNumber(), v.minValue(1), v.maxValue(10000)), '200'),
  /** A freed slot offered to a waitlist patient is kept for them this many minutes (spec/api.md «Waitlist»). */
  WAITLIST_OFFER_MINUTES: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/, 'minutes: 1 … 1440'), v.toNumber(), v.minValue(1), v.maxValue(1440)), '30'),
  /** Waitlist entries in line per account, per phone (all its accounts together) and per address. */
  WAITLIST_LIMIT_PER_ACCOUNT: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'a count: 1 … 100'), v.toNumber(), v.minValue(1), v.maxValue(100)), '3'),
  WAITLIST_LIMIT_PER_PHONE: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'a count: 1 … 100'), v.toNumber(), v.minValue(1), v.maxValue(100)), '5'),
  WAITLIST_LIMIT_PER_ADDRESS: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/, 'a count: 1 … 10000'), v.toNumber(), v.minValue(1), v.maxValue(10000)), '30'),
  /** The reminder SMS goes out this many hours before an appointment. */
  REMINDER_HOURS: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'hours: 1 … 168'), v.toNumber(), v.minValue(1), v.maxValue(168)), '24'),
  /**
   * The hospital systems' API keys (spec/api.md "Hospital side"), comma-separated
   * `name:<sha256 hex of the key>[:scope+scope…]`; `npm run hospital -- new-key <name>` makes one.
   */
  HOSPITAL_API_KEYS: v.optional(v.string()),
  /**
   * The demo patient (README «Demo data»): `auto` adds it to an empty embedded database outside
   * production, `1` to any empty database, `0` never.
   */
  DEMO_DATA: v.optional(v.picklist(['auto', '0', '1']), 'auto'),
  /** The Kavenegar line that sends plain messages (receipts); unset: Kavenegar's default line. */
  KAVENEGAR_SENDER: v.optional(v.pipe(v.string(), v.regex(/^\d{4,20}$/, 'a Kavenegar line number: digits only'))),
  /**
   * How many reverse proxies / load balancers stand in front of the portal, each appending to
   * X-Forwarded-For: the client address is the entry that many places from the right (0: the socket).
   */
  TRUST_PROXY: v.optional(v.pipe(v.string(), v.regex(/^\d{1,2}$/, 'the number of trusted proxies in front of the portal: 0, 1, 2 …'), v.toNumber()), '0'),
});

type ParsedEnv = v.InferOutput<typeof EnvSchema>;
export type Env = ParsedEnv & { SMS_OUTBOX_FILE: string; PUBLIC_SITE_URL: string };

/** Where the portal is when PUBLIC_SITE_URL is unset (development, tests); astro.config.ts has the same default. */
export const DEFAULT_SITE_URL = 'http://localhost:4321';

/**
 * The site URL when PUBLIC_SITE_URL is unset (never in production): this machine at the port the
 * server listens on, so links in SMS open the running portal. PORT=0 (a free port picked at listen
 * time) is not known yet, and keeps the default.
 */
export function defaultSiteUrl(port: number): string {
  return port > 0 ? `http://localhost:${port}` : DEFAULT_SITE_URL;
}

/** Values that never appear in a message, not even a wrong one. */
const SECRETS = new Set(['KAVENEGAR_API_KEY', 'APP_SECRET', 'ZARINPAL_MERCHANT_ID']);

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Rules between variables; each broken one is a line of the EnvError. */
function crossChecks(config: ParsedEnv): string[] {
  const problems: string[] = [];
  if (config.NODE_ENV === 'production' && config.SMS_PROVIDER === 'console' && config.SMS_ALLOW_CONSOLE !== '1') {
    problems.push(
      "  SMS_PROVIDER=console in production: login codes would go to a file and the log, not to patients' phones." +
        ' Set SMS_PROVIDER=kavenegar with KAVENEGAR_API_KEY and KAVENEGAR_TEMPLATE, or SMS_ALLOW_CONSOLE=1 to run without SMS on purpose.',
    );
  }
  if (config.NODE_ENV === 'production' && !config.APP_SECRET) {
    problems.push(
      '  APP_SECRET is required in production: the key that protects the stored login codes (and later signed links).' +
        ' Set it to at least 32 random characters (e.g. `openssl rand -hex 32`), the same on every server process, and keep it secret.',
    );
  }
  if (config.NODE_ENV === 'production' && !config.PUBLIC_SITE_URL) {
    problems.push(
      "  PUBLIC_SITE_URL is required in production: the portal's public address (e.g. https://portal.example.ir)," +
        ' named in the login SMS so that phones offer the code to this site only.',
    );
  }
  if (config.NODE_ENV === 'production' && config.PAYMENT_GATEWAY === 'sandbox' && config.PAYMENT_ALLOW_SANDBOX !== '1') {
    problems.push(
      '  PAYMENT_GATEWAY=sandbox in production: patients would "pay" at a simulated bank and no money would move.' +
        ' Set PAYMENT_GATEWAY=zarinpal with ZARINPAL_MERCHANT_ID, or PAYMENT_ALLOW_SANDBOX=1 for a demo on purpose.',
    );
  }
  if (config.PAYMENT_GATEWAY === 'zarinpal' && !config.ZARINPAL_MERCHANT_ID) {
    problems.push('  ZARINPAL_MERCHANT_ID is required with PAYMENT_GATEWAY=zarinpal');
  }
  if (config.SMS_PROVIDER === 'kavenegar') {
    for (const key of ['KAVENEGAR_API_KEY', 'KAVENEGAR_TEMPLATE'] as const) {
      if (!config[key]) problems.push(`  ${key} is required with SMS_PROVIDER=kavenegar`);
    }
  }
  return problems;
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
  if (!result.success) {
    const lines = result.issues.map((issue) => {
      const key = issue.path?.map((p) => String(p.key)).join('.') ?? '?';
      const shown = SECRETS.has(key) ? '<hidden>' : JSON.stringify(source[key] ?? '');
      return `  ${key}=${shown}: ${issue.message}`;
    });
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const problems = crossChecks(result.output);
  if (problems.length > 0) throw new EnvError(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    ...result.output,
    PUBLIC_SITE_URL: result.output.PUBLIC_SITE_URL ?? defaultSiteUrl(result.output.PORT),
    SMS_OUTBOX_FILE: result.output.SMS_OUTBOX_FILE ?? path.join(result.output.DATA_DIR, 'sms-outbox.jsonl'),
  };
}

let cached: Env | undefined;

/** The process's configuration, parsed on first use. */
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}
