/**
 * An attacker's view of booking: hostile keys, ids and bodies, times that are not
 * bookable, string booleans, races between paying, cancelling and rescheduling one appointment,
 * many holds by one account at once, and what a refusal tells about other people. Every refusal
 * is 4xx, never 5xx; no money moves twice; the ledger's own check stays green.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../src/lib/api/contracts/appointments.ts';
import { bookWithWallet, envelope, freeDays, freeStarts, getAs, hold, holdOk, slotsOf, walletOf } from '../support/appointments-api.ts';
import { SERVER_DATABASES, withServerOn } from '../support/databases.ts';
import { nationalCode, newIp, newPhone, post, registerPatient } from '../support/portal-api.ts';
import { rawRequest as sendRaw } from '../support/raw-request.ts';
import type { RunningServer } from '../support/server.ts';
import { chargeWallet } from '../support/wallet-api.ts';

const HIS_KEY = 'his-booking-attack-key-0123456789abcdefghijklmnopqrstuvwxyz';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const DAY_MS = 24 * 60 * 60 * 1000;

let server: RunningServer;
let people = 0;

async function patient(balance = 0) {
  const n = 9_800 + ++people;
  const phone = newPhone();
  const internationalCode = nationalCode(n);
  const registered = await registerPatient(server, { phone, ip: newIp(), firstName: 'پریسا', lastName: 'امینی', internationalCode });
  if (balance > 0) await chargeWallet(server, registered.token, balance);
  return { ...registered, phone, internationalCode };
}

function hospital(apiPath: string, body?: unknown) {
  return fetch(new URL(`/api/hospital/v1${apiPath}`, server.url), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${HIS_KEY}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}
async function ledgerOk(): Promise<void> {
  const check = await hospital('/ledger/check');
  expect(check.status).toBe(200);
  expect((await envelope(check)).data).toMatchObject({ ok: true, sum: 0, mismatches: [] });
}
const expect4xx = (status: number, what: string) => {
  expect(status, what).toBeGreaterThanOrEqual(400);
  expect(status, what).toBeLessThan(500);
};
/** `path` exactly as written; answers the status. */
const rawRequest = async (method: 'GET' | 'POST', path: string, token: string) =>
  (await sendRaw(server, method, path, { token, body: '{"use_wallet":true,"start":"2030-01-01T08:00:00Z"}' })).status;

/** The embedded database always; PostgreSQL (real concurrency: row locks, deadlocks) when TEST_DATABASE_URL is set. */
describe.each(SERVER_DATABASES)('on the %s database', (database) => {
  withServerOn(database, { TRUST_PROXY: '1', HOSPITAL_API_KEYS: `his:${sha256(HIS_KEY)}`, DEMO_DATA: '0' }, (running) => (server = running.server));

  describe('hostile keys, ids and bodies', () => {
    it('answers 4xx to odd appointment keys on every route, and never opens the owner’s appointment', async () => {
      const owner = await patient(10_000_000);
      const attacker = await patient();
      const [start] = await freeStarts(server, 'shiva-rahmani');
      const booked = await bookWithWallet(server, owner.token, 'shiva-rahmani', start!);
      const keys = [
        'AP-%00AAAAA',
        `${booked.key}%00`,
        encodeURIComponent(`${booked.key}\u0000x`),
        booked.key.toLowerCase(),
        'A'.repeat(5000),
        '__proto__',
        'constructor',
        '..%2F..%2Fwallet',
        encodeURIComponent(`${booked.key}' OR '1'='1`),
        '%F0%9F%92%A5',
        '%C0%AE%C0%AE',
      ];
      for (const key of keys) {
        for (const [method, suffix] of [
          ['GET', ''],
          ['GET', '/calendar.ics'],
          ['POST', '/pay'],
          ['POST', '/cancel'],
          ['POST', '/reschedule'],
        ] as const) {
          const status = await rawRequest(method, `/api/appointments/${key}${suffix}`, attacker.token);
          expect4xx(status, `${method} ${key}${suffix}`);
        }
      }
      // Dot segments resolve (to the attacker's own wallet, at most); the owner's appointment stays shut.
      for (const path of [
        `/api/appointments/%2E%2E`,
        `/api/appointments/../appointments/${booked.key}`,
        `/api/appointments/x/../${booked.key}/cancel`,
        `/api/appointments/${booked.key}/../../wallet`,
      ]) {
        const status = await rawRequest(path.endsWith('cancel') ? 'POST' : 'GET', path, attacker.token);
        expect(status, path).toBeLessThan(500);
        if (path.includes(booked.key) && !path.endsWith('wallet')) expect(status, path).toBe(404);
      }
      expect((await getAs(server, `/api/appointments/${booked.key}`, owner.token)).status).toBe(200);
      expect((await envelope<Appointment>(await getAs(server, `/api/appointments/${booked.key}`, owner.token))).data?.status).toBe('confirmed');
    });

    it('refuses oversized bodies (413), NUL bytes and odd doctor ids (422), and reads no prototype from a body', async () => {
      const me = await patient();
      const [start, other] = await freeStarts(server, 'behrouz-tavakoli');
      const huge = JSON.stringify({ doctor_id: 'behrouz-tavakoli', start, pad: 'x'.repeat(2 * 1024 * 1024) });
      expect((await hold(server, me.token, huge)).status).toBe(413);
      expect((await post(server, 'appointments/AP-AAAAAA/pay', huge, { token: me.token })).status).toBe(413);
      expect((await post(server, 'appointments/AP-AAAAAA/reschedule', huge, { token: me.token })).status).toBe(413);
      expect((await hospital('/doctors/behrouz-tavakoli/leaves', huge)).status).toBe(413);

      for (const body of [
        { doctor_id: 'behrouz-tavakoli\u0000', start },
        { doctor_id: 'behrouz-tavakoli', start: `${start}\u0000` },
        { doctor_id: '__proto__', start },
        { doctor_id: 'a'.repeat(1000), start },
        { doctor_id: '../behrouz-tavakoli', start },
        { doctor_id: ['behrouz-tavakoli'], start },
        { doctor_id: { toString: 'behrouz-tavakoli' }, start },
        { doctor_id: 'behrouz-tavakoli', start: Date.parse(start!) },
        { doctor_id: 'behrouz-tavakoli', start: start!.replace('Z', '+03:30') },
        { doctor_id: 'behrouz-tavakoli', start: '+275760-09-13T00:00:00.000Z' },
        { doctor_id: 'behrouz-tavakoli', start, for: { first_name: 'رضا\u0000', last_name: 'نوری', international_code: nationalCode(77_001) } },
      ]) {
        const answer = await hold(server, me.token, body);
        expect(answer.status, JSON.stringify(body).slice(0, 120)).toBe(422);
      }
      expect4xx((await hold(server, me.token, '{"doctor_id": "behrouz-tavakoli", "start": ')).status, 'broken JSON');
      for (const id of ['constructor', 'hasOwnProperty', '__proto__', 'a'.repeat(5000), '%00', '..%2F..%2Fledger%2Fcheck']) {
        const answer = await hospital(`/doctors/${id}/leaves`, { from: '2027-01-01', to: '2027-01-01', reason: 'سفر علمی' });
        expect4xx(answer.status, `leave of ${id.slice(0, 20)}`);
        expect((await getAs(server, `/api/appointments/slots?doctor_id=${id}`, undefined, newIp())).status, `slots of ${id.slice(0, 20)}`).toBeGreaterThanOrEqual(400);
        expect((await getAs(server, `/api/appointments/slots?doctor_id=${id}`, undefined, newIp())).status, `slots of ${id.slice(0, 20)}`).toBeLessThan(500);
      }

      // `__proto__` in the body is an own key, dropped by the schema: the hold is for the caller.
      const polluted = `{"doctor_id":"behrouz-tavakoli","start":"${start}","__proto__":{"for":{"first_name":"رضا","last_name":"نوری","international_code":"${nationalCode(77_002)}"}}}`;
      const answer = await hold(server, me.token, polluted);
      expect(answer.status).toBe(201);
      expect((await envelope<Appointment>(answer)).data?.patient).toEqual({ first_name: 'پریسا', last_name: 'امینی', self: true });
      const constructorBody = `{"doctor_id":"behrouz-tavakoli","start":"${other}","constructor":{"prototype":{"for":1}}}`;
      const second = await hold(server, me.token, constructorBody);
      expect(second.status).toBe(201);
      expect((await envelope<Appointment>(second)).data?.patient.self).toBe(true);
    });

    it('refuses a `for` with an invalid national code, and a string `use_wallet`', async () => {
      const me = await patient(10_000_000);
      const [start] = await freeStarts(server, 'behrouz-tavakoli');
      for (const code of ['1234567890', '0000000000', '12345', '۱۲۳۴۵۶۷۸۹۰', 'abcdefghij', '']) {
        const answer = await hold(server, me.token, { doctor_id: 'behrouz-tavakoli', start, for: { first_name: 'رضا', last_name: 'نوری', international_code: code } });
        expect(answer.status, code).toBe(422);
        expect(Object.keys((await envelope(answer)).errors ?? {}), code).toContain('for.international_code');
      }
      const held = await holdOk(server, me.token, 'behrouz-tavakoli', start!);
      for (const useWallet of ['true', 1, null, 'yes', {}]) {
        const answer = await post(server, `appointments/${held.key}/pay`, { use_wallet: useWallet }, { token: me.token });
        expect(answer.status, JSON.stringify(useWallet)).toBe(422);
        expect((await envelope(answer)).errors).toHaveProperty('use_wallet');
      }
      expect((await post(server, `appointments/${held.key}/pay`, {}, { token: me.token })).status).toBe(422);
      expect(await walletOf(server, me.token)).toEqual({ balance: 10_000_000, available: 10_000_000, held: 0 });
      expect((await envelope<Appointment>(await getAs(server, `/api/appointments/${held.key}`, me.token))).data?.status).toBe('held');
    });
  });

  describe('times that are not bookable', () => {
    it('refuses a time off the schedule (422), in the past, ten years ahead or on a holiday (409, with alternatives)', async () => {
      const me = await patient();
      const doctor = 'mahnaz-ghorbani';
      const [start] = await freeStarts(server, doctor);
      const at = (ms: number) => new Date(ms).toISOString();
      const base = Date.parse(start!);

      const offGrid = await hold(server, me.token, { doctor_id: doctor, start: at(base + 7 * 60_000) });
      expect(offGrid.status).toBe(422);
      expect((await envelope(offGrid)).errors).toHaveProperty('start');
      expect((await hold(server, me.token, { doctor_id: doctor, start: at(base + 30_000) })).status).toBe(422);
      // The same weekday and time, weeks ago and ten years (520 weeks) ahead: on the schedule, not bookable.
      let past = base;
      while (past > Date.now() - DAY_MS) past -= 7 * DAY_MS;
      for (const when of [past, base + 520 * 7 * DAY_MS, base + 5 * 7 * DAY_MS]) {
        const answer = await hold(server, me.token, { doctor_id: doctor, start: at(when) });
        expect(answer.status, at(when)).toBe(409);
        expect((await envelope<{ alternatives: string[] }>(answer)).data?.alternatives.length).toBeGreaterThan(0);
      }
      expect((await hold(server, me.token, { doctor_id: doctor, start: '1900-01-01T08:00:00Z' })).status).toBeLessThan(500);
      expect((await hold(server, me.token, { doctor_id: doctor, start: '9999-12-31T08:00:00Z' })).status).toBeLessThan(500);

      // A holiday inside the window (if the shipped calendar has one in the next 31 days): a
      // weekday the doctor works, so the time is on the schedule, only the day is closed.
      const holidays: Array<{ doctor: string; start: string }> = [];
      for (const candidate of ['mahnaz-ghorbani', 'sina-mahmoudi', 'mehdi-niknam', 'zahra-bagheri', 'keyvan-sadeghi', 'maryam-ahmadi', 'fariba-hashemi']) {
        const { data } = await slotsOf(server, candidate);
        for (const day of data.filter((d) => d.holiday)) {
          const sameWeekday = data.find((d) => d.slots.length > 0 && (Date.parse(d.date) - Date.parse(day.date)) % (7 * DAY_MS) === 0);
          const slot = sameWeekday?.slots.at(-1);
          if (slot && sameWeekday) holidays.push({ doctor: candidate, start: at(Date.parse(slot.start) + Date.parse(day.date) - Date.parse(sameWeekday.date)) });
        }
      }
      if (holidays.length === 0) console.log('[booking-attack] no official holiday in the next 31 days on a working weekday: the holiday hold was not tried');
      for (const holiday of holidays) {
        const answer = await hold(server, me.token, { doctor_id: holiday.doctor, start: holiday.start });
        expect(answer.status, `${holiday.doctor} ${holiday.start}`).toBe(409);
      }
      const mine = await envelope<Appointment[]>(await getAs(server, '/api/appointments?scope=upcoming', me.token));
      expect(mine.data).toEqual([]);
    });
  });

  describe('races on one appointment', () => {
    it('fifty concurrent pays and cancels settle once: the wallet is charged and refunded at most once each', async () => {
      const doctor = 'saeed-rahimi';
      const starts = await freeStarts(server, doctor);
      for (let round = 0; round < 3; round++) {
        const me = await patient(20_000_000);
        const held = await holdOk(server, me.token, doctor, starts[round]!);
        const calls = Array.from({ length: 50 }, (_, i) =>
          i % 2 === 0
            ? post(server, `appointments/${held.key}/pay`, { use_wallet: true }, { token: me.token })
            : post(server, `appointments/${held.key}/cancel`, undefined, { token: me.token }),
        );
        const statuses = (await Promise.all(calls)).map((answer) => answer.status);
        expect(
          statuses.filter((status) => status !== 200 && status !== 409),
          statuses.join(','),
        ).toEqual([]);
        const final = (await envelope<Appointment>(await getAs(server, `/api/appointments/${held.key}`, me.token))).data!;
        expect(['cancelled', 'confirmed']).toContain(final.status);
        const expected = final.status === 'confirmed' ? 20_000_000 - held.fee : 20_000_000;
        expect(await walletOf(server, me.token)).toEqual({ balance: expected, available: expected, held: 0 });
        if (final.status === 'cancelled') expect(final.refunded).toBe(final.paid_from_wallet);
      }
      await ledgerOk();
    });

    it('concurrent reschedules and cancels of a confirmed booking: one cancel wins, refunded once, slots freed', async () => {
      const doctor = 'hossein-sharifi';
      const me = await patient(20_000_000);
      const starts = await freeStarts(server, doctor);
      const booked = await bookWithWallet(server, me.token, doctor, starts[0]!);
      const calls = Array.from({ length: 50 }, (_, i) =>
        i % 5 === 0
          ? post(server, `appointments/${booked.key}/cancel`, undefined, { token: me.token })
          : post(server, `appointments/${booked.key}/reschedule`, { start: starts[1 + (i % 8)] }, { token: me.token }),
      );
      const statuses = (await Promise.all(calls)).map((answer) => answer.status);
      expect(
        statuses.filter((status) => status >= 500),
        statuses.join(','),
      ).toEqual([]);
      const final = (await envelope<Appointment>(await getAs(server, `/api/appointments/${booked.key}`, me.token))).data!;
      expect(final.status).toBe('cancelled');
      expect(await walletOf(server, me.token)).toEqual({ balance: 20_000_000, available: 20_000_000, held: 0 });
      const slots = (await slotsOf(server, doctor)).data.flatMap((day) => day.slots);
      for (const start of starts.slice(0, 9)) expect(slots.find((slot) => slot.start === start)?.available, start).toBe(true);
      await ledgerOk();
    });

    it('a reschedule into a taken slot is refused with alternatives and leaves the booking where it was', async () => {
      const doctor = 'kamran-yazdani';
      const [mine, theirs] = await freeStarts(server, doctor);
      const me = await patient(20_000_000);
      const them = await patient(20_000_000);
      const booked = await bookWithWallet(server, me.token, doctor, mine!);
      await holdOk(server, them.token, doctor, theirs!);
      const answer = await post(server, `appointments/${booked.key}/reschedule`, { start: theirs }, { token: me.token });
      expect(answer.status).toBe(409);
      const alternatives = (await envelope<{ alternatives: string[] }>(answer)).data?.alternatives ?? [];
      expect(alternatives.length).toBeGreaterThan(0);
      expect(alternatives).not.toContain(theirs);
      expect(alternatives).not.toContain(mine);
      expect((await envelope<Appointment>(await getAs(server, `/api/appointments/${booked.key}`, me.token))).data).toMatchObject({ start: mine, status: 'confirmed' });
      // Into the past, or onto its own slot, is refused too.
      expect((await post(server, `appointments/${booked.key}/reschedule`, { start: new Date(Date.parse(mine!) - 5 * 7 * DAY_MS).toISOString() }, { token: me.token })).status).toBe(409);
      expect((await post(server, `appointments/${booked.key}/reschedule`, { start: mine }, { token: me.token })).status).toBe(422);
    });
  });

  describe('one account, many holds', () => {
    it('a hold and then 20 concurrent holds on other slots leave at most one active hold', async () => {
      const doctor = 'neda-safari';
      const me = await patient();
      const starts = await freeStarts(server, doctor);
      expect(starts.length).toBeGreaterThanOrEqual(21);
      await holdOk(server, me.token, doctor, starts[0]!);
      const answers = await Promise.all(starts.slice(1, 21).map((start) => hold(server, me.token, { doctor_id: doctor, start })));
      const statuses = answers.map((answer) => answer.status);
      expect(
        statuses.filter((status) => status !== 201 && status !== 409),
        statuses.join(','),
      ).toEqual([]);
      expect(statuses).toContain(201);
      const upcoming = (await envelope<Appointment[]>(await getAs(server, '/api/appointments?scope=upcoming&per_page=50', me.token))).data!;
      expect(upcoming.filter((a) => a.status === 'held' || a.status === 'awaiting_payment')).toHaveLength(1);
      const taken = (await slotsOf(server, doctor)).data.flatMap((day) => day.slots).filter((slot) => starts.slice(0, 21).includes(slot.start) && !slot.available);
      expect(taken).toHaveLength(1);
      expect(taken[0]?.start).toBe(upcoming[0]?.start);
    });
  });

  describe('what a refusal tells', () => {
    it('a 409 for a taken slot names no one: not the holder, not the person booked for', async () => {
      const doctor = 'pouya-ansari';
      const holder = await patient();
      const rival = await patient();
      const [start] = await freeStarts(server, doctor);
      const otherCode = nationalCode(66_606);
      const held = await hold(server, holder.token, { doctor_id: doctor, start, for: { first_name: 'کیمیا', last_name: 'فرهادی', international_code: otherCode } });
      expect(held.status).toBe(201);
      const heldBody = (await envelope<Appointment>(held)).data!;
      expect(heldBody.patient).toEqual({ first_name: 'کیمیا', last_name: 'فرهادی', self: false, international_code_masked: `******${otherCode.slice(-4)}` });

      const refused = await hold(server, rival.token, { doctor_id: doctor, start });
      expect(refused.status).toBe(409);
      const text = await refused.text();
      for (const secret of [otherCode, otherCode.slice(-4), holder.internationalCode, holder.phone, 'کیمیا', 'فرهادی', heldBody.key]) {
        expect(text, secret).not.toContain(secret);
      }
      const body = JSON.parse(text) as { data: { alternatives: unknown[] } };
      expect(Object.keys(body.data)).toEqual(['alternatives']);
      expect(body.data.alternatives.every((item) => typeof item === 'string' && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(item))).toBe(true);
      // The public slots say only "taken".
      const slots = await (await getAs(server, `/api/appointments/slots?doctor_id=${doctor}`, undefined, newIp())).text();
      for (const secret of [otherCode, holder.phone, 'کیمیا', heldBody.key]) expect(slots).not.toContain(secret);
    });
  });

  describe('a leave racing holds and payments', () => {
    it('a leave filed while patients pay and hold on that day leaves no booking inside it and every wallet whole', async () => {
      const doctor = 'parisa-ebrahimi';
      const day = (await freeDays(server, doctor)).find((d) => d.slots.length >= 12)!;
      const payers: Array<Awaited<ReturnType<typeof patient>>> = [];
      for (let i = 0; i < 6; i++) payers.push(await patient(20_000_000));
      const holders: Array<Awaited<ReturnType<typeof patient>>> = [];
      for (let i = 0; i < 6; i++) holders.push(await patient());
      const holds: Appointment[] = [];
      for (let i = 0; i < payers.length; i++) holds.push(await holdOk(server, payers[i]!.token, doctor, day.slots[i]!.start));
      const answers = await Promise.all([
        ...holds.map((held, i) => post(server, `appointments/${held.key}/pay`, { use_wallet: true }, { token: payers[i]!.token })),
        hospital(`/doctors/${doctor}/leaves`, { from: day.date, to: day.date, reason: 'سفر علمی پزشک' }),
        ...holders.map((h, i) => hold(server, h.token, { doctor_id: doctor, start: day.slots[6 + i]!.start })),
      ]);
      const statuses = answers.map((answer) => answer.status);
      expect(
        statuses.filter((status) => status >= 500),
        statuses.join(','),
      ).toEqual([]);
      expect(statuses[payers.length]).toBe(201);
      const desk = await envelope<unknown[]>(await hospital(`/appointments?date=${day.date}&doctor_id=${doctor}`));
      expect(desk.data).toEqual([]);
      for (const payer of payers) expect(await walletOf(server, payer.token)).toEqual({ balance: 20_000_000, available: 20_000_000, held: 0 });
      for (const held of holds)
        expect((await envelope<Appointment>(await getAs(server, `/api/appointments/${held.key}`, payers[holds.indexOf(held)]!.token))).data?.status).toBe('cancelled');
      for (const h of holders) {
        const upcoming = (await envelope<Appointment[]>(await getAs(server, '/api/appointments?scope=upcoming', h.token))).data!;
        expect(upcoming.filter((a) => a.start.slice(0, 10) === day.slots[0]!.start.slice(0, 10) && (a.status === 'held' || a.status === 'confirmed'))).toEqual([]);
      }
      expect((await slotsOf(server, doctor)).data.find((d) => d.date === day.date)?.slots).toEqual([]);
      await ledgerOk();
    });
  });

  describe('a leave over everything', () => {
    it('a leave from 1900 to 2999 is filed and cancels the doctor’s bookings, without a 5xx', async () => {
      const doctor = 'negar-amiri';
      const me = await patient(20_000_000);
      const days = await freeDays(server, doctor);
      const booked = await bookWithWallet(server, me.token, doctor, days[0]!.slots[0]!.start);
      const answer = await hospital(`/doctors/${doctor}/leaves`, { from: '1900-01-01', to: '2999-12-31', reason: 'بازنشستگی پزشک' });
      expect(answer.status).toBe(201);
      expect((await envelope<{ cancelled: Array<{ key: string }> }>(answer)).data?.cancelled.map((c) => c.key)).toEqual([booked.key]);
      expect(await walletOf(server, me.token)).toMatchObject({ balance: 20_000_000 });
      expect((await slotsOf(server, doctor)).data.flatMap((day) => day.slots)).toEqual([]);
      expect((await hospital(`/doctors/${doctor}/leaves`, { from: '1899-12-31', to: '3000-01-01', reason: 'بازنشستگی پزشک' })).status).toBe(422);
      await ledgerOk();
    });
  });
});
