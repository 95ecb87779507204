/**
 * The machinery every `npm run hospital` command shares: calling the portal's hospital API (or, when
 * no portal answers, the same service on the database), checking input with the API's own schemas,
 * and printing plain tables.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { HOSPITAL_API_BASE } from '../../src/lib/api/contracts/hospital.ts';
import type { ListMeta } from '../../src/lib/api/contracts/list.ts';
import { formatJalaliDateTime } from '../../src/lib/format/date.ts';
import { toLatinDigits } from '../../src/lib/format/digits.ts';
import { formatNumber } from '../../src/lib/format/number.ts';
import { type Db, openConfiguredDatabase } from '../../src/server/db/index.ts';
import { env } from '../../src/server/env.ts';
import { CLI_KEY_FILE, CLI_KEY_NAME } from '../../src/server/hospital/keys.ts';
import { writeAudit } from '../../src/server/hospital/repository.ts';
import { errorResponse, fieldErrors } from '../../src/server/http.ts';

/** A refusal to print as it is (no stack), exit code 1. */
export class CliError extends Error {
  override name = 'CliError';
}

/** An answer in the API's envelope, whichever way it was obtained. */
interface Answer<T> {
  status: number;
  body: { success: true; data: T; meta?: ListMeta } | { success: false; message: string; errors?: Record<string, string[]> };
}

/** One action: the API call, and the same service call for when no portal answers. */
export interface Action<T> {
  method: 'GET' | 'POST' | 'DELETE';
  /** Under /api/hospital/v1, with the query string. */
  path: string;
  body?: unknown;
  /** The body's media type; default application/json. */
  contentType?: string;
  /** Sent as `Idempotency-Key`: a repeat of the same action returns the first answer. */
  idempotencyKey?: string;
  direct: (db: Db, now: Date) => Promise<{ data: T; meta?: ListMeta }>;
  /** The API's success status, for the audit row of a direct call; default 200. */
  status?: 200 | 201;
}

export function portalUrl(): string {
  return process.env.PORTAL_URL ?? `http://127.0.0.1:${process.env.PORT || 4321}`;
}

function apiKey(): string | undefined {
  if (process.env.HOSPITAL_API_KEY) return process.env.HOSPITAL_API_KEY;
  try {
    return readFileSync(path.resolve(env().DATA_DIR, CLI_KEY_FILE), 'utf8').trim();
  } catch {
    return undefined;
  }
}

function isConnectionRefused(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; errors?: { code?: string }[] } }).cause;
  return cause?.code === 'ECONNREFUSED' || (cause?.errors?.length ? cause.errors.every((e) => e.code === 'ECONNREFUSED') : false);
}

async function overHttp<T>(action: Action<T>): Promise<Answer<T> | 'refused'> {
  const key = apiKey();
  let response: Response;
  try {
    response = await fetch(new URL(`${HOSPITAL_API_BASE}${action.path}`, portalUrl()), {
      method: action.method,
      headers: {
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(action.body === undefined ? {} : { 'content-type': action.contentType ?? 'application/json' }),
        ...(action.idempotencyKey ? { 'idempotency-key': action.idempotencyKey } : {}),
      },
      body: action.body === undefined ? undefined : JSON.stringify(action.body),
    });
  } catch (error) {
    if (isConnectionRefused(error)) return 'refused';
    throw new CliError(`The portal at ${portalUrl()} did not answer: ${(error as Error).message}`);
  }
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as Answer<T>['body'] };
  } catch {
    throw new CliError(`The portal at ${portalUrl()} answered ${response.status} with something other than JSON: ${text.slice(0, 200)}`);
  }
}

/** The action on the database itself, audited as the key `cli` would be. */
async function directly<T>(action: Action<T>): Promise<Answer<T>> {
  const database = await openConfiguredDatabase();
  const now = new Date();
  try {
    let answer: Answer<T>;
    try {
      answer = { status: action.status ?? 200, body: { success: true, ...(await action.direct(database.db, now)) } };
    } catch (error) {
      const response = errorResponse(error);
      answer = { status: response.status, body: (await response.json()) as Answer<T>['body'] };
    }
    await writeAudit(database.db, {
      keyName: CLI_KEY_NAME,
      method: action.method,
      path: `${HOSPITAL_API_BASE}${action.path}`,
      status: answer.status,
      idempotencyKey: null,
      ip: 'local (npm run hospital)',
      createdAt: now,
    });
    return answer;
  } finally {
    await database.close();
  }
}

/** Runs `action` through the portal, or on the database when no portal answers; a refusal becomes a CliError «status: message». */
export async function perform<T>(action: Action<T>): Promise<{ data: T; meta?: ListMeta }> {
  let answer = await overHttp(action);
  if (answer === 'refused') {
    console.error(`(No portal at ${portalUrl()}: working on the database directly.)`);
    answer = await directly(action);
  }
  if (!answer.body.success) {
    const fields = Object.entries(answer.body.errors ?? {}).map(([field, messages]) => `\n  ${field}: ${messages.join('؛ ')}`);
    const hint = answer.status === 401 ? `\n(Set HOSPITAL_API_KEY, or run this where the portal's DATA_DIR holds ${CLI_KEY_FILE}.)` : '';
    throw new CliError(`${answer.status}: ${answer.body.message}${fields.join('')}${hint}`);
  }
  return answer.body;
}

/** `schema`'s output for `input`, or a CliError listing each field's messages. */
export function checked<TSchema extends v.GenericSchema>(schema: TSchema, input: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const lines = Object.entries(fieldErrors(result.issues)).map(([field, messages]) => `  ${field}: ${messages.join('؛ ')}`);
  throw new CliError(`اطلاعات درست نیست:\n${lines.join('\n')}`);
}

export const rials = (amount: number) => `${formatNumber(amount)} ریال`;
export const when = (iso: string | undefined) => (iso ? toLatinDigits(formatJalaliDateTime(iso, 'short')) : '');

/** Plain columns, padded to the widest cell (zero-width joiners do not count). */
export function table(header: string[], rows: string[][]): string {
  const width = (cell: string) => [...cell.replace(/\u200C/g, '')].length;
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => width(row[column] ?? ''))));
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell + ' '.repeat(widths[column]! - width(cell)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** The line under a page of a list: how many, which page, and how to get the next. */
export function pageLine(meta: ListMeta | undefined, noun: string): string | undefined {
  if (!meta) return undefined;
  const pages = Math.max(1, Math.ceil(meta.total / meta.per_page));
  return `\n${formatNumber(meta.total)} ${noun}؛ صفحهٔ ${meta.page} از ${pages}${meta.page < pages ? ` (بعدی: --page ${meta.page + 1})` : ''}`;
}

/** `--name value` (or `--name=value`) options and the words around them; `lists` keeps every value of a repeated option. */
export function options(args: string[]): { words: string[]; flags: Record<string, string>; lists: Record<string, string[]> } {
  const words: string[] = [];
  const flags: Record<string, string> = {};
  const lists: Record<string, string[]> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
      const value = inline ?? args[++i];
      if (!name || value === undefined) throw new CliError(`${arg} needs a value`);
      flags[name] = value;
      (lists[name] ??= []).push(value);
    } else words.push(arg);
  }
  return { words, flags, lists };
}

/** Refuses options other than `allowed` with the command's usage line. */
export function onlyOptions(flags: Record<string, string>, allowed: readonly string[], usage: string): void {
  if (Object.keys(flags).some((flag) => !allowed.includes(flag))) throw new CliError(`usage: npm run hospital -- ${usage}`);
}

/** A key as typed (any case, spaces around), for the URL and the services. */
export const typedKey = (key: string) => key.trim().toUpperCase();
