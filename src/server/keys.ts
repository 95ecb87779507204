import { randomBytes, randomInt } from 'node:crypto';
import type { Db } from './db/client.ts';
import { isUniqueViolation } from './db/errors.ts';

/** Letters and digits a patient cannot misread (no 0/O, 1/I/L). */
const KEY_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A short printable key a patient sees (api.md), e.g. `WD-7K3M9Q`: 6 characters, about 30 bits. */
export function newBusinessKey(prefix: string): string {
  let key = '';
  for (let i = 0; i < 6; i++) key += KEY_ALPHABET[randomInt(KEY_ALPHABET.length)];
  return `${prefix}-${key}`;
}

/** An id that opens something without login (payment ids in URLs): 128 random bits, base64url. */
export function newCapabilityId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * Inserts with a fresh business key, drawing another when the unique `constraint` on the key is hit
 * (rare: 30 bits); other errors pass through. Each try runs in a savepoint of `db`'s transaction,
 * so a collision does not abort the caller's transaction.
 */
export async function withFreshKey<T>(db: Db, prefix: string, constraint: string, insert: (db: Db, key: string) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      const key = newBusinessKey(prefix);
      return await db.transaction((savepoint) => insert(savepoint, key));
    } catch (error) {
      if (attempt >= 5 || !isUniqueViolation(error, constraint)) throw error;
    }
  }
}

/** Whether `key` has the shape newBusinessKey(prefix) gives; anything else is not looked up. */
export function isBusinessKey(prefix: string, key: string): boolean {
  return key.length === prefix.length + 7 && key.startsWith(`${prefix}-`) && [...key.slice(prefix.length + 1)].every((c) => KEY_ALPHABET.includes(c));
}

/** Whether `id` has the shape newCapabilityId gives (22 base64url characters). */
export function isCapabilityId(id: string): boolean {
  return /^[A-Za-z0-9_-]{22}$/.test(id);
}
