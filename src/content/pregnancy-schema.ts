/**
 * Schemas for the pregnancy-timeline content collections:
 * `src/content/pregnancy-weeks/week-NN.md` (weeks 1–40) and
 * `src/content/pregnancy-trimesters/trimester-N.md` (trimesters 1–3).
 *
 * Weeks are gestational weeks counted from the first day of the last menstrual period
 * (conception is around week 3). Trimesters: 1 = weeks 1–13, 2 = 14–27, 3 = 28–40.
 *
 * `astro/zod` re-exports Zod 4 (`zod/v4`): `z.strictObject` rejects unknown keys, and object-level
 * checks run only after every field has parsed. Display strings must be Persian text: no Latin or
 * Arabic-Indic digits (numbers are written with ۰–۹) and no Arabic ي/ك in place of Persian ی/ک.
 */
import { z } from 'astro/zod';
import { toPersianDigits } from '#lib/format/digits.ts';

export const FIRST_WEEK = 1;
export const LAST_WEEK = 40;

/** Inclusive week range of each trimester. */
export const TRIMESTER_WEEKS = {
  1: [1, 13],
  2: [14, 27],
  3: [28, 40],
} as const satisfies Record<1 | 2 | 3, readonly [number, number]>;

export type Trimester = keyof typeof TRIMESTER_WEEKS;

/** The trimester a gestational week (1–40) belongs to. */
export function trimesterOfWeek(week: number): Trimester {
  if (week <= TRIMESTER_WEEKS[1][1]) return 1;
  if (week <= TRIMESTER_WEEKS[2][1]) return 2;
  return 3;
}

/** Weeks before the embryo can be measured (before conception, conception and implantation). */
export const LAST_UNMEASURED_WEEK = 3;
/**
 * Up to this week `size.length_cm` is the crown-rump length (head to bottom); from the next week on
 * it is the crown-heel length (head to heel), as in the usual fetal growth tables.
 */
export const LAST_CROWN_RUMP_WEEK = 20;

const SUMMARY_MAX = 160;

/** Characters that do not belong in Persian display text. */
const FOREIGN_CHARS = /[0-9\u0660-\u0669\u064A\u0643]/;

/** Non-empty Persian display text: no surrounding spaces, Persian digits, Persian ی and ک. */
const persianText = () =>
  z
    .string()
    .min(1)
    .refine((s) => s === s.trim(), { message: 'no leading or trailing spaces' })
    .refine((s) => !FOREIGN_CHARS.test(s), {
      message: 'use Persian digits (۰–۹) and Persian ی/ک in display text',
    });

const trimesterNumber = z.literal([1, 2, 3]);

export const pregnancySizeSchema = z.strictObject({
  /** A familiar fruit or object of about the baby's size, e.g. «یک لیموترش». */
  comparison: persianText(),
  /** Approximate length in centimetres (see LAST_CROWN_RUMP_WEEK); null while not measurable. */
  length_cm: z.number().positive().max(60).nullable(),
  /** Approximate weight in grams; null while not measurable or under about one gram. */
  weight_g: z.number().positive().max(5000).nullable(),
});

export const pregnancyWeekSchema = z
  .strictObject({
    week: z.int().min(FIRST_WEEK).max(LAST_WEEK),
    trimester: trimesterNumber,
    /** e.g. «هفتهٔ ۱۲ بارداری»; must name the week in Persian digits. */
    title: persianText(),
    /** Meta description of the page. */
    summary: persianText().max(SUMMARY_MAX),
    size: pregnancySizeSchema,
    /** Visits, tests, vaccines or supplements usually due or worth planning this week. */
    checkups: z.array(persianText()),
    /** Signs that need a doctor or the emergency department now. */
    warning_signs: z.array(persianText()).min(3),
  })
  .superRefine((entry, ctx) => {
    const expected = trimesterOfWeek(entry.week);
    if (entry.trimester !== expected) {
      ctx.addIssue({
        code: 'custom',
        path: ['trimester'],
        message: `week ${entry.week} belongs to trimester ${expected}`,
      });
    }
    const weekDigits = toPersianDigits(entry.week);
    if (!new RegExp(`(^|[^۰-۹])${weekDigits}([^۰-۹]|$)`).test(entry.title)) {
      ctx.addIssue({
        code: 'custom',
        path: ['title'],
        message: `title must name week ${weekDigits}`,
      });
    }
    if (entry.week <= LAST_UNMEASURED_WEEK) {
      for (const key of ['length_cm', 'weight_g'] as const) {
        if (entry.size[key] !== null) {
          ctx.addIssue({
            code: 'custom',
            path: ['size', key],
            message: `must be null before week ${LAST_UNMEASURED_WEEK + 1}`,
          });
        }
      }
    } else if (entry.size.length_cm === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['size', 'length_cm'],
        message: `required from week ${LAST_UNMEASURED_WEEK + 1}`,
      });
    }
    if (new Set(entry.checkups).size !== entry.checkups.length) {
      ctx.addIssue({ code: 'custom', path: ['checkups'], message: 'duplicate items' });
    }
    if (new Set(entry.warning_signs).size !== entry.warning_signs.length) {
      ctx.addIssue({ code: 'custom', path: ['warning_signs'], message: 'duplicate items' });
    }
  });

export const pregnancyTrimesterSchema = z
  .strictObject({
    trimester: trimesterNumber,
    /** e.g. «سه‌ماههٔ اول بارداری». */
    title: persianText(),
    /** First and last gestational week of the trimester. */
    weeks: z.tuple([z.int().min(FIRST_WEEK).max(LAST_WEEK), z.int().min(FIRST_WEEK).max(LAST_WEEK)]),
    /** Meta description of the page. */
    summary: persianText().max(SUMMARY_MAX),
  })
  .superRefine((entry, ctx) => {
    const [first, last] = TRIMESTER_WEEKS[entry.trimester];
    if (entry.weeks[0] !== first || entry.weeks[1] !== last) {
      ctx.addIssue({
        code: 'custom',
        path: ['weeks'],
        message: `trimester ${entry.trimester} covers weeks ${first}–${last}`,
      });
    }
  });

export type PregnancyWeek = z.infer<typeof pregnancyWeekSchema>;
export type PregnancyTrimester = z.infer<typeof pregnancyTrimesterSchema>;

/** Required `##` sections of a week page's body, in this order. */
export const WEEK_BODY_SECTIONS = ['رشد جنین', 'بدن و احساس شما', 'توصیه‌های این هفته'] as const;
