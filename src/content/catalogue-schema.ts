/**
 * Schemas of the care catalogue's content collections: expertise groups, clinics and doctors
 * (`src/content/<collection>/<slug>.json`; the file name is the entry's id and slug).
 *
 * Every object is strict: an unknown or misspelt key fails the build. Checks that need more than
 * one entry (a doctor's clinics exist, a session lies inside its clinic's hours, …) are in
 * `catalogue-content.test.ts`.
 *
 * Photos are plain paths relative to the JSON file here. To let `astro:assets` optimise them, wire
 * the collections with Astro's `image()` helper, e.g.
 * `schema: ({ image }) => createDoctorSchema(image())`.
 */
import { z } from 'astro/zod';

/** Week days as stored, in the Iranian week's order (the week starts on Saturday). */
export const DAY_KEYS = ['saturday', 'sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;
export type DayKey = (typeof DAY_KEYS)[number];

/** Persian day names, for display. */
export const DAY_NAMES: Record<DayKey, string> = {
  saturday: 'شنبه',
  sunday: 'یک‌شنبه',
  monday: 'دوشنبه',
  tuesday: 'سه‌شنبه',
  wednesday: 'چهارشنبه',
  thursday: 'پنج‌شنبه',
  friday: 'جمعه',
};

/** Languages a doctor may list (one spelling each, so the portal can filter by them). */
export const LANGUAGES = ['فارسی', 'انگلیسی', 'ترکی آذربایجانی', 'کردی', 'عربی', 'لری', 'گیلکی', 'فرانسوی', 'آلمانی', 'ارمنی'] as const;

/** Lower-case kebab-case ASCII: the form of every slug (file names and references). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** 24-hour `HH:MM`. */
export const TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
/** Fictional council numbers only: «نمونه-» and 5 or 6 Persian digits. */
export const DEMO_COUNCIL_NUMBER_PATTERN = /^نمونه-[۰-۹]{5,6}$/;

/** Minutes since midnight of a valid `HH:MM`. */
export function toMinutes(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

const slug = z.string().regex(SLUG_PATTERN, 'a lower-case kebab-case slug');
const time = z.string().regex(TIME_PATTERN, 'a 24-hour HH:MM time');
const day = z.enum(DAY_KEYS);
/** Persian text: trimmed, not empty, Persian yeh/keheh rather than Arabic ي/ك, no Latin digits. */
export const persian = z
  .string()
  .trim()
  .min(1)
  .refine((s) => !/[يك]/.test(s), 'use Persian ی and ک, not Arabic ي and ك')
  .refine((s) => !/[0-9]/.test(s), 'use Persian digits (۰–۹) in text');
/** A path to a local image, relative to the JSON file (e.g. `../../assets/doctors/x.png`). */
const photoPath = z.string().regex(/^\.{1,2}\/[\w./-]+\.(?:png|jpe?g|webp|avif)$/, 'a relative path to a local image');

export const uniqueList = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .min(1)
    .refine((list) => new Set(list).size === list.length, 'entries must not repeat');

/** A time range that ends after it starts. */
const rangeOk = (start: string, end: string) => toMinutes(start) < toMinutes(end);

export const openingHoursSchema = z
  .strictObject({
    days: uniqueList(day),
    open: time,
    close: time,
  })
  .refine((h) => rangeOk(h.open, h.close), { message: 'close must be after open', path: ['close'] });

export const phoneSchema = z.strictObject({
  /** Landline with area code, digits only: `0` + 10 digits (Tehran: `021…`). */
  number: z.string().regex(/^0[1-8]\d{9}$/, 'an Iranian landline, 11 digits starting with 0'),
  /** Switchboard extension, digits only. */
  extension: z
    .string()
    .regex(/^\d{2,5}$/)
    .optional(),
});

export const scheduleSlotSchema = z
  .strictObject({
    day,
    start: time,
    end: time,
    clinic: slug,
    /** The doctor's room in that clinic, e.g. «اتاق ۲۰۴»: told to the patient on the visit day. */
    room: persian.optional(),
  })
  .refine((s) => rangeOk(s.start, s.end), { message: 'end must be after start', path: ['end'] });

export const educationSchema = z.strictObject({
  degree: persian,
  institution: persian,
  /** Solar Hijri (هجری شمسی) year of graduation. */
  year: z.int().min(1340).max(1405),
});

export const expertiseGroupSchema = z.strictObject({
  name: persian,
  /** Name (without `.svg`) of a line icon in `src/assets/icons/expertise/`. */
  icon: slug,
  description: persian,
  /** Display order, ascending. */
  order: z.int().nonnegative(),
});

export function createClinicSchema<P extends z.ZodType>(photo: P) {
  return z.strictObject({
    name: persian,
    building: persian,
    /** 0 = ground floor (همکف), negative = basement. */
    floor: z.int().min(-3).max(20),
    phone: phoneSchema,
    /** Opening hours; a day may have several ranges (morning and afternoon), which must not overlap. */
    hours: z
      .array(openingHoursSchema)
      .min(1)
      .refine(
        (hours) =>
          DAY_KEYS.every((d) => {
            const ranges = hours.filter((h) => h.days.includes(d)).sort((a, b) => toMinutes(a.open) - toMinutes(b.open));
            return ranges.every((r, i) => i === 0 || toMinutes(ranges[i - 1]!.close) <= toMinutes(r.open));
          }),
        'opening hours of one day must not overlap',
      ),
    services: uniqueList(persian),
    description: persian,
    expertise_groups: uniqueList(slug),
    photo,
  });
}

export function createDoctorSchema<P extends z.ZodType>(photo: P) {
  return z.strictObject({
    name: z.strictObject({ first: persian, last: persian }),
    /** e.g. «متخصص زنان و زایمان», «فوق‌تخصص قلب کودکان». */
    title: persian,
    gender: z.enum(['female', 'male']),
    expertise_groups: uniqueList(slug),
    clinics: uniqueList(slug),
    photo,
    bio: persian,
    education: z.array(educationSchema).min(1),
    medical_council_number: z.string().regex(DEMO_COUNCIL_NUMBER_PATTERN, 'a demo number: «نمونه-» and 5–6 Persian digits'),
    languages: uniqueList(z.enum(LANGUAGES)),
    /** Visit fee in rials: a whole multiple of 10,000. */
    visit_fee_rial: z.int().positive().multipleOf(10_000).max(100_000_000),
    /** Length of one visit in minutes. */
    visit_minutes: z.int().min(5).max(60),
    /** Weekly sessions; one doctor's sessions must not overlap. */
    schedule: z
      .array(scheduleSlotSchema)
      .min(1)
      .refine(
        (slots) => slots.every((a, i) => slots.every((b, j) => j <= i || a.day !== b.day || toMinutes(a.end) <= toMinutes(b.start) || toMinutes(b.end) <= toMinutes(a.start))),
        'sessions must not overlap',
      ),
    featured: z.boolean(),
  });
}

export const clinicSchema = createClinicSchema(photoPath);
export const doctorSchema = createDoctorSchema(photoPath);

export type ExpertiseGroup = z.infer<typeof expertiseGroupSchema>;
export type Clinic = z.infer<typeof clinicSchema>;
export type Doctor = z.infer<typeof doctorSchema>;
export type ScheduleSlot = z.infer<typeof scheduleSlotSchema>;
export type OpeningHours = z.infer<typeof openingHoursSchema>;
