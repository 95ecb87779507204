import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/lib/api/contracts/auth.ts';
import { accountMessages } from '../../src/server/accounts/messages.ts';
import type { LoginEntry as Login } from '../../src/server/auth/service.ts';
import { lastCode, nationalCode, newIp, newPhone, post } from '../support/portal-api.ts';
import { type RunningServer, startServer } from '../support/server.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: '1' } });
});
afterAll(() => server?.dispose());

let people = 0;
/** Logs a new phone in and registers `count` people under it (the patient and family members). */
async function registerFamily(count: number): Promise<Login[]> {
  const phone = newPhone();
  const ip = newIp();
  expect((await post(server, 'auth/login/with/phone-number', { phone_number: phone }, { ip })).status).toBe(200);
  const code = lastCode(server, phone);
  expect((await post(server, 'auth/check_verification_code', { phone_number: phone, code }, { ip })).status).toBe(200);
  const logins: Login[] = [];
  for (let i = 0; i < count; i++) {
    const body = { phone_number: phone, code, first_name: 'فاطمه', last_name: 'نوری', international_code: nationalCode(++people), gender: 'female' };
    const response = await post(server, 'auth/register', body, { ip });
    expect(response.status).toBe(200);
    logins.push(((await response.json()) as { data: Login }).data);
  }
  return logins;
}

async function info(token: string): Promise<User> {
  const response = await post(server, 'user/info', undefined, { token });
  expect(response.status).toBe(200);
  return ((await response.json()) as { user: User }).user;
}

const profile = (user: User, changes: Record<string, unknown> = {}) => ({
  first_name: user.first_name,
  last_name: user.last_name,
  full_name: user.full_name,
  international_code: user.international_code,
  phone_number: user.phone_number,
  birthday: user.birthday,
  gender: user.gender,
  ...changes,
});

describe('POST /api/user/info', () => {
  it('answers the account the token opens, as a User, without caching', async () => {
    const [me] = await registerFamily(1);
    const response = await post(server, 'user/info', undefined, { token: me!.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ success: true, user: me!.user });
    expect(Object.keys(me!.user).sort()).toEqual(['birthday', 'first_name', 'full_name', 'gender', 'id', 'international_code', 'last_name', 'phone_number', 'profile_path', 'wallet']);
  });

  it.each([
    ['no Authorization header', {}],
    ['a token that is not one', { authorization: 'Bearer not-a-token' }],
    ['an unknown token', { authorization: `Bearer ${'x'.repeat(43)}` }],
    ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
  ])('refuses %s with 401 and the envelope', async (_title, headers) => {
    const response = await post(server, 'user/info', undefined, { headers });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ success: false, message: 'لطفاً دوباره وارد حساب خود شوید.' });
  });
});

describe('POST /api/user/update', () => {
  it('edits the profile, derives full_name and ignores the phone number', async () => {
    const [me] = await registerFamily(1);
    const body = profile(me!.user, { first_name: 'زهرا', last_name: 'کريمی', full_name: 'something else', phone_number: '09129999999', birthday: '۱۹۹۰-۰۵-۰۱', gender: 'female' });
    const response = await post(server, 'user/update', body, { token: me!.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const expected = { ...me!.user, first_name: 'زهرا', last_name: 'کریمی', full_name: 'زهرا کریمی', birthday: '1990-05-01' };
    expect(await response.json()).toEqual({ success: true, user: expected, message: accountMessages.profileUpdated });
    expect(await info(me!.token)).toEqual(expected);
  });

  it("changes only the token's own account, even with another account's id in the body", async () => {
    const [a, b] = await registerFamily(2);
    const bBefore = await info(b!.token);
    const response = await post(server, 'user/update', { ...profile(a!.user, { first_name: 'نرگس' }), id: b!.user.id }, { token: a!.token });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { user: User }).user.id).toBe(a!.user.id);
    expect((await info(a!.token)).first_name).toBe('نرگس');
    expect(await info(b!.token)).toEqual(bBefore);

    // A's token cannot take B's national code either.
    const taken = await post(server, 'user/update', profile(a!.user, { international_code: b!.user.international_code }), { token: a!.token });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({
      success: false,
      message: accountMessages.nationalCodeTaken,
      errors: { international_code: [accountMessages.nationalCodeTaken] },
    });
    expect((await info(a!.token)).international_code).toBe(a!.user.international_code);
    expect(await info(b!.token)).toEqual(bBefore);
  });

  it('answers «another account» 5 times a day per phone, then 429 with Retry-After for any new national code, and logs each masked', async () => {
    const [me] = await registerFamily(1);
    const [victim] = await registerFamily(1);
    const taken = victim!.user.international_code;
    for (let i = 0; i < 5; i++) {
      // From a new address each time: the phone's limit is what stops it.
      const response = await post(server, 'user/update', profile(me!.user, { international_code: taken }), { token: me!.token, ip: newIp() });
      expect(response.status).toBe(409);
    }
    const masked = `${taken.slice(0, 2)}******${taken.slice(-2)}`;
    expect(server.output().split(masked).length - 1).toBe(5);
    expect(server.output()).not.toContain(taken);

    for (const code of [taken, nationalCode(++people)]) {
      const refused = await post(server, 'user/update', profile(me!.user, { international_code: code }), { token: me!.token, ip: newIp() });
      expect(refused.status).toBe(429);
      const seconds = Number(refused.headers.get('retry-after'));
      expect(seconds).toBeGreaterThan(23 * 3600);
      expect(seconds).toBeLessThanOrEqual(24 * 3600);
      expect(await refused.json()).toEqual({ success: false, message: accountMessages.nationalCodeWait(seconds) });
    }
    expect(accountMessages.nationalCodeWait(24 * 3600)).toContain('۲۴ ساعت دیگر');
    // The patient can still edit the rest of the profile.
    const kept = await post(server, 'user/update', profile(me!.user, { first_name: 'ریحانه' }), { token: me!.token, ip: newIp() });
    expect(kept.status).toBe(200);
    expect((await info(me!.token)).international_code).toBe(me!.user.international_code);
  });

  it('keeps accounts of different phones apart', async () => {
    const [mine] = await registerFamily(1);
    const [theirs] = await registerFamily(1);
    expect((await info(mine!.token)).id).toBe(mine!.user.id);
    expect((await info(theirs!.token)).id).toBe(theirs!.user.id);
    expect(mine!.user.id).not.toBe(theirs!.user.id);
  });

  it.each([
    ['an empty birthday', ''],
    ['a null birthday', null],
  ])('stores %s as null', async (_title, birthday) => {
    const [me] = await registerFamily(1);
    await post(server, 'user/update', profile(me!.user, { birthday: '2000-01-01' }), { token: me!.token });
    const response = await post(server, 'user/update', profile(me!.user, { birthday }), { token: me!.token });
    expect(response.status).toBe(200);
    expect((await info(me!.token)).birthday).toBeNull();
  });

  it.each([
    ['a birthday in the future', { birthday: '2999-01-01' }, 'birthday', 'تاریخ تولد باید میان ۱۳۰۰/۰۱/۰۱ و امروز باشد'],
    ['a birthday before 1300/01/01', { birthday: '1921-03-20' }, 'birthday', 'تاریخ تولد باید میان ۱۳۰۰/۰۱/۰۱ و امروز باشد'],
    ['a date that does not exist', { birthday: '1990-02-30' }, 'birthday', 'تاریخ تولد معتبر نیست'],
    ['a Latin name', { first_name: 'Zahra' }, 'first_name', 'لطفاً فقط حروف فارسی وارد کنید'],
    ['an empty last name', { last_name: ' ' }, 'last_name', 'این فیلد الزامی است'],
    ['a wrong national code', { international_code: '1234567890' }, 'international_code', 'کد ملی معتبر نیست'],
    ['no gender', { gender: undefined }, 'gender', 'این فیلد الزامی است'],
    ['an unknown gender', { gender: 'other' }, 'gender', 'لطفاً جنسیت را انتخاب کنید'],
  ])('refuses %s with 422 and changes nothing', async (_title, changes, field, message) => {
    const [me] = await registerFamily(1);
    const response = await post(server, 'user/update', profile(me!.user, changes), { token: me!.token });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { success: boolean; errors: Record<string, string[]> };
    expect(body.success).toBe(false);
    expect(body.errors).toEqual({ [field]: [message] });
    expect(await info(me!.token)).toEqual(me!.user);
  });

  it('refuses an update without a token before reading the body', async () => {
    const response = await post(server, 'user/update', '{not json');
    expect(response.status).toBe(401);
  });
});
