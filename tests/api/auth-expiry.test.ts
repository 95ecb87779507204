import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../src/server/auth/messages.ts';
import { lastCode, nationalCode, post } from '../support/portal-api.ts';
import { withDataDir } from '../support/read-data-dir.ts';
import { startServer } from '../support/server.ts';

// Expiry is judged by the service's clock (see src/server/auth/service.test.ts for the 2 minutes,
// 10 minutes and 30 days). Here time passes the other way: the stored deadlines are moved into the
// past while the server is stopped, and the restarted server must refuse what expired.
describe('stored deadlines, across a restart', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-expiry-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // Two starts of the server: more than the default 30 s on a busy machine.
  it('refuses an expired code, an expired token and a closed registration window', { timeout: 120_000 }, async () => {
    const ip = '203.0.113.60';
    const [codePhone, tokenPhone, windowPhone] = ['09351110001', '09351110002', '09351110003'];
    const first = await startServer({ dataDir, env: { TRUST_PROXY: '1' } });
    let token = '';
    let windowCode = '';
    try {
      await post(first, 'auth/login/with/phone-number', { phone_number: codePhone }, { ip });
      for (const phone of [tokenPhone, windowPhone]) {
        await post(first, 'auth/login/with/phone-number', { phone_number: phone }, { ip });
        expect((await post(first, 'auth/check_verification_code', { phone_number: phone, code: lastCode(first, phone) }, { ip })).status).toBe(200);
      }
      const registered = await post(
        first,
        'auth/register',
        { phone_number: tokenPhone, code: lastCode(first, tokenPhone), first_name: 'نازنین', last_name: 'امینی', international_code: nationalCode(1), gender: 'female' },
        { ip },
      );
      token = ((await registered.json()) as { data: { token: string } }).data.token;
      expect((await post(first, 'user/info', undefined, { token })).status).toBe(200);
      windowCode = lastCode(first, windowPhone);
    } finally {
      await first.stop();
    }
    const codeToCheck = lastCode(first, codePhone);

    await withDataDir(dataDir, async (db) => {
      await db.execute(sql`update otp_codes set expires_at = now() - interval '1 second' where phone_number = ${codePhone}`);
      await db.execute(sql`update auth_tokens set expires_at = now() - interval '1 second'`);
      await db.execute(sql`update otp_codes set verified_at = verified_at - interval '10 minutes 1 second' where phone_number = ${windowPhone}`);
    });

    const second = await startServer({ dataDir, env: { TRUST_PROXY: '1' } });
    try {
      const expired = await post(second, 'auth/check_verification_code', { phone_number: codePhone, code: codeToCheck }, { ip });
      expect(expired.status).toBe(422);
      expect(((await expired.json()) as { errors: unknown }).errors).toEqual({ code: [authMessages.codeExpired] });

      expect((await post(second, 'user/info', undefined, { token })).status).toBe(401);

      const late = await post(
        second,
        'auth/register',
        { phone_number: windowPhone, code: windowCode, first_name: 'نازنین', last_name: 'امینی', international_code: nationalCode(2), gender: 'female' },
        { ip },
      );
      expect(late.status).toBe(422);
      expect(((await late.json()) as { errors: unknown }).errors).toEqual({ code: [authMessages.registrationClosed] });
    } finally {
      await second.stop();
    }
  });
});
