import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.ts';
import { loadAppSecret, SECRET_FILE, SecretError } from './secret.ts';

const root = mkdtempSync(path.join(tmpdir(), 'portal-secret-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let dirs = 0;
const freshDir = () => path.join(root, `data-${++dirs}`);

function envError(source: Record<string, string>): string {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error('parseEnv accepted it');
}

describe('APP_SECRET and PUBLIC_SITE_URL in the configuration', () => {
  const production = { NODE_ENV: 'production', SMS_ALLOW_CONSOLE: '1', PAYMENT_ALLOW_SANDBOX: '1' };

  it('requires both in production, saying what they are for', () => {
    const message = envError(production);
    expect(message).toMatch(/APP_SECRET is required in production.*openssl rand -hex 32/);
    expect(message).toMatch(/PUBLIC_SITE_URL is required in production/);
    expect(parseEnv({ ...production, APP_SECRET: 'x'.repeat(32), PUBLIC_SITE_URL: 'https://portal.example.ir' }).PUBLIC_SITE_URL).toBe('https://portal.example.ir');
  });

  it('refuses a short APP_SECRET without printing it', () => {
    const short = 'tooShortSecret-1234567890abcde';
    const message = envError({ APP_SECRET: short });
    expect(message).toContain('APP_SECRET=<hidden>: APP_SECRET must be at least 32 characters');
    expect(message).not.toContain(short);
  });

  it('takes PUBLIC_SITE_URL as an http(s) URL, defaulting to http://localhost:4321 outside production', () => {
    expect(parseEnv({}).PUBLIC_SITE_URL).toBe('http://localhost:4321');
    expect(envError({ PUBLIC_SITE_URL: 'portal.example.ir' })).toContain('PUBLIC_SITE_URL="portal.example.ir"');
    expect(envError({ PUBLIC_SITE_URL: 'ftp://portal.example.ir' })).toContain('must start with http:// or https://');
  });
});

describe('loadAppSecret', () => {
  it('uses APP_SECRET when it is set, and writes nothing', () => {
    const dir = freshDir();
    expect(loadAppSecret({ APP_SECRET: 'k'.repeat(40), DATA_DIR: dir })).toBe('k'.repeat(40));
    expect(() => statSync(dir)).toThrow();
  });

  it('otherwise generates 32 random bytes into $DATA_DIR/app-secret, readable by the owner only, and reuses them', () => {
    const dir = freshDir();
    const first = loadAppSecret({ APP_SECRET: undefined, DATA_DIR: dir });
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dir, SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(loadAppSecret({ APP_SECRET: undefined, DATA_DIR: dir })).toBe(first);
    expect(loadAppSecret({ APP_SECRET: undefined, DATA_DIR: freshDir() })).not.toBe(first);
    // No temporary files are left behind.
    expect(readdirSync(dir)).toEqual([SECRET_FILE]);
  });

  it('refuses a damaged key file rather than use it', () => {
    const dir = freshDir();
    loadAppSecret({ APP_SECRET: undefined, DATA_DIR: dir });
    writeFileSync(path.join(dir, SECRET_FILE), 'short\n');
    expect(() => loadAppSecret({ APP_SECRET: undefined, DATA_DIR: dir })).toThrow(SecretError);
  });

  it('gives every process the same key when several start at once on a new data directory', async () => {
    const dir = freshDir();
    const module = fileURLToPath(new URL('./secret.ts', import.meta.url));
    const script = `import(${JSON.stringify(module)}).then((m) => process.stdout.write(m.loadAppSecret({ DATA_DIR: process.argv[1] })))`;
    const run = () =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, ['--input-type=module', '-e', script, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        let err = '';
        child.stdout.on('data', (chunk) => (out += chunk));
        child.stderr.on('data', (chunk) => (err += chunk));
        child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(err))));
      });
    const keys = await Promise.all(Array.from({ length: 6 }, run));
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toBe(readFileSync(path.join(dir, SECRET_FILE), 'utf8').trim());
  });
});
