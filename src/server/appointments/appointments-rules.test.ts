import { expect, it } from 'vitest';
import { NOW, tehran, testContext, testDoctor } from '../../../tests/support/appointments.ts';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import { nationalCode } from '../../../tests/support/people.ts';
import { refusal } from '../../../tests/support/rejection.ts';
import { fundWallet, newPatient } from '../../../tests/support/wallet.ts';
import { type Account, insertAccount } from '../accounts/repository.ts';
import type { Catalogue } from '../catalogue/index.ts';
import type { Db } from '../db/client.ts';
import { EnvError, parseEnv } from '../env.ts';
import { AppError } from '../errors.ts';
import { rescheduleAppointment } from './changes.ts';
import type { BookingContext } from './context.ts';
import { bookingSms } from './messages.ts';
import { type Booker, getAppointment, holdSlot, payAppointment } from './service.ts';
import { listSlots, nextFreeStarts } from './slots.ts';

/**
 * The booking rules a patient trips over: the minimum lead time (BOOKING_MIN_LEAD_MINUTES), the
 * free-cancel deadline every appointment carries (`cancel_until`), and one person never holding two
 * overlapping visits, whichever accounts booked them, even when 50 holds race.
 */

/** The test context plus 50 doctors who all work 08:00–12:00 every day (one slot each at any time: 50 different slots). */
const RACE_DOCTORS = Array.from({ length: 50 }, (_, i) => `dr-race-${i}`);
const base = testContext();
const doctors = new Map(base.catalogue.doctors);
for (const id of RACE_DOCTORS) doctors.set(id, testDoctor());
const ctx: BookingContext = { ...base, catalogue: { ...base.catalogue, doctors } as Catalogue };
const MIN = 60_000;
const HOUR = 60 * MIN;
const at = (minutes: number) => new Date(NOW.getTime() + minutes * MIN);
/** `time` on `day` (default tomorrow, 2026-12-02), Tehran. */
const slot = (time: string, day = '2026-12-02') => tehran(day, time).toISOString();
const booker = (account: Account): Booker => ({ id: account.id, firstName: account.firstName, lastName: account.lastName });
const DOCTOR_NAME = `دکتر ${testDoctor().name.first} ${testDoctor().name.last}`;

/** Holds and pays from a freshly funded wallet. */
async function book(db: Db, account: Account, doctorId: string, start: string, now = NOW, patient?: { first_name: string; last_name: string; international_code: string }) {
  await fundWallet(db, account.id, 5_000_000);
  const held = await holdSlot(db, { ctx, booker: booker(account), body: { doctor_id: doctorId, start, ...(patient ? { for: patient } : {}) }, now });
  const paid = await payAppointment(db, { ctx, gateway: 'sandbox', accountId: account.id, key: held.key, useWallet: true, now });
  expect(paid.status).toBe('confirmed');
  return held;
}

let serial = 0;
/** A second account on the phone of `account` (a family on one phone). */
async function sibling(db: Db, account: Account): Promise<Account> {
  return insertAccount(db, {
    phoneNumber: account.phoneNumber,
    firstName: 'نیما',
    lastName: 'احمدی',
    internationalCode: nationalCode(8_100_000 + ++serial * 97 + Math.floor(Math.random() * 90)),
    gender: 'male',
  });
}

it('BOOKING_MIN_LEAD_MINUTES defaults to 60, takes 0 … 1440, and refuses anything else at boot', () => {
  expect(parseEnv({}).BOOKING_MIN_LEAD_MINUTES).toBe(60);
  expect(parseEnv({ BOOKING_MIN_LEAD_MINUTES: '0' }).BOOKING_MIN_LEAD_MINUTES).toBe(0);
  expect(parseEnv({ BOOKING_MIN_LEAD_MINUTES: '1440' }).BOOKING_MIN_LEAD_MINUTES).toBe(1440);
  for (const bad of ['1441', '-5', 'an hour', '1.5']) expect(() => parseEnv({ BOOKING_MIN_LEAD_MINUTES: bad })).toThrow(EnvError);
});

describeEachDatabase('booking rules', (database) => {
  it('slots sooner than the lead time are not offered, not holdable (409 with later alternatives) and not a move target', async () => {
    const { db } = database();
    // NOW is 09:30 in Tehran; with 60 minutes of lead the first slot today is 10:30.
    const { days } = await listSlots(db, ctx, { doctorId: 'dr-a', days: 1 }, NOW);
    expect(days[0]!.slots.map((s) => s.start)).not.toContain(slot('10:15', '2026-12-01'));
    expect(days[0]!.slots[0]!.start).toBe(slot('10:30', '2026-12-01'));
    // The finder's nearest free slot (and a 409's alternatives) respect it too.
    expect(await nextFreeStarts(db, { ctx, doctorId: 'dr-a', now: NOW, limit: 1 })).toEqual([slot('10:30', '2026-12-01')]);

    const me = await newPatient(db);
    const soon = await refusal(holdSlot(db, { ctx, booker: booker(me), body: { doctor_id: 'dr-a', start: slot('09:45', '2026-12-01') }, now: NOW }));
    expect(soon.code).toBe('conflict');
    expect(soon.message).toContain('۶۰ دقیقه');
    const alternatives = soon.data?.alternatives as string[];
    expect(alternatives.length).toBeGreaterThan(0);
    for (const start of alternatives) expect(Date.parse(start)).toBeGreaterThanOrEqual(at(60).getTime());
    // Exactly the lead time ahead is fine.
    expect((await holdSlot(db, { ctx, booker: booker(me), body: { doctor_id: 'dr-a', start: slot('10:30', '2026-12-01') }, now: NOW })).status).toBe('held');

    // A booking made two days earlier cannot be moved to a time sooner than the lead from now.
    const mover = await newPatient(db);
    const booked = await book(db, mover, 'dr-b', slot('11:00', '2026-12-04'), NOW);
    const early = await refusal(rescheduleAppointment(db, { ctx, accountId: mover.id, key: booked.key, body: { start: slot('10:00', '2026-12-03') }, now: tehran('2026-12-03', '09:30') }));
    // The visit (12-04) is still inside its free window; it is the new time, 30 minutes away, that is refused.
    expect(early.code).toBe('conflict');
    expect(early.message).toContain('۶۰ دقیقه');
    expect(early.data?.alternatives).toEqual(expect.any(Array));
  });

  it('every appointment carries cancel_until; a visit booked inside the free window says at once it cannot be cancelled', async () => {
    const { db } = database();
    const me = await newPatient(db);
    const start = slot('10:00', '2026-12-03');
    const held = await holdSlot(db, { ctx, booker: booker(me), body: { doctor_id: 'dr-a', start }, now: NOW });
    expect(held.cancel_until).toBe(new Date(Date.parse(start) - 24 * HOUR).toISOString());
    await fundWallet(db, me.id, 5_000_000);
    await payAppointment(db, { ctx, gateway: 'sandbox', accountId: me.id, key: held.key, useWallet: true, now: NOW });
    const got = await getAppointment(db, { ctx, accountId: me.id, key: held.key, now: NOW });
    expect(got).toMatchObject({ status: 'confirmed', can_cancel: true, can_reschedule: true, cancel_until: held.cancel_until });
    expect(got.receipt).toEqual({ paid_at: NOW.toISOString(), from_wallet: 5_000_000, by_bank: 0 });
    // A minute past the deadline: neither.
    const late = await getAppointment(db, { ctx, accountId: me.id, key: held.key, now: new Date(Date.parse(held.cancel_until) + MIN) });
    expect(late).toMatchObject({ can_cancel: false, can_reschedule: false, refund_if_cancelled: 0 });

    // Today 11:00, booked at 09:30: the deadline passed before the booking.
    const sameDay = await newPatient(db);
    const today = await book(db, sameDay, 'dr-b', slot('11:00', '2026-12-01'));
    expect(Date.parse(today.cancel_until)).toBeLessThan(NOW.getTime());
    expect(await getAppointment(db, { ctx, accountId: sameDay.id, key: today.key, now: NOW })).toMatchObject({ status: 'confirmed', can_cancel: false, can_reschedule: false });
  });

  it('the confirmation SMS says until when the visit can be cancelled for free, or that it cannot', () => {
    const start = new Date(slot('10:00', '2026-12-03'));
    const until = new Date(start.getTime() - 24 * HOUR);
    expect(bookingSms.confirmed('AP-ABC123', 'دکتر الف', start, 3, until, NOW)).toContain('لغو یا تغییر رایگان تا ۱۱ آذر ۱۴۰۵ ساعت ۱۰:۰۰؛ مبلغ به کیف پول برمی‌گردد.');
    expect(bookingSms.confirmed('AP-ABC123', 'دکتر الف', start, 3, until, new Date(until.getTime() + MIN))).toContain('این نوبت قابل لغو یا تغییر زمان نیست.');
  });

  it('a person never holds two overlapping visits; another person on the same phone may, and the refusal names the visit', async () => {
    const { db } = database();
    const mother = await newPatient(db);
    await book(db, mother, 'dr-a', slot('10:00'));

    // Her own second visit at the same time, with another doctor: 409 naming the first.
    const again = await refusal(holdSlot(db, { ctx, booker: booker(mother), body: { doctor_id: 'dr-b', start: slot('10:00') }, now: NOW }));
    expect(again.code).toBe('conflict');
    expect(again.message).toBe(`شما در همین زمان نوبت دیگری دارید: ${DOCTOR_NAME}، ۱۱ آذر ۱۴۰۵ ساعت ۱۰:۰۰. هر نفر در یک زمان فقط یک نوبت می‌تواند داشته باشد؛ زمان دیگری را انتخاب کنید.`);
    // Alternatives of that doctor exclude the busy time.
    expect(again.data?.alternatives).not.toContain(slot('10:00'));
    // Right after it (no overlap) is fine.
    expect((await holdSlot(db, { ctx, booker: booker(mother), body: { doctor_id: 'dr-b', start: slot('10:15') }, now: NOW })).status).toBe('held');

    // Her child, booked by her next to her own visit: a different person.
    const child = { first_name: 'آوا', last_name: 'احمدی', international_code: nationalCode(4_400_000 + Math.floor(Math.random() * 100_000)) };
    const forChild = await book(db, mother, 'dr-b', slot('10:00'), NOW, child);
    expect(forChild.patient).toMatchObject({ self: false, first_name: 'آوا' });

    // The father's account on the same phone books the child overlapping: refused, naming the visit.
    const father = await sibling(db, mother);
    const twice = await refusal(holdSlot(db, { ctx, booker: booker(father), body: { doctor_id: 'dr-race-0', start: slot('10:00'), for: child }, now: NOW }));
    expect(twice.message).toContain('آوا احمدی در همین زمان نوبت دیگری دارد');
    expect(twice.message).toContain(DOCTOR_NAME);

    // A stranger's phone booking the mother (her national code) sees only that a visit exists.
    const stranger = await newPatient(db);
    const blind = await refusal(
      holdSlot(db, {
        ctx,
        booker: booker(stranger),
        body: { doctor_id: 'dr-race-1', start: slot('10:00'), for: { first_name: 'مریم', last_name: 'احمدی', international_code: mother.internationalCode } },
        now: NOW,
      }),
    );
    expect(blind.code).toBe('conflict');
    expect(blind.message).toContain('از حساب دیگری ثبت شده است');
    expect(blind.message).not.toContain('دکتر');
    expect(blind.message).not.toContain('۱۰:۰۰');
  });

  it('50 parallel holds of different overlapping slots for one person from 50 phones: exactly one wins', async () => {
    const { db } = database();
    const bookers = await Promise.all(RACE_DOCTORS.map(() => newPatient(db)));
    const relative = { first_name: 'پدربزرگ', last_name: 'رضایی', international_code: nationalCode(6_600_000 + Math.floor(Math.random() * 100_000)) };
    const results = await Promise.allSettled(
      bookers.map((account, i) => holdSlot(db, { ctx, booker: booker(account), body: { doctor_id: RACE_DOCTORS[i]!, start: slot('09:00', '2026-12-10'), for: relative }, now: NOW })),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    for (const error of lost) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('conflict');
      expect((error as AppError).message).toContain('پدربزرگ رضایی');
    }
  }, 60_000);

  it('a move obeys the same rule: not onto a time the person is busy at, also when parallel moves race', async () => {
    const { db } = database();
    const me = await newPatient(db);
    const first = await book(db, me, 'dr-a', slot('09:00', '2026-12-11'));
    const second = await book(db, me, 'dr-b', slot('11:00', '2026-12-11'));
    const onto = await refusal(rescheduleAppointment(db, { ctx, accountId: me.id, key: second.key, body: { start: slot('09:00', '2026-12-11') }, now: NOW }));
    expect(onto.code).toBe('conflict');
    expect(onto.message).toContain('شما در همین زمان نوبت دیگری دارید');
    // Moving a visit onto its own neighbourhood is not an overlap with itself.
    expect((await rescheduleAppointment(db, { ctx, accountId: me.id, key: first.key, body: { start: slot('09:15', '2026-12-11') }, now: NOW })).start).toBe(slot('09:15', '2026-12-11'));

    // Both visits moved at once to the same time with two doctors: only one may land there.
    const results = await Promise.allSettled([
      rescheduleAppointment(db, { ctx, accountId: me.id, key: first.key, body: { start: slot('10:30', '2026-12-11') }, now: NOW }),
      rescheduleAppointment(db, { ctx, accountId: me.id, key: second.key, body: { start: slot('10:30', '2026-12-11') }, now: NOW }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});
