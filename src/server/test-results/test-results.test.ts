import * as v from 'valibot';
import { expect, it, vi } from 'vitest';
import { MAX_LIVE_SHARES } from '#lib/api/contracts/test-results.ts';
import { FileTestResultSchema, type FileTestResultBody } from '#lib/api/contracts/test-results-filing.ts';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import { newPatient } from '../../../tests/support/wallet.ts';
import { nationalCode } from '../../../tests/support/people.ts';
import { rejection } from '../../../tests/support/rejection.ts';
import type { Account } from '../accounts/repository.ts';
import { AppError } from '../errors.ts';
import type { SmsProvider } from '../sms/provider.ts';
import type { LabKnowledge } from './knowledge.ts';
import { testResultMessages as M } from './messages.ts';
import { findResultByKey } from './repository.ts';
import { claimTestResult } from './claim.ts';
import {
  fileTestResult,
  getTestResult,
  listTestResults,
  revokeTestResultShare,
  shareTestResult,
  sharedTestResult,
  type ResultContext,
} from './service.ts';

const sms = vi.hoisted(() => [] as Array<{ to: string; text: string }>);
vi.mock('../sms/notify.ts', () => ({ notify: async (_db: unknown, { to, text }: { to: string; text: string }) => void sms.push({ to, text }) }));

const NOW = new Date('2026-11-20T08:00:00Z');
const MIN = 60_000;
const at = (minutes: number) => new Date(NOW.getTime() + minutes * MIN);
const PAGE = { page: 1, per_page: 20 };
const SITE = 'https://portal.example.ir';

/** Knows hemoglobin (critical below 7 g/dL) and potassium (critical above 6.5 mmol/L). */
const knowledge: LabKnowledge = {
  lookup(code, _name, unit) {
    const explanation = (title: string) => ({ title, summary: `${title} چیست`, see_doctor: 'با پزشک' });
    if (code === '718-7') return { nameFa: 'هموگلوبین', explanation: explanation('هموگلوبین'), critical: unit === 'g/dL' ? { low: 7 } : {} };
    if (code === '2823-3') return { nameFa: 'پتاسیم', explanation: explanation('پتاسیم'), critical: { low: 2.5, high: 6.5 } };
    return undefined;
  },
};
const context: ResultContext = { knowledge, doctorExists: (id) => id === 'amirhossein-salehi' };
const options = (now = NOW) => ({ filedBy: 'lab', format: 'json' as const, siteUrl: SITE, now });

let serial = 0;
const reception = () => `R${Date.now() % 1e7}-${++serial}`;

function filing(account: Pick<Account, 'internationalCode' | 'phoneNumber'>, changes: Partial<FileTestResultBody> = {}): FileTestResultBody {
  return v.parse(FileTestResultSchema, {
    patient: { international_code: account.internationalCode, phone_number: account.phoneNumber },
    reception_code: reception(),
    lab: 'آزمایشگاه بیمارستان',
    collected_at: '2026-11-19T05:30:00Z',
    reported_at: '2026-11-19T11:00:00Z',
    status: 'final',
    panels: [
      {
        name: 'CBC',
        observations: [
          { code: '718-7', name: 'Hemoglobin', value: 10.9, unit: 'g/dL', reference_low: 12, reference_high: 16 },
          { code: '777-3', name: 'Platelets', value: 250, unit: '10*3/uL', reference_low: 150, reference_high: 450 },
        ],
      },
    ],
    ...changes,
  });
}

const smsTo = (phone: string) => sms.filter((message) => message.to === phone).map((message) => message.text);

/** Claims here are by the filed mobile's own account: no code is sent (claim.test.ts tests codes). */
const noSms: SmsProvider = {
  name: 'console',
  sendOtp: () => Promise.reject(new Error('no code is sent in these tests')),
  sendText: () => Promise.reject(new Error('no code is sent in these tests')),
};

describeEachDatabase('test results', (database) => {
  it('files a result to the account with that national code and mobile: listed with its counts, read with flags, the patient told by SMS', async () => {
    const { db } = database();
    const account = await newPatient(db);
    const filed = await fileTestResult(db, context, filing(account, { ordered_by: { name: 'دکتر صالحی', doctor_id: 'amirhossein-salehi' } }), options());
    expect(filed).toMatchObject({ status: 'final', linked: true, created: true });
    expect(filed.key).toMatch(/^TR-[0-9A-Z]{6}$/);

    const list = await listTestResults(db, account.id, PAGE);
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ key: filed.key, abnormal_count: 1, critical_count: 0, observation_count: 2, panel_names: ['CBC'], patient: { first_name: account.firstName } });
    // The caller's own account (as the session holds it) names the patient without reading it again; a page past the end still counts.
    expect((await listTestResults(db, account, PAGE)).items).toEqual(list.items);
    expect(await listTestResults(db, account, { page: 2, per_page: 1 })).toEqual({ items: [], total: 1 });

    const result = await getTestResult(db, context, { accountId: account.id, key: filed.key, now: NOW });
    const [hb, plt] = result.panels[0]!.observations;
    expect(hb).toMatchObject({ flag: 'low', flag_source: 'range', name_fa: 'هموگلوبین', explanation: { title: 'هموگلوبین' }, history: [] });
    expect(plt).toMatchObject({ flag: 'normal', flag_source: 'range' });
    expect(plt!.explanation).toBeUndefined();
    expect(result.ordered_by).toEqual({ name: 'دکتر صالحی', doctor_id: 'amirhossein-salehi', booking_url: '/appointment/pre-reserve/amirhossein-salehi' });
    expect(smsTo(account.phoneNumber).at(-1)).toContain('آماده است');
    expect(smsTo(account.phoneNumber).at(-1)).toContain(`${SITE}/test-response/give-response`);
  });

  it('keeps components (each flagged), reference bands and a day without a time from our JSON', async () => {
    const { db } = database();
    const account = await newPatient(db);
    const body = filing(account, {
      collected_at: '2026-11-19',
      reported_at: '2026-11-19',
      panels: [
        {
          name: 'Vitals',
          observations: [
            {
              code: '85354-9',
              name: 'Blood pressure',
              components: [
                { code: '8480-6', name: 'Systolic', value: 150, unit: 'mm[Hg]', reference_high: 130 },
                { code: '8462-4', name: 'Diastolic', value: 80, unit: 'mm[Hg]', reference_high: 85 },
              ],
            },
            { code: '9269-2', name: 'GCS', value: 13, unit: '{score}', reference_bands: [{ name: 'Severe', high: 8 }, { name: 'Mild', low: 13 }] },
          ],
        },
      ],
    });
    const filed = await fileTestResult(db, context, body, options());
    const result = await getTestResult(db, context, { accountId: account.id, key: filed.key, now: NOW });
    expect(result).toMatchObject({ collected_at: '2026-11-19T12:00:00.000Z', collected_date_only: true, reported_date_only: true, abnormal_count: 1 });
    const [pressure, gcs] = result.panels[0]!.observations;
    expect(pressure).toMatchObject({ value: '', flag: 'high', flag_source: 'range' });
    expect(pressure!.components).toEqual([
      { code: '8480-6', name: 'Systolic', value: 150, unit: 'mm[Hg]', reference_high: 130, flag: 'high', flag_source: 'range' },
      { code: '8462-4', name: 'Diastolic', value: 80, unit: 'mm[Hg]', reference_high: 85, flag: 'normal', flag_source: 'range' },
    ]);
    expect(gcs).toMatchObject({ value: 13, flag: 'normal', flag_source: 'none', reference_bands: [{ name: 'Severe', high: 8 }, { name: 'Mild', low: 13 }] });
    expect(gcs!.reference_high).toBeUndefined();
    // Neither a value nor parts: refused by the schema.
    expect(v.safeParse(FileTestResultSchema, { ...body, panels: [{ name: 'X', observations: [{ code: 'A', name: 'A' }] }] }).success).toBe(false);
  });

  it('flags: the lab\'s flag stands, the range decides otherwise, critical limits of a known test in its unit, text values against reference text', async () => {
    const { db } = database();
    const account = await newPatient(db);
    const body = filing(account, {
      panels: [
        {
          name: 'Chem',
          observations: [
            { code: '718-7', name: 'Hb', value: 6.1, unit: 'g/dL', reference_low: 12, reference_high: 16 },
            { code: '2823-3', name: 'K', value: 7.0, unit: 'mmol/L', reference_low: 3.5, reference_high: 5.1 },
            { code: '2345-7', name: 'Glucose', value: 99, unit: 'mg/dL', reference_low: 70, reference_high: 99 },
            { code: '2160-0', name: 'Creatinine', value: 1.0, unit: 'mg/dL', reference_low: 0.5, reference_high: 1.1, flag: 'high' },
            { code: '5804-0', name: 'Urine protein', value: 'neg', reference_text: 'Negative' },
            { code: '5794-3', name: 'Urine blood', value: '2+', reference_text: 'Negative' },
            { code: 'X-1', name: 'No range', value: 42 },
          ],
        },
      ],
    });
    const filed = await fileTestResult(db, context, body, options());
    const flags = (await getTestResult(db, context, { accountId: account.id, key: filed.key, now: NOW })).panels[0]!.observations.map((o) => [o.code, o.flag, o.flag_source]);
    expect(flags).toEqual([
      ['718-7', 'critical_low', 'range'],
      ['2823-3', 'critical_high', 'range'],
      ['2345-7', 'normal', 'range'],
      ['2160-0', 'high', 'lab'],
      ['5804-0', 'normal', 'range'],
      ['5794-3', 'abnormal', 'range'],
      ['X-1', 'normal', 'none'],
    ]);
    expect((await listTestResults(db, account.id, PAGE)).items[0]).toMatchObject({ abnormal_count: 4, critical_count: 2 });
  });

  it('is filed in parts: partial, then the rest as final (panels merged by name and code), never backwards; an identical filing tells nobody', async () => {
    const { db } = database();
    const account = await newPatient(db);
    const first = filing(account, { status: 'partial' });
    const filed = await fileTestResult(db, context, first, options());
    expect(smsTo(account.phoneNumber).at(-1)).toContain('بخشی از جواب');

    const rest = filing(account, {
      reception_code: first.reception_code,
      status: 'final',
      panels: [
        { name: 'CBC', observations: [{ code: '718-7', name: 'Hemoglobin', value: 12.5, unit: 'g/dL', reference_low: 12, reference_high: 16 }] },
        { name: 'Biochemistry', observations: [{ code: '2345-7', name: 'Glucose', value: 130, unit: 'mg/dL', reference_low: 70, reference_high: 99 }] },
      ],
    });
    const again = await fileTestResult(db, context, rest, options(at(60)));
    expect(again).toMatchObject({ key: filed.key, status: 'final', created: false });
    const result = await getTestResult(db, context, { accountId: account.id, key: filed.key, now: at(60) });
    expect(result.panels.map((panel) => [panel.name, panel.observations.map((o) => [o.code, o.value, o.flag])])).toEqual([
      ['CBC', [['718-7', 12.5, 'normal'], ['777-3', 250, 'normal']]],
      ['Biochemistry', [['2345-7', 130, 'high']]],
    ]);
    expect(smsTo(account.phoneNumber).at(-1)).toContain('آماده است');

    expect(again).toMatchObject({ changed: true, notified: true });
    const messages = smsTo(account.phoneNumber).length;
    expect(await fileTestResult(db, context, rest, options(at(61)))).toMatchObject({ changed: false, notified: false });
    expect(smsTo(account.phoneNumber)).toHaveLength(messages);

    const backwards = await rejection(fileTestResult(db, context, { ...rest, status: 'partial' }, options(at(62))), AppError);
    expect(backwards.code).toBe('conflict');

    const corrected = { ...rest, panels: [{ name: 'Biochemistry', observations: [{ code: '2345-7', name: 'Glucose', value: 95, unit: 'mg/dL', reference_low: 70, reference_high: 99 }] }] };
    await fileTestResult(db, context, corrected, options(at(63)));
    expect(smsTo(account.phoneNumber).at(-1)).toContain('به‌روز شد');
    expect((await getTestResult(db, context, { accountId: account.id, key: filed.key, now: at(63) })).panels[1]!.observations[0]).toMatchObject({ value: 95, flag: 'normal' });
  });

  it('refuses a reception code already filed for another national code (409), changing nothing', async () => {
    const { db } = database();
    const [one, other] = [await newPatient(db), await newPatient(db)];
    const body = filing(one);
    const filed = await fileTestResult(db, context, body, options());
    const before = await findResultByKey(db, filed.key);
    const refused = await rejection(fileTestResult(db, context, { ...filing(other), reception_code: body.reception_code }, options(at(1))), AppError);
    expect([refused.code, refused.message]).toEqual(['conflict', M.otherPatient]);
    expect(await findResultByKey(db, filed.key)).toEqual(before);
  });

  it('files concurrent first filings of one reception code as one result', async () => {
    const { db } = database();
    const account = await newPatient(db);
    const body = filing(account);
    const filed = await Promise.all(Array.from({ length: 8 }, (_, i) => fileTestResult(db, context, body, options(at(i)))));
    expect(new Set(filed.map((f) => f.key)).size).toBe(1);
    expect(filed.filter((f) => f.created)).toHaveLength(1);
    expect((await listTestResults(db, account.id, PAGE)).total).toBe(1);
  });

  it("shows each value's earlier values for this patient only, oldest first; not a relative's, not later ones", async () => {
    const { db } = database();
    const account = await newPatient(db);
    const value = (hb: number, collected_at: string) =>
      filing(account, { collected_at, reported_at: collected_at, panels: [{ name: 'CBC', observations: [{ code: '718-7', name: 'Hb', value: hb, unit: 'g/dL', reference_low: 12, reference_high: 16 }] }] });
    await fileTestResult(db, context, value(13.1, '2025-12-01T05:00:00Z'), options());
    await fileTestResult(db, context, value(11.2, '2026-05-01T05:00:00Z'), options());
    const latest = await fileTestResult(db, context, value(10.4, '2026-11-01T05:00:00Z'), options());
    await fileTestResult(db, context, value(14.0, '2026-11-15T05:00:00Z'), options());
    // A relative's result, filed under this account's mobile, claimed into the same account.
    const relative = { internationalCode: nationalCode(987_654), phoneNumber: account.phoneNumber };
    const theirs = filing(relative, { collected_at: '2026-06-01T05:00:00Z', panels: [{ name: 'CBC', observations: [{ code: '718-7', name: 'Hb', value: 9, unit: 'g/dL' }] }] });
    await fileTestResult(db, context, theirs, options());
    const claimed = await claimTestResult(db, noSms, { accountId: account.id, body: { reception_code: theirs.reception_code, international_code: relative.internationalCode }, ip: '10.4.0.1', now: at(1) });
    expect('claimed' in claimed).toBe(true);

    const result = await getTestResult(db, context, { accountId: account.id, key: latest.key, now: NOW });
    expect(result.panels[0]!.observations[0]!.history).toEqual([
      { value: 13.1, collected_at: '2025-12-01T05:00:00.000Z', flag: 'normal' },
      { value: 11.2, collected_at: '2026-05-01T05:00:00.000Z', flag: 'low' },
    ]);
  });

  it("answers 404 for another account's result and for keys not of our shape", async () => {
    const { db } = database();
    const [owner, stranger] = [await newPatient(db), await newPatient(db)];
    const filed = await fileTestResult(db, context, filing(owner), options());
    for (const key of [filed.key, 'TR-AAAAAA', 'tr-aaaaaa', '../x', 'TR-']) {
      const refused = await rejection(getTestResult(db, context, { accountId: stranger.id, key, now: NOW }), AppError);
      expect([refused.code, refused.message], key).toEqual(['not_found', M.notFound]);
    }
    expect((await rejection(shareTestResult(db, { accountId: stranger.id, key: filed.key, hours: 24, now: NOW }), AppError)).code).toBe('not_found');
  });

  it('shares a result by a link that expires, can be revoked, shows no national code or phone, and is capped at 10 live links', async () => {
    const { db } = database();
    const owner = await newPatient(db);
    const filed = await fileTestResult(db, context, filing(owner), options());
    const share = await shareTestResult(db, { accountId: owner.id, key: filed.key, hours: 24, now: NOW });
    expect(share.url).toBe(`/test-response/shared/${share.token}`);
    expect(share.expires_at).toBe(at(24 * 60).toISOString());

    const shown = await sharedTestResult(db, context, share.token, at(60));
    const text = JSON.stringify(shown);
    expect(shown.patient_masked).toBe('م*** ا***');
    expect(text).not.toContain(owner.internationalCode);
    expect(text).not.toContain(owner.phoneNumber);
    expect(text).not.toContain(filed.key);
    expect(shown.panels[0]!.observations[0]).toMatchObject({ code: '718-7', flag: 'low' });
    expect((await getTestResult(db, context, { accountId: owner.id, key: filed.key, now: at(60) })).shares.map((s) => s.id)).toEqual([share.id]);

    // Expired: the same 404 as an unknown token.
    const expired = await rejection(sharedTestResult(db, context, share.token, at(24 * 60 + 1)), AppError);
    const unknown = await rejection(sharedTestResult(db, context, 'A'.repeat(22), NOW), AppError);
    expect([expired.code, expired.message]).toEqual(['not_found', M.shareNotFound]);
    expect(unknown.message).toBe(expired.message);

    // Revoked, by its owner only.
    const stranger = await newPatient(db);
    expect((await rejection(revokeTestResultShare(db, { accountId: stranger.id, key: filed.key, shareId: share.id, now: at(2) }), AppError)).code).toBe('not_found');
    expect(await revokeTestResultShare(db, { accountId: owner.id, key: filed.key, shareId: share.id, now: at(2) })).toEqual({ id: share.id, revoked: true });
    expect((await rejection(sharedTestResult(db, context, share.token, at(3)), AppError)).message).toBe(M.shareNotFound);
    expect((await rejection(revokeTestResultShare(db, { accountId: owner.id, key: filed.key, shareId: share.id, now: at(3) }), AppError)).code).toBe('not_found');

    for (let i = 0; i < MAX_LIVE_SHARES; i++) await shareTestResult(db, { accountId: owner.id, key: filed.key, hours: 72, now: at(4) });
    expect((await rejection(shareTestResult(db, { accountId: owner.id, key: filed.key, hours: 72, now: at(5) }), AppError)).code).toBe('conflict');

    const pending = await fileTestResult(db, context, filing(owner, { status: 'pending', panels: [] }), options());
    expect((await rejection(shareTestResult(db, { accountId: owner.id, key: pending.key, hours: 24, now: NOW }), AppError)).message).toBe(M.notReadyToShare);
  });
});
