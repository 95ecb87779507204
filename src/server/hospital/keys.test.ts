import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HOSPITAL_SCOPES } from '#lib/api/contracts/hospital.ts';
import { EnvError } from '../env.ts';
import { CLI_KEY_FILE, findHospitalKey, hashHospitalKey, hospitalKeyEntry, loadCliKey, newHospitalKey, parseHospitalKeys, parseScopes } from './keys.ts';

const hashA = hashHospitalKey('key-a');
const hashB = hashHospitalKey('key-b');

function refusal(text: string): string {
  try {
    parseHospitalKeys(text);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error(`accepted: ${text}`);
}

describe('HOSPITAL_API_KEYS', () => {
  it('reads name:hash[:scopes] entries; no scopes means all of them', () => {
    const keys = parseHospitalKeys(` his:${hashA} , lab:${hashB.toUpperCase()}:test-results+invoices,`);
    expect(keys.map((key) => [key.name, [...key.scopes].sort()])).toEqual([
      ['his', [...HOSPITAL_SCOPES].sort()],
      ['lab', ['invoices', 'test-results']],
    ]);
    expect(parseHospitalKeys(undefined)).toEqual([]);
    expect(parseHospitalKeys('')).toEqual([]);
  });

  it('refuses each malformed entry by position and name, never printing its hash', () => {
    const message = refusal(`his:${hashA}:withdrawals+payroll,lab:1234,bad name:${hashB},cli:${hashB},his:${hashB},x:${hashB}:withdrawals:extra`);
    expect(message).toContain('entry 1 ("his"): unknown scope "payroll"');
    expect(message).toContain('entry 2 ("lab"): the second part must be the SHA-256 of the key, 64 hex digits');
    expect(message).toContain('entry 3 ("bad name"): "bad name" is not a key name');
    expect(message).toContain('entry 4 ("cli"): the name "cli" is reserved');
    expect(message).toContain('entry 6 ("x"): expected name:<sha256>[:scope+scope…]');
    expect(message).not.toContain(hashA);
    // Entry 5 repeats "his", whose own entry 1 was refused: only names that parsed count as taken.
    expect(refusal(`his:${hashA},his:${hashB}`)).toContain('entry 2 ("his"): the name is used twice');
  });

  it('finds the key a bearer presents, and nothing for an unknown or empty one', () => {
    const keys = parseHospitalKeys(`his:${hashA}:withdrawals,lab:${hashB}`);
    expect(findHospitalKey(keys, 'key-a')?.name).toBe('his');
    expect(findHospitalKey(keys, 'key-b')?.name).toBe('lab');
    expect(findHospitalKey(keys, 'key-c')).toBeUndefined();
    expect(findHospitalKey(keys, '')).toBeUndefined();
    expect(findHospitalKey(keys, hashA)).toBeUndefined();
  });

  it('new-key makes 256-bit base64url keys whose entry parses back to the same key and scopes', () => {
    const key = newHospitalKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newHospitalKey()).not.toBe(key);
    const entry = hospitalKeyEntry('his', key, parseScopes('withdrawals+invoices'));
    expect(entry).toBe(`his:${hashHospitalKey(key)}:invoices+withdrawals`);
    expect(entry).not.toContain(key);
    const [parsed] = parseHospitalKeys(entry);
    expect(findHospitalKey([parsed!], key)?.scopes).toEqual(new Set(['invoices', 'withdrawals']));
    expect(hospitalKeyEntry('his', key, parseScopes(''))).toBe(`his:${hashHospitalKey(key)}`);
  });
});

describe('the local CLI key', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-cli-key-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is created once, readable by its owner only, and the same on every later read', () => {
    const key = loadCliKey(dir);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const file = path.join(dir, CLI_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(key);
    expect(loadCliKey(dir)).toBe(key);
  });
});
