import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import { nationalCode, otherCode as other } from '../../../tests/support/people.ts';
import { accountMessages } from '../accounts/messages.ts';
import { countNationalCodeConflicts, findAccount, insertNationalCodeConflict } from '../accounts/repository.ts';
import { updateProfile } from '../accounts/service.ts';
import type { Db } from '../db/client.ts';
import { nationalCodeConflicts } from '../db/schema/accounts.ts';
import { otpCodes, otpFailedChecks } from '../db/schema/auth.ts';
import { AppError } from '../errors.ts';
import { type OtpSms, SmsError, type SmsProvider } from '../sms/provider.ts';
import { requireAccount } from './bearer.ts';
import { authMessages } from './messages.ts';
import { countAuthRows, latestCode } from './repository.ts';
import { hashOtpCode } from './secrets.ts';
import { checkLoginCode, logout, pruneLoginRecords, registerAccount, sendLoginCode, windowOpensAt } from './service.ts';

// The HMAC key of these tests (appSecret() reads it on first use); never the generated file.
const SECRET = randomBytes(32).toString('hex');
vi.stubEnv('APP_SECRET', SECRET);

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
    async sendText() {
      throw new Error('the login flow sends no plain messages');
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
    await sendLoginCode(db(), sms, { phoneNumber, ip, now });
    return sms.codeOf(phoneNumber);
  }

  it('sends 5 random digits and stores only an HMAC of them under APP_SECRET', async () => {
    const phone = newPhone();
    const code = await send(phone, newIp(), at(0));
    expect(code).toMatch(/^\d{5}$/);
    expect(sms.sent.at(-1)).toEqual({ to: phone, code });
    const row = await latestCode(db(), phone);
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);
    // Not the old unsalted SHA-256, which anyone reading the table could reverse in milliseconds.
    expect(row?.codeHash).not.toBe(createHash('sha256').update(`otp:${phone}:${code}`).digest('hex'));
    expect(row?.codeHash).toBe(createHmac('sha256', SECRET).update(`otp:${phone}:${code}`).digest('hex'));
    // Another key gives another hash: without the key the row cannot be checked against guesses.
    expect(hashOtpCode(phone, code, randomBytes(32).toString('hex'))).not.toBe(row?.codeHash);
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

  it("lets the owner in after any number of strangers' wrong checks of a phone without a live code", async () => {
    const phone = newPhone();
    // 150 wrong checks from 5 addresses (30 each, under the per-address limit), no code existing.
    for (let i = 0; i < 150; i++) {
      const wrong = await refusal(checkLoginCode(db(), { phoneNumber: phone, code: '00000', ip: `172.16.${i % 5}.1`, now: at(i * SECOND) }));
      expect(wrong.errors).toEqual({ code: [authMessages.noCode] });
    }
    // The owner asks for a code at once and logs in with it.
    const ip = newIp();
    const code = await send(phone, ip, at(150 * SECOND));
    await expect(checkLoginCode(db(), { phoneNumber: phone, code, ip, now: at(151 * SECOND) })).resolves.toMatchObject({ register: false });
    // More wrong checks once that code is used: still nothing stops the next login.
    for (let i = 0; i < 20; i++) await refusal(checkLoginCode(db(), { phoneNumber: phone, code: other(code), ip: `172.17.${i}.1`, now: at(152 * SECOND) }));
    const next = await send(phone, ip, at(4 * MINUTE));
    await expect(checkLoginCode(db(), { phoneNumber: phone, code: next, ip, now: at(4 * MINUTE + SECOND) })).resolves.toMatchObject({ register: false });
  });

  it('bounds guesses at one phone by sends × tries: 10 codes a day, 5 wrong tries each', async () => {
    const phone = newPhone();
    let guesses = 0;
    let sends = 0;
    // An attacker who asks for codes and guesses them from a fresh address each time.
    // Every 10 minutes for the first 2 hours (the 3-in-10-minutes limit allows no faster), then now and then to the day's end.
    const minutes = [...Array.from({ length: 12 }, (_, i) => i * 10), 600, 24 * 60 - 1];
    for (const minute of minutes) {
      const ip = newIp();
      const sent = await sendLoginCode(db(), sms, { phoneNumber: phone, ip, now: at(minute * MINUTE) }).then(
        () => true,
        () => false,
      );
      if (sent) sends++;
      const code = sms.codeOf(phone);
      for (let i = 0; i < 6; i++) {
        const refused = await refusal(checkLoginCode(db(), { phoneNumber: phone, code: other(code), ip, now: at(minute * MINUTE + SECOND) }));
        if (refused.errors?.code?.[0] === authMessages.codeWrong) guesses++;
      }
    }
    expect(sends).toBe(10);
    expect(guesses).toBe(50);
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
    await sendLoginCode(db(), sms, { phoneNumber, ip, now });
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
    await sendLoginCode(db(), sms, { phoneNumber: phone, ip, now: at(0) });
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
    const user = await updateProfile(db(), account, input, { ip, now: at(2 * MINUTE) });
    expect(user).toMatchObject({ id: a.user.id, full_name: 'زهرا کریمی', birthday: '1990-05-01' });
    expect(await findAccount(db(), b.user.id)).toEqual(before);
    // B's national code stays B's.
    const taken = await refusal(updateProfile(db(), account, { ...input, international_code: b.user.international_code }, { ip, now: at(3 * MINUTE) }));
    expect(taken.code).toBe('conflict');
    expect(taken.errors).toEqual({ international_code: [accountMessages.nationalCodeTaken] });
  });

  it('prunes codes, failed checks and dead tokens older than two days', async () => {
    const phone = newPhone();
    const ip = newIp();
    await login(phone, ip, at(0));
    await refusal(checkLoginCode(db(), { phoneNumber: phone, code: '00000', ip, now: at(MINUTE) }));
    await insertNationalCodeConflict(db(), { phoneNumber: phone, ip, createdAt: at(MINUTE) });
    const before = await countAuthRows(db());
    expect(await countNationalCodeConflicts(db())).toBeGreaterThan(0);
    await pruneLoginRecords(db(), at(40 * DAY));
    const after = await countAuthRows(db());
    expect(await countNationalCodeConflicts(db())).toBe(0);
    expect(after.codes).toBeLessThan(before.codes);
    expect(after.failedChecks).toBeLessThan(before.failedChecks);
    expect(after.tokens).toBeLessThan(before.tokens);
  });
});

describeEachDatabase('limits under concurrency, and SMS provider failures', (database) => {
  const db = (): Db => database().db;
  const sms = fakeSms();

  it('accepts exactly 30 of 45 simultaneous sends from one address to different phones', async () => {
    const ip = newIp();
    const results = await Promise.allSettled(Array.from({ length: 45 }, () => sendLoginCode(db(), sms, { phoneNumber: newPhone(), ip, now: at(0) })));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(30);
    for (const result of results) {
      if (result.status === 'rejected') expect((result.reason as AppError).code).toBe('rate_limited');
    }
    const [row] = await db().select({ total: count() }).from(otpCodes).where(eq(otpCodes.ip, ip));
    expect(row?.total).toBe(30);
  });

  it('sends one code of 10 simultaneous requests for one phone', async () => {
    const phone = newPhone();
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => sendLoginCode(db(), sms, { phoneNumber: phone, ip: newIp(), now: at(0) })));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });

  it('counts exactly 50 of 60 simultaneous wrong checks from one address, and refuses the rest', async () => {
    const ip = newIp();
    const phone = newPhone();
    await sendLoginCode(db(), sms, { phoneNumber: phone, ip: newIp(), now: at(0) });
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) => checkLoginCode(db(), { phoneNumber: i % 2 ? phone : newPhone(), code: other(sms.codeOf(phone)), ip, now: at(SECOND) })),
    );
    const codes = results.map((result) => (result.status === 'rejected' ? (result.reason as AppError).code : 'ok'));
    expect(codes.filter((code) => code === 'invalid_input')).toHaveLength(50);
    expect(codes.filter((code) => code === 'rate_limited')).toHaveLength(10);
    const [row] = await db().select({ total: count() }).from(otpFailedChecks).where(eq(otpFailedChecks.ip, ip));
    expect(row?.total).toBe(50);
    // The live code took at most its 5 tries.
    expect((await latestCode(db(), phone))?.attempts).toBe(5);
  });

  it("does not count the provider's failures as sends: the patient gets a code right after three", async () => {
    const phone = newPhone();
    const ip = newIp();
    let failing = true;
    const flaky: SmsProvider = {
      name: 'kavenegar',
      async sendOtp(message) {
        if (failing) throw new SmsError('Kavenegar could not be reached (ECONNRESET)');
        await sms.sendOtp(message);
      },
      sendText: sms.sendText,
    };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (let i = 0; i < 3; i++) {
        const failed = await refusal(sendLoginCode(db(), flaky, { phoneNumber: phone, ip, now: at(i * SECOND) }));
        expect(failed.code).toBe('unavailable');
        expect(failed.message).toBe(authMessages.smsFailed);
      }
      expect(errors.mock.calls.map((call) => String(call[0]))).toEqual(
        Array(3).fill(`SMS to ${phone.slice(0, 4)}***${phone.slice(-3)} was not sent: Kavenegar could not be reached (ECONNRESET)`),
      );
    } finally {
      errors.mockRestore();
    }
    // A code that never left cannot be used.
    const unsent = await refusal(checkLoginCode(db(), { phoneNumber: phone, code: '12345', ip, now: at(4 * SECOND) }));
    expect(unsent.errors).toEqual({ code: [authMessages.noCode] });
    failing = false;
    await sendLoginCode(db(), flaky, { phoneNumber: phone, ip, now: at(5 * SECOND) });
    await expect(checkLoginCode(db(), { phoneNumber: phone, code: sms.codeOf(phone), ip, now: at(6 * SECOND) })).resolves.toMatchObject({ register: false });
  });

  it('caps attempts at 5 in 10 minutes and 20 a day for a phone, whatever the provider says', async () => {
    const phone = newPhone();
    const broken: SmsProvider = {
      name: 'kavenegar',
      async sendOtp() {
        throw new SmsError('down');
      },
      async sendText() {
        throw new SmsError('down');
      },
    };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (let i = 0; i < 5; i++) expect((await refusal(sendLoginCode(db(), broken, { phoneNumber: phone, ip: newIp(), now: at(i * SECOND) }))).code).toBe('unavailable');
      const capped = await refusal(sendLoginCode(db(), broken, { phoneNumber: phone, ip: newIp(), now: at(5 * SECOND) }));
      expect(capped.code).toBe('rate_limited');
      // The first attempt (at 0 s) leaves the 10 minutes at 600 s.
      expect(capped.retryAfter).toBe(10 * 60 - 5);
      expect(capped.message).toBe(authMessages.sendWait(10 * 60 - 5));
      // 20 a day: 15 more at 11, 22 and 33 minutes, then nothing until the first leaves the day.
      for (let i = 0; i < 15; i++) {
        const attempt = await refusal(sendLoginCode(db(), broken, { phoneNumber: phone, ip: newIp(), now: at((1 + Math.floor(i / 5)) * 11 * MINUTE + i * SECOND) }));
        expect(attempt.code).toBe('unavailable');
      }
      const daily = await refusal(sendLoginCode(db(), broken, { phoneNumber: phone, ip: newIp(), now: at(HOUR) }));
      expect(daily.code).toBe('rate_limited');
      expect(daily.retryAfter).toBe((DAY - HOUR) / SECOND);
    } finally {
      errors.mockRestore();
    }
    const [row] = await db()
      .select({ total: count() })
      .from(otpCodes)
      .where(and(eq(otpCodes.phoneNumber, phone)));
    expect(row?.total).toBe(20);
  });

  it('caps attempts from one address at 60 an hour', async () => {
    const ip = newIp();
    const broken: SmsProvider = {
      name: 'kavenegar',
      async sendOtp() {
        throw new SmsError('down');
      },
      async sendText() {
        throw new SmsError('down');
      },
    };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (let i = 0; i < 60; i++) expect((await refusal(sendLoginCode(db(), broken, { phoneNumber: newPhone(), ip, now: at(i * SECOND) }))).code).toBe('unavailable');
    } finally {
      errors.mockRestore();
    }
    const capped = await refusal(sendLoginCode(db(), sms, { phoneNumber: newPhone(), ip, now: at(60 * SECOND) }));
    expect(capped.code).toBe('rate_limited');
    expect(capped.message).toBe(authMessages.addressWait(capped.retryAfter!));
  });
});

describeEachDatabase('national codes that belong to another account', (database) => {
  const db = (): Db => database().db;
  const sms = fakeSms();
  let people = 5000;
  const person = () => ({ firstName: 'مریم', lastName: 'احمدی', internationalCode: nationalCode(++people), gender: 'female' as const });

  async function loggedIn(phoneNumber: string, ip: string, now: Date) {
    await sendLoginCode(db(), sms, { phoneNumber, ip, now });
    const code = sms.codeOf(phoneNumber);
    await checkLoginCode(db(), { phoneNumber, code, ip, now });
    const entry = await registerAccount(db(), { phoneNumber, code, ...person() }, { ip, now });
    return { code, entry, account: (await findAccount(db(), entry.user.id))! };
  }

  const profileWith = (internationalCode: string) => ({ first_name: 'مریم', last_name: 'احمدی', international_code: internationalCode, birthday: null, gender: 'female' as const });

  it('answers 409 five times a day per phone, then 429 for any new national code, and logs each masked', async () => {
    const victims = await Promise.all([1, 2, 3, 4, 5, 6].map(async () => (await loggedIn(newPhone(), newIp(), at(0))).entry.user.international_code));
    const { account } = await loggedIn(newPhone(), newIp(), at(0));
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      for (let i = 0; i < 5; i++) {
        // Each from another address: the phone's limit is what stops it.
        const taken = await refusal(updateProfile(db(), account, profileWith(victims[i]!), { ip: newIp(), now: at(MINUTE + i * SECOND) }));
        expect(taken.code).toBe('conflict');
      }
      expect(warnings).toHaveBeenCalledTimes(5);
      const logged = String(warnings.mock.calls[0]![0]);
      expect(logged).toContain(`${victims[0]!.slice(0, 2)}******${victims[0]!.slice(-2)}`);
      expect(logged).not.toContain(victims[0]);
      expect(logged).toContain(`account ${account.id}`);

      const over = await refusal(updateProfile(db(), account, profileWith(victims[5]!), { ip: newIp(), now: at(2 * MINUTE) }));
      expect(over.code).toBe('rate_limited');
      expect(over.message).toBe(accountMessages.nationalCodeWait(over.retryAfter!));
      expect(over.retryAfter).toBe((DAY + MINUTE - 2 * MINUTE) / SECOND);
      // A free code is refused alike: the answer tells nothing about the code.
      const free = await refusal(updateProfile(db(), account, profileWith(nationalCode(++people)), { ip: newIp(), now: at(2 * MINUTE) }));
      expect(free.code).toBe('rate_limited');
      expect(warnings).toHaveBeenCalledTimes(5);
    } finally {
      warnings.mockRestore();
    }
    // Keeping one's own national code still saves the rest of the profile.
    await expect(updateProfile(db(), account, { ...profileWith(account.internationalCode), first_name: 'زهرا' }, { ip: newIp(), now: at(3 * MINUTE) })).resolves.toMatchObject({
      first_name: 'زهرا',
    });
    // A day after the first refusal, a new code may be tried again.
    const later = await refusal(updateProfile(db(), account, profileWith(victims[5]!), { ip: newIp(), now: at(DAY + MINUTE) }));
    expect(later.code).toBe('conflict');
  });

  it('counts registration and every account of the phone together, and the address too', async () => {
    const victim = (await loggedIn(newPhone(), newIp(), at(0))).entry.user.international_code;
    const ip = newIp();
    const { code, account } = await loggedIn(newPhone(), ip, at(0));
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      for (let i = 0; i < 3; i++) {
        const taken = await refusal(registerAccount(db(), { phoneNumber: account.phoneNumber, code, ...person(), internationalCode: victim }, { ip, now: at(MINUTE) }));
        expect(taken.code).toBe('conflict');
      }
      for (let i = 0; i < 2; i++) expect((await refusal(updateProfile(db(), account, profileWith(victim), { ip, now: at(MINUTE) }))).code).toBe('conflict');
      const over = await refusal(registerAccount(db(), { phoneNumber: account.phoneNumber, code, ...person() }, { ip, now: at(MINUTE) }));
      expect(over.code).toBe('rate_limited');
    } finally {
      warnings.mockRestore();
    }
    const [row] = await db().select({ total: count() }).from(nationalCodeConflicts).where(eq(nationalCodeConflicts.phoneNumber, account.phoneNumber));
    expect(row?.total).toBe(5);

    // Ten refusals from one address in an hour, over several phones, close that address for the hour.
    const probe = newIp();
    const phones = await Promise.all([1, 2, 3].map(async () => (await loggedIn(newPhone(), newIp(), at(0))).account));
    const quiet = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      for (let i = 0; i < 10; i++) {
        expect((await refusal(updateProfile(db(), phones[i % 3]!, profileWith(victim), { ip: probe, now: at(MINUTE + i * SECOND) }))).code).toBe('conflict');
      }
      expect((await refusal(updateProfile(db(), phones[0]!, profileWith(victim), { ip: probe, now: at(2 * MINUTE) }))).code).toBe('rate_limited');
      expect((await refusal(updateProfile(db(), phones[0]!, profileWith(victim), { ip: newIp(), now: at(2 * MINUTE) }))).code).toBe('conflict');
    } finally {
      quiet.mockRestore();
    }
  });

  it('lets exactly 5 of 12 simultaneous probes from one phone through as 409s', async () => {
    const victim = (await loggedIn(newPhone(), newIp(), at(0))).entry.user.international_code;
    const { account } = await loggedIn(newPhone(), newIp(), at(0));
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const results = await Promise.allSettled(Array.from({ length: 12 }, () => updateProfile(db(), account, profileWith(victim), { ip: newIp(), now: at(MINUTE) })));
      const codes = results.map((result) => (result.status === 'rejected' ? (result.reason as AppError).code : 'ok'));
      expect(codes.filter((code) => code === 'conflict')).toHaveLength(5);
      expect(codes.filter((code) => code === 'rate_limited')).toHaveLength(7);
    } finally {
      warnings.mockRestore();
    }
  });
});
