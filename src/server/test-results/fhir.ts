/**
 * The hospital's `POST /test-results` sent as `application/fhir+json`: a FHIR R4 `Bundle` of
 * `DiagnosticReport` + `Observation` turned into our filing body (`FileTestResultSchema`).
 *
 * What is read (everything else in the document is ignored):
 * - `Bundle.type` document, message, transaction, batch, collection or searchset (absent too); the
 *   resources are `entry[].resource`, at most `MAX_BUNDLE_ENTRIES` entries.
 * - References resolve by `entry.fullUrl` (`urn:uuid:…`, absolute URL), by `Type/id` (also the tail
 *   of an absolute URL), and `#id` to the referring resource's `contained`.
 * - Each `DiagnosticReport` is a panel: name `code.text`, else a coding's `display`, else its code;
 *   its `result` Observations in order, an Observation with `hasMember` replaced by its members.
 *   Reports must share one reception code, one patient, and their panel names must differ.
 * - Reception code: the report's identifier typed v2-0203 `ACSN`, else its `specimen`'s
 *   `accessionIdentifier`, else its first identifier.
 * - Patient: `DiagnosticReport.subject`, or the bundle's only Patient. National code: the identifier
 *   typed v2-0203 `NI` (or `NNIRN`, v2's national person identifier of Iran), or with system
 *   `NATIONAL_CODE_SYSTEM`. Phone: a `telecom` with system `phone`/`sms`, `use: mobile` first
 *   (+98…, 0098… and 09… all do: `MobileSchema` normalises it). Name: `given[0]` and `family`.
 * - Lab: a `performer` Organization's `name`, else a performer's `display`.
 * - Ordered by: `basedOn` ServiceRequest → `requester` Practitioner (or PractitionerRole →
 *   Practitioner): its name, and `doctor_id` from an identifier with system `PORTAL_DOCTOR_SYSTEM`;
 *   else the requester's `display`. A `basedOn` outside the bundle is no error (it is optional).
 * - collected_at: the earliest report `effectiveDateTime` / `effectivePeriod.start`, else the
 *   earliest Observation effective time; reported_at: the latest `issued`. A dateTime needs a time
 *   and an offset (`2025-01-15T08:30:00+03:30`); it becomes a UTC instant with Z.
 * - Status: the least advanced report's (registered → pending; partial, preliminary → partial;
 *   final, amended, corrected, appended → final; cancelled, entered-in-error, unknown are refused).
 *   A registered report's panel is left out until it has values.
 * - Observation: code from the `http://loinc.org` coding, else the first coded one; value from
 *   `valueQuantity` (with its comparator as text: «<0.1»), `valueString`, `valueCodeableConcept`,
 *   `valueInteger` or `valueBoolean`; `referenceRange[0]`; flag from `interpretation` codes of
 *   v3-ObservationInterpretation (`INTERPRETATION_FLAGS`; none → the server judges by the range).
 *   Cancelled / entered-in-error Observations, and registered or `dataAbsentReason` ones without a
 *   value, are left out.
 *
 * Errors are keyed by paths into the FHIR document as `fieldErrors` writes them
 * (`entry.3.resource.valueQuantity.value`; '_' for the root); our schema's issues are mapped back to
 * the element the value came from.
 */
import * as v from 'valibot';
import { MAX_COMPONENTS, MAX_OBSERVATIONS_PER_PANEL, OBSERVATION_CODE_PATTERN, MAX_PANELS, MAX_REFERENCE_BANDS, type Flag, type TestResultStatus } from '#lib/api/contracts/test-results.ts';
import { FileTestResultSchema, reportedNotBefore, type FileTestResultBody } from '#lib/api/contracts/test-results-filing.ts';
import { toLatinDigits, toPersianDigits } from '#lib/format/digits.ts';
import { existsInCalendar } from '#lib/validation/datetime.ts';
import { normalizePhone } from '#lib/validation/phone.ts';
import { invoiceIssuer } from '../invoices/present.ts';

/**
 * Our identifier system for an Iranian national code (کد ملی), issued by the civil registration
 * organisation (sabteahval.ir). A national code may also come typed v2-0203 `NI` with any system.
 */
export const NATIONAL_CODE_SYSTEM = 'https://www.sabteahval.ir/nationalcode';
/** Identifier system of a Practitioner whose value is a doctor's id in this portal (`elham-nouri`). */
export const PORTAL_DOCTOR_SYSTEM = 'urn:patient-portal:doctor';
export const LOINC_SYSTEM = 'http://loinc.org';
export const IDENTIFIER_TYPE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v2-0203';
export const INTERPRETATION_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
/** `referenceRange.type` / `appliesTo` codes (normal, recommended, treatment…; male, female…). */
export const RANGE_MEANING_SYSTEM = 'http://terminology.hl7.org/CodeSystem/referencerange-meaning';
/** v2 table 0078 carries the same codes (older senders). */
const INTERPRETATION_SYSTEMS = new Set([INTERPRETATION_SYSTEM, 'http://terminology.hl7.org/CodeSystem/v2-0078', 'http://hl7.org/fhir/v2/0078']);
export const MAX_BUNDLE_ENTRIES = 2000;
/** Most items read from any other list in a resource. */
const MAX_LIST = 100;
/** Panels inside panels (`hasMember`) deeper than this are refused. */
const MAX_MEMBER_DEPTH = 5;
/** Most error paths reported for one document. */
const MAX_ERROR_PATHS = 100;

export const BUNDLE_TYPES = ['document', 'message', 'transaction', 'batch', 'collection', 'searchset'] as const;

/** v3-ObservationInterpretation codes we turn into a flag; other codes leave the flag to the server. */
export const INTERPRETATION_FLAGS: Readonly<Record<string, Flag>> = Object.freeze({
  N: 'normal',
  NEG: 'normal',
  ND: 'normal',
  L: 'low',
  H: 'high',
  LL: 'critical_low',
  LU: 'critical_low',
  HH: 'critical_high',
  HU: 'critical_high',
  A: 'abnormal',
  AA: 'abnormal',
  POS: 'abnormal',
  DET: 'abnormal',
  // Susceptibility: resistant (or not fully susceptible) needs a doctor's look; susceptible is the good answer.
  R: 'abnormal',
  I: 'abnormal',
  NS: 'abnormal',
  'SYN-R': 'abnormal',
  S: 'normal',
  'SYN-S': 'normal',
});

/**
 * v3-ObservationInterpretation codes in Persian words: the value of an observation the lab reports
 * by interpretation alone (an antibiotic's susceptibility: R, S, I).
 */
export const INTERPRETATION_WORDS: Readonly<Record<string, string>> = Object.freeze({
  R: 'مقاوم',
  S: 'حساس',
  I: 'بینابینی',
  SDD: 'حساس وابسته به دوز',
  NS: 'غیرحساس',
  'SYN-R': 'مقاوم (هم‌افزایی)',
  'SYN-S': 'حساس (هم‌افزایی)',
  POS: 'مثبت',
  NEG: 'منفی',
  DET: 'شناسایی شد',
  ND: 'شناسایی نشد',
  IND: 'نامعین',
  E: 'مبهم',
  N: 'طبیعی',
  A: 'غیرطبیعی',
  AA: 'بسیار غیرطبیعی',
  H: 'بالا',
  HH: 'بسیار بالا',
  HU: 'بسیار بالا',
  L: 'پایین',
  LL: 'بسیار پایین',
  LU: 'بسیار پایین',
  U: 'افزایش چشمگیر',
  D: 'کاهش چشمگیر',
  B: 'بهتر',
  W: 'بدتر',
  '<': 'کمتر از حد سنجش',
  '>': 'بیشتر از حد سنجش',
  EX: 'بیرون از گسترهٔ سنجش',
  HX: 'بالاتر از گسترهٔ سنجش',
  LX: 'پایین‌تر از گسترهٔ سنجش',
  CAR: 'ناقل',
  NR: 'بی‌واکنش',
  RR: 'واکنش‌دار',
  WR: 'واکنش ضعیف',
  EXP: 'مورد انتظار',
  UNE: 'غیرمنتظره',
  IE: 'شواهد ناکافی',
  NCL: 'بدون حد بالینی',
});

const REPORT_STATUSES = ['registered', 'partial', 'preliminary', 'final', 'amended', 'corrected', 'appended', 'cancelled', 'entered-in-error', 'unknown'] as const;
type ReportStatus = (typeof REPORT_STATUSES)[number];
const STATUS_OF_REPORT: Record<ReportStatus, TestResultStatus | null> = {
  registered: 'pending',
  partial: 'partial',
  preliminary: 'partial',
  final: 'final',
  amended: 'final',
  corrected: 'final',
  appended: 'final',
  cancelled: null,
  'entered-in-error': null,
  unknown: null,
};
const STATUS_RANK: Record<TestResultStatus, number> = { pending: 0, partial: 1, final: 2 };

const OBSERVATION_STATUSES = ['registered', 'preliminary', 'final', 'amended', 'corrected', 'cancelled', 'entered-in-error', 'unknown'] as const;
/** value[x] types we cannot show as one value: such an observation is left out, the rest of the report filed. */
const UNSHOWN_VALUES = ['valueSampledData', 'valuePeriod', 'valueAttachment'] as const;

export type FhirParseResult = { ok: true; body: FileTestResultBody; format: 'fhir' } | { ok: false; errors: Record<string, string[]> };

const fa = toPersianDigits;
/** A value from the document inside a message: short, and plainly not part of the sentence. */
const quote = (s: string) => `«${s.length > 60 ? `${s.slice(0, 60)}…` : s}»`;

const M = {
  notBundle: 'سند باید یک Bundle از FHIR باشد (resourceType: "Bundle")',
  bundleType: `نوع بسته باید یکی از ${BUNDLE_TYPES.join('، ')} باشد`,
  noEntries: 'بسته هیچ منبعی (entry) ندارد',
  tooManyEntries: `حداکثر ${fa(MAX_BUNDLE_ENTRIES)} منبع (entry) در یک بسته`,
  tooManyItems: `حداکثر ${fa(MAX_LIST)} مورد`,
  text: 'باید متن باشد',
  number: 'باید عدد باشد',
  integer: 'باید عدد صحیح باشد',
  boolean: 'باید true یا false باشد',
  object: 'باید شیء باشد',
  list: 'باید فهرست (آرایه) باشد',
  resourceType: 'نوع منبع (resourceType) لازم است',
  noReport: 'بسته هیچ DiagnosticReport ندارد',
  tooManyReports: `حداکثر ${fa(MAX_PANELS)} گزارش (DiagnosticReport) در یک بسته`,
  reportStatus: `وضعیت گزارش (status) باید یکی از ${REPORT_STATUSES.join('، ')} باشد`,
  observationStatus: `وضعیت نتیجه (status) باید یکی از ${OBSERVATION_STATUSES.join('، ')} باشد`,
  refusedStatus: (status: string) => `گزارش با وضعیت ${status} ثبت‌شدنی نیست`,
  noReportName: 'نام گزارش (code.text یا code.coding) پیدا نشد',
  duplicateReportName: (name: string) => `نام گزارش ${quote(name)} در بسته تکراری است`,
  noObservationCode: 'کد آزمایش (code.coding.code) پیدا نشد',
  noReference: 'مرجع (reference) ندارد',
  notFound: (ref: string) => `مرجع ${quote(ref)} در بسته پیدا نشد`,
  wrongType: (ref: string, expected: readonly string[], found: string) => `مرجع ${quote(ref)} باید به ${expected.join(' یا ')} برسد، نه ${found}`,
  tooDeep: `گروه‌های تودرتو (hasMember) بیش از ${fa(MAX_MEMBER_DEPTH)} سطح است`,
  noValue: 'گزارش هیچ نتیجهٔ نشان‌دادنی ندارد (value[x]، component یا interpretation)',
  noPatient: 'بیمار (Patient) در بسته پیدا نشد',
  manyPatients: 'بسته چند Patient دارد؛ subject گزارش را به بیمار ارجاع دهید',
  otherPatient: 'همهٔ گزارش‌ها و نتیجه‌ها باید برای یک بیمار باشند',
  noNationalCode: 'کد ملی بیمار (Patient.identifier) پیدا نشد',
  noPhone: 'شماره موبایل بیمار (Patient.telecom) پیدا نشد',
  noReceptionCode: 'کد پذیرش (identifier از نوع ACSN یا Specimen.accessionIdentifier) پیدا نشد',
  otherReceptionCode: (code: string, first: string) => `کد پذیرش این گزارش (${quote(code)}) با گزارش اول (${quote(first)}) یکی نیست`,
  noCollectedAt: 'زمان نمونه‌گیری (effectiveDateTime) پیدا نشد',
  partialDate: 'زمان روز ندارد؛ دست‌کم روز را بفرستید (مثل 2025-01-15 یا 2025-01-15T08:30:00+03:30)',
  dateTime: 'زمان معتبر نیست؛ تاریخ و ساعت با منطقهٔ زمانی بفرستید (مثل 2025-01-15T08:30:00+03:30)',
  reportedBeforeCollected: 'زمان گزارش (issued) پیش از زمان نمونه‌گیری است',
  unreadable: 'سند FHIR خوانده نشد',
} as const;

// The subset of FHIR read here; `looseObject` because every resource has many other elements.

const typeMessage = (expected: string) => (issue: v.BaseIssue<unknown>) => (issue.input === undefined ? 'لازم است' : expected);
const text = v.string(typeMessage(M.text));
const number = v.pipe(v.number(typeMessage(M.number)), v.finite(M.number));
/** A list of at most `max` items; longer lists are refused before any item is read. */
const list = <TItem extends v.GenericSchema>(item: TItem, max: number = MAX_LIST) =>
  v.pipe(v.array(v.unknown(), typeMessage(M.list)), v.maxLength(max, max === MAX_LIST ? M.tooManyItems : `حداکثر ${fa(max)} مورد`), v.array(item, M.list));
const object = <TEntries extends v.ObjectEntries>(entries: TEntries) => v.looseObject(entries, typeMessage(M.object));

const CodingSchema = object({ system: v.optional(text), code: v.optional(text), display: v.optional(text) });
const CodeableConceptSchema = object({ coding: v.optional(list(CodingSchema)), text: v.optional(text) });
const IdentifierSchema = object({ use: v.optional(text), type: v.optional(CodeableConceptSchema), system: v.optional(text), value: v.optional(text) });
const ReferenceSchema = object({ reference: v.optional(text), display: v.optional(text) });
const QuantitySchema = object({ value: v.optional(number), comparator: v.optional(text), unit: v.optional(text), code: v.optional(text) });
const PeriodSchema = object({ start: v.optional(text) });
const HumanNameSchema = object({ use: v.optional(text), text: v.optional(text), family: v.optional(text), given: v.optional(list(text)), prefix: v.optional(list(text)) });
const ContactPointSchema = object({ system: v.optional(text), value: v.optional(text), use: v.optional(text), rank: v.optional(number) });
const RangeSchema = object({ low: v.optional(QuantitySchema), high: v.optional(QuantitySchema) });
const ReferenceRangeSchema = object({
  low: v.optional(QuantitySchema),
  high: v.optional(QuantitySchema),
  text: v.optional(text),
  type: v.optional(CodeableConceptSchema),
  appliesTo: v.optional(list(CodeableConceptSchema)),
  age: v.optional(RangeSchema),
});
const RatioSchema = object({ numerator: v.optional(QuantitySchema), denominator: v.optional(QuantitySchema) });
/** What an Observation and each of its components may carry as a value. */
const valued = {
  code: CodeableConceptSchema,
  valueQuantity: v.optional(QuantitySchema),
  valueString: v.optional(text),
  valueCodeableConcept: v.optional(CodeableConceptSchema),
  valueInteger: v.optional(v.pipe(number, v.integer(M.integer))),
  valueBoolean: v.optional(v.boolean(M.boolean)),
  valueRatio: v.optional(RatioSchema),
  valueRange: v.optional(RangeSchema),
  valueTime: v.optional(text),
  valueDateTime: v.optional(text),
  dataAbsentReason: v.optional(CodeableConceptSchema),
  interpretation: v.optional(list(CodeableConceptSchema)),
  referenceRange: v.optional(list(ReferenceRangeSchema)),
};
const ComponentSchema = object(valued);

type Coding = v.InferOutput<typeof CodingSchema>;
type CodeableConcept = v.InferOutput<typeof CodeableConceptSchema>;
type Identifier = v.InferOutput<typeof IdentifierSchema>;
type Reference = v.InferOutput<typeof ReferenceSchema>;
type HumanName = v.InferOutput<typeof HumanNameSchema>;
type ReferenceRange = v.InferOutput<typeof ReferenceRangeSchema>;
type Valued = v.InferOutput<typeof ComponentSchema>;
/** What the patient's ranges are chosen by. */
interface PatientFacts {
  gender?: string;
  /** Age in years on the day of the sample. */
  age?: number;
}

const BundleSchema = object({
  resourceType: v.literal('Bundle', M.notBundle),
  type: v.optional(v.picklist(BUNDLE_TYPES, M.bundleType)),
  entry: v.optional(v.pipe(v.array(v.unknown(), typeMessage(M.list)), v.maxLength(MAX_BUNDLE_ENTRIES, M.tooManyEntries))),
});

const EntrySchema = object({
  fullUrl: v.optional(text),
  resource: v.optional(object({ resourceType: v.string(M.resourceType), id: v.optional(text) })),
});

const ContainedSchema = object({ resourceType: v.string(M.resourceType), id: v.optional(text) });

const RESOURCE_SCHEMAS = {
  Patient: object({
    identifier: v.optional(list(IdentifierSchema)),
    telecom: v.optional(list(ContactPointSchema)),
    name: v.optional(list(HumanNameSchema)),
    gender: v.optional(text),
    birthDate: v.optional(text),
  }),
  DiagnosticReport: object({
    status: v.picklist(REPORT_STATUSES, M.reportStatus),
    identifier: v.optional(list(IdentifierSchema)),
    code: CodeableConceptSchema,
    subject: v.optional(ReferenceSchema),
    effectiveDateTime: v.optional(text),
    effectivePeriod: v.optional(PeriodSchema),
    issued: v.optional(text),
    performer: v.optional(list(ReferenceSchema)),
    specimen: v.optional(list(ReferenceSchema)),
    basedOn: v.optional(list(ReferenceSchema)),
    result: v.optional(list(ReferenceSchema, MAX_OBSERVATIONS_PER_PANEL)),
  }),
  Observation: object({
    ...valued,
    status: v.picklist(OBSERVATION_STATUSES, M.observationStatus),
    subject: v.optional(ReferenceSchema),
    effectiveDateTime: v.optional(text),
    effectiveInstant: v.optional(text),
    effectivePeriod: v.optional(PeriodSchema),
    issued: v.optional(text),
    hasMember: v.optional(list(ReferenceSchema)),
    component: v.optional(list(ComponentSchema, MAX_LIST)),
  }),
  Specimen: object({ accessionIdentifier: v.optional(IdentifierSchema) }),
  Organization: object({ name: v.optional(text) }),
  ServiceRequest: object({ requester: v.optional(ReferenceSchema) }),
  Practitioner: object({ identifier: v.optional(list(IdentifierSchema)), name: v.optional(list(HumanNameSchema)) }),
  PractitionerRole: object({ practitioner: v.optional(ReferenceSchema) }),
};
type ResourceSchemas = typeof RESOURCE_SCHEMAS;
type ResourceType = keyof ResourceSchemas;
type Resource<T extends ResourceType> = v.InferOutput<ResourceSchemas[T]>;

/** A resource of the bundle (or contained in one) and where it sits in the document. */
interface Located {
  type: string;
  raw: Record<string, unknown>;
  /** Dot path of the resource itself: `entry.3.resource`, `entry.3.resource.contained.0`. */
  path: string;
  /** The resource holding this one in `contained`. */
  container?: Located;
  parsed?: { output: unknown } | null;
  contained?: Map<string, Located>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const issuePath = (issue: v.BaseIssue<unknown>): string => issue.path?.map((item) => String(item.key)).join('.') ?? '';
const under = (prefix: string, rest: string): string => (rest ? (prefix ? `${prefix}.${rest}` : rest) : prefix || '_');
const filled = (s: string | undefined): s is string => s !== undefined && s.trim() !== '';
const hasCoding = (concept: CodeableConcept | undefined, system: string, codes: readonly string[]) =>
  concept?.coding?.some((coding) => coding.system === system && coding.code !== undefined && codes.includes(coding.code)) ?? false;

const DATE_TIME = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(?:Z|[+-](?:0\d|1[0-4]):[0-5]\d)$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_ONLY = /^\d{4}(?:-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01]))?)?$/;
const RELATIVE_REFERENCE = /^([A-Z][A-Za-z]{1,63})\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/[A-Za-z0-9\-.]{1,64})?$/;
const ABSOLUTE_TAIL = /\/([A-Z][A-Za-z]{1,63})\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/[A-Za-z0-9\-.]{1,64})?$/;

interface Mapped<T> {
  value: T;
  path: string;
}

interface MappedValue {
  value: number | string;
  path: string;
  unit?: Mapped<string>;
}

type ObservationBody = v.InferInput<typeof FileTestResultSchema>['panels'][number]['observations'][number];

interface MappedComponent {
  body: Omit<ObservationBody, 'components' | 'value'> & { value: number | string };
  /** Our key in the item (`value`, `reference_low`…; '' for the range as a whole) → FHIR path. */
  paths: Map<string, string>;
}

interface MappedObservation {
  body: ObservationBody;
  /** Our key in an observation (`value`, `reference_low`…) → FHIR path. */
  paths: Map<string, string>;
  located: Located;
  effective?: Mapped<string>;
  issued?: Mapped<string>;
}

interface MappedPanel {
  name: Mapped<string>;
  located: Located;
  observations: MappedObservation[];
}

/**
 * Turns a FHIR R4 Bundle into our filing body, or says where in the document it is wrong. Never
 * throws. `hospitalLab`: the lab of a report without a `performer` (the hospital's own:
 * PUBLIC_HOSPITAL_NAME).
 */
export function parseFhirBundle(input: unknown, options: { hospitalLab?: string } = {}): FhirParseResult {
  try {
    return new BundleReader(options.hospitalLab ?? invoiceIssuer().name).read(input);
  } catch {
    // Every path above is meant to be total; this only keeps a missed case from becoming a 500.
    return { ok: false, errors: { _: [M.unreadable] } };
  }
}

class BundleReader {
  private readonly errors = new Map<string, string[]>();
  private readonly byFullUrl = new Map<string, Located>();
  private readonly byTypeAndId = new Map<string, Located>();
  private readonly located: Located[] = [];
  private facts: PatientFacts = {};

  private readonly hospitalLab: string;

  constructor(hospitalLab: string) {
    this.hospitalLab = hospitalLab;
  }

  read(input: unknown): FhirParseResult {
    if (!isRecord(input)) return { ok: false, errors: { _: [M.notBundle] } };
    const bundle = this.check(BundleSchema, input, '');
    if (!bundle) return this.failure();
    if (!bundle.entry || bundle.entry.length === 0) return this.fail('entry', M.noEntries);
    this.index(bundle.entry);
    const reports = this.located.filter((located) => located.type === 'DiagnosticReport');
    if (reports.length === 0 && this.errors.size === 0) return this.fail('entry', M.noReport);
    if (reports.length > MAX_PANELS) return this.fail('entry', M.tooManyReports);
    const body = this.errors.size === 0 ? this.map(reports) : undefined;
    if (!body || this.errors.size > 0) return this.failure();
    const result = v.safeParse(FileTestResultSchema, body.value);
    if (result.success) return { ok: true, body: result.output, format: 'fhir' };
    for (const issue of result.issues) this.add(mapPath(body.paths, issuePath(issue)), issue.message);
    return this.failure();
  }

  // Errors.

  private add(path: string, message: string): void {
    const messages = this.errors.get(path);
    if (messages) {
      if (!messages.includes(message)) messages.push(message);
    } else if (this.errors.size < MAX_ERROR_PATHS) {
      this.errors.set(path, [message]);
    }
  }

  private fail(path: string, message: string): FhirParseResult {
    this.add(path, message);
    return this.failure();
  }

  private failure(): FhirParseResult {
    return { ok: false, errors: Object.fromEntries(this.errors) };
  }

  /** Runs `schema` on `value`; its issues go under `prefix`. */
  private check<TSchema extends v.GenericSchema>(schema: TSchema, value: unknown, prefix: string): v.InferOutput<TSchema> | undefined {
    const result = v.safeParse(schema, value);
    if (result.success) return result.output;
    for (const issue of result.issues) this.add(under(prefix, issuePath(issue)), issue.message);
    return undefined;
  }

  // Resources and references.

  private index(entries: unknown[]): void {
    entries.forEach((raw, i) => {
      if (!isRecord(raw)) return this.add(`entry.${i}`, M.object);
      const entry = this.check(EntrySchema, raw, `entry.${i}`);
      if (!entry?.resource) return;
      const located: Located = { type: entry.resource.resourceType, raw: entry.resource, path: `entry.${i}.resource` };
      this.located.push(located);
      const remember = (key: string) => {
        if (!this.byTypeAndId.has(key)) this.byTypeAndId.set(key, located);
      };
      if (entry.fullUrl !== undefined && !this.byFullUrl.has(entry.fullUrl)) this.byFullUrl.set(entry.fullUrl, located);
      if (entry.resource.id !== undefined) remember(`${located.type}/${entry.resource.id}`);
      const tail = entry.fullUrl === undefined ? null : ABSOLUTE_TAIL.exec(entry.fullUrl);
      if (tail?.[1] === located.type) remember(`${tail[1]}/${tail[2]}`);
    });
  }

  private containedOf(container: Located): Map<string, Located> {
    if (container.contained) return container.contained;
    const found = new Map<string, Located>();
    container.contained = found;
    const contained = this.check(v.optional(list(v.unknown())), container.raw.contained, `${container.path}.contained`) ?? [];
    contained.forEach((raw, k) => {
      const path = `${container.path}.contained.${k}`;
      const resource = this.check(ContainedSchema, raw, path);
      if (resource?.id !== undefined && !found.has(resource.id)) found.set(resource.id, { type: resource.resourceType, raw: resource, path, container });
    });
    return found;
  }

  private resolve(reference: string, from: Located): Located | undefined {
    if (reference.startsWith('#')) return this.containedOf(from.container ?? from).get(reference.slice(1));
    const byUrl = this.byFullUrl.get(reference);
    if (byUrl) return byUrl;
    const typed = RELATIVE_REFERENCE.exec(reference) ?? ABSOLUTE_TAIL.exec(reference);
    return typed ? this.byTypeAndId.get(`${typed[1]}/${typed[2]}`) : undefined;
  }

  /**
   * The resource `ref` (at `path`) points to, when it is one of `expected`. `required`: a missing
   * or unresolvable reference is an error (else only a wrong type is).
   */
  private follow(ref: Reference | undefined, path: string, from: Located, expected: readonly string[], required: boolean): Located | undefined {
    if (ref?.reference === undefined) {
      if (required) this.add(path, M.noReference);
      return undefined;
    }
    const target = this.resolve(ref.reference, from);
    if (!target) {
      if (required) this.add(`${path}.reference`, M.notFound(ref.reference));
      return undefined;
    }
    if (!expected.includes(target.type)) {
      this.add(`${path}.reference`, M.wrongType(ref.reference, expected, target.type));
      return undefined;
    }
    return target;
  }

  /** The resource read with its type's schema (once; the issues reported once). */
  private as<T extends ResourceType>(located: Located, type: T): Resource<T> | undefined {
    if (located.parsed === undefined) {
      const output = this.check(RESOURCE_SCHEMAS[type], located.raw, located.path);
      located.parsed = output === undefined ? null : { output };
    }
    return located.parsed?.output as Resource<T> | undefined;
  }

  /** A FHIR dateTime with a time as a UTC instant; a day alone (`2008-06-17`) as it is. */
  private instant(value: string, path: string): string | undefined {
    const match = DATE_TIME.exec(value);
    if (!match) {
      if (DAY.test(value) && existsInCalendar(value)) return value;
      this.add(path, DATE_ONLY.test(value) && !DAY.test(value) ? M.partialDate : M.dateTime);
      return undefined;
    }
    const ms = Date.parse(value);
    // Date.parse rolls 2025-02-30 over into March.
    if (Number.isNaN(ms) || !existsInCalendar(value)) {
      this.add(path, M.dateTime);
      return undefined;
    }
    return new Date(ms).toISOString();
  }

  // Mapping.

  private map(reportLocations: Located[]): { value: v.InferInput<typeof FileTestResultSchema>; paths: Map<string, string> } | undefined {
    const reports = reportLocations.map((located) => ({ located, report: this.as(located, 'DiagnosticReport') }));
    if (reports.some((r) => !r.report)) return undefined;
    const read = reports as { located: Located; report: Resource<'DiagnosticReport'> }[];

    let status: TestResultStatus = 'final';
    let receptionCode: (Mapped<string> & { normalized: string }) | undefined;
    let lab: Mapped<string> | undefined;
    let collectedAt: Mapped<string> | undefined;
    let reportsHaveEffective = false;
    let reportedAt: Mapped<string> | undefined;
    const panels: MappedPanel[] = [];
    const subjects: { located: Located; path: string }[] = [];
    const observationSubjects: { located: Located; path: string }[] = [];
    this.facts = this.patientFacts(read);

    for (const { located, report } of read) {
      const path = located.path;
      const mapped = STATUS_OF_REPORT[report.status];
      if (mapped === null) this.add(`${path}.status`, M.refusedStatus(report.status));
      else if (STATUS_RANK[mapped] < STATUS_RANK[status]) status = mapped;

      const subject = report.subject?.reference === undefined ? undefined : this.follow(report.subject, `${path}.subject`, located, ['Patient'], true);
      if (subject) subjects.push({ located: subject, path: `${path}.subject.reference` });

      const code = this.receptionCode(report, located);
      if (code) {
        const normalized = toLatinDigits(code.value).replace(/\s+/g, '').toUpperCase();
        if (!receptionCode) receptionCode = { ...code, normalized };
        else if (normalized !== receptionCode.normalized) this.add(code.path, M.otherReceptionCode(code.value, receptionCode.value));
      } else {
        this.add(`${path}.identifier`, M.noReceptionCode);
      }

      lab ??= this.lab(report, located);

      const effective = report.effectiveDateTime !== undefined
        ? { value: report.effectiveDateTime, path: `${path}.effectiveDateTime` }
        : report.effectivePeriod?.start !== undefined
          ? { value: report.effectivePeriod.start, path: `${path}.effectivePeriod.start` }
          : undefined;
      if (effective) reportsHaveEffective = true;
      const effectiveAt = effective && this.instant(effective.value, effective.path);
      if (effective && effectiveAt && (!collectedAt || sortable(effectiveAt) < sortable(collectedAt.value))) collectedAt = { value: effectiveAt, path: effective.path };

      const issued = report.issued === undefined ? undefined : this.instant(report.issued, `${path}.issued`);
      if (issued && (!reportedAt || sortable(issued) > sortable(reportedAt.value))) reportedAt = { value: issued, path: `${path}.issued` };

      const name = conceptText(report.code, `${path}.code`);
      if (!name) this.add(`${path}.code`, M.noReportName);
      const observations: MappedObservation[] = [];
      const seen = new Set<Located>();
      (report.result ?? []).forEach((ref, k) => {
        const target = this.follow(ref, `${path}.result.${k}`, located, ['Observation'], true);
        if (target) this.observation(target, observations, seen, observationSubjects, 0);
      });
      uniqueCodes(observations);
      if (name && observations.length > 0) {
        const duplicate = panels.find((panel) => panel.name.value.trim() === name.value.trim());
        if (duplicate) this.add(name.path, M.duplicateReportName(name.value));
        panels.push({ name, located, observations });
      }
    }

    const first = read[0]!.located;
    if (panels.length === 0 && status !== 'pending' && this.errors.size === 0) this.add(`${first.path}.result`, M.noValue);
    const patientLocated = this.patient(subjects, observationSubjects, first);
    const patient = patientLocated && this.patientFields(patientLocated);
    // No performer: the hospital's own lab ran it.
    lab ??= { value: this.hospitalLab, path: `${first.path}.performer` };
    if (!reportsHaveEffective) collectedAt = this.earliestObservation(panels);
    // No sample time anywhere: the report's issue time (else an Observation's) stands for it.
    if (!reportsHaveEffective && !collectedAt && this.errors.size === 0) collectedAt = reportedAt ?? this.earliestObservation(panels, 'issued');
    if (!collectedAt && this.errors.size === 0) this.add(first.path, M.noCollectedAt);
    if (collectedAt && reportedAt && !reportedNotBefore(collectedAt.value, reportedAt.value)) this.add(reportedAt.path, M.reportedBeforeCollected);
    const orderedBy = this.orderedBy(read);
    if (this.errors.size > 0 || !patient || !receptionCode || !lab || !collectedAt) return undefined;

    const paths = new Map<string, string>([
      ['patient', patient.path],
      ['reception_code', receptionCode.path],
      ['lab', lab.path],
      ['collected_at', collectedAt.path],
      ['status', first.path],
      ['panels', 'entry'],
    ]);
    for (const [key, path] of patient.paths) paths.set(`patient.${key}`, path);
    if (reportedAt) paths.set('reported_at', reportedAt.path);
    if (orderedBy) for (const [key, path] of orderedBy.paths) paths.set(`ordered_by${key ? `.${key}` : ''}`, path);
    panels.forEach((panel, p) => {
      paths.set(`panels.${p}`, panel.located.path);
      paths.set(`panels.${p}.name`, panel.name.path);
      paths.set(`panels.${p}.observations`, `${panel.located.path}.result`);
      panel.observations.forEach((observation, o) => {
        // The schema's rules on a whole observation compare the ends of its range.
        paths.set(`panels.${p}.observations.${o}`, observation.paths.has('reference_low') ? (observation.paths.get('') ?? observation.located.path) : observation.located.path);
        for (const [key, path] of observation.paths) if (key) paths.set(`panels.${p}.observations.${o}.${key}`, path);
      });
    });

    return {
      value: {
        patient: patient.value,
        reception_code: receptionCode.value,
        lab: lab.value,
        collected_at: collectedAt.value,
        ...(reportedAt ? { reported_at: reportedAt.value } : {}),
        status,
        ...(orderedBy ? { ordered_by: orderedBy.value } : {}),
        panels: panels.map((panel) => ({ name: panel.name.value, observations: panel.observations.map((o) => o.body) })),
      },
      paths,
    };
  }

  private receptionCode(report: Resource<'DiagnosticReport'>, located: Located): Mapped<string> | undefined {
    const identifiers = report.identifier ?? [];
    const accession = identifiers.findIndex((id) => filled(id.value) && hasCoding(id.type, IDENTIFIER_TYPE_SYSTEM, ['ACSN']));
    if (accession >= 0) return { value: identifiers[accession]!.value!, path: `${located.path}.identifier.${accession}.value` };
    for (const [k, ref] of (report.specimen ?? []).entries()) {
      const specimen = this.follow(ref, `${located.path}.specimen.${k}`, located, ['Specimen'], false);
      const value = specimen && this.as(specimen, 'Specimen')?.accessionIdentifier?.value;
      if (specimen && filled(value)) return { value, path: `${specimen.path}.accessionIdentifier.value` };
    }
    const firstFilled = identifiers.findIndex((id) => filled(id.value));
    return firstFilled >= 0 ? { value: identifiers[firstFilled]!.value!, path: `${located.path}.identifier.${firstFilled}.value` } : undefined;
  }

  private lab(report: Resource<'DiagnosticReport'>, located: Located): Mapped<string> | undefined {
    const performers = report.performer ?? [];
    let display: Mapped<string> | undefined;
    for (const [k, ref] of performers.entries()) {
      const path = `${located.path}.performer.${k}`;
      // A performer outside the bundle with no display names no lab: the hospital's own is assumed.
      const target = ref.reference === undefined ? undefined : this.resolve(ref.reference, located);
      const name = target?.type === 'Organization' ? this.as(target, 'Organization')?.name : undefined;
      if (target && filled(name)) return { value: name, path: `${target.path}.name` };
      if (filled(ref.display)) display ??= { value: ref.display, path: `${path}.display` };
    }
    return display;
  }

  /** Adds `located` (or, for a group, its members) to `out`. */
  private observation(located: Located, out: MappedObservation[], seen: Set<Located>, subjects: { located: Located; path: string }[], depth: number): void {
    if (seen.has(located)) return;
    seen.add(located);
    const observation = this.as(located, 'Observation');
    if (!observation || observation.status === 'cancelled' || observation.status === 'entered-in-error') return;
    const path = located.path;
    if (observation.subject?.reference !== undefined) {
      const subject = this.follow(observation.subject, `${path}.subject`, located, ['Patient'], true);
      if (subject) subjects.push({ located: subject, path: `${path}.subject.reference` });
    }
    const members = observation.hasMember ?? [];
    // A value the portal cannot show (a waveform, a period) leaves this observation out, not the report.
    const unshown = UNSHOWN_VALUES.some((key) => Object.hasOwn(located.raw, key));
    const components = unshown ? [] : this.components(observation, path);
    const read = unshown ? undefined : this.value(observation, path);
    // With parts, an interpretation is a remark on them, not the group's value.
    const value = read && components.length > 0 && read.path.startsWith(`${path}.interpretation.`) ? undefined : read;
    const id = located.raw.id;
    const coded = codeOf(observation.code, path) !== undefined || (typeof id === 'string' && OBSERVATION_CODE_PATTERN.test(id));
    if (coded && (value || components.length > 0)) out.push(this.mapObservation(observation, located, value, components));

    if (members.length > 0 && depth >= MAX_MEMBER_DEPTH) {
      this.add(`${path}.hasMember`, M.tooDeep);
      return;
    }
    members.forEach((ref, m) => {
      const member = this.follow(ref, `${path}.hasMember.${m}`, located, ['Observation'], true);
      if (member) this.observation(member, out, seen, subjects, depth + 1);
    });
  }

  /**
   * The value to show: value[x] (a censored quantity as text «<0.1», a ratio «1:128», a range
   * «3–5»), else the interpretation in words (a susceptibility: «مقاوم»). Undefined when there is none.
   */
  private value(observation: Valued, path: string): MappedValue | undefined {
    const quantity = observation.valueQuantity;
    if (quantity?.value !== undefined) {
      const unit = filled(quantity.unit) ? { value: quantity.unit, path: `${path}.valueQuantity.unit` } : filled(quantity.code) ? { value: quantity.code, path: `${path}.valueQuantity.code` } : undefined;
      // A censored value («<0.1») is text: the server must not judge it as the number alone.
      const value = quantity.comparator ? `${quantity.comparator}${quantity.value}` : quantity.value;
      return { value, path: `${path}.valueQuantity.value`, ...(unit ? { unit } : {}) };
    }
    if (filled(observation.valueString)) return { value: oneLine(observation.valueString), path: `${path}.valueString` };
    if (observation.valueCodeableConcept) {
      const concept = conceptText(observation.valueCodeableConcept, `${path}.valueCodeableConcept`);
      if (concept) return { value: oneLine(concept.value), path: concept.path };
    }
    if (observation.valueInteger !== undefined) return { value: observation.valueInteger, path: `${path}.valueInteger` };
    if (observation.valueBoolean !== undefined) return { value: observation.valueBoolean ? 'بله' : 'خیر', path: `${path}.valueBoolean` };
    const ratio = observation.valueRatio;
    if (ratio?.numerator?.value !== undefined && ratio.denominator?.value !== undefined) {
      return { value: `${ratio.numerator.value}:${ratio.denominator.value}`, path: `${path}.valueRatio` };
    }
    const range = observation.valueRange;
    if (range && (range.low?.value !== undefined || range.high?.value !== undefined)) {
      const { low, high } = range;
      const text = low?.value !== undefined && high?.value !== undefined ? `${low.value}–${high.value}` : low?.value !== undefined ? `≥${low.value}` : `≤${high!.value}`;
      const unitOf = low?.unit ?? low?.code ?? high?.unit ?? high?.code;
      return { value: text, path: `${path}.valueRange`, ...(filled(unitOf) ? { unit: { value: unitOf, path: `${path}.valueRange` } } : {}) };
    }
    if (filled(observation.valueTime)) return { value: observation.valueTime, path: `${path}.valueTime` };
    if (filled(observation.valueDateTime)) return { value: observation.valueDateTime, path: `${path}.valueDateTime` };
    const words = interpretationWords(observation.interpretation, `${path}.interpretation`);
    return words;
  }

  /** The parts of an observation that have a value and a code, each once. */
  private components(observation: Resource<'Observation'>, path: string): MappedComponent[] {
    const out: MappedComponent[] = [];
    (observation.component ?? []).forEach((component, k) => {
      if (out.length >= MAX_COMPONENTS) return;
      const at = `${path}.component.${k}`;
      const value = this.value(component, at);
      const code = codeOf(component.code, at);
      if (!value || !code || out.some((c) => c.body.code === code.value)) return;
      out.push(this.measured(component, at, code, value));
    });
    return out;
  }

  /** What an observation and a component share: code, name, value, unit, normal range, bands, flag. */
  private measured(item: Valued, path: string, code: Mapped<string>, value: MappedValue): MappedComponent {
    const paths = new Map<string, string>([['code', code.path], ['value', value.path]]);
    const codings = item.code.coding ?? [];
    const chosen = codings.findIndex((coding) => coding.code === code.value);
    const displayed = codings.findIndex((c) => filled(c.display));
    const name: Mapped<string> = filled(item.code.text)
      ? { value: item.code.text, path: `${path}.code.text` }
      : chosen >= 0 && filled(codings[chosen]!.display)
        ? { value: codings[chosen]!.display!, path: `${path}.code.coding.${chosen}.display` }
        : displayed >= 0
          ? { value: codings[displayed]!.display!, path: `${path}.code.coding.${displayed}.display` }
          : { value: code.value, path: code.path };
    paths.set('name', name.path);
    const body: MappedComponent['body'] = { code: code.value, name: oneLine(name.value), value: value.value };
    if (value.unit) {
      body.unit = value.unit.value;
      paths.set('unit', value.unit.path);
    }
    const { normal, bands } = chooseRanges(item.referenceRange ?? [], this.facts);
    if (normal) {
      const rangePath = `${path}.referenceRange.${normal.k}`;
      paths.set('', rangePath);
      const range = normal.range;
      if (range.low?.value !== undefined) {
        body.reference_low = range.low.value;
        paths.set('reference_low', `${rangePath}.low.value`);
      }
      if (range.high?.value !== undefined) {
        body.reference_high = range.high.value;
        paths.set('reference_high', `${rangePath}.high.value`);
      }
      if (filled(range.text)) {
        body.reference_text = range.text.trim();
        paths.set('reference_text', `${rangePath}.text`);
      }
    }
    const named = bands.slice(0, MAX_REFERENCE_BANDS).map(({ range, k }) => {
      paths.set(`reference_bands.${k}`, `${path}.referenceRange.${k}`);
      return { name: oneLine(bandName(range)), ...(range.low?.value !== undefined ? { low: range.low.value } : {}), ...(range.high?.value !== undefined ? { high: range.high.value } : {}) };
    });
    if (named.length > 0) body.reference_bands = named;
    const flag = interpretationFlag(item.interpretation);
    if (flag) body.flag = flag;
    return { body, paths };
  }

  private mapObservation(observation: Resource<'Observation'>, located: Located, value: MappedValue | undefined, components: MappedComponent[]): MappedObservation {
    const path = located.path;
    // Only a text for its code (`code.text`): the lab's id of the resource stands for the code.
    const id = located.raw.id;
    const code = codeOf(observation.code, path) ?? (typeof id === 'string' && OBSERVATION_CODE_PATTERN.test(id) ? { value: id, path: `${path}.id` } : undefined);
    if (!code) this.add(`${path}.code`, M.noObservationCode);
    const measured = this.measured(observation, path, code ?? { value: '', path: `${path}.code` }, value ?? { value: '', path });
    const body = measured.body as MappedObservation['body'];
    const paths = measured.paths;
    if (!value) {
      delete body.value;
      delete body.unit;
    }
    if (components.length > 0) {
      body.components = components.map((component) => component.body as NonNullable<MappedObservation['body']['components']>[number]);
      components.forEach((component, k) => {
        for (const [key, at] of component.paths) paths.set(`components.${k}${key ? `.${key}` : ''}`, at);
      });
    }
    const effective = observation.effectiveDateTime !== undefined
      ? { value: observation.effectiveDateTime, path: `${path}.effectiveDateTime` }
      : observation.effectiveInstant !== undefined
        ? { value: observation.effectiveInstant, path: `${path}.effectiveInstant` }
        : observation.effectivePeriod?.start !== undefined
          ? { value: observation.effectivePeriod.start, path: `${path}.effectivePeriod.start` }
          : undefined;
    const issued = observation.issued === undefined ? undefined : { value: observation.issued, path: `${path}.issued` };
    return { body, paths, located, ...(effective ? { effective } : {}), ...(issued ? { issued } : {}) };
  }

  /** The gender and age the reference ranges are chosen by: of the first report's subject, or the bundle's only Patient. */
  private patientFacts(reports: { located: Located; report: Resource<'DiagnosticReport'> }[]): PatientFacts {
    const first = reports[0];
    const reference = first?.report.subject?.reference;
    let located = reference === undefined ? undefined : this.resolve(reference, first!.located);
    if (located?.type !== 'Patient') {
      const patients = this.located.filter((l) => l.type === 'Patient');
      located = patients.length === 1 ? patients[0] : undefined;
    }
    const raw = located?.raw;
    if (!raw) return {};
    const facts: PatientFacts = {};
    if (typeof raw.gender === 'string') facts.gender = raw.gender;
    const born = typeof raw.birthDate === 'string' && DAY.test(raw.birthDate) ? raw.birthDate : undefined;
    const on = first?.report.effectiveDateTime ?? first?.report.effectivePeriod?.start ?? first?.report.issued;
    const day = typeof on === 'string' && /^\d{4}-\d{2}-\d{2}/.test(on) ? on.slice(0, 10) : new Date().toISOString().slice(0, 10);
    if (born) {
      const [by, bm, bd] = born.split('-').map(Number) as [number, number, number];
      const [y, m, d] = day.split('-').map(Number) as [number, number, number];
      facts.age = y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
    }
    return facts;
  }

  private earliestObservation(panels: MappedPanel[], which: 'effective' | 'issued' = 'effective'): Mapped<string> | undefined {
    let earliest: Mapped<string> | undefined;
    for (const observation of panels.flatMap((panel) => panel.observations)) {
      const time = observation[which];
      if (!time) continue;
      const at = this.instant(time.value, time.path);
      if (at && (!earliest || sortable(at) < sortable(earliest.value))) earliest = { value: at, path: time.path };
    }
    return earliest;
  }

  private patient(subjects: { located: Located; path: string }[], observationSubjects: { located: Located; path: string }[], firstReport: Located): Located | undefined {
    let patient = subjects[0]?.located;
    if (!patient) {
      const patients = this.located.filter((located) => located.type === 'Patient');
      if (patients.length === 0) {
        this.add('entry', M.noPatient);
        return undefined;
      }
      if (patients.length > 1) {
        this.add(`${firstReport.path}.subject`, M.manyPatients);
        return undefined;
      }
      patient = patients[0]!;
    }
    for (const subject of [...subjects, ...observationSubjects]) if (subject.located !== patient) this.add(subject.path, M.otherPatient);
    return patient;
  }

  private patientFields(located: Located): { value: v.InferInput<typeof FileTestResultSchema>['patient']; path: string; paths: Map<string, string> } | undefined {
    const patient = this.as(located, 'Patient');
    if (!patient) return undefined;
    const path = located.path;
    const paths = new Map<string, string>();

    const identifiers = (patient.identifier ?? []).map((identifier, k) => ({ identifier, k })).filter(({ identifier }) => identifier.use !== 'old');
    const national = identifiers.find(({ identifier }) => isNationalCode(identifier));
    if (!national) this.add(`${path}.identifier`, M.noNationalCode);
    else paths.set('international_code', `${path}.identifier.${national.k}.value`);

    const phones = (patient.telecom ?? [])
      .map((point, k) => ({ point, k }))
      .filter(({ point }) => (point.system === 'phone' || point.system === 'sms') && point.use !== 'old' && filled(point.value));
    const phone = phones.find(({ point }) => point.use === 'mobile') ?? phones.find(({ point }) => normalizePhone(point.value!) !== null) ?? phones[0];
    if (!phone) this.add(`${path}.telecom`, M.noPhone);
    else paths.set('phone_number', `${path}.telecom.${phone.k}.value`);
    if (!national || !phone) return undefined;

    const value: v.InferInput<typeof FileTestResultSchema>['patient'] = { international_code: national.identifier.value ?? '', phone_number: phone.point.value! };
    const name = preferredName(patient.name);
    if (name) {
      const given = name.name.given?.[0];
      if (filled(given)) {
        value.first_name = given;
        paths.set('first_name', `${path}.name.${name.k}.given.0`);
      }
      if (filled(name.name.family)) {
        value.last_name = name.name.family;
        paths.set('last_name', `${path}.name.${name.k}.family`);
      }
    }
    return { value, path, paths };
  }

  private orderedBy(reports: { located: Located; report: Resource<'DiagnosticReport'> }[]): { value: { name: string; doctor_id?: string }; paths: Map<string, string> } | undefined {
    for (const { located, report } of reports) {
      for (const [k, ref] of (report.basedOn ?? []).entries()) {
        const request = this.follow(ref, `${located.path}.basedOn.${k}`, located, ['ServiceRequest'], false);
        const requester = request && this.as(request, 'ServiceRequest')?.requester;
        if (!request || !requester) continue;
        const requesterPath = `${request.path}.requester`;
        let target = this.follow(requester, requesterPath, request, ['Practitioner', 'PractitionerRole', 'Organization', 'Patient', 'RelatedPerson', 'Device'], false);
        if (target?.type === 'PractitionerRole') {
          const role = this.as(target, 'PractitionerRole');
          target = role && this.follow(role.practitioner, `${target.path}.practitioner`, target, ['Practitioner'], false);
        }
        const practitioner = target?.type === 'Practitioner' ? this.as(target, 'Practitioner') : undefined;
        const name = target && practitioner && practitionerName(practitioner.name, `${target.path}.name`);
        if (target && practitioner && name) {
          const paths = new Map([['', target.path], ['name', name.path]]);
          const doctor = (practitioner.identifier ?? []).findIndex((id) => id.system === PORTAL_DOCTOR_SYSTEM && filled(id.value));
          if (doctor < 0) return { value: { name: name.value }, paths };
          paths.set('doctor_id', `${target.path}.identifier.${doctor}.value`);
          return { value: { name: name.value, doctor_id: practitioner.identifier![doctor]!.value!.trim() }, paths };
        }
        if (filled(requester.display)) return { value: { name: requester.display }, paths: new Map([['', requesterPath], ['name', `${requesterPath}.display`]]) };
      }
    }
    return undefined;
  }
}

/** Sorts a UTC instant and a day alone (as its noon) together. */
const sortable = (value: string) => (DAY.test(value) ? `${value}T12:00:00.000Z` : value);
/** Line breaks in a name or text value become spaces: they are shown on one line. */
const oneLine = (value: string) => value.replace(/\s*[\r\n]+\s*/g, ' ').trim();

/**
 * The LOINC coding's code, else the first coded one's that fits our code rule; a lab's own code
 * that does not fit («GLU FAST», «HbA1c%») is made to (spaces and other signs become «-»), the
 * same way every time, so a re-filing matches it.
 */
function codeOf(concept: CodeableConcept, path: string): Mapped<string> | undefined {
  const codings = (concept.coding ?? []).map((coding, k) => ({ code: coding.code?.trim() ?? '', k, loinc: coding.system === LOINC_SYSTEM })).filter((c) => c.code !== '');
  const ordered = [...codings.filter((c) => c.loinc), ...codings.filter((c) => !c.loinc)];
  const fits = ordered.find((c) => OBSERVATION_CODE_PATTERN.test(c.code));
  const chosen = fits ?? ordered[0];
  if (!chosen) return undefined;
  const value = fits ? chosen.code : chosen.code.replace(/[^A-Za-z0-9\-.:_]+/g, '-').slice(0, 40).replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '');
  return value && OBSERVATION_CODE_PATTERN.test(value) ? { value, path: `${path}.code.coding.${chosen.k}.code` } : undefined;
}

/**
 * The same code twice in one report (one antibiotic for two organisms) becomes `code-2`, `code-3`:
 * each is its own row, and the same order filed again matches them again.
 */
function uniqueCodes(observations: MappedObservation[]): void {
  const seen = new Set<string>();
  for (const observation of observations) {
    const code = observation.body.code;
    if (!seen.has(code)) {
      seen.add(code);
      continue;
    }
    for (let n = 2; ; n++) {
      const suffix = `-${n}`;
      const next = `${code.slice(0, 40 - suffix.length)}${suffix}`;
      if (!seen.has(next)) {
        observation.body.code = next;
        seen.add(next);
        break;
      }
    }
  }
}

const hasMeaning = (concept: CodeableConcept | undefined, codes: readonly string[]) => hasCoding(concept, RANGE_MEANING_SYSTEM, codes);
const YEARS = new Set(['a', 'yr', 'year', 'years', 'y']);

/** Whether the range is for some patients only (a sex, an age), and whether this patient is one. */
function restriction(range: ReferenceRange, facts: PatientFacts): { restricted: boolean; fits: boolean } {
  let restricted = false;
  let fits = true;
  const sexes = (range.appliesTo ?? []).flatMap((concept) => (concept.coding ?? []).filter((c) => c.system === RANGE_MEANING_SYSTEM && (c.code === 'male' || c.code === 'female')).map((c) => c.code));
  if (sexes.length > 0) {
    restricted = true;
    fits &&= facts.gender !== undefined && sexes.includes(facts.gender);
  }
  if (range.age) {
    const { low, high } = range.age;
    const inYears = [low, high].every((end) => end === undefined || end.value === undefined || YEARS.has((end.code ?? end.unit ?? 'a').toLowerCase()));
    restricted = true;
    fits &&= inYears && facts.age !== undefined && (low?.value === undefined || facts.age >= low.value) && (high?.value === undefined || facts.age <= high.value);
  }
  return { restricted, fits };
}

/**
 * A value's normal range among its `referenceRange` entries, and the others as bands. Normal: no
 * `type`, or type `normal` of referencerange-meaning; of those, one whose `appliesTo` / `age` fits
 * the patient first, else one for everybody. Severity bands (HL7's Glasgow: Severe ≤8 / Moderate
 * 9–12 / Mild ≥13), therapeutic ranges and other sexes' or ages' ranges are shown, never flag.
 */
export function chooseRanges(ranges: ReferenceRange[], facts: PatientFacts): { normal?: { range: ReferenceRange; k: number }; bands: { range: ReferenceRange; k: number }[] } {
  const indexed = ranges.map((range, k) => ({ range, k }));
  const normalType = indexed.filter(({ range }) => range.type === undefined || hasMeaning(range.type, ['normal']) || range.type.text?.trim().toLowerCase() === 'normal');
  const judged = normalType.map((entry) => ({ ...entry, ...restriction(entry.range, facts) }));
  const normal = judged.find((entry) => entry.restricted && entry.fits) ?? judged.find((entry) => !entry.restricted);
  const bands = indexed.filter((entry) => entry.k !== normal?.k && (entry.range.low?.value !== undefined || entry.range.high?.value !== undefined || filled(entry.range.text)));
  return { ...(normal ? { normal: { range: normal.range, k: normal.k } } : {}), bands };
}

const SEX_WORDS: Record<string, string> = { male: 'مردان', female: 'زنان' };

/** A band's name: its text, else its type, else whom it is for («زنان، سن 20–40»). */
function bandName(range: ReferenceRange): string {
  const type = range.type && conceptText(range.type, '')?.value;
  const bounds = (low?: number, high?: number) => (low !== undefined && high !== undefined ? `${low}–${high}` : low !== undefined ? `≥${low}` : high !== undefined ? `≤${high}` : '');
  const whom = [
    ...(range.appliesTo ?? []).map((concept) => {
      const code = concept.coding?.find((c) => c.system === RANGE_MEANING_SYSTEM)?.code;
      return (code && SEX_WORDS[code]) ?? conceptText(concept, '')?.value ?? '';
    }),
    ...(range.age ? [`سن ${bounds(range.age.low?.value, range.age.high?.value)}`] : []),
  ].filter(Boolean);
  if (filled(range.text) && !(range.low?.value !== undefined || range.high?.value !== undefined)) return range.text.trim();
  return (type && type.toLowerCase() !== 'normal' ? type : undefined) ?? (whom.length > 0 ? whom.join('، ') : undefined) ?? (filled(range.text) ? range.text.trim() : 'بازهٔ دیگر');
}

/** The interpretation as words («مقاوم»): v3 codes in Persian, else the lab's own text. */
function interpretationWords(interpretations: CodeableConcept[] | undefined, path: string): MappedValue | undefined {
  for (const [k, concept] of (interpretations ?? []).entries()) {
    for (const [c, coding] of (concept.coding ?? []).entries()) {
      const word = coding.code !== undefined && coding.system !== undefined && INTERPRETATION_SYSTEMS.has(coding.system) ? INTERPRETATION_WORDS[coding.code] : undefined;
      if (word) return { value: word, path: `${path}.${k}.coding.${c}.code` };
    }
    const own = conceptText(concept, `${path}.${k}`);
    if (own) return { value: oneLine(own.value), path: own.path };
  }
  return undefined;
}

function isNationalCode(identifier: Identifier): boolean {
  return identifier.system === NATIONAL_CODE_SYSTEM || hasCoding(identifier.type, IDENTIFIER_TYPE_SYSTEM, ['NI', 'NNIRN']);
}

function preferredName(names: HumanName[] | undefined): { name: HumanName; k: number } | undefined {
  const indexed = (names ?? []).map((name, k) => ({ name, k }));
  return indexed.find(({ name }) => name.use === 'official') ?? indexed.find(({ name }) => name.use === 'usual') ?? indexed.find(({ name }) => name.use !== 'old') ?? indexed[0];
}

function practitionerName(names: HumanName[] | undefined, path: string): Mapped<string> | undefined {
  const preferred = preferredName(names);
  if (!preferred) return undefined;
  const { name, k } = preferred;
  if (filled(name.text)) return { value: name.text.trim(), path: `${path}.${k}.text` };
  const parts = [...(name.prefix ?? []), ...(name.given ?? []), name.family ?? ''].map((part) => part.trim()).filter(Boolean);
  return parts.length > 0 ? { value: parts.join(' '), path: `${path}.${k}${filled(name.family) ? '.family' : ''}` } : undefined;
}

function conceptText(concept: CodeableConcept, path: string): Mapped<string> | undefined {
  if (filled(concept.text)) return { value: concept.text, path: `${path}.text` };
  const codings = concept.coding ?? [];
  const displayed = codings.findIndex((coding) => filled(coding.display));
  if (displayed >= 0) return { value: codings[displayed]!.display!, path: `${path}.coding.${displayed}.display` };
  const coded = codings.findIndex((coding) => filled(coding.code));
  return coded >= 0 ? { value: codings[coded]!.code!, path: `${path}.coding.${coded}.code` } : undefined;
}

/** The first interpretation code of v3-ObservationInterpretation (or v2-0078) that we have a flag for. */
export function interpretationFlag(interpretations: CodeableConcept[] | undefined): Flag | undefined {
  for (const concept of interpretations ?? []) {
    for (const coding of concept.coding ?? []) {
      if (coding.system !== undefined && INTERPRETATION_SYSTEMS.has(coding.system) && coding.code !== undefined && Object.hasOwn(INTERPRETATION_FLAGS, coding.code)) {
        return INTERPRETATION_FLAGS[coding.code];
      }
    }
  }
  return undefined;
}

/** Our path's FHIR path: the longest mapped prefix of `ours`, '_' when none is. */
function mapPath(paths: Map<string, string>, ours: string): string {
  for (let key = ours; key; key = key.includes('.') ? key.slice(0, key.lastIndexOf('.')) : '') {
    const path = paths.get(key);
    if (path !== undefined) return path;
  }
  return '_';
}
