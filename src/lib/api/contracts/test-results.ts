/**
 * The test-result calls (spec/api.md "Test results" and the hospital's `POST /test-results`):
 * request schemas and answer shapes, used by the results island (/test-response/give-response),
 * the shared page (/test-response/shared/<token>), the endpoints and `npm run hospital`.
 */
import * as v from 'valibot';
import { toLatinDigits, toPersianDigits } from '../../format/digits.ts';
import { SHARE_HOURS, type ShareHours, TEST_RESULT_KEY_PATTERN, TEST_RESULT_STATUS_NAMES, TEST_RESULT_STATUSES, type TestResultStatus } from '../../test-results/terms.ts';
import { inputMessage } from '../../validation/base.ts';
import { maxLengthMessage } from '../../validation/messages.ts';
import { NationalCodeSchema } from '../../validation/national-code.ts';
import { OtpCodeSchema } from '../../validation/otp.ts';
import { type ListMeta, PageQuerySchema } from './list.ts';

export { SHARE_HOURS, type ShareHours, TEST_RESULT_KEY_PATTERN, TEST_RESULT_STATUS_NAMES, TEST_RESULT_STATUSES, type TestResultStatus };

export const FLAGS = ['normal', 'low', 'high', 'critical_low', 'critical_high', 'abnormal'] as const;
export type Flag = (typeof FLAGS)[number];
/**
 * Where a flag came from: the lab sent it, we computed it from the reference range (or from the
 * critical limits of our explanation of the test), or there was nothing to judge it by.
 */
export type FlagSource = 'lab' | 'range' | 'none';

/** A share token in a URL: 22 characters of base64url (128 random bits). */
export const RESULT_SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const RECEPTION_CODE_MAX = 32;
/** What labs print as a reception (accession) code: letters, digits, and - / . between them. */
export const RECEPTION_CODE_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9\-/.]{0,30}[A-Za-z0-9])?$/;
export const OBSERVATION_CODE_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9\-.:_]{0,38}[A-Za-z0-9])?$/;
export const LAB_NAME_MAX = 120;
/**
 * Names, text values and range texts: LOINC's long names and age/sex-stratified ranges run to
 * a few hundred characters; shown folded, they are kept up to this bound.
 */
export const LONG_TEXT_MAX = 2000;
export const PANEL_NAME_MAX = LONG_TEXT_MAX;
export const OBSERVATION_NAME_MAX = LONG_TEXT_MAX;
export const UNIT_MAX = 30;
export const TEXT_VALUE_MAX = LONG_TEXT_MAX;
export const REFERENCE_TEXT_MAX = LONG_TEXT_MAX;
/** Parts of one observation (blood pressure's two, a panel score's items) and other bands of its range. */
export const MAX_COMPONENTS = 20;
export const MAX_REFERENCE_BANDS = 10;
/** Panels and observations in one filing. */
export const MAX_PANELS = 20;
export const MAX_OBSERVATIONS_PER_PANEL = 100;
/**
 * Panels and observations of one result in total, after every filing of its reception code is
 * merged: far above any real lab order (a full check-up is a few hundred values), and low enough
 * that a result is stored, read and printed in one piece.
 */
export const MAX_RESULT_PANELS = 100;
export const MAX_RESULT_OBSERVATIONS = 2000;
/** Earlier values of a test shown with it (oldest dropped first). */
export const HISTORY_MAX = 12;

/** Links that may be live at once for one result. */
export const MAX_LIVE_SHARES = 10;

// The patient's calls.

/** `GET /test-results?page&per_page` (newest collection first). */
export const TestResultsQuerySchema = v.object({ ...PageQuerySchema.entries });
export type TestResultsQuery = v.InferOutput<typeof TestResultsQuerySchema>;

/** A result in the list. */
export interface TestResultSummary {
  key: string;
  reception_code: string;
  lab: string;
  collected_at: string;
  reported_at?: string;
  /** The lab sent only the day of `collected_at` / `reported_at` (then noon UTC of that day): show the day without a time. */
  collected_date_only?: true;
  reported_date_only?: true;
  status: TestResultStatus;
  /** Observations whose flag is not `normal`. */
  abnormal_count: number;
  /** Of those, the critical ones (`critical_low`, `critical_high`). */
  critical_count: number;
  observation_count: number;
  /** The panels' names, in order («آزمایش کامل خون»، «بیوشیمی»…). */
  panel_names: string[];
  /** Whose result it is (the account's own name, or the name the hospital filed it with). */
  patient: { first_name: string; last_name: string };
}

/** What our own pages say about a common test (src/content/lab-tests), in Persian. */
export interface TestExplanation {
  /** The test's Persian name. */
  title: string;
  /** What it measures, in two or three sentences. */
  summary: string;
  /** What a high value may mean. */
  high?: string;
  /** What a low value may mean. */
  low?: string;
  /** When to see a doctor about it. */
  see_doctor: string;
}

export interface HistoryPoint {
  value: number | string;
  collected_at: string;
  flag: Flag;
}

/** Another band of a value's reference ranges than the normal one («Severe TBI: up to 8»): shown, never used to flag. */
export interface ReferenceBand {
  name: string;
  low?: number;
  high?: number;
}

/** One part of an observation (blood pressure's systolic and diastolic), with its own range and flag. */
export interface ObservationComponent {
  code: string;
  name: string;
  value: number | string;
  /** '' when it has none. */
  unit: string;
  reference_low?: number;
  reference_high?: number;
  reference_text?: string;
  flag: Flag;
  flag_source: FlagSource;
}

export interface Observation {
  /** LOINC where the lab has it, else the lab's own code. */
  code: string;
  name: string;
  /** Persian name of the test, when we know it. */
  name_fa?: string;
  /** '' for an observation that is only the group of its `components`. */
  value: number | string;
  /** '' when the test has none. */
  unit: string;
  reference_low?: number;
  reference_high?: number;
  reference_text?: string;
  /** The lab's other ranges (severity bands, other ages or sexes). */
  reference_bands?: ReferenceBand[];
  /** Its parts, each a row under it. */
  components?: ObservationComponent[];
  flag: Flag;
  flag_source: FlagSource;
  /** Earlier values of the same code for this patient, oldest first. */
  history: HistoryPoint[];
  explanation?: TestExplanation;
}

export interface Panel {
  name: string;
  observations: Observation[];
}

/** The doctor who ordered the test; `doctor_id` is a doctor of this hospital's catalogue. */
export interface OrderingDoctor {
  name: string;
  doctor_id?: string;
  /** `/appointment/pre-reserve/<doctor_id>`, when they can be booked here. */
  booking_url?: string;
}

export interface ResultShare {
  id: number;
  created_at: string;
  expires_at: string;
}

/** `GET /test-results/{key}`. */
export interface TestResult extends TestResultSummary {
  panels: Panel[];
  ordered_by?: OrderingDoctor;
  /** The share links that still open (not expired, not revoked). */
  shares: ResultShare[];
  /** The hospital's name and address, for the printed page. */
  issuer: { name: string; phone?: string; address?: string };
}

export interface TestResultsAnswer {
  success: true;
  data: TestResultSummary[];
  meta: ListMeta;
}
export interface TestResultAnswer {
  success: true;
  data: TestResult;
}

/** A reception code as typed: Persian digits become Latin, spaces go, letters become upper case. */
export const ReceptionCodeSchema = v.pipe(
  v.string(inputMessage),
  v.transform((value) => toLatinDigits(value).replace(/\s+/g, '').toUpperCase()),
  v.nonEmpty('کد پذیرش را وارد کنید'),
  v.maxLength(RECEPTION_CODE_MAX, maxLengthMessage(RECEPTION_CODE_MAX)),
  v.regex(RECEPTION_CODE_PATTERN, 'کد پذیرش فقط حرف لاتین، رقم و خط تیره دارد'),
);

/** `POST /test-results/claim`: the reception code on the lab's receipt and the patient's national code. */
export const ClaimTestResultSchema = v.object({
  reception_code: ReceptionCodeSchema,
  international_code: NationalCodeSchema,
  /** The code sent by SMS to the mobile the lab filed, after a 202 `{needs_code: true}`. */
  code: v.optional(OtpCodeSchema),
});
export type ClaimTestResultBody = v.InferOutput<typeof ClaimTestResultSchema>;
/** 202: a code went by SMS to the filed mobile, `sent_to` masked (`0912***4567`); the same call with `code` completes the claim. */
export interface ClaimNeedsCode {
  needs_code: true;
  sent_to: string;
}
export interface ClaimTestResultAnswer {
  success: true;
  data: TestResultSummary | ClaimNeedsCode;
}

/** `POST /test-results/{key}/share` `{hours}`: a link for a doctor outside this hospital. */
export const ShareTestResultSchema = v.object({
  hours: v.optional(v.picklist(SHARE_HOURS, 'مدت پیوند باید ۲۴، ۷۲ یا ۱۶۸ ساعت باشد'), 72),
});
export type ShareTestResultBody = v.InferOutput<typeof ShareTestResultSchema>;
export interface ShareTestResultAnswer {
  success: true;
  /** `url` is a path on this site: `/test-response/shared/<token>`. */
  data: ResultShare & { url: string };
}

/** The result as a share link shows it: the name masked, no national code, phone or account. */
export interface SharedTestResult extends Omit<TestResult, 'patient' | 'shares' | 'key'> {
  /** «س*** ن***» */
  patient_masked: string;
  expires_at: string;
}

/** A result larger than `MAX_RESULT_PANELS` / `MAX_RESULT_OBSERVATIONS`, in one filing or with the earlier ones. */
export const resultTooLargeMessages = {
  panels: `یک جواب آزمایش حداکثر ${toPersianDigits(MAX_RESULT_PANELS)} بخش دارد`,
  observations: `یک جواب آزمایش حداکثر ${toPersianDigits(MAX_RESULT_OBSERVATIONS)} آزمایش دارد`,
};
