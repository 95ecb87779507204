import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../src/server/auth/messages.ts';
import { latestCode } from '../../src/server/auth/repository.ts';
import { lastCode, post } from '../support/portal-api.ts';
import { withDataDir } from '../support/read-data-dir.ts';
import { startServer } from '../support/server.ts';

// The key is generated into DATA_DIR when APP_SECRET is unset; '' makes sure it is unset here.
const generated = { TRUST_PROXY: '1', APP_SECRET: '' };

describe('the HMAC key of login codes, across restarts', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-secret-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // Three starts of the server: more than the default 30 s on a busy machine.
  it('is generated once into DATA_DIR, keeps stored codes irreversible without it, and still opens a code sent before a restart', { timeout: 120_000 }, async () => {
    const ip = '203.0.113.90';
    const phone = '09351110020';
    const first = await startServer({ dataDir, env: generated });
    try {
      expect((await post(first, 'auth/login/with/phone-number', { phone_number: phone }, { ip })).status).toBe(200);
    } finally {
      await first.stop();
    }
    const code = lastCode(first, phone);
    const keyFile = path.join(dataDir, 'app-secret');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const key = readFileSync(keyFile, 'utf8').trim();
    expect(key).toMatch(/^[0-9a-f]{64}$/);

    const stored = await withDataDir(dataDir, async (db) => {
      // Restarts on a busy machine may take longer than the code's 2 minutes.
      await db.execute(sql`update otp_codes set expires_at = now() + interval '1 hour' where phone_number = ${phone}`);
      return (await latestCode(db, phone))!.codeHash;
    });
    expect(stored).not.toBe(createHash('sha256').update(`otp:${phone}:${code}`).digest('hex'));
    expect(stored).toBe(createHmac('sha256', key).update(`otp:${phone}:${code}`).digest('hex'));

    // Under another key the same code does not match.
    const other = await startServer({ dataDir, env: { ...generated, APP_SECRET: 'another-key-for-this-test-only-000000000' } });
    try {
      const refused = await post(other, 'auth/check_verification_code', { phone_number: phone, code }, { ip });
      expect(refused.status).toBe(422);
      expect(((await refused.json()) as { errors: unknown }).errors).toEqual({ code: [authMessages.codeWrong] });
    } finally {
      await other.stop();
    }

    // The generated key is read back after a restart: the code still opens.
    const second = await startServer({ dataDir, env: generated });
    try {
      const opened = await post(second, 'auth/check_verification_code', { phone_number: phone, code }, { ip });
      expect(opened.status).toBe(200);
      expect(await opened.json()).toEqual({ success: true, register: false, data: [] });
    } finally {
      await second.stop();
    }
    expect(readFileSync(keyFile, 'utf8').trim()).toBe(key);
  });
});
