import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import { nationalCode, otherCode as other } from '../../../tests/support/people.ts';
import { findAccount } from '../accounts/repository.ts';
import { updateProfile } from '../accounts/service.ts';
import { accountMessages } from '../accounts/messages.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import type { OtpSms, SmsProvider } from '../sms/provider.ts';
import { requireAccount } from './bearer.ts';
import { authMessages } from './messages.ts';
import { countAuthRows, latestCode } from './repository.ts';
import { checkLoginCode, logout, pruneLoginRecords, registerAccount, sendLoginCode, windowOpensAt } from './service.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const t0 = new Date('2026-01-10T08:00:00Z').getTime();
const at = (ms: number) => new Date(t0 + ms);

function fakeSms(): SmsProvider & { sent: OtpSms[]; codeOf(phone: string): string } {
  const sent: OtpSms[] = [];
  return {
    name: 'console',
    sent,
    async sendOtp(sms) {
      sent.push(sms);
    },
    codeOf(phone) {
      const last = sent.findLast((sms) => sms.to === phone);
      if (!last) throw new Error(`no SMS to ${phone}`);
      return last.code;
    },
  };
}

let counter = 0;
const newPhone = () => `0912${String(1_000_000 + ++counter)}`;
const newIp = () => `10.${Math.floor(++counter / 256) % 256}.${counter % 256}.7`;
const bearer = (token: string) => new Request('http://portal.test/api/user/info', { method: 'POST', headers: { authorization: `Bearer ${token}` } });

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('windowOpensAt', () => {
  const now = new Date(t0);
  it('is 0 while the window has room', () => {
    expect(windowOpensAt([at(-10 * SECOND)], { max: 2, ms: MINUTE }, now)).toBe(0);
  });
  it('is when the oldest counted event leaves the window', () => {
    expect(windowOpensAt([at(-10 * SECOND), at(-20 * SECOND)], { max: 2, ms: MINUTE }, now)).toBe(t0 + 40 * SECOND);
  });
});

describeEachDatabase('login codes', (database) => {
  const db = (): Db => database().db;
  const sms = fakeSms();

  async function send(phoneNumber: string, ip: string, now: Date) {
    await sendLoginCode(db(), sms, { phoneNumber, ip, host: 'portal.example.ir', now });
    return sms.codeOf(phoneNumber);
  }

  it('sends 5 random digits with the WebOTP line and stores only a hash', async () => {
    const phone = newPhone();
    const code = await send(phone, newIp(), at(0));
    expect(code).toMatch(/^\d{5}$/);
    expect(sms.sent.at(-1)).toEqual({ to: phone, code, host: 'portal.example.ir' });
    const row = await latestCode(db(), phone);
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);
    expect(row?.expiresAt.getTime()).toBe(t0 + 2 * MINUTE);
  });

  it('opens nothing for a new phone, and the code works once', async () => {
    const phone = newPhone();
    const ip = newIp();
    const code = await send(phone, ip, at(0));
    await expect(checkLoginCode(db(), { phoneNumber: phone, code, ip, now: at(5 * SECOND) })).resolves.toEqual({ register: false, data: [] });
    const replay = await refusal(checkLoginCode(db(), { phoneNumber: phone, code, ip, now: at(6 * SECOND) }));
    expect(replay.code).toBe('invalid_input');
    expect(replay.errors).toEqual({ code: [authMessages.codeUsed] });
    // Any other code finds no live one; the used code is still called used, later too.
    const another = await refusal(checkLoginCode(db(), { phoneNumber: phone, code: other(code), ip, now: at(7 * SECOND) }));
    expect(another.errors).toEqual({ code: [authMessages.noCode] });
    const later = await refusal(checkLoginCode(db(), { phoneNumber: phone, code, ip, now: at(10 * MINUTE) }));
    expect(later.errors).toEqual({ code: [authMessages.codeUsed] });
  });

  it('expires a code after 2 minutes', async () => {
    const phone = newPhone();
    const ip = newIp();
    const code = await send(phone, ip, at(0));
    const expired = await refusal(checkLoginCode(db(), { phoneNumber: phone, code, ip, now: at(2 * MINUTE) }));
    expect(expired.errors).toEqual({ code: [authMessages.codeExpired] });

    const second = newPhone();
    const fresh = await send(second, ip, at(0));
    await expect(checkLoginCode(db(), { phoneNumber: second, code: fresh, ip, now: at(2 * MINUTE - 1) })).resolves.toMatchObject({ register: false });
  });

  it('kills a code on the 5th wrong try, and says so', async () => {
    const phone = newPhone();
    const ip = newIp();
    const code = await send(phone, ip, at(0));
    for (let i = 1; i <= 4; i++) {
      const wrong = await refusal(checkLoginCode(db(), { phoneNumber: phone, code: other(code), ip, now: at(i * SECOND) }));
      expect(wrong.errors).toEqual({ code: [authMessages.codeWrong] });
    }
    const fifth = await refusal(checkLoginCode(db(), { phoneNumber: phone, code: other(code), ip, now: at(5 * SECOND) }));
    expect(fifth.errors).toEqual({ code: [authMessages.codeWrong, authMessages.codeDead] });
    const right = await refusal(checkLoginCode(db(), { phoneNumber: phone, code, ip, now: at(6 * SECOND) }));
    expect(right.errors).toEqual({ code: [authMessages.codeDead] });
  });

  it('lets only one of two simultaneous checks of a code through', async () => {
    const phone = newPhone();
    const ip = newIp();
    const code = await send(phone, ip, at(0));
    const results = await Promise.allSettled([
      checkLoginCode(db(), { phoneNumber: phone, code, ip, now: at(SECOND) }),
      checkLoginCode(db(), { phoneNumber: phone, code, ip, now: at(SECOND) }),
      checkLoginCode(db(), { phoneNumber: phone, code, ip, now: at(SECOND) }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });

  it('replaces the old code on resend', async () => {
    const phone = newPhone();
    const ip = newIp();
    const codes = [await send(phone, ip, at(0)), await send(phone, ip, at(MINUTE))];
    // One run in 100,000 draws the same code twice: send once more rather than flake.
    if (codes[1] === codes[0]) codes.push(await send(phone, ip, at(2 * MINUTE)));
    const [old, latest] = codes.slice(-2) as [string, string];
    const now = at((codes.length - 1) * MINUTE + 5 * SECOND);
    const refused = await refusal(checkLoginCode(db(), { phoneNumber: phone, code: old, ip, now }));
    expect(refused.errors).toEqual({ code: [authMessages.codeReplaced] });
    await expect(checkLoginCode(db(), { phoneNumber: phone, code: latest, ip, now })).resolves.toMatchObject({ register: false });
  });

  it('waits 60 seconds between sends to a phone', async () => {
    const phone = newPhone();
    const ip = newIp();
    await send(phone, ip, at(0));
    const early = await refusal(send(phone, ip, at(59 * SECOND)));
    expect(early.code).toBe('rate_limited');
    expect(early.retryAfter).toBe(1);
    expect(early.message).toBe(authMessages.sendWait(1));
    await expect(send(phone, ip, at(60 * SECOND))).resolves.toMatch(/^\d{5}$/);
  });

  it('sends at most 3 codes to a phone in 10 minutes', async () => {
    const phone = newPhone();
    const ip = newIp();
    for (const minute of [0, 1, 2]) await send(phone, ip, at(minute * MINUTE));
    const fourth = await refusal(send(phone, ip, at(3 * MINUTE)));
    expect(fourth.code).toBe('rate_limited');
    expect(fourth.retryAfter).toBe(7 * 60);
    expect(fourth.message).toContain('۷ دقیقهٔ دیگر');
    await expect(send(phone, ip, at(10 * MINUTE))).resolves.toMatch(/^\d{5}$/);
  });

  it('sends at most 10 codes to a phone in a day', async () => {
    const phone = newPhone();
    const ip = newIp();
    for (let i = 0; i < 10; i++) await send(phone, ip, at(i * 10 * MINUTE));
    const eleventh = await refusal(send(phone, ip, at(100 * MINUTE)));
    expect(eleventh.code).toBe('rate_limited');
    expect(eleventh.retryAfter).toBe((DAY - 100 * MINUTE) / SECOND);
    await expect(send(phone, ip, at(DAY))).resolves.toMatch(/^\d{5}$/);
  });

  it('limits the codes one address asks for, whatever the phones', async () => {
    const ip = newIp();
    const [max, ms] = [30, HOUR];
    for (let i = 0; i < max; i++) await send(newPhone(), ip, at(i * SECOND));
    const over = await refusal(send(newPhone(), ip, at(max * SECOND)));
    expect(over.code).toBe('rate_limited');
    expect(over.message).toBe(authMessages.addressWait(over.retryAfter!));
    expect(over.retryAfter).toBe((ms - max * SECOND) / SECOND);
    await expect(send(newPhone(), newIp(), at(max * SECOND))).resolves.toMatch(/^\d{5}$/);
  });

  it('locks a phone for a day after 100 failed checks', async () => {
    const phone = newPhone();
    const max = 100;
    // Failed checks from many addresses (the per-address limit is not what stops them).
    for (let i = 0; i < max; i++) {
      await refusal(checkLoginCode(db(), { phoneNumber: phone, code: '00000', ip: `172.16.${i}.1`, now: at(i * SECOND) }));
    }
    const ip = newIp();
    const locked = await refusal(checkLoginCode(db(), { phoneNumber: phone, code: '00000', ip, now: at(max * SECOND) }));
    expect(locked.code).toBe('rate_limited');
    expect(locked.message).toBe(authMessages.phoneLocked(locked.retryAfter!));
    // The oldest of the 100 failures (at 0 s) leaves the day at 24 h.
    expect(locked.retryAfter).toBe((DAY - max * SECOND) / SECOND);
    // No new code either, and not even the right code gets through while locked.
    expect((await refusal(send(phone, ip, at(max * SECOND)))).code).toBe('rate_limited');
    expect(sms.sent.some((s) => s.to === phone)).toBe(false);
    // The lock lifts once the failures age out.
    expect((await refusal(send(phone, ip, at(DAY - 1)))).code).toBe('rate_limited');
    const code = await send(phone, ip, at(DAY));
    await expect(checkLoginCode(db(), { phoneNumber: phone, code, ip, now: at(DAY + SECOND) })).resolves.toMatchObject({ register: false });
  });

  it('refuses checks from an address with 50 failed checks in an hour', async () => {
    const ip = newIp();
    const max = 50;
    for (let i = 0; i < max; i++) await refusal(checkLoginCode(db(), { phoneNumber: newPhone(), code: '12345', ip, now: at(i * SECOND) }));
    const phone = newPhone();
    const code = await send(phone, newIp(), at(max * SECOND));
    const refused = await refusal(checkLoginCode(db(), { phoneNumber: phone, code, ip, now: at(max * SECOND + 1) }));
    expect(refused.code).toBe('rate_limited');
    await expect(checkLoginCode(db(), { phoneNumber: phone, code, ip: newIp(), now: at(max * SECOND + 2) })).resolves.toMatchObject({ register: false });
  });
});

describeEachDatabase('accounts and tokens', (database) => {
  const db = (): Db => database().db;
  const sms = fakeSms();
  let people = 0;
  const person = () => ({ firstName: 'مریم', lastName: 'احمدی', internationalCode: nationalCode(++people), gender: 'female' as const });

  /** Sends and checks a code for `phone` at `now`; returns the code and the check's answer. */
  async function login(phoneNumber: string, ip: string, now: Date) {
    await sendLoginCode(db(), sms, { phoneNumber, ip, host: 'portal.example.ir', now });
    const code = sms.codeOf(phoneNumber);
    return { code, ...(await checkLoginCode(db(), { phoneNumber, code, ip, now: new Date(now.getTime() + SECOND) })) };
  }

  it('registers the patient and family members within 10 minutes of the check', async () => {
    const phone = newPhone();
    const ip = newIp();
    const { code } = await login(phone, ip, at(0));
    const patient = await registerAccount(db(), { phoneNumber: phone, code, ...person() }, { ip, now: at(MINUTE) });
    expect(patient.user).toMatchObject({ phone_number: phone, first_name: 'مریم', full_name: 'مریم احمدی', wallet: 0, birthday: null, profile_path: null });
    const child = await registerAccount(db(), { phoneNumber: phone, code, ...person(), firstName: 'سارا' }, { ip, now: at(10 * MINUTE) });
    expect(child.user.id).not.toBe(patient.user.id);

    const late = await refusal(registerAccount(db(), { phoneNumber: phone, code, ...person() }, { ip, now: at(10 * MINUTE + 2 * SECOND) }));
    expect(late.errors).toEqual({ code: [authMessages.registrationClosed] });

    // The next login lists both, in the order they were created, each with its own token.
    const next = await login(phone, ip, at(HOUR));
    expect(next.register).toBe(true);
    expect(next.data.map((entry) => entry.user.id)).toEqual([patient.user.id, child.user.id]);
    for (const entry of next.data) {
      expect((await requireAccount(db(), bearer(entry.token), at(HOUR))).account.id).toBe(entry.user.id);
    }
  });

  it('refuses to register without a checked code, or with a wrong one', async () => {
    const phone = newPhone();
    const ip = newIp();
    await sendLoginCode(db(), sms, { phoneNumber: phone, ip, host: 'h', now: at(0) });
    const code = sms.codeOf(phone);
    const unchecked = await refusal(registerAccount(db(), { phoneNumber: phone, code, ...person() }, { ip, now: at(SECOND) }));
    expect(unchecked.errors).toEqual({ code: [authMessages.registrationClosed] });

    await checkLoginCode(db(), { phoneNumber: phone, code, ip, now: at(2 * SECOND) });
    for (let i = 1; i < 5; i++) {
      const wrong = await refusal(registerAccount(db(), { phoneNumber: phone, code: other(code), ...person() }, { ip, now: at(3 * SECOND) }));
      expect(wrong.errors).toEqual({ code: [authMessages.codeWrong] });
    }
    const last = await refusal(registerAccount(db(), { phoneNumber: phone, code: other(code), ...person() }, { ip, now: at(3 * SECOND) }));
    expect(last.errors).toEqual({ code: [authMessages.codeWrong, authMessages.codeDead] });
    // The window is closed for this code now, even with the right code.
    const dead = await refusal(registerAccount(db(), { phoneNumber: phone, code, ...person() }, { ip, now: at(4 * SECOND) }));
    expect(dead.errors).toEqual({ code: [authMessages.codeDead] });
  });

  it('gives each national code to one account only', async () => {
    const phone = newPhone();
    const ip = newIp();
    const { code } = await login(phone, ip, at(0));
    const someone = person();
    await registerAccount(db(), { phoneNumber: phone, code, ...someone }, { ip, now: at(MINUTE) });
    const again = await refusal(registerAccount(db(), { phoneNumber: phone, code, ...someone, firstName: 'علی' }, { ip, now: at(MINUTE) }));
    expect(again.code).toBe('conflict');
    expect(again.errors).toEqual({ international_code: [accountMessages.nationalCodeTaken] });

    const otherPhone = newPhone();
    const login2 = await login(otherPhone, ip, at(0));
    const elsewhere = await refusal(registerAccount(db(), { phoneNumber: otherPhone, code: login2.code, ...someone }, { ip, now: at(MINUTE) }));
    expect(elsewhere.code).toBe('conflict');
  });

  it('lets a phone own at most 10 accounts', async () => {
    const phone = newPhone();
    const ip = newIp();
    const { code } = await login(phone, ip, at(0));
    for (let i = 0; i < 10; i++) await registerAccount(db(), { phoneNumber: phone, code, ...person() }, { ip, now: at(MINUTE) });
    const over = await refusal(registerAccount(db(), { phoneNumber: phone, code, ...person() }, { ip, now: at(MINUTE) }));
    expect(over.code).toBe('conflict');
    expect(over.message).toBe(accountMessages.tooManyAccounts);
  });

  it('expires tokens after 30 days', async () => {
    const phone = newPhone();
    const ip = newIp();
    const { code } = await login(phone, ip, at(0));
    const { token } = await registerAccount(db(), { phoneNumber: phone, code, ...person() }, { ip, now: at(MINUTE) });
    await expect(requireAccount(db(), bearer(token), at(MINUTE + 30 * DAY - 1))).resolves.toBeDefined();
    expect((await refusal(requireAccount(db(), bearer(token), at(MINUTE + 30 * DAY)))).code).toBe('unauthenticated');
  });

  it('refuses missing, malformed and unknown tokens', async () => {
    const noHeader = new Request('http://portal.test/');
    expect((await refusal(requireAccount(db(), noHeader))).code).toBe('unauthenticated');
    expect((await refusal(requireAccount(db(), bearer('not a token')))).code).toBe('unauthenticated');
    expect((await refusal(requireAccount(db(), bearer('A'.repeat(43))))).code).toBe('unauthenticated');
  });

  it('revokes the token, and the tokens its login issued for the other accounts, at logout', async () => {
    const phone = newPhone();
    const ip = newIp();
    const first = await login(phone, ip, at(0));
    await registerAccount(db(), { phoneNumber: phone, code: first.code, ...person() }, { ip, now: at(MINUTE) });
    await registerAccount(db(), { phoneNumber: phone, code: first.code, ...person() }, { ip, now: at(MINUTE) });
    const elsewhere = await login(phone, ip, at(HOUR)); // another device
    const here = await login(phone, ip, at(2 * HOUR));
    const [mine, sibling] = here.data;
    const session = await requireAccount(db(), bearer(mine!.token), at(2 * HOUR));
    await logout(db(), session, at(2 * HOUR));
    for (const token of [mine!.token, sibling!.token]) {
      expect((await refusal(requireAccount(db(), bearer(token), at(2 * HOUR)))).code).toBe('unauthenticated');
    }
    // The other device's login is untouched.
    await expect(requireAccount(db(), bearer(elsewhere.data[0]!.token), at(2 * HOUR))).resolves.toBeDefined();
  });

  it("changes only the token's own account", async () => {
    const phone = newPhone();
    const ip = newIp();
    const { code } = await login(phone, ip, at(0));
    const a = await registerAccount(db(), { phoneNumber: phone, code, ...person() }, { ip, now: at(MINUTE) });
    const b = await registerAccount(db(), { phoneNumber: phone, code, ...person() }, { ip, now: at(MINUTE) });
    const before = await findAccount(db(), b.user.id);
    const { account } = await requireAccount(db(), bearer(a.token), at(MINUTE));
    const input = { first_name: 'زهرا', last_name: 'کریمی', international_code: a.user.international_code, birthday: '1990-05-01', gender: 'female' as const };
    const user = await updateProfile(db(), account.id, input, at(2 * MINUTE));
    expect(user).toMatchObject({ id: a.user.id, full_name: 'زهرا کریمی', birthday: '1990-05-01' });
    expect(await findAccount(db(), b.user.id)).toEqual(before);
    // B's national code stays B's.
    const taken = await refusal(updateProfile(db(), account.id, { ...input, international_code: b.user.international_code }, at(3 * MINUTE)));
    expect(taken.code).toBe('conflict');
    expect(taken.errors).toEqual({ international_code: [accountMessages.nationalCodeTaken] });
  });

  it('prunes codes, failed checks and dead tokens older than two days', async () => {
    const phone = newPhone();
    const ip = newIp();
    await login(phone, ip, at(0));
    await refusal(checkLoginCode(db(), { phoneNumber: phone, code: '00000', ip, now: at(MINUTE) }));
    const before = await countAuthRows(db());
    await pruneLoginRecords(db(), at(40 * DAY));
    const after = await countAuthRows(db());
    expect(after.codes).toBeLessThan(before.codes);
    expect(after.failedChecks).toBeLessThan(before.failedChecks);
    expect(after.tokens).toBeLessThan(before.tokens);
  });
});
