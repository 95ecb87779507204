import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAccount } from '../../src/server/accounts/repository.ts';
import { nationalCode, post, registerPatient } from '../support/portal-api.ts';
import { countLoginRowsIn, withDataDir } from '../support/read-data-dir.ts';
import { type RunningServer, startServer } from '../support/server.ts';

// A server of its own: one patient registers, then every kind of bad body is sent to every
// endpoint, and the database must hold exactly that one login's rows afterwards.
let server: RunningServer;
const phone = '09351234567';
const ip = '203.0.113.50';
let token = '';
let accountId = 0;

beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: '1' } });
  ({ token, accountId } = await registerPatient(server, { phone, ip, firstName: 'لیلا', lastName: 'صادقی', internationalCode: nationalCode(1) }));
});
afterAll(() => server?.dispose());

const endpoints = ['auth/login/with/phone-number', 'auth/check_verification_code', 'auth/register', 'user/update'] as const;
const huge = JSON.stringify({ phone_number: phone, padding: 'x'.repeat(8 * 1024) });

describe.each(endpoints)('POST /api/%s with a bad body', (endpoint) => {
  const call = (body: string, type = 'application/json') => post(server, endpoint, body, { ip, token, type });

  it('refuses malformed JSON with 422', async () => {
    const response = await call('{"phone_number": "0935');
    expect(response.status).toBe(422);
    expect(((await response.json()) as { message: string }).message).toMatch(/[\u0600-\u06FF]/);
  });

  it('refuses JSON that is not an object, or misses every field, with 422', async () => {
    for (const body of ['[]', 'null', '"09351234567"', '{}']) expect((await call(body)).status).toBe(422);
  });

  it('refuses a body that is not JSON with 415', async () => {
    expect((await call('<phone_number>09351234567</phone_number>', 'application/xml')).status).toBe(415);
  });

  it('refuses a body over 4 KB with 413', async () => {
    const response = await call(huge);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('after the bad bodies', () => {
  it('the database holds only the one login: no code, failed check, token or change was written', async () => {
    // Wrong field values too, which reach the validator but never a service.
    await post(server, 'auth/check_verification_code', { phone_number: phone, code: '1234' }, { ip });
    await post(server, 'auth/register', { phone_number: phone, code: '12345', first_name: 'Laila', last_name: 'صادقی', international_code: nationalCode(2), gender: 'female' }, { ip });
    await post(server, 'user/update', { first_name: 'لیلا', last_name: 'صادقی', international_code: '0000000000', gender: 'female' }, { ip, token });
    await server.stop('SIGTERM');
    expect(await countLoginRowsIn(server.dataDir)).toEqual({ accounts: 1, codes: 1, failedChecks: 0, tokens: 1 });
    const account = await withDataDir(server.dataDir, (db) => findAccount(db, accountId));
    expect(account).toMatchObject({ firstName: 'لیلا', lastName: 'صادقی', internationalCode: nationalCode(1), birthday: null });
  });
});
