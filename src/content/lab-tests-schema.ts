/**
 * Schema of our own explanations of common lab tests (`src/content/lab-tests/<slug>.json`), shown on
 * the results page next to a value (`TestExplanation` in lib/api/contracts/test-results.ts).
 *
 * Not a content collection: server/test-results/explanations.ts reads the files and finds one by the
 * LOINC code a lab sends, or by the name or code the lab prints (`aliases`). Checks across files (a
 * code or an alias in two files) are made there and in `lab-tests-content.test.ts`.
 */
import { z } from 'astro/zod';
import { persian, uniqueList } from './catalogue-schema.ts';

/** The groups, with the heading the results page may give them. */
export const LAB_TEST_GROUPS = {
  cbc: 'آزمایش کامل خون',
  diabetes: 'قند خون',
  lipids: 'چربی‌های خون',
  liver: 'کبد',
  kidney: 'کلیه',
  electrolytes: 'املاح خون',
  thyroid: 'تیروئید',
  iron: 'آهن',
  vitamins: 'ویتامین‌ها',
  inflammation: 'التهاب',
  urinalysis: 'آزمایش ادرار',
  pregnancy: 'بارداری',
} as const;
export type LabTestGroup = keyof typeof LAB_TEST_GROUPS;

export const SUMMARY_MAX = 300;
export const TEXT_MAX = 400;

/** A LOINC code as written: up to seven digits, a hyphen and the check digit (`718-7`). */
export const LOINC_PATTERN = /^[1-9]\d{0,6}-\d$/;

/**
 * LOINC's mod-10 check digit of the part before the hyphen (the Luhn scheme, as in the LOINC
 * manual): from the right, every other digit starting with the last is doubled, the digits of the
 * products and the remaining digits are summed, and the check digit brings the sum to a multiple of 10.
 */
export function loincCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = Number(body[body.length - 1 - i]);
    const value = i % 2 === 0 ? digit * 2 : digit;
    sum += value > 9 ? value - 9 : value;
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether `code` has the LOINC form and its check digit is right. */
export function isLoincCode(code: string): boolean {
  if (!LOINC_PATTERN.test(code)) return false;
  const [body = '', check = ''] = code.split('-');
  return loincCheckDigit(body) === Number(check);
}

/** How aliases and lab codes are compared: trimmed, inner spaces collapsed, lower case. */
export const aliasKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

const loinc = z.string().refine(isLoincCode, 'a LOINC code with a correct check digit (e.g. 718-7)');
/** A name or code labs print: Latin letters, digits and a little punctuation, no Persian. */
const alias = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[A-Za-z0-9β][A-Za-z0-9β .,'()+/%#&-]*$/, 'a Latin name or abbreviation as labs print it');
/** A unit as labs print it (`g/dL`, `10*3/uL`, `mIU/L`); '' for a test without one (urine pH). */
const unit = z
  .string()
  .max(30)
  .regex(/^[\x21-\x7E\u00B5\u00B3]*$/, 'a unit without spaces, as labs print it');
const limit = z.number().positive();
const text = persian.pipe(z.string().max(TEXT_MAX));

export const labTestSourceSchema = z.strictObject({
  title: z.string().trim().min(1).max(120),
  url: z.url().refine((url) => url.startsWith('https://'), 'an https address'),
});

export const labTestSchema = z
  .strictObject({
    /** The Persian name patients know: «هموگلوبین». */
    title: persian.pipe(z.string().max(60)),
    /** The abbreviation on the result sheet («Hb»), if it has one. */
    abbreviation: alias.optional(),
    group: z.enum(Object.keys(LAB_TEST_GROUPS) as [LabTestGroup, ...LabTestGroup[]]),
    /** LOINC codes this explanation covers; a code belongs to one file only. */
    loinc: uniqueList(loinc),
    /** Names and codes labs print for it, matched without regard to case; an alias belongs to one file only. */
    aliases: uniqueList(alias).refine((list) => new Set(list.map(aliasKey)).size === list.length, 'aliases must not repeat (ignoring case)'),
    /** The unit labs in Iran usually report it in; the critical limits are in this unit. */
    unit,
    /** Other spellings of a unit that give the same numbers (`mEq/L` for potassium). */
    unit_equivalents: z.array(unit.min(1)).min(1).optional(),
    /** A value below this needs a doctor at once (a widely used panic limit), in `unit`. */
    critical_low: limit.optional(),
    /** A value above this needs a doctor at once, in `unit`. */
    critical_high: limit.optional(),
    /** What it measures, in one to three short sentences. */
    summary: persian.pipe(z.string().max(SUMMARY_MAX)),
    /** What a high value may mean: common causes, never a diagnosis. */
    high: text.optional(),
    /** What a low value may mean. */
    low: text.optional(),
    /** When to see a doctor about it, and when urgently. */
    see_doctor: text,
    /** Where the facts come from (MedlinePlus, NHS, NIDDK…). */
    sources: z.array(labTestSourceSchema).min(1).max(3),
  })
  .refine((test) => test.critical_low === undefined || test.critical_high === undefined || test.critical_low < test.critical_high, {
    message: 'critical_low must be below critical_high',
    path: ['critical_high'],
  })
  .refine((test) => test.high !== undefined || test.low !== undefined, 'say what a high or a low value may mean');

export type LabTestContent = z.infer<typeof labTestSchema>;
export type LabTestSource = z.infer<typeof labTestSourceSchema>;
