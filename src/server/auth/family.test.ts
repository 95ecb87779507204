import { randomBytes } from 'node:crypto';
import { expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import { nationalCode } from '../../../tests/support/people.ts';
import { accountMessages } from '../accounts/messages.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import type { OtpSms, SmsProvider } from '../sms/provider.ts';
import { requireAccount, type Session } from './bearer.ts';
import { addPerson, listSessionPhoneAccounts, switchAccount } from './family.ts';
import { authMessages } from './messages.ts';
import { MAX_ACCOUNTS_PER_PHONE, tokenPolicy } from './policy.ts';
import { checkLoginCode, logout, registerAccount, sendLoginCode } from './service.ts';

vi.stubEnv('APP_SECRET', randomBytes(32).toString('hex'));

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const t0 = new Date('2026-03-01T06:00:00Z').getTime();
const at = (ms: number) => new Date(t0 + ms);

let counter = 0;
const newPhone = () => `0913${String(2_000_000 + ++counter)}`;
const newIp = () => `10.20.${Math.floor(++counter / 250) % 250}.${(counter % 250) + 1}`;
const bearer = (token: string) => new Request('http://portal.test/api/auth/accounts', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
let people = 0;
const person = (first_name: string) => ({ first_name, last_name: 'توکلی', international_code: nationalCode(41_000 + ++people), gender: 'female' as const });

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describeEachDatabase('the people of a verified phone, without another code', (database) => {
  const db = (): Db => database().db;
  const sent: OtpSms[] = [];
  const sms: SmsProvider = {
    name: 'console',
    async sendOtp(message) {
      sent.push(message);
    },
    async sendText() {
      throw new Error('no plain messages here');
    },
  };

  /** A phone registered with one code at t0: its first person's token and session. */
  async function registeredPhone(first = 'مهسا') {
    const phoneNumber = newPhone();
    const ip = newIp();
    await sendLoginCode(db(), sms, { phoneNumber, ip, now: at(0) });
    const code = sent.findLast((message) => message.to === phoneNumber)!.code;
    await checkLoginCode(db(), { phoneNumber, code, ip, now: at(1000) });
    const entry = await registerAccount(db(), { phoneNumber, code, ...personFields(first) }, { ip, now: at(2000) });
    return { phoneNumber, ip, token: entry.token, user: entry.user };
  }
  const personFields = (first: string) => {
    const { first_name, last_name, international_code, gender } = person(first);
    return { firstName: first_name, lastName: last_name, internationalCode: international_code, gender };
  };
  const sessionOf = (token: string, now: Date): Promise<Session> => requireAccount(db(), bearer(token), now);
  const smsTo = (phone: string) => sent.filter((message) => message.to === phone).length;

  it('adds a person and switches back and forth on one code: the old token dies at each trade, the deadline never moves', async () => {
    const { phoneNumber, ip, token, user } = await registeredPhone();
    const firstSession = await sessionOf(token, at(3000));
    const added = await addPerson(db(), firstSession, person('نیما'), { ip, now: at(DAY) });
    expect(added.accounts).toBe(2);
    expect(added.entry.user).toMatchObject({ first_name: 'نیما', phone_number: phoneNumber });
    expect((await refusal(sessionOf(token, at(DAY + 1)))).code).toBe('unauthenticated');

    let current = added.entry.token;
    for (const [i, target] of [user.id, added.entry.user.id, user.id].entries()) {
      const session = await sessionOf(current, at(2 * DAY + i));
      expect((await listSessionPhoneAccounts(db(), session)).map((account) => account.id)).toEqual([user.id, added.entry.user.id]);
      const next = await switchAccount(db(), session, { accountId: target, now: at(2 * DAY + i) });
      expect(next.user.id).toBe(target);
      // The token traded away is dead: replaying it switches nothing.
      expect((await refusal(sessionOf(current, at(2 * DAY + i)))).code).toBe('unauthenticated');
      current = next.token;
    }
    expect(smsTo(phoneNumber)).toBe(1);
    // The session ends when the registration's token would have: 30 days after it, not after the last switch.
    const deadline = firstSession.expiresAt.getTime();
    expect(deadline).toBe(t0 + 2000 + tokenPolicy.ttlMs);
    await expect(sessionOf(current, new Date(deadline - 1))).resolves.toMatchObject({ account: { id: user.id } });
    expect((await refusal(sessionOf(current, new Date(deadline)))).code).toBe('unauthenticated');
  });

  it("never reaches another phone's account, and a refused switch keeps the token alive", async () => {
    const mine = await registeredPhone();
    const theirs = await registeredPhone('سارا');
    const session = await sessionOf(mine.token, at(MINUTE));
    const refused = await refusal(switchAccount(db(), session, { accountId: theirs.user.id, now: at(MINUTE) }));
    expect(refused.code).toBe('not_found');
    expect(refused.message).toBe(authMessages.personNotFound);
    expect((await refusal(switchAccount(db(), session, { accountId: 987_654_321, now: at(MINUTE) }))).code).toBe('not_found');
    await expect(sessionOf(mine.token, at(MINUTE))).resolves.toMatchObject({ account: { id: mine.user.id } });
    expect((await listSessionPhoneAccounts(db(), session)).map((account) => account.id)).toEqual([mine.user.id]);
    // Adding a person puts them under the session's phone, never another.
    const added = await addPerson(db(), session, person('رضا'), { ip: mine.ip, now: at(MINUTE) });
    expect(added.entry.user.phone_number).toBe(mine.phoneNumber);
    expect((await listSessionPhoneAccounts(db(), await sessionOf(theirs.token, at(MINUTE)))).map((account) => account.id)).toEqual([theirs.user.id]);
  });

  it('trades a token once: of 10 simultaneous switches or additions with it, one succeeds', async () => {
    const { ip, token, user } = await registeredPhone();
    const session = await sessionOf(token, at(MINUTE));
    const added = await addPerson(db(), session, person('نیما'), { ip, now: at(MINUTE) });
    const second = await sessionOf(added.entry.token, at(2 * MINUTE));
    const switches = await Promise.allSettled(Array.from({ length: 10 }, () => switchAccount(db(), second, { accountId: user.id, now: at(2 * MINUTE) })));
    expect(switches.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of switches) if (outcome.status === 'rejected') expect((outcome.reason as AppError).code).toBe('unauthenticated');

    const winner = (switches.find((outcome) => outcome.status === 'fulfilled') as PromiseFulfilledResult<{ token: string }>).value.token;
    const third = await sessionOf(winner, at(3 * MINUTE));
    const additions = await Promise.allSettled(Array.from({ length: 10 }, () => addPerson(db(), third, person('کودک'), { ip, now: at(3 * MINUTE) })));
    expect(additions.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    // The losers' new accounts were rolled back with their refusals.
    expect(await listSessionPhoneAccounts(db(), third)).toHaveLength(3);
  });

  it('keeps the limit of accounts per phone', async () => {
    const { ip, token } = await registeredPhone();
    let current = token;
    for (let i = 1; i < MAX_ACCOUNTS_PER_PHONE; i++) {
      const added = await addPerson(db(), await sessionOf(current, at(MINUTE + i)), person(`فرد ${i}`), { ip, now: at(MINUTE + i) });
      expect(added.accounts).toBe(i + 1);
      current = added.entry.token;
    }
    const session = await sessionOf(current, at(2 * MINUTE));
    const refused = await refusal(addPerson(db(), session, person('یازدهم'), { ip, now: at(2 * MINUTE) }));
    expect(refused.code).toBe('conflict');
    expect(refused.message).toBe(accountMessages.tooManyAccounts);
    // Refused: the token was not traded.
    await expect(sessionOf(current, at(2 * MINUTE))).resolves.toBeDefined();
    expect(await listSessionPhoneAccounts(db(), session)).toHaveLength(MAX_ACCOUNTS_PER_PHONE);
  });

  it('stops a looped switch: 60 tokens a login an hour, then 429 until the oldest leaves the hour', async () => {
    const { ip, token, user } = await registeredPhone();
    const added = await addPerson(db(), await sessionOf(token, at(MINUTE)), person('نیما'), { ip, now: at(MINUTE) });
    // The registration's token and the addition's: 2 of the 60.
    let current = added.entry.token;
    const targets = [user.id, added.entry.user.id];
    for (let i = 0; i < 58; i++) {
      const now = at(2 * MINUTE + i * 1000);
      current = (await switchAccount(db(), await sessionOf(current, now), { accountId: targets[i % 2]!, now })).token;
    }
    const now = at(3 * MINUTE);
    const session = await sessionOf(current, now);
    const looped = await refusal(switchAccount(db(), session, { accountId: user.id, now }));
    expect(looped.code).toBe('rate_limited');
    // The registration's token (at 2 s) leaves the hour first.
    expect(looped.retryAfter).toBe((60 * MINUTE + 2000 - 3 * MINUTE) / 1000);
    expect(looped.message).toBe(authMessages.switchWait(looped.retryAfter!));
    expect((await refusal(addPerson(db(), session, person('رضا'), { ip, now }))).code).toBe('rate_limited');
    // Refused: the token still lives, and works again once the hour has room.
    const later = at(60 * MINUTE + 2001);
    await expect(switchAccount(db(), await sessionOf(current, later), { accountId: user.id, now: later })).resolves.toMatchObject({ user: { id: user.id } });
  });

  it('refuses a national code in use (409) and keeps the token', async () => {
    const mine = await registeredPhone();
    const theirs = await registeredPhone('سارا');
    const session = await sessionOf(mine.token, at(MINUTE));
    const taken = await refusal(addPerson(db(), session, { ...person('سارا'), international_code: theirs.user.international_code }, { ip: mine.ip, now: at(MINUTE) }));
    expect(taken.code).toBe('conflict');
    expect(taken.errors).toEqual({ international_code: [accountMessages.nationalCodeTaken] });
    await expect(sessionOf(mine.token, at(MINUTE))).resolves.toBeDefined();
  });

  it('opens nothing after logout: every token of the login, traded or not, is dead, and the phone needs a code again', async () => {
    const { ip, token, user } = await registeredPhone();
    const added = await addPerson(db(), await sessionOf(token, at(MINUTE)), person('نیما'), { ip, now: at(MINUTE) });
    const back = await switchAccount(db(), await sessionOf(added.entry.token, at(2 * MINUTE)), { accountId: user.id, now: at(2 * MINUTE) });
    const last = await sessionOf(back.token, at(3 * MINUTE));
    await logout(db(), last, at(3 * MINUTE));
    for (const proof of [token, added.entry.token, back.token]) {
      expect((await refusal(sessionOf(proof, at(4 * MINUTE)))).code).toBe('unauthenticated');
    }
    // A session read before the logout (a request in flight) cannot trade its dead token either.
    expect((await refusal(switchAccount(db(), last, { accountId: added.entry.user.id, now: at(4 * MINUTE) }))).code).toBe('unauthenticated');
    expect((await refusal(addPerson(db(), last, person('رضا'), { ip, now: at(4 * MINUTE) }))).code).toBe('unauthenticated');
    expect(await listSessionPhoneAccounts(db(), last)).toHaveLength(2);
  });

  it('does not trade an expired token, even one read while it lived', async () => {
    const { token, user } = await registeredPhone();
    const session = await sessionOf(token, at(MINUTE));
    const after = new Date(session.expiresAt.getTime());
    expect((await refusal(sessionOf(token, after))).code).toBe('unauthenticated');
    expect((await refusal(switchAccount(db(), session, { accountId: user.id, now: after }))).code).toBe('unauthenticated');
  });
});
