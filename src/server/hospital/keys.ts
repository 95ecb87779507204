import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { HOSPITAL_SCOPES, type HospitalScope } from '#lib/api/contracts/hospital.ts';
import { EnvError, env } from '../env.ts';
import { readOrCreateKeyFile } from '../secret.ts';

/** A hospital system's API key as the server knows it: by the SHA-256 of the key only. */
export interface HospitalKey {
  name: string;
  hash: Buffer;
  scopes: ReadonlySet<HospitalScope>;
}

/** The key `npm run hospital` uses on this machine; accepted with every scope. */
export const CLI_KEY_NAME = 'cli';
/** Where that key lives, inside DATA_DIR (mode 0600). */
export const CLI_KEY_FILE = 'hospital-cli-key';

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/;
const SHA256_HEX = /^[0-9a-f]{64}$/i;

export function isHospitalScope(word: string): word is HospitalScope {
  return (HOSPITAL_SCOPES as readonly string[]).includes(word);
}

/** Why `name` cannot name a key, or null when it can. */
export function keyNameProblem(name: string): string | null {
  if (!NAME.test(name)) return `"${name}" is not a key name: 1–40 letters, digits, "_", "." or "-", starting with a letter or digit`;
  if (name === CLI_KEY_NAME) return `the name "${CLI_KEY_NAME}" is reserved for the local command-line key`;
  return null;
}

/** `scope+scope…` → the scopes; empty → all of them. Throws with the unknown word. */
export function parseScopes(text: string): Set<HospitalScope> {
  if (text === '') return new Set(HOSPITAL_SCOPES);
  const scopes = new Set<HospitalScope>();
  for (const word of text.split('+')) {
    if (!isHospitalScope(word)) throw new Error(`unknown scope "${word}" (scopes: ${HOSPITAL_SCOPES.join(', ')})`);
    scopes.add(word);
  }
  return scopes;
}

/**
 * Parses HOSPITAL_API_KEYS: comma-separated `name:<sha256 hex of the key>[:scope+scope…]`; no
 * scopes = all. Throws an EnvError naming each malformed entry (by position and name, never its hash).
 */
export function parseHospitalKeys(text: string | undefined): HospitalKey[] {
  const keys: HospitalKey[] = [];
  const problems: string[] = [];
  const entries = (text ?? '').split(',').map((entry) => entry.trim());
  for (const [index, entry] of entries.entries()) {
    if (entry === '') continue;
    const [name = '', hash = '', scopes = '', ...rest] = entry.split(':');
    const where = `  HOSPITAL_API_KEYS entry ${index + 1} ("${name}")`;
    const nameProblem = keyNameProblem(name);
    if (nameProblem) {
      problems.push(`${where}: ${nameProblem}`);
      continue;
    }
    if (!SHA256_HEX.test(hash)) {
      problems.push(`${where}: the second part must be the SHA-256 of the key, 64 hex digits (npm run hospital -- new-key ${name})`);
      continue;
    }
    if (rest.length > 0) {
      problems.push(`${where}: expected name:<sha256>[:scope+scope…], found ${rest.length + 3} parts`);
      continue;
    }
    if (keys.some((key) => key.name === name)) {
      problems.push(`${where}: the name is used twice`);
      continue;
    }
    try {
      keys.push({ name, hash: Buffer.from(hash, 'hex'), scopes: parseScopes(scopes) });
    } catch (error) {
      problems.push(`${where}: ${(error as Error).message}`);
    }
  }
  if (problems.length > 0) throw new EnvError(`Invalid configuration:\n${problems.join('\n')}`);
  return keys;
}

/** What HOSPITAL_API_KEYS holds for a key: its SHA-256, hex. */
export function hashHospitalKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A fresh key: 256 random bits, base64url (43 characters). */
export function newHospitalKey(): string {
  return randomBytes(32).toString('base64url');
}

/** The HOSPITAL_API_KEYS entry for `key`. */
export function hospitalKeyEntry(name: string, key: string, scopes: ReadonlySet<HospitalScope>): string {
  const all = HOSPITAL_SCOPES.every((scope) => scopes.has(scope));
  return `${name}:${hashHospitalKey(key)}${all ? '' : `:${HOSPITAL_SCOPES.filter((scope) => scopes.has(scope)).join('+')}`}`;
}

/**
 * The key whose hash matches `presented`. Every entry is compared, in constant time, whatever
 * matched, so the answer's timing says nothing about which keys exist.
 */
export function findHospitalKey(keys: readonly HospitalKey[], presented: string): HospitalKey | undefined {
  const hash = createHash('sha256').update(presented, 'utf8').digest();
  let found: HospitalKey | undefined;
  for (const key of keys) {
    if (timingSafeEqual(hash, key.hash) && !found) found = key;
  }
  return found;
}

/** The configured key a request's `Authorization: Bearer <key>` header names, if any. */
export function hospitalKeyOfHeader(authorization: string | null | undefined): HospitalKey | undefined {
  const presented = /^Bearer\s+(\S{1,512})\s*$/i.exec(authorization ?? '')?.[1];
  return presented === undefined ? undefined : findHospitalKey(hospitalKeys(), presented);
}

/** The local command-line key in `$DATA_DIR/hospital-cli-key`, created on first use (see readOrCreateKeyFile). */
export function loadCliKey(dataDir: string): string {
  return readOrCreateKeyFile(path.resolve(dataDir, CLI_KEY_FILE), newHospitalKey);
}

let cached: HospitalKey[] | undefined;

/**
 * The keys the hospital API accepts: HOSPITAL_API_KEYS and the local CLI key (named `cli`, every
 * scope). Read once; the start script calls it before listening, so a malformed entry stops the start.
 */
export function hospitalKeys(): HospitalKey[] {
  if (!cached) {
    const config = env();
    const configured = parseHospitalKeys(config.HOSPITAL_API_KEYS);
    const cli = loadCliKey(config.DATA_DIR);
    cached = [...configured, { name: CLI_KEY_NAME, hash: Buffer.from(hashHospitalKey(cli), 'hex'), scopes: new Set(HOSPITAL_SCOPES) }];
  }
  return cached;
}
