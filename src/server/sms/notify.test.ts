import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, expect, it, type MockInstance, vi } from 'vitest';
import { tehran } from '../../../tests/support/appointments.ts';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import { nationalCode } from '../../../tests/support/people.ts';
import { type Account, insertAccount } from '../accounts/repository.ts';
import { sendLoginCode } from '../auth/service.ts';
import { readCatalogue } from '../catalogue/index.ts';
import type { Db } from '../db/client.ts';
import { countEvents } from '../limits/repository.ts';
import { cancelServiceRequest, createServiceRequest, getServiceRequest } from '../service-requests/service.ts';
import { notify, notifySkippedSubject, notifySubject } from './notify.ts';
import { type OtpSms, SmsError, type SmsProvider, type TextSms } from './provider.ts';

// The HMAC key of the login codes (appSecret() reads it on first use); never the generated file.
vi.stubEnv('APP_SECRET', randomBytes(32).toString('hex'));
vi.stubEnv('SMS_NOTIFY_DAILY_LIMIT', '');
vi.stubEnv('SERVICE_REQUEST_DAILY_LIMIT', '');

/** Every message the process's provider would have sent: the services call notify() without one. */
const outbox = vi.hoisted(() => ({ texts: [] as Array<{ to: string; text: string }>, codes: [] as Array<{ to: string; code: string }> }));
vi.mock('./index.ts', () => ({
  smsProvider: () => ({
    name: 'console',
    async sendOtp(sms: OtpSms) {
      outbox.codes.push(sms);
    },
    async sendText(sms: TextSms) {
      outbox.texts.push(sms);
    },
  }),
}));

const DEFAULT_LIMIT = 20;
const MIN = 60_000;
const NOW = tehran('2026-12-01', '09:30');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * MIN);
const services = readCatalogue('src/content').services;
const body = {
  service_id: 'home-injection',
  phone: '02188001234',
  address: 'تهران، خیابان ولیعصر، کوچهٔ نسترن، پلاک ۱۲',
  preferred_date: '2026-12-03',
  preferred_window: 'morning' as const,
  notes: '',
};

let phones = 0;
const newPhone = () => `0913${String(1_000_000 + ++phones + Math.floor(Math.random() * 8_000_000)).slice(-7)}`;
const accountOf = (db: Db, phoneNumber: string, n: number): Promise<Account> =>
  insertAccount(db, { phoneNumber, firstName: 'مریم', lastName: 'احمدی', internationalCode: nationalCode(40_000 + n + Math.floor(Math.random() * 50_000)), gender: 'female' });
const requester = (account: Account) => ({ id: account.id, firstName: account.firstName, lastName: account.lastName });
const sentTo = (phone: string) => outbox.texts.filter((sms) => sms.to === phone);

/** A provider of its own, for the tests that make it fail. */
function recording(fail?: Error): Pick<SmsProvider, 'sendText'> & { sent: TextSms[] } {
  const sent: TextSms[] = [];
  return {
    sent,
    async sendText(message) {
      if (fail) throw fail;
      sent.push(message);
    },
  };
}

describeEachDatabase('notification SMS budget', (database) => {
  const db = (): Db => database().db;
  let warnings: MockInstance<typeof console.warn>;
  let errors: MockInstance<typeof console.error>;
  beforeEach(() => {
    warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    warnings.mockRestore();
    errors.mockRestore();
  });

  it(`counts all accounts of a phone together: the ${DEFAULT_LIMIT + 1}st notification is skipped and logged, the action still happens`, async () => {
    const phone = newPhone();
    const family = [await accountOf(db(), phone, 1), await accountOf(db(), phone, 2), await accountOf(db(), phone, 3)];
    // Submit-and-cancel: two SMS a loop, five loops per account (its daily creation bound).
    let minute = 0;
    for (const account of family.slice(0, 2)) {
      for (let loop = 0; loop < 5; loop++) {
        const created = await createServiceRequest(db(), { services, requester: requester(account), body, now: at(minute++) });
        await cancelServiceRequest(db(), { services, accountId: account.id, key: created.key, now: at(minute++) });
      }
    }
    expect(sentTo(phone)).toHaveLength(DEFAULT_LIMIT);
    expect(warnings).not.toHaveBeenCalled();

    const third = await createServiceRequest(db(), { services, requester: requester(family[2]!), body, now: at(minute) });
    expect((await getServiceRequest(db(), services, family[2]!.id, third.key)).status).toBe('submitted');
    expect(sentTo(phone)).toHaveLength(DEFAULT_LIMIT);
    expect(await countEvents(db(), notifySkippedSubject(phone), NOW)).toBe(1);
    expect(warnings).toHaveBeenCalledTimes(1);
    const line = String(warnings.mock.calls[0]![0]);
    expect(line).toContain(`${phone.slice(0, 4)}***${phone.slice(-3)}`);
    expect(line).not.toContain(phone);
    expect(line).toMatch(/budget/);

    // A rolling day after the first of them, the phone has room again.
    await notify(db(), { to: phone, text: 'پیام تازه', now: at(24 * 60) });
    expect(sentTo(phone)).toHaveLength(DEFAULT_LIMIT + 1);
  });

  it('leaves login codes alone: they still go out when the budget is spent, and never use it up', async () => {
    const spent = newPhone();
    for (let i = 0; i <= DEFAULT_LIMIT; i++) await notify(db(), { to: spent, text: `پیام ${i}`, now: at(i) });
    expect(sentTo(spent)).toHaveLength(DEFAULT_LIMIT);
    await sendLoginCode(db(), { name: 'console', sendOtp: async (sms) => void outbox.codes.push(sms), sendText: async () => {} }, { phoneNumber: spent, ip: '203.0.113.7', now: at(30) });
    expect(outbox.codes.filter((sms) => sms.to === spent)).toHaveLength(1);

    // The other way: a phone that had its day's login codes still gets its notifications.
    const loggedIn = newPhone();
    const provider = { name: 'console' as const, sendOtp: async (sms: OtpSms) => void outbox.codes.push(sms), sendText: async () => {} };
    for (let i = 0; i < 10; i++) await sendLoginCode(db(), provider, { phoneNumber: loggedIn, ip: '203.0.113.8', now: at(i * 11) });
    expect(outbox.codes.filter((sms) => sms.to === loggedIn)).toHaveLength(10);
    expect(await countEvents(db(), notifySubject(loggedIn), NOW)).toBe(0);
    for (let i = 0; i < DEFAULT_LIMIT; i++) await notify(db(), { to: loggedIn, text: `پیام ${i}`, now: at(120 + i) });
    expect(sentTo(loggedIn)).toHaveLength(DEFAULT_LIMIT);
  });

  it('never exceeds the budget when 60 notifications to one phone race', async () => {
    const phone = newPhone();
    const provider = recording();
    await Promise.all(Array.from({ length: 60 }, (_, i) => notify(db(), { to: phone, text: `پیام ${i}`, now: NOW, provider })));
    expect(provider.sent).toHaveLength(DEFAULT_LIMIT);
    expect(await countEvents(db(), notifySubject(phone), NOW)).toBe(DEFAULT_LIMIT);
    expect(await countEvents(db(), notifySkippedSubject(phone), NOW)).toBe(60 - DEFAULT_LIMIT);
  });

  it('counts only what the provider accepted: a refused message gives its unit back', async () => {
    const phone = newPhone();
    for (let i = 0; i < 3; i++) await notify(db(), { to: phone, text: 'پیام', now: at(i), provider: recording(new SmsError('Kavenegar refused the message: HTTP 418')), dailyLimit: 2 });
    expect(await countEvents(db(), notifySubject(phone), NOW)).toBe(0);
    const provider = recording();
    for (let i = 0; i < 3; i++) await notify(db(), { to: phone, text: 'پیام', now: at(10 + i), provider, dailyLimit: 2 });
    expect(provider.sent).toHaveLength(2);
  });

  it.each([
    ['a refusal', new SmsError('Kavenegar refused the message: HTTP 418, status 418: اعتبار کافی نیست')],
    ['any other failure', new TypeError('fetch failed')],
  ])('swallows %s and logs it with the phone masked', async (_title, failure) => {
    const phone = newPhone();
    await expect(notify(db(), { to: phone, text: 'پیام', now: NOW, provider: recording(failure) })).resolves.toBeUndefined();
    expect(errors).toHaveBeenCalledTimes(1);
    const line = String(errors.mock.calls[0]![0]);
    expect(line).toContain(failure.message);
    expect(line).toContain(`${phone.slice(0, 4)}***${phone.slice(-3)}`);
    expect(line).not.toContain(phone);
  });

  it('sends the text as a plain message', async () => {
    const phone = newPhone();
    const provider = recording();
    await notify(db(), { to: phone, text: 'رسید پرداخت', now: NOW, provider });
    expect(provider.sent).toEqual([{ to: phone, text: 'رسید پرداخت' }]);
  });
});
