import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/lib/api/contracts/auth.ts';
import { accountMessages } from '../../src/server/accounts/messages.ts';
import { insertAccount } from '../../src/server/accounts/repository.ts';
import { authMessages } from '../../src/server/auth/messages.ts';
import type { Db } from '../../src/server/db/client.ts';
import { transfer } from '../../src/server/ledger/transfer.ts';
import { lastCode, nationalCode, newIp, newPhone, otherCode, post, postRaw, readOutbox } from '../support/portal-api.ts';
import { withDataDir } from '../support/read-data-dir.ts';
import { type RunningServer, startServer } from '../support/server.ts';

/** A phone that already owns two accounts (a mother and her son) before the server starts. */
const family = { phone: '09121110000', mother: nationalCode(9001), son: nationalCode(9002) };
/** Another registered phone, for the enumeration test (each phone gets one code a minute). */
const registered = { phone: '09121110001', code: nationalCode(9003) };

let server: RunningServer;
beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-auth-'));
  await withDataDir(dataDir, async (db) => {
    await insertAccount(db, { phoneNumber: family.phone, firstName: 'مریم', lastName: 'رضایی', internationalCode: family.mother, gender: 'female' });
    const son = await insertAccount(db, { phoneNumber: family.phone, firstName: 'علی', lastName: 'رضایی', internationalCode: family.son, gender: 'male' });
    await db.transaction((tx) => transfer(tx as unknown as Db, { from: 'gateway', to: { wallet: son.id }, amount: 2_500_000, type: 'charge', description: 'شارژ کیف پول', now: new Date() }));
    await insertAccount(db, { phoneNumber: registered.phone, firstName: 'حسن', lastName: 'کاظمی', internationalCode: registered.code, gender: 'male' });
  });
  server = await startServer({ dataDir, env: { TRUST_PROXY: '1' } });
});
afterAll(() => server?.dispose());

interface Envelope {
  success: boolean;
  message?: string;
  errors?: Record<string, string[]>;
}
interface CheckAnswer extends Envelope {
  register: boolean;
  data: Array<{ token: string; user: User }>;
}

const sendCode = (phone_number: unknown, ip: string) => post(server, 'auth/login/with/phone-number', { phone_number }, { ip });
const check = (phone_number: string, code: string, ip: string) => post(server, 'auth/check_verification_code', { phone_number, code }, { ip });

/** Sends a code to `phone` and returns it, read from the SMS outbox. */
async function codeFor(phone: string, ip: string): Promise<string> {
  const response = await sendCode(phone, ip);
  expect(response.status).toBe(200);
  return lastCode(server, phone);
}

let people = 0;
const person = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'سارا',
  last_name: 'محمدی',
  international_code: nationalCode(++people),
  gender: 'female',
  ...overrides,
});

describe('POST /api/auth/login/with/phone-number', () => {
  it('sends a 5-digit code by SMS, ending with the WebOTP line for PUBLIC_SITE_URL, and answers without caching', async () => {
    const phone = newPhone();
    const response = await sendCode(phone, newIp());
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ success: true, message: authMessages.codeSent });
    const sms = readOutbox(server).findLast((line) => line.to === phone)!;
    // PUBLIC_SITE_URL is unset here: its default, http://localhost:4321, not the address the request used.
    expect(sms.text.split('\n').at(-1)).toMatch(/^@localhost #\d{5}$/);
    expect(Date.parse(sms.at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it.each([
    ['another site', 'evil.example'],
    ['a 3,000-character name', `${'a'.repeat(2990)}.example.ir`],
  ])('never names the Host header in the SMS, even %s', async (_title, host) => {
    const phone = newPhone();
    const response = await postRaw(server, 'auth/login/with/phone-number', { phone_number: phone }, { host, 'x-forwarded-for': newIp() });
    expect(response.status).toBe(200);
    const sms = readOutbox(server).findLast((line) => line.to === phone)!;
    expect(sms.text.split('\n').at(-1)).toMatch(/^@localhost #\d{5}$/);
    expect(sms.text).not.toContain('example');
    expect(sms.text.length).toBeLessThan(70);
  });

  it('accepts Persian digits and the +98, 0098 and 0 prefixes, and sends to the normalised number', async () => {
    for (const [written, phone] of [
      ['+۹۸۹۳۵۷۷۷۰۰۰۱', '09357770001'],
      ['00989357770002', '09357770002'],
      ['۰۹۳۵ ۷۷۷ ۰۰۰۳', '09357770003'],
      ['9357770004', '09357770004'],
    ]) {
      expect((await sendCode(written, newIp())).status).toBe(200);
      expect(lastCode(server, phone!)).toMatch(/^\d{5}$/);
    }
  });

  it.each([
    ['a landline', '02188776655'],
    ['a short number', '0912123'],
    ['a foreign number', '+447700900123'],
    ['an empty value', ''],
    ['a number instead of a string', 9121234567],
  ])('refuses %s with 422 under phone_number and sends nothing', async (_title, phone_number) => {
    const before = readOutbox(server).length;
    const response = await sendCode(phone_number, newIp());
    expect(response.status).toBe(422);
    const body = (await response.json()) as Envelope;
    expect(body.success).toBe(false);
    expect(body.errors?.phone_number?.[0]).toMatch(/[\u0600-\u06FF]/);
    expect(readOutbox(server).length).toBe(before);
  });

  it('answers a registered and an unregistered number byte for byte the same', async () => {
    const stranger = newPhone();
    const [known, unknown] = await Promise.all([sendCode(registered.phone, newIp()), sendCode(stranger, newIp())]);
    expect(known.status).toBe(unknown.status);
    expect(await known.text()).toBe(await unknown.text());
    // Both received a code: the new number registers next.
    expect(lastCode(server, registered.phone)).toMatch(/^\d{5}$/);
    expect(lastCode(server, stranger)).toMatch(/^\d{5}$/);
    // A wrong code is refused alike too.
    const ip = newIp();
    const [knownWrong, unknownWrong] = [await check(registered.phone, otherCode(lastCode(server, registered.phone)), ip), await check(stranger, otherCode(lastCode(server, stranger)), ip)];
    expect(knownWrong.status).toBe(unknownWrong.status);
    expect(await knownWrong.text()).toBe(await unknownWrong.text());
  });

  it('waits a minute before sending to the same phone again: 429, Retry-After and a Persian wait', async () => {
    const phone = newPhone();
    await codeFor(phone, newIp());
    const again = await sendCode(phone, newIp());
    expect(again.status).toBe(429);
    const seconds = Number(again.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(50);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(await again.json()).toEqual({ success: false, message: authMessages.sendWait(seconds) });
    expect(authMessages.sendWait(seconds)).toMatch(/^لطفاً [۰-۹]+ (ثانیهٔ|دقیقهٔ) دیگر دوباره کد بخواهید\.$/);
  });

  it('limits one address to 30 codes an hour', async () => {
    const ip = newIp();
    for (let i = 0; i < 30; i++) expect((await sendCode(newPhone(), ip)).status).toBe(200);
    const phone = newPhone();
    const refused = await sendCode(phone, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(((await refused.json()) as Envelope).message).toMatch(/لطفاً [۰-۹]+ (دقیقهٔ|ساعت) دیگر/);
    expect(readOutbox(server).some((line) => line.to === phone)).toBe(false);
    // The same phone from another address is fine.
    expect((await sendCode(phone, newIp())).status).toBe(200);
  });
});

describe('POST /api/auth/check_verification_code', () => {
  it('opens nothing for a new number: register false, no accounts', async () => {
    const phone = newPhone();
    const ip = newIp();
    const response = await check(phone, await codeFor(phone, ip), ip);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ success: true, register: false, data: [] });
  });

  it('opens every account of a registered number, in creation order, each with its own token', async () => {
    const ip = newIp();
    const response = await check(family.phone, await codeFor(family.phone, ip), ip);
    expect(response.status).toBe(200);
    const body = (await response.json()) as CheckAnswer;
    expect(body.success).toBe(true);
    expect(body.register).toBe(true);
    expect(body.data.map((entry) => entry.user.international_code)).toEqual([family.mother, family.son]);
    expect(body.data[1]!.user).toEqual({
      id: body.data[1]!.user.id,
      first_name: 'علی',
      last_name: 'رضایی',
      full_name: 'علی رضایی',
      international_code: family.son,
      phone_number: family.phone,
      birthday: null,
      gender: 'male',
      profile_path: null,
      wallet: 2_500_000,
    });
    const [mother, son] = body.data;
    expect(mother!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mother!.token).not.toBe(son!.token);
    for (const entry of body.data) {
      const info = await post(server, 'user/info', undefined, { token: entry.token });
      expect(((await info.json()) as { user: User }).user.id).toBe(entry.user.id);
    }
  });

  it('accepts a code once: a replay is refused and asks for a new code', async () => {
    const phone = newPhone();
    const ip = newIp();
    const code = await codeFor(phone, ip);
    expect((await check(phone, code, ip)).status).toBe(200);
    const replay = await check(phone, code, ip);
    expect(replay.status).toBe(422);
    expect(await replay.json()).toEqual({ success: false, message: authMessages.codeUsed, errors: { code: [authMessages.codeUsed] } });
  });

  it('kills a code after 5 wrong tries, even for the right code afterwards', async () => {
    const phone = newPhone();
    const ip = newIp();
    const code = await codeFor(phone, ip);
    for (let i = 0; i < 4; i++) {
      const wrong = await check(phone, otherCode(code), ip);
      expect(wrong.status).toBe(422);
      expect(((await wrong.json()) as Envelope).errors).toEqual({ code: ['کد تأیید درست نیست'] });
    }
    const fifth = await check(phone, otherCode(code), ip);
    expect(((await fifth.json()) as Envelope).errors).toEqual({ code: ['کد تأیید درست نیست', authMessages.codeDead] });
    const right = await check(phone, code, ip);
    expect(right.status).toBe(422);
    expect(((await right.json()) as Envelope).errors).toEqual({ code: [authMessages.codeDead] });
  });

  it("lets the owner log in after 120 strangers' wrong checks of the phone from several addresses", async () => {
    const phone = newPhone();
    const strangers = [newIp(), newIp(), newIp()];
    for (let round = 0; round < 12; round++) {
      const answers = await Promise.all(strangers.flatMap((ip) => [0, 1, 2, 3].map((i) => check(phone, String(10_000 + round * 12 + i), ip))));
      expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(422));
    }
    // Nothing counted against the phone: the owner asks for a code and gets in.
    const ip = newIp();
    const response = await check(phone, await codeFor(phone, ip), ip);
    expect(response.status).toBe(200);
    expect(((await response.json()) as CheckAnswer).success).toBe(true);
  });

  it('asks for a new code when none was sent', async () => {
    const response = await check(newPhone(), '12345', newIp());
    expect(response.status).toBe(422);
    expect(((await response.json()) as Envelope).errors).toEqual({ code: [authMessages.noCode] });
  });

  it('lets only one of several simultaneous checks of a code through', async () => {
    const phone = newPhone();
    const ip = newIp();
    const code = await codeFor(phone, ip);
    const statuses = (await Promise.all([1, 2, 3, 4].map(() => check(phone, code, ip)))).map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 422)).toHaveLength(3);
  });

  it.each([
    ['4 digits', '1234'],
    ['letters', '12a45'],
    ['6 digits', '123456'],
  ])('refuses a code of %s with 422 under code', async (_title, code) => {
    const response = await check(newPhone(), code, newIp());
    expect(response.status).toBe(422);
    expect(((await response.json()) as Envelope).errors?.code).toEqual(['کد تأیید باید ۵ رقم باشد']);
  });
});

describe('POST /api/auth/register', () => {
  it('creates an account for a checked number, and a family member with the same code', async () => {
    const phone = newPhone();
    const ip = newIp();
    const code = await codeFor(phone, ip);
    expect(((await (await check(phone, code, ip)).json()) as CheckAnswer).register).toBe(false);

    const response = await post(server, 'auth/register', { phone_number: phone, code, ...person({ first_name: 'مريم' }) }, { ip });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as { success: boolean; data: { token: string; user: User } };
    expect(body.success).toBe(true);
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.user).toMatchObject({ first_name: 'مریم', full_name: 'مریم محمدی', phone_number: phone, gender: 'female', wallet: 0, birthday: null, profile_path: null });

    const child = await post(server, 'auth/register', { phone_number: phone, code, ...person({ first_name: 'رضا', gender: 'male' }) }, { ip });
    expect(child.status).toBe(200);
    const childUser = ((await child.json()) as { data: { user: User } }).data.user;
    expect(childUser.id).not.toBe(body.data.user.id);
  });

  it('refuses to register a number whose code was not checked', async () => {
    const phone = newPhone();
    const ip = newIp();
    const code = await codeFor(phone, ip);
    const response = await post(server, 'auth/register', { phone_number: phone, code, ...person() }, { ip });
    expect(response.status).toBe(422);
    expect(((await response.json()) as Envelope).errors).toEqual({ code: [authMessages.registrationClosed] });
  });

  it('refuses a wrong code, and a national code that already has an account (409)', async () => {
    const phone = newPhone();
    const ip = newIp();
    const code = await codeFor(phone, ip);
    await check(phone, code, ip);
    const wrong = await post(server, 'auth/register', { phone_number: phone, code: otherCode(code), ...person() }, { ip });
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as Envelope).errors).toEqual({ code: ['کد تأیید درست نیست'] });

    const taken = await post(server, 'auth/register', { phone_number: phone, code, ...person({ international_code: family.son }) }, { ip });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({
      success: false,
      message: accountMessages.nationalCodeTaken,
      errors: { international_code: [accountMessages.nationalCodeTaken] },
    });
  });

  it('checks every field and answers each error in Persian', async () => {
    const response = await post(
      server,
      'auth/register',
      { phone_number: '0912', code: '12', first_name: 'Sara', last_name: '', international_code: '1234567890', gender: 'other' },
      { ip: newIp() },
    );
    expect(response.status).toBe(422);
    const errors = ((await response.json()) as Envelope).errors!;
    expect(Object.keys(errors).sort()).toEqual(['code', 'first_name', 'gender', 'international_code', 'last_name', 'phone_number']);
    for (const messages of Object.values(errors)) expect(messages[0]).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the token: nothing opens with it afterwards', async () => {
    const phone = newPhone();
    const ip = newIp();
    const code = await codeFor(phone, ip);
    await check(phone, code, ip);
    const { data } = (await (await post(server, 'auth/register', { phone_number: phone, code, ...person() }, { ip })).json()) as { data: { token: string } };
    expect((await post(server, 'user/info', undefined, { token: data.token })).status).toBe(200);

    const response = await post(server, 'auth/logout', undefined, { token: data.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ success: true });

    for (const endpoint of ['user/info', 'user/update', 'auth/logout']) {
      const after = await post(server, endpoint, person(), { token: data.token });
      expect(after.status).toBe(401);
      expect(await after.json()).toEqual({ success: false, message: 'لطفاً دوباره وارد حساب خود شوید.' });
    }
  });

  it('refuses a call without a token', async () => {
    expect((await post(server, 'auth/logout')).status).toBe(401);
  });
});

describe('the auth endpoints', () => {
  it.each(['auth/login/with/phone-number', 'auth/check_verification_code', 'auth/register', 'auth/logout', 'user/info', 'user/update'])(
    '%s answers other methods with 405',
    async (endpoint) => {
      const response = await fetch(new URL(`/api/${endpoint}`, server.url));
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    },
  );
});
