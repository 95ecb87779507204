/**
 * The patient's appointment calls over HTTP: the slots answer, the 100-way
 * race for one slot, hold → pay → reschedule → cancel, the calendar file, and that a key opens
 * nothing of another account. The race runs on the embedded database, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, SlotsAnswer } from '../../src/lib/api/contracts/appointments.ts';
import { bookWithWallet, envelope, freeDays, freeStarts, getAs, hold, holdOk, slotsOf, walletOf } from '../support/appointments-api.ts';
import { withServerOn } from '../support/databases.ts';
import { nationalCode, newIp, newPhone, post, readOutbox, registerPatient } from '../support/portal-api.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { chargeWallet } from '../support/wallet-api.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
let server: RunningServer;
let people = 0;
beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: '1', DEMO_DATA: '0' } });
});
afterAll(() => server?.dispose());

async function patient(on: RunningServer = server) {
  const n = 9_500 + ++people;
  const phone = newPhone();
  const internationalCode = nationalCode(n);
  return { ...(await registerPatient(on, { phone, ip: newIp(), firstName: 'مهسا', lastName: 'کریمی', internationalCode })), phone, internationalCode };
}

describe('GET /api/appointments/slots', () => {
  it('answers the doctor’s days with slots, the fee, the rules and the next free time; nothing sooner than the lead time', async () => {
    const askedAt = Date.now();
    const response = await getAs(server, '/api/appointments/slots?doctor_id=zahra-bagheri&days=14', undefined, newIp());
    expect(response.status).toBe(200);
    const body = (await response.json()) as SlotsAnswer;
    expect(body.success).toBe(true);
    expect(body.meta).toMatchObject({
      doctor_id: 'zahra-bagheri',
      days: 14,
      fee: 5_000_000,
      visit_minutes: 15,
      cancel_free_hours: 24,
      hold_minutes: 10,
      min_lead_minutes: 60,
      from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.length).toBeLessThanOrEqual(14);
    const slots = body.data.flatMap((day) => day.slots);
    expect(body.meta.next_free).toBe(slots.find((slot) => slot.available)?.start);
    for (const day of body.data) {
      expect(day.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(day.date >= body.meta.from).toBe(true);
      const turns = day.slots.map((slot) => slot.turn);
      expect(turns).toEqual([...turns].sort((a, b) => a - b));
      if (day.holiday) expect(day.slots).toEqual([]);
    }
    for (const slot of slots) {
      expect(slot).toEqual({ start: expect.stringMatching(/Z$/), end: expect.stringMatching(/Z$/), available: expect.any(Boolean), turn: expect.any(Number), clinic_id: expect.any(String) });
      expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(15 * 60_000);
      // BOOKING_MIN_LEAD_MINUTES (60): nothing starting sooner is offered.
      expect(Date.parse(slot.start)).toBeGreaterThanOrEqual(askedAt + 60 * 60_000);
    }
    const bad = await getAs(server, '/api/appointments/slots?doctor_id=zahra-bagheri&days=40&from=2026-02-31x', undefined, newIp());
    expect(bad.status).toBe(422);
    expect(Object.keys((await envelope(bad)).errors ?? {}).sort()).toEqual(['days', 'from']);
    expect((await getAs(server, '/api/appointments/slots?doctor_id=no-such-doctor', undefined, newIp())).status).toBe(404);
  });
});

/**
 * 100 patients hold one slot at once: exactly one 201, 99 409s each listing alternatives, no 5xx.
 * Logs how long the race took to settle (for the bench; never asserted).
 */
async function raceForOneSlot(on: RunningServer, doctorId: string, label: string): Promise<void> {
  const patients = [];
  for (let i = 0; i < 100; i++) patients.push(await patient(on));
  const [start] = await freeStarts(on, doctorId);
  expect(start).toBeDefined();
  const started = performance.now();
  const answers = await Promise.all(patients.map((p) => hold(on, p.token, { doctor_id: doctorId, start })));
  const settled = performance.now() - started;
  console.log(`[race] ${label}: 100 concurrent holds of one slot settled in ${settled.toFixed(0)} ms`);
  const bodies = await Promise.all(answers.map(async (answer) => ({ status: answer.status, body: await envelope<{ alternatives?: string[]; key?: string }>(answer) })));
  const statuses = bodies.map((b) => b.status);
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(99);
  for (const { body } of bodies.filter((b) => b.status === 409)) {
    expect(body.success).toBe(false);
    expect(body.data?.alternatives?.length).toBeGreaterThan(0);
    expect(body.data?.alternatives).not.toContain(start);
  }
  const winner = patients[statuses.indexOf(201)]!;
  const mine = await envelope<Appointment[]>(await getAs(on, '/api/appointments?scope=upcoming', winner.token));
  expect(mine.data?.map((a) => [a.start, a.status])).toEqual([[start, 'held']]);
  const slot = (await slotsOf(on, doctorId)).data.flatMap((day) => day.slots).find((s) => s.start === start);
  expect(slot?.available).toBe(false);
}

describe('HOLD_MINUTES', () => {
  // A portal of its own starts inside the test: more than the default 30 s on a slow machine.
  it('is what the slots answer tells the booking page, and how long a hold lasts', { timeout: 90_000 }, async () => {
    const other = await startServer({ env: { TRUST_PROXY: '1', DEMO_DATA: '0', HOLD_MINUTES: '15' } });
    try {
      expect((await slotsOf(other, 'zahra-bagheri')).meta.hold_minutes).toBe(15);
      const me = await patient(other);
      const [start] = await freeStarts(other, 'zahra-bagheri');
      const held = await holdOk(other, me.token, 'zahra-bagheri', start!);
      expect(Date.parse(held.expires_at!) - Date.now()).toBeGreaterThan(14 * 60_000);
      expect(Date.parse(held.expires_at!) - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    } finally {
      await other.dispose();
    }
  });
});

describe('the race for one slot', () => {
  it('100 concurrent holds: one 201, 99 409 with alternatives, none 5xx (embedded database)', async () => {
    await raceForOneSlot(server, 'nazanin-abbasi', 'embedded PGlite');
  }, 240_000);

  describe.skipIf(!adminUrl)('on PostgreSQL', () => {
    let pgServer: RunningServer | undefined;
    withServerOn('PostgreSQL', { TRUST_PROXY: '1', DEMO_DATA: '0' }, (running) => (pgServer = running.server));

    it('100 concurrent holds: one 201, 99 409 with alternatives, none 5xx (PostgreSQL)', async () => {
      await raceForOneSlot(pgServer!, 'nazanin-abbasi', 'PostgreSQL');
    }, 240_000);

    // Here rather than under «one person, one visit at a time»: one PostgreSQL portal for the file.
    it('refuses a second overlapping visit of the same person with 409 naming the first (PostgreSQL)', async () => {
      await oneVisitPerPersonAtATime(pgServer!);
    });
  });
});

/**
 * One person, two overlapping visits with two doctors: the second hold is 409 naming the first, a
 * move onto that time is refused too; the person's child may take that very time.
 */
async function oneVisitPerPersonAtATime(on: RunningServer): Promise<void> {
  const me = await patient(on);
  await chargeWallet(on, me.token, 20_000_000);
  const pair = await overlappingFree(on, ['zahra-bagheri', 'omid-khalili', 'golnaz-taheri', 'mitra-sobhani', 'nazanin-abbasi']);
  const booked = await bookWithWallet(on, me.token, pair.first.doctor, pair.first.start);
  const second = await hold(on, me.token, { doctor_id: pair.second.doctor, start: pair.second.start });
  expect(second.status).toBe(409);
  const refused = await envelope<{ alternatives: string[] }>(second);
  expect(refused.message).toMatch(/^شما در همین زمان نوبت دیگری دارید: دکتر .+، [۰-۹]{1,2} [^ ]+ [۰-۹]{4} ساعت [۰-۹]{2}:[۰-۹]{2}\./);
  expect(refused.message).toContain(booked.doctor.name);
  expect(refused.data?.alternatives).toEqual(expect.any(Array));
  // A later visit of hers cannot be moved onto a time overlapping the first one either.
  const later = (await freeStarts(on, pair.second.doctor, 48)).find((start) => Math.abs(Date.parse(start) - Date.parse(pair.first.start)) > 24 * 60 * 60_000);
  const visit = await bookWithWallet(on, me.token, pair.second.doctor, later!);
  const moved = await post(on, `appointments/${visit.key}/reschedule`, { start: pair.second.start }, { token: me.token, ip: newIp() });
  expect(moved.status).toBe(409);
  expect((await envelope(moved)).message).toMatch(/^شما در همین زمان نوبت دیگری دارید: /);
  // Her child at that very time: another person.
  const child = { first_name: 'آوا', last_name: 'کریمی', international_code: nationalCode(9_900 + ++people) };
  expect((await hold(on, me.token, { doctor_id: pair.second.doctor, start: pair.second.start, for: child })).status).toBe(201);
}

/** Two doctors' free slots (48 hours ahead or more) that overlap. */
async function overlappingFree(on: RunningServer, doctors: readonly string[]) {
  const free = await Promise.all(doctors.map(async (doctor) => ({ doctor, days: await freeDays(on, doctor) })));
  for (const a of free) {
    for (const b of free) {
      if (a.doctor === b.doctor) continue;
      for (const slotA of a.days.flatMap((day) => day.slots)) {
        const slotB = b.days.flatMap((day) => day.slots).find((s) => Date.parse(s.start) < Date.parse(slotA.end) && Date.parse(s.end) > Date.parse(slotA.start));
        if (slotB) return { first: { doctor: a.doctor, start: slotA.start }, second: { doctor: b.doctor, start: slotB.start } };
      }
    }
  }
  throw new Error('no two doctors have overlapping free slots');
}

describe('one person, one visit at a time', () => {
  it('refuses a second overlapping visit of the same person with 409 naming the first (embedded database)', async () => {
    await oneVisitPerPersonAtATime(server);
  });
});

describe('hold → pay → reschedule → cancel', () => {
  it('books with the wallet, moves the booking, cancels it with a full refund, and texts each step', async () => {
    const doctor = 'zahra-bagheri';
    const me = await patient();
    await chargeWallet(server, me.token, 10_000_000);
    const [first, second] = await freeStarts(server, doctor);

    const held = await hold(server, me.token, { doctor_id: doctor, start: first });
    expect(held.status).toBe(201);
    const hold1 = (await envelope<Appointment>(held)).data!;
    expect(hold1).toMatchObject({ status: 'held', doctor_id: doctor, start: first, fee: 5_000_000, paid_from_wallet: 0, patient: { self: true, first_name: 'مهسا' } });
    expect(hold1.key).toMatch(/^AP-[0-9A-Z]{6}$/);
    // The free-cancel deadline, CANCEL_FREE_HOURS (24) before the start.
    expect(hold1.cancel_until).toBe(new Date(Date.parse(first!) - 24 * 60 * 60_000).toISOString());
    expect(Date.parse(hold1.expires_at!) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(Date.parse(hold1.expires_at!) - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    // The same hold again returns it unchanged.
    const repeat = await hold(server, me.token, { doctor_id: doctor, start: first });
    expect(repeat.status).toBe(201);
    expect((await envelope<Appointment>(repeat)).data?.key).toBe(hold1.key);

    const paid = await post(server, `appointments/${hold1.key}/pay`, { use_wallet: true }, { token: me.token });
    expect(paid.status).toBe(200);
    expect((await envelope<{ status: string; appointment: Appointment }>(paid)).data).toMatchObject({
      status: 'confirmed',
      key: hold1.key,
      appointment: { status: 'confirmed', paid_from_wallet: 5_000_000 },
    });
    expect(await walletOf(server, me.token)).toEqual({ balance: 5_000_000, available: 5_000_000, held: 0 });
    // Paying again changes nothing.
    expect((await post(server, `appointments/${hold1.key}/pay`, { use_wallet: true }, { token: me.token })).status).toBe(200);
    expect(await walletOf(server, me.token)).toMatchObject({ balance: 5_000_000 });
    expect(
      readOutbox(server)
        .filter((line) => line.to === me.phone && line.text.includes(hold1.key))
        .map((line) => line.text),
    ).toEqual([expect.stringMatching(/ثبت شد[\s\S]*لغو یا تغییر رایگان تا [۰-۹]{1,2} [^ ]+ [۰-۹]{4} ساعت [۰-۹]{2}:[۰-۹]{2}؛ مبلغ به کیف پول برمی‌گردد\.$/)]);

    const got = (await envelope<Appointment>(await getAs(server, `/api/appointments/${hold1.key}`, me.token))).data!;
    expect(got).toMatchObject({
      status: 'confirmed',
      can_cancel: true,
      can_reschedule: true,
      refund_if_cancelled: 5_000_000,
      cancel_until: hold1.cancel_until,
      receipt: { from_wallet: 5_000_000, by_bank: 0, paid_at: expect.any(String) },
      doctor: { id: doctor },
      clinic: { address: expect.any(String) },
    });

    const moved = await post(server, `appointments/${hold1.key}/reschedule`, { start: second }, { token: me.token });
    expect(moved.status).toBe(200);
    expect((await envelope<Appointment>(moved)).data).toMatchObject({ key: hold1.key, start: second, status: 'confirmed' });
    const slots = (await slotsOf(server, doctor)).data.flatMap((day) => day.slots);
    expect(slots.find((s) => s.start === first)?.available).toBe(true);
    expect(slots.find((s) => s.start === second)?.available).toBe(false);

    const cancelled = await post(server, `appointments/${hold1.key}/cancel`, undefined, { token: me.token });
    expect(cancelled.status).toBe(200);
    expect((await envelope(cancelled)).data).toEqual({ status: 'cancelled', key: hold1.key, refunded: 5_000_000 });
    expect(await walletOf(server, me.token)).toEqual({ balance: 10_000_000, available: 10_000_000, held: 0 });
    expect((await post(server, `appointments/${hold1.key}/cancel`, undefined, { token: me.token })).status).toBe(409);
    const lists = async (scope: string) => (await envelope<Appointment[]>(await getAs(server, `/api/appointments?scope=${scope}`, me.token))).data!.map((a) => a.key);
    expect(await lists('cancelled')).toEqual([hold1.key]);
    expect(await lists('upcoming')).toEqual([]);
    const texts = readOutbox(server)
      .filter((line) => line.to === me.phone && line.text.includes(hold1.key))
      .map((line) => line.text);
    expect(texts).toHaveLength(3);
    expect(texts[1]).toContain('جابه‌جا شد');
    expect(texts[2]).toContain('لغو شد');
  });

  it('sends a bank payment for what the wallet does not cover', async () => {
    const me = await patient();
    const [start] = await freeStarts(server, 'mitra-sobhani');
    const held = await holdOk(server, me.token, 'mitra-sobhani', start!);
    const paid = await post(server, `appointments/${held.key}/pay`, { use_wallet: true }, { token: me.token });
    expect(paid.status).toBe(200);
    expect((await envelope(paid)).data).toMatchObject({ status: 'awaiting_payment', key: held.key, amount: 4_000_000, redirect_url: expect.stringMatching(/^\/go-to-bank\?payment=/) });
    expect((await envelope<Appointment>(await getAs(server, `/api/appointments/${held.key}`, me.token))).data?.status).toBe('awaiting_payment');
  });
});

describe('GET /api/appointments/{key}/calendar.ics', () => {
  it('is a calendar file whose UID is the appointment’s', async () => {
    const me = await patient();
    await chargeWallet(server, me.token, 10_000_000);
    const [start] = await freeStarts(server, 'omid-khalili');
    const booked = await bookWithWallet(server, me.token, 'omid-khalili', start!);
    const response = await getAs(server, `/api/appointments/${booked.key}/calendar.ics`, me.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(response.headers.get('content-disposition')).toContain(`${booked.key}.ics`);
    const text = await response.text();
    expect(text).toMatch(/^BEGIN:VCALENDAR/);
    expect(text).toMatch(new RegExp(`^UID:${booked.key}@`, 'm'));
    expect(text).toMatch(new RegExp(`^DTSTART:${booked.start.replace(/[-:]/g, '').replace(/\.\d+/, '')}`, 'm'));
    expect(text).toMatch(/^SEQUENCE:0\r$/m);
  });

  it('grows SEQUENCE with each move and the cancellation, and folds lines at 75 octets, not characters', async () => {
    const me = await patient();
    await chargeWallet(server, me.token, 10_000_000);
    const [first, second] = await freeStarts(server, 'omid-khalili');
    const booked = await bookWithWallet(server, me.token, 'omid-khalili', first!);
    const calendar = async () => (await getAs(server, `/api/appointments/${booked.key}/calendar.ics`, me.token)).text();
    const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '');

    const asBooked = await calendar();
    // Every line within 75 octets; the Persian title and description (two octets a letter) span several.
    for (const line of asBooked.split('\r\n')) expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
    expect(asBooked).toMatch(/^ /m);
    expect(unfold(asBooked)).toContain(`کد پیگیری: ${booked.key}`);

    expect((await post(server, `appointments/${booked.key}/reschedule`, { start: second }, { token: me.token })).status).toBe(200);
    const moved = await calendar();
    expect(moved).toMatch(/^SEQUENCE:1\r$/m);
    expect(moved).toMatch(new RegExp(`^DTSTART:${second!.replace(/[-:]/g, '').replace(/\.\d+/, '')}`, 'm'));
    expect(moved).toMatch(new RegExp(`^UID:${booked.key}@`, 'm'));

    expect((await post(server, `appointments/${booked.key}/cancel`, undefined, { token: me.token })).status).toBe(200);
    const cancelled = await calendar();
    expect(cancelled).toMatch(/^SEQUENCE:2\r$/m);
    expect(cancelled).toMatch(/^STATUS:CANCELLED\r$/m);
  });
});

describe('another account and no account', () => {
  it('answers 404 to another account’s key on every appointment route and changes nothing', async () => {
    const owner = await patient();
    const stranger = await patient();
    await chargeWallet(server, owner.token, 10_000_000);
    const days = await freeDays(server, 'golnaz-taheri');
    const booked = await bookWithWallet(server, owner.token, 'golnaz-taheri', days[0]!.slots[0]!.start);
    const other = days[0]!.slots[1]!.start;

    expect((await getAs(server, `/api/appointments/${booked.key}`, stranger.token)).status).toBe(404);
    expect((await getAs(server, `/api/appointments/${booked.key}/calendar.ics`, stranger.token)).status).toBe(404);
    expect((await post(server, `appointments/${booked.key}/pay`, { use_wallet: true }, { token: stranger.token })).status).toBe(404);
    expect((await post(server, `appointments/${booked.key}/cancel`, undefined, { token: stranger.token })).status).toBe(404);
    expect((await post(server, `appointments/${booked.key}/reschedule`, { start: other }, { token: stranger.token })).status).toBe(404);
    const strangersList = await (await getAs(server, '/api/appointments?scope=upcoming', stranger.token)).text();
    expect(strangersList).not.toContain(booked.key);

    const mine = (await envelope<Appointment>(await getAs(server, `/api/appointments/${booked.key}`, owner.token))).data!;
    expect(mine).toMatchObject({ status: 'confirmed', start: booked.start });
    expect(await walletOf(server, owner.token)).toMatchObject({ balance: 10_000_000 - booked.fee });
  });

  it('answers 401 without a token, before reading the body', async () => {
    const key = 'AP-AAAAAA';
    const start = (await freeStarts(server, 'golnaz-taheri'))[0];
    expect((await hold(server, undefined, { doctor_id: 'golnaz-taheri', start })).status).toBe(401);
    expect((await hold(server, undefined, { nonsense: true })).status).toBe(401);
    expect((await getAs(server, '/api/appointments')).status).toBe(401);
    expect((await getAs(server, `/api/appointments/${key}`)).status).toBe(401);
    expect((await getAs(server, `/api/appointments/${key}/calendar.ics`)).status).toBe(401);
    expect((await post(server, `appointments/${key}/pay`, { use_wallet: true })).status).toBe(401);
    expect((await post(server, `appointments/${key}/cancel`)).status).toBe(401);
    expect((await post(server, `appointments/${key}/reschedule`, { start })).status).toBe(401);
    expect((await getAs(server, '/api/appointments', 'not-a-token')).status).toBe(401);
    // The slots are public.
    expect((await getAs(server, '/api/appointments/slots?doctor_id=golnaz-taheri', undefined, newIp())).status).toBe(200);
  });
});
