import { expect, it } from 'vitest';
import { NOW, tehran, testContext } from '../../../tests/support/appointments.ts';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import { refusal } from '../../../tests/support/rejection.ts';
import { daysAfter, joinLine, offerSlot } from '../../../tests/support/waitlist-rows.ts';
import { newPatient } from '../../../tests/support/wallet.ts';
import { bookingMessages } from '../appointments/messages.ts';
import { deskWaitlist } from './desk.ts';

const ctx = testContext();
const MIN = 60_000;
const at = (minutes: number) => new Date(NOW.getTime() + minutes * MIN);

describeEachDatabase('the desk’s waitlist', (database) => {
  it('lists the line in order of joining with whom each entry is for and its open offer; and the doctor’s open offers', async () => {
    const { db } = database();
    const doctorId = 'dr-b';
    const joined = (days: number) => daysAfter(NOW, -days);
    const first = await newPatient(db);
    const second = await newPatient(db);
    const third = await newPatient(db);
    const firstEntry = await joinLine(db, first, { doctorId, from: '2026-12-01', to: '2026-12-10', partOfDay: 'morning', joinedAt: joined(5) });
    // Not in the line: a range over yesterday, an entry that left, another doctor's.
    await joinLine(db, await newPatient(db), { doctorId, from: '2026-11-20', to: '2026-11-30', joinedAt: joined(7) });
    await joinLine(db, await newPatient(db), { doctorId, from: '2026-12-01', to: '2026-12-20', joinedAt: joined(4), status: 'left' });
    await joinLine(db, await newPatient(db), { doctorId: 'dr-a', from: '2026-12-01', to: '2026-12-20', joinedAt: joined(4) });
    // For a relative, offered a slot that is kept for them 20 more minutes.
    const relative = { firstName: 'کیان', lastName: 'رضایی', nationalCode: '0012345679' };
    const secondEntry = await joinLine(db, second, { doctorId, from: '2026-12-02', to: '2026-12-05', joinedAt: joined(3), status: 'offered', relative });
    const live = await offerSlot(db, secondEntry, { start: tehran('2026-12-03', '10:00'), status: 'live', offeredAt: at(-10), expiresAt: at(20), clinicId: 'clinic-b' });
    // Accepted: the slot is now the patient's hold, kept until the hold lapses.
    const thirdEntry = await joinLine(db, third, { doctorId, from: '2026-12-01', to: '2026-12-02', partOfDay: 'afternoon', joinedAt: joined(2), status: 'offered' });
    const accepted = await offerSlot(db, thirdEntry, { start: tehran('2026-12-02', '08:15'), status: 'accepted', offeredAt: at(-25), expiresAt: at(5), holdExpiresAt: at(8) });
    // An offer that ended keeps nothing.
    await offerSlot(db, firstEntry, { start: tehran('2026-12-01', '11:00'), status: 'lapsed', offeredAt: at(-60) });

    const list = await deskWaitlist(db, ctx, doctorId, NOW);
    expect(list.doctor_id).toBe(doctorId);
    expect(list.entries.map((entry) => [entry.position, entry.key, entry.status])).toEqual([
      [1, firstEntry.key, 'waiting'],
      [2, secondEntry.key, 'offered'],
      [3, thirdEntry.key, 'offered'],
    ]);
    expect(list.entries[0]).toEqual({
      key: firstEntry.key,
      position: 1,
      status: 'waiting',
      from: '2026-12-01',
      to: '2026-12-10',
      part_of_day: 'morning',
      joined_at: joined(5).toISOString(),
      patient: { first_name: first.firstName, last_name: first.lastName, international_code: first.internationalCode, phone_number: first.phoneNumber, self: true },
    });
    const slotOffer = {
      start: tehran('2026-12-03', '10:00').toISOString(),
      end: tehran('2026-12-03', '10:15').toISOString(),
      expires_at: at(20).toISOString(),
      appointment_key: live.appointmentKey,
      status: 'live',
      turn: 3,
      clinic_id: 'clinic-b',
      // A clinic the catalogue does not know is named by its id.
      clinic_name: 'clinic-b',
      fee: 5_000_000,
    };
    // The relative's name and code; the phone of the account that joined.
    expect(list.entries[1]).toMatchObject({
      patient: { first_name: 'کیان', last_name: 'رضایی', international_code: '0012345679', phone_number: second.phoneNumber, self: false },
      offer: slotOffer,
    });
    expect(list.entries[2]!.offer).toMatchObject({ status: 'accepted', appointment_key: accepted.appointmentKey, expires_at: at(8).toISOString() });
    expect(list.offers).toEqual([
      { ...list.entries[2]!.offer, entry_key: thirdEntry.key },
      { ...slotOffer, entry_key: secondEntry.key },
    ]);

    // Two days on, the third entry's range is over: it leaves the list, and the others move up.
    const tomorrow = await deskWaitlist(db, ctx, doctorId, daysAfter(NOW, 2));
    expect(tomorrow.entries.map((entry) => [entry.position, entry.key])).toEqual([
      [1, firstEntry.key],
      [2, secondEntry.key],
    ]);
  });

  it('is empty for a doctor nobody waits for, and refuses a doctor the catalogue does not know', async () => {
    expect(await deskWaitlist(database().db, ctx, 'dr-free', NOW)).toEqual({ doctor_id: 'dr-free', entries: [], offers: [] });
    const error = await refusal(deskWaitlist(database().db, ctx, 'no-such-doctor', NOW));
    expect(error.code).toBe('not_found');
    expect(error.message).toBe(bookingMessages.doctorNotFound);
  });
});
