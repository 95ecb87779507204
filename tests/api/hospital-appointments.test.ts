/**
 * The hospital side of booking over HTTP: a doctor's leave cancels and refunds
 * the bookings inside it and tells the patients, and can be withdrawn; the desk's day list; scopes
 * and Idempotency-Key; and the same actions through `npm run hospital`.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskAppointment, LeaveResult, LeaveWithdrawal } from '../../src/server/appointments/hospital.ts';
import { bookWithWallet, envelope, freeDays, holdOk, slotsOf, walletOf } from '../support/appointments-api.ts';
import { hospitalCli } from '../support/hospital-cli.ts';
import { nationalCode, newIp, newPhone, post, readOutbox, registerPatient } from '../support/portal-api.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { chargeWallet } from '../support/wallet-api.ts';

const DESK_KEY = 'desk-booking-key-0123456789abcdefghijklmnopqrstuvwxyz';
const PAYROLL_KEY = 'payroll-booking-key-0123456789abcdefghijklmnopqrstuvwxyz';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const REASON = 'سفر علمی پزشک';

let server: RunningServer;
let people = 0;
beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: '1', HOSPITAL_API_KEYS: `desk:${sha256(DESK_KEY)}:appointments,payroll:${sha256(PAYROLL_KEY)}:withdrawals`, DEMO_DATA: '0' } });
});
afterAll(() => server?.dispose());

function hospital(apiPath: string, { key = DESK_KEY, body, idempotencyKey }: { key?: string; body?: unknown; idempotencyKey?: string } = {}) {
  return fetch(new URL(`/api/hospital/v1${apiPath}`, server.url), {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
const dayList = async (date: string, doctorId?: string) => {
  const response = await hospital(`/appointments?date=${date}${doctorId ? `&doctor_id=${doctorId}` : ''}`);
  expect(response.status).toBe(200);
  return (await envelope<DeskAppointment[]>(response)).data!;
};
const smsAbout = (key: string) => readOutbox(server).filter((line) => line.text.includes(key));

async function patientWithBalance(amount: number) {
  const n = 9_400 + ++people;
  const internationalCode = nationalCode(n);
  const phone = newPhone();
  const registered = await registerPatient(server, { phone, ip: newIp(), firstName: 'سپیده', lastName: 'کاظمی', internationalCode });
  if (amount > 0) await chargeWallet(server, registered.token, amount);
  return { ...registered, phone, internationalCode };
}

/** A Tehran day of `doctorId` with at least `count` free slots two days or more ahead. */
async function openDay(doctorId: string, count = 2) {
  const day = (await freeDays(server, doctorId)).find((d) => d.slots.length >= count);
  if (!day) throw new Error(`${doctorId} has no day with ${count} free slots`);
  return day;
}

describe('hospital API: a doctor’s leave', () => {
  it('cancels the bookings inside it, refunds the wallets, tells the patients, and frees nothing else', async () => {
    const doctor = 'maryam-ahmadi';
    const day = await openDay(doctor, 3);
    const paying = await patientWithBalance(20_000_000);
    const holding = await patientWithBalance(20_000_000);
    const booked = await bookWithWallet(server, paying.token, doctor, day.slots[0]!.start);
    const held = await holdOk(server, holding.token, doctor, day.slots[1]!.start);
    expect(await walletOf(server, paying.token)).toMatchObject({ balance: 20_000_000 - booked.fee });
    // A booking of the same doctor on another day stays.
    const otherDay = (await freeDays(server, doctor)).find((d) => d.date !== day.date)!;
    const elsewhere = await bookWithWallet(server, (await patientWithBalance(20_000_000)).token, doctor, otherDay.slots[0]!.start);
    expect((await dayList(day.date, doctor)).map((a) => a.key)).toEqual([booked.key]);

    const filed = await hospital(`/doctors/${doctor}/leaves`, { body: { from: day.date, to: day.date, reason: REASON } });
    expect(filed.status).toBe(201);
    const leave = (await envelope<LeaveResult>(filed)).data!;
    expect(leave.cancelled).toHaveLength(2);
    expect(leave.cancelled).toEqual(
      expect.arrayContaining([
        { key: booked.key, start: booked.start, refunded: booked.fee },
        { key: held.key, start: held.start, refunded: 0 },
      ]),
    );
    // Whole Tehran days: from its midnight to the next midnight.
    expect(leave.from).toBe(new Date(`${day.date}T00:00:00+03:30`).toISOString());
    expect(Date.parse(leave.to) - Date.parse(leave.from)).toBe(24 * 60 * 60 * 1000);

    expect(await walletOf(server, paying.token)).toEqual({ balance: 20_000_000, available: 20_000_000, held: 0 });
    const texts = smsAbout(booked.key).map((line) => line.text);
    expect(texts.at(-1)).toContain(REASON);
    expect(texts.at(-1)).toMatch(/لغو شد/);
    expect(smsAbout(booked.key).at(-1)?.to).toBe(paying.phone);

    const mine = await envelope<{ status: string; refunded?: number; cancel_reason?: string }>(
      await fetch(new URL(`/api/appointments/${booked.key}`, server.url), { headers: { authorization: `Bearer ${paying.token}` } }),
    );
    expect(mine.data).toMatchObject({ status: 'cancelled', refunded: booked.fee });
    expect(await dayList(day.date, doctor)).toEqual([]);
    expect((await dayList(otherDay.date, doctor)).map((a) => a.key)).toContain(elsewhere.key);
    // The day offers nothing any more, and is marked as a leave.
    const after = (await slotsOf(server, doctor)).data.find((d) => d.date === day.date)!;
    expect(after).toMatchObject({ on_leave: true, slots: [] });
    const again = await post(server, 'appointments/hold', { doctor_id: doctor, start: day.slots[2]!.start }, { token: paying.token });
    expect(again.status).toBe(409);

    const check = await envelope<{ ok: boolean }>(await hospital('/ledger/check', { key: PAYROLL_KEY }));
    expect(check.data?.ok).toBe(true);
  });

  it('takes instants with Z; refuses an unknown doctor (404), an end before the start and bad fields (422)', async () => {
    const doctor = 'nasrin-mousavi';
    const day = await openDay(doctor, 3);
    const patient = await patientWithBalance(20_000_000);
    const first = await bookWithWallet(server, patient.token, doctor, day.slots[0]!.start);
    const second = await holdOk(server, (await patientWithBalance(0)).token, doctor, day.slots[2]!.start);
    // One slot only: from its start to its end.
    const filed = await hospital(`/doctors/${doctor}/leaves`, { body: { from: first.start, to: first.end, reason: 'جلسهٔ اضطراری بیمارستان' } });
    expect(filed.status).toBe(201);
    expect((await envelope<LeaveResult>(filed)).data).toMatchObject({ from: first.start, to: first.end, cancelled: [{ key: first.key, refunded: first.fee }] });
    expect((await dayList(day.date, doctor)).map((a) => a.key)).not.toContain(second.key);
    const slots = (await slotsOf(server, doctor)).data.find((d) => d.date === day.date)!;
    expect(slots.on_leave).toBe(true);
    expect(slots.slots.some((s) => s.start === day.slots[1]!.start && s.available)).toBe(true);

    const unknown = await hospital('/doctors/no-such-doctor/leaves', { body: { from: day.date, to: day.date, reason: REASON } });
    expect(unknown.status).toBe(404);
    const backwards = await hospital(`/doctors/${doctor}/leaves`, { body: { from: '2027-01-10', to: '2027-01-09', reason: REASON } });
    expect(backwards.status).toBe(422);
    expect((await envelope(backwards)).errors).toHaveProperty('to');
    const empty = await hospital(`/doctors/${doctor}/leaves`, { body: { from: first.end, to: first.end, reason: REASON } });
    expect(empty.status).toBe(422);
    const bad = await hospital(`/doctors/${doctor}/leaves`, {
      body: { from: '2027-02-30', to: '2027-01-09T10:00:00+03:30', reason: 'doctor is away' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys((await envelope(bad)).errors ?? {}).sort()).toEqual(['from', 'reason', 'to']);
    const long = await hospital(`/doctors/${doctor}/leaves`, { body: { from: day.date, to: day.date, reason: 'ع'.repeat(201) } });
    expect((await envelope(long)).errors).toHaveProperty('reason');
    const twoLines = await hospital(`/doctors/${doctor}/leaves`, { body: { from: day.date, to: day.date, reason: 'سفر\nعلمی' } });
    expect((await envelope(twoLines)).errors).toHaveProperty('reason');
    expect((await hospital(`/doctors/${doctor}/leaves`, { body: { from: day.date, reason: REASON } })).status).toBe(422);
  });

  it('files once per Idempotency-Key: a replay returns the first answer and cancels, refunds and texts nothing again', async () => {
    const doctor = 'samira-rostami';
    const day = await openDay(doctor);
    const patient = await patientWithBalance(20_000_000);
    const booked = await bookWithWallet(server, patient.token, doctor, day.slots[0]!.start);
    const idempotencyKey = randomUUID();
    const body = { from: day.date, to: day.date, reason: REASON };
    const first = await hospital(`/doctors/${doctor}/leaves`, { body, idempotencyKey });
    expect(first.status).toBe(201);
    const firstText = await first.text();
    const leaveId = (JSON.parse(firstText) as { data: LeaveResult }).data.leave_id;
    const replay = await hospital(`/doctors/${doctor}/leaves`, { body, idempotencyKey });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.text()).toBe(firstText);
    expect(smsAbout(booked.key).filter((line) => line.text.includes(REASON))).toHaveLength(1);
    expect(await walletOf(server, patient.token)).toMatchObject({ balance: 20_000_000 });
    // The next leave filed gets the next id: the replay inserted no row.
    const other = await hospital(`/doctors/${doctor}/leaves`, { body: { ...body, from: '2027-06-01', to: '2027-06-01' }, idempotencyKey: randomUUID() });
    expect((await envelope<LeaveResult>(other)).data?.leave_id).toBe(leaveId + 1);
    // The same Idempotency-Key with another body is refused.
    expect((await hospital(`/doctors/${doctor}/leaves`, { body: { ...body, reason: 'دلیل دیگر' }, idempotencyKey })).status).toBe(422);
  });
});

describe('hospital API: withdrawing a leave', () => {
  it('reopens its slots (200, the same answer twice); refuses no key (401), another scope (403), another doctor’s or an unknown leave (404)', async () => {
    const doctor = 'leila-karimi';
    const day = await openDay(doctor);
    const filed = await hospital(`/doctors/${doctor}/leaves`, { body: { from: day.date, to: day.date, reason: REASON } });
    const leaveId = (await envelope<LeaveResult>(filed)).data!.leave_id;
    const withdraw = (apiPath: string, key = DESK_KEY) => fetch(new URL(`/api/hospital/v1${apiPath}`, server.url), { method: 'DELETE', headers: { authorization: `Bearer ${key}` } });
    const leavePath = `/doctors/${doctor}/leaves/${leaveId}`;
    expect((await withdraw(leavePath, 'not-a-key')).status).toBe(401);
    expect((await withdraw(leavePath, PAYROLL_KEY)).status).toBe(403);
    const elsewhere = await withdraw(`/doctors/golnaz-taheri/leaves/${leaveId}`);
    expect(elsewhere.status).toBe(404);
    expect((await envelope(elsewhere)).message).toBe('این مرخصی برای این پزشک پیدا نشد');
    expect((await withdraw(`/doctors/${doctor}/leaves/${leaveId + 1000}`)).status).toBe(404);
    expect((await withdraw(`/doctors/${doctor}/leaves/x1`)).status).toBe(404);
    expect((await withdraw(`/doctors/no-such-doctor/leaves/${leaveId}`)).status).toBe(404);
    // None of those took it back.
    expect((await slotsOf(server, doctor)).data.find((d) => d.date === day.date)).toMatchObject({ on_leave: true, slots: [] });

    const answer = await withdraw(leavePath);
    expect(answer.status).toBe(200);
    const withdrawn = (await envelope<LeaveWithdrawal>(answer)).data!;
    expect(withdrawn).toEqual({ leave_id: leaveId, withdrawn_at: expect.any(String), offered: 0 });
    const reopened = (await slotsOf(server, doctor)).data.find((d) => d.date === day.date)!;
    expect(reopened.on_leave).toBeUndefined();
    expect(reopened.slots.filter((slot) => slot.available).map((slot) => slot.start)).toEqual(expect.arrayContaining(day.slots.map((slot) => slot.start)));
    const again = await withdraw(leavePath);
    expect(again.status).toBe(200);
    expect((await envelope<LeaveWithdrawal>(again)).data).toEqual(withdrawn);
  });
});

describe('hospital API: the desk’s day list', () => {
  it('lists the day’s confirmed bookings in time order, with the patient, and not held or cancelled ones', async () => {
    const doctor = 'elham-nouri';
    const day = await openDay(doctor, 4);
    const self = await patientWithBalance(20_000_000);
    const forOther = await patientWithBalance(20_000_000);
    const cancelling = await patientWithBalance(20_000_000);
    const holding = await patientWithBalance(0);
    const later = await bookWithWallet(server, self.token, doctor, day.slots[3]!.start);
    const otherCode = nationalCode(88_123);
    const heldForOther = await post(
      server,
      'appointments/hold',
      { doctor_id: doctor, start: day.slots[0]!.start, for: { first_name: 'رضا', last_name: 'نوری', international_code: otherCode } },
      { token: forOther.token },
    );
    expect(heldForOther.status).toBe(201);
    const earlierKey = (await envelope<{ key: string }>(heldForOther)).data!.key;
    expect((await post(server, `appointments/${earlierKey}/pay`, { use_wallet: true }, { token: forOther.token })).status).toBe(200);
    const cancelled = await bookWithWallet(server, cancelling.token, doctor, day.slots[1]!.start);
    expect((await post(server, `appointments/${cancelled.key}/cancel`, undefined, { token: cancelling.token })).status).toBe(200);
    await holdOk(server, holding.token, doctor, day.slots[2]!.start);

    const list = await dayList(day.date);
    const ofDoctor = list.filter((a) => a.doctor_id === doctor);
    expect(ofDoctor.map((a) => a.key)).toEqual([earlierKey, later.key]);
    expect(ofDoctor[0]).toMatchObject({
      turn: day.slots[0]!.turn,
      start: day.slots[0]!.start,
      paid: ofDoctor[0]!.fee,
      doctor_name: expect.stringContaining('دکتر'),
      patient: { first_name: 'رضا', last_name: 'نوری', international_code: otherCode, phone_number: forOther.phone, self: false },
    });
    expect(ofDoctor[1]?.patient).toEqual({ first_name: 'سپیده', last_name: 'کاظمی', international_code: self.internationalCode, phone_number: self.phone, self: true });
    expect(list.map((a) => a.start)).toEqual([...list.map((a) => a.start)].sort());
    expect(await dayList(day.date, doctor)).toEqual(ofDoctor);
    expect(await dayList(day.date, 'mitra-sobhani')).toEqual(expect.not.arrayContaining([expect.objectContaining({ doctor_id: doctor })]));
  });

  it('needs a valid date; answers 404 for an unknown doctor', async () => {
    for (const query of ['', '?date=', '?date=1405-09-10x', '?date=2026-13-01', '?date=2026-12-01&doctor_id=../x']) {
      const response = await hospital(`/appointments${query}`);
      expect(response.status, query).toBe(422);
    }
    expect(Object.keys((await envelope(await hospital('/appointments'))).errors ?? {})).toEqual(['date']);
    expect((await hospital('/appointments?date=2026-12-01&doctor_id=no-such-doctor')).status).toBe(404);
  });
});

describe('hospital API: booking scopes', () => {
  it('refuses a key without the appointments scope (403) and a missing key (401), filing nothing', async () => {
    const doctor = 'majid-akbari';
    const day = await openDay(doctor);
    const patient = await patientWithBalance(20_000_000);
    const booked = await bookWithWallet(server, patient.token, doctor, day.slots[0]!.start);
    const body = { from: day.date, to: day.date, reason: REASON };
    const forbidden = await hospital(`/doctors/${doctor}/leaves`, { key: PAYROLL_KEY, body });
    expect(forbidden.status).toBe(403);
    expect((await envelope(forbidden)).message).toContain('appointments');
    expect((await hospital(`/appointments?date=${day.date}`, { key: PAYROLL_KEY })).status).toBe(403);
    expect((await hospital(`/doctors/${doctor}/leaves`, { key: 'not-a-key', body })).status).toBe(401);
    expect((await hospital(`/appointments?date=${day.date}`, { key: 'not-a-key' })).status).toBe(401);
    // The desk key may not read the ledger either.
    expect((await hospital('/ledger/check')).status).toBe(403);
    expect((await dayList(day.date, doctor)).map((a) => a.key)).toEqual([booked.key]);
    expect(smsAbout(booked.key)).toHaveLength(1);
  });
});

/** `npm run hospital -- …args` against this file's server, with the local key it wrote into its data directory. */
const cli = (args: string[], env: Record<string, string> = {}) => hospitalCli(args, { PORTAL_URL: server.url, DATA_DIR: server.dataDir, ...env });

describe('npm run hospital: leave and appointments', () => {
  // Last in the file: it stops the server to try the direct-database fallback.
  it('lists a day and files a leave through the portal, then on the database directly', async () => {
    const doctor = 'ramin-soltani';
    const days = await freeDays(server, doctor);
    const [day, nextDay] = [days[0]!, days.find((d) => d.date !== days[0]!.date)!];
    const patient = await patientWithBalance(20_000_000);
    const booked = await bookWithWallet(server, patient.token, doctor, day.slots[0]!.start);
    const other = await bookWithWallet(server, patient.token, doctor, nextDay.slots[0]!.start);

    const listed = await cli(['appointments', day.date, doctor]);
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(booked.key);
    expect(listed.stdout).toContain(patient.internationalCode);
    expect(listed.stdout).toMatch(/سپیده کاظمی/);
    expect(listed.stdout).toContain(day.date);

    const invalid = await cli(['leave', doctor, day.date, day.date, 'away']);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('reason');
    expect((await cli(['leave', doctor, day.date])).stderr).toContain('usage');
    expect((await cli(['appointments'])).stderr).toContain('usage');
    const unknown = await cli(['leave', 'no-such-doctor', day.date, day.date, 'سفر', 'علمی']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^404: /);

    const filed = await cli(['leave', doctor, day.date, day.date, 'سفر', 'علمی', 'پزشک']);
    expect(filed.stderr).toBe('');
    expect(filed.code).toBe(0);
    expect(filed.stdout).toMatch(/مرخصی \d+ ثبت شد/);
    expect(filed.stdout).toContain(booked.key);
    expect(smsAbout(booked.key).at(-1)?.text).toContain(REASON);
    expect((await cli(['appointments', day.date, doctor])).stdout).toContain('نوبت قطعی‌ای');
    const leaveId = /مرخصی (\d+) ثبت شد/.exec(filed.stdout)![1]!;
    const withdrawn = await cli(['leave-withdraw', doctor, leaveId]);
    expect(withdrawn.stderr).toBe('');
    expect(withdrawn.stdout).toContain(`مرخصی ${leaveId} پس گرفته شد`);
    expect((await slotsOf(server, doctor)).data.find((d) => d.date === day.date)?.on_leave).toBeUndefined();

    const url = server.url;
    await server.stop();
    const direct = await cli(['appointments', nextDay.date], { PORTAL_URL: url });
    expect(direct.stderr).toContain('directly');
    expect(direct.code).toBe(0);
    expect(direct.stdout).toContain(other.key);
    const directLeave = await cli(['leave', doctor, nextDay.date, nextDay.date, 'سفر', 'علمی', 'پزشک'], { PORTAL_URL: url });
    expect(directLeave.code).toBe(0);
    expect(directLeave.stdout).toContain(other.key);
    expect((await cli(['appointments', nextDay.date, doctor], { PORTAL_URL: url })).stdout).not.toContain(other.key);
    const check = await cli(['ledger-check'], { PORTAL_URL: url });
    expect(check.stdout).toContain('دفتر کل سازگار است');
  }, 180_000);
});
