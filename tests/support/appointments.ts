import type { Doctor } from '../../src/content/catalogue-schema.ts';
import { DAY_KEYS } from '../../src/content/catalogue-schema.ts';
import type { BookingContext, BookingSettings } from '../../src/server/appointments/context.ts';
import type { Catalogue } from '../../src/server/catalogue/index.ts';
import { readCatalogue } from '../../src/server/catalogue/index.ts';

const real = readCatalogue('src/content');
const template = real.doctors.values().next().value as Doctor;
const clinic = real.clinics.keys().next().value as string;

/**
 * A test doctor who works every day 08:00–12:00 Tehran (16 slots of 15 minutes), so tests do not
 * depend on the weekday; `fee` rials a visit.
 */
export function testDoctor(fee = 5_000_000): Doctor {
  return {
    ...template,
    clinics: [clinic],
    visit_fee_rial: fee,
    visit_minutes: 15,
    schedule: DAY_KEYS.map((day) => ({ day, start: '08:00', end: '12:00', clinic })),
  };
}

export const TEST_SETTINGS: BookingSettings = {
  holdMinutes: 10,
  cancelFreeHours: 24,
  reminderHours: 24,
  paymentTimeoutMinutes: 20,
  paymentOpenLimit: 5,
  holdLimitPerPhone: 2,
  holdLimitPerAddress: 5,
  minLeadMinutes: 60,
};

/** A booking context over the real catalogue plus test doctors `dr-a`, `dr-b` (and `dr-free`, fee 0); `holidays` by day. */
export function testContext(holidays: Record<string, string> = {}, settings: Partial<BookingSettings> = {}): BookingContext {
  const doctors = new Map(real.doctors);
  doctors.set('dr-a', testDoctor());
  doctors.set('dr-b', testDoctor(3_000_000));
  doctors.set('dr-free', testDoctor(0));
  const catalogue: Catalogue = { ...real, doctors };
  return { catalogue, settings: { ...TEST_SETTINGS, ...settings }, holiday: (day) => holidays[day] };
}

/** The instant of a Tehran wall time. */
export const tehran = (day: string, time: string) => new Date(`${day}T${time}:00+03:30`);

/** A fixed "now": 2026-12-01 09:30 in Tehran (a Tuesday). */
export const NOW = tehran('2026-12-01', '09:30');
