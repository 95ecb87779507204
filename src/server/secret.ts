import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Env, env } from './env.ts';

/** The shortest key accepted, from APP_SECRET or the generated file. */
export const MIN_SECRET_LENGTH = 32;

/** The file the generated key lives in, inside DATA_DIR. */
export const SECRET_FILE = 'app-secret';

export class SecretError extends Error {
  override name = 'SecretError';
}

function readSecretFile(file: string, hint: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const secret = text.trim();
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new SecretError(`${file} holds no usable key (fewer than ${MIN_SECRET_LENGTH} characters): delete it to generate a new one${hint}.`);
  }
  return secret;
}

/**
 * The key in `file`, created on first use from `generate()` (mode 0600). The file appears complete
 * or not at all (written under a temporary name, then hard-linked into place, which fails if it
 * already exists), so processes that start together all end up with the first one's key.
 */
export function readOrCreateKeyFile(file: string, generate: () => string, { hint = '' }: { hint?: string } = {}): string {
  const existing = readSecretFile(file, hint);
  if (existing) return existing;
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, `${generate()}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
  } catch (error) {
    // Another process created it first: its key is the one.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  const secret = readSecretFile(file, hint);
  if (!secret) throw new SecretError(`${file} could not be created`);
  return secret;
}

/**
 * The server's HMAC key: APP_SECRET when set; otherwise the key in `$DATA_DIR/app-secret`, created
 * on first use (32 random bytes, hex, mode 0600; see readOrCreateKeyFile).
 */
export function loadAppSecret({ APP_SECRET, DATA_DIR }: Pick<Env, 'APP_SECRET' | 'DATA_DIR'>): string {
  if (APP_SECRET) return APP_SECRET;
  return readOrCreateKeyFile(path.resolve(DATA_DIR, SECRET_FILE), () => randomBytes(32).toString('hex'), { hint: ', or set APP_SECRET' });
}

let cached: string | undefined;

/**
 * The process's HMAC key (see loadAppSecret). Every use puts its own prefix in the message it
 * signs (`otp:` for login codes), so one key serves them all.
 */
export function appSecret(): string {
  cached ??= loadAppSecret(env());
  return cached;
}
