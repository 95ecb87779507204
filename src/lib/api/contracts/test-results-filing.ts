/**
 * The hospital's `POST /test-results` in our JSON: the schemas the server (the endpoint, the FHIR
 * reader, `npm run hospital`) checks a filing with. Apart from test-results.ts so that the patient's
 * pages, which never file, do not carry them.
 */
import * as v from 'valibot';
import { inputMessage, required, SingleLineInputSchema, TextInputSchema } from '../../validation/base.ts';
import { dateTimeMessages, IsoInstantSchema, isIsoDate } from '../../validation/datetime.ts';
import { maxLengthMessage } from '../../validation/messages.ts';
import { NationalCodeSchema } from '../../validation/national-code.ts';
import { MobileSchema } from '../../validation/phone.ts';
import {
  FLAGS,
  LAB_NAME_MAX,
  MAX_COMPONENTS,
  MAX_OBSERVATIONS_PER_PANEL,
  MAX_PANELS,
  MAX_REFERENCE_BANDS,
  MAX_RESULT_OBSERVATIONS,
  OBSERVATION_CODE_PATTERN,
  OBSERVATION_NAME_MAX,
  PANEL_NAME_MAX,
  REFERENCE_TEXT_MAX,
  ReceptionCodeSchema,
  resultTooLargeMessages,
  TEST_RESULT_STATUSES,
  TEXT_VALUE_MAX,
  UNIT_MAX,
} from './test-results.ts';

/** Decimal values labs send: finite, and not absurdly large. */
const measured = (description: string) =>
  v.pipe(v.number('باید عدد باشد'), v.description(description), v.finite('باید عدد باشد'), v.minValue(-1e9, 'خارج از محدوده است'), v.maxValue(1e12, 'خارج از محدوده است'));

const line = (max: number, description: string) => v.pipe(v.string(inputMessage), v.description(description), v.maxLength(max, maxLengthMessage(max)), required(SingleLineInputSchema));

/** A day without a time (`2008-06-17`): labs that send only the day of a sample or report. */
export const RESULT_DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const isResultDay = (value: string) => RESULT_DAY_PATTERN.test(value);
/** The instant a filed time is stored as: a day alone is noon UTC of it (the same day in Tehran), its `*_date_only` flag set. */
export const storedInstant = (value: string) => new Date(isResultDay(value) ? `${value}T12:00:00Z` : value);

/** An instant with Z, or a day alone. */
const resultTime = (description: string) =>
  v.pipe(
    v.string(inputMessage),
    v.description(description),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const value = dataset.value;
      if (isResultDay(value)) {
        if (!isIsoDate(value)) addIssue({ message: dateTimeMessages.noSuchDay });
        return;
      }
      const instant = v.safeParse(IsoInstantSchema, value);
      if (!instant.success) addIssue({ message: instant.issues[0].message });
    }),
  );

/**
 * Whether `reported` may follow `collected`. A day alone may be any hour of that day anywhere on
 * earth: only a report surely before its sample is refused.
 */
export function reportedNotBefore(collected: string, reported: string): boolean {
  const earliest = isResultDay(collected) ? Date.parse(`${collected}T00:00:00+14:00`) : Date.parse(collected);
  const latest = isResultDay(reported) ? Date.parse(`${reported}T23:59:59-12:00`) : Date.parse(reported);
  return latest >= earliest;
}

const valueSchema = v.union(
  [measured('A measured value.'), v.pipe(v.string(inputMessage), v.maxLength(TEXT_VALUE_MAX, maxLengthMessage(TEXT_VALUE_MAX)), required(SingleLineInputSchema))],
  'مقدار باید عدد یا متن باشد',
);

/** What an observation and each of its components have. */
const measuredEntries = {
  code: v.pipe(v.string(inputMessage), v.description("LOINC code (e.g. `718-7`), or the lab's own code."), v.regex(OBSERVATION_CODE_PATTERN, 'کد آزمایش معتبر نیست')),
  name: line(OBSERVATION_NAME_MAX, "The test's name as the lab prints it."),
  unit: v.optional(v.pipe(v.string(inputMessage), v.maxLength(UNIT_MAX, maxLengthMessage(UNIT_MAX)), SingleLineInputSchema)),
  reference_low: v.optional(measured('Lower end of the reference range, in `unit`.')),
  reference_high: v.optional(measured('Upper end of the reference range, in `unit`.')),
  reference_text: v.optional(
    v.pipe(
      v.string(inputMessage),
      v.description('The range in words; may be long (age and sex strata), shown folded.'),
      v.maxLength(REFERENCE_TEXT_MAX, maxLengthMessage(REFERENCE_TEXT_MAX)),
      TextInputSchema,
    ),
  ),
  flag: v.optional(v.picklist(FLAGS, `پرچم باید یکی از ${FLAGS.join('، ')} باشد`)),
};

type Ranged = { reference_low?: number | undefined; reference_high?: number | undefined };
const inOrder = (o: Ranged) => o.reference_low === undefined || o.reference_high === undefined || o.reference_low <= o.reference_high;
const RANGE_ORDER = 'کران پایین محدودهٔ مرجع از کران بالا بیشتر است';

export const ComponentInputSchema = v.pipe(
  v.object({ ...measuredEntries, value: valueSchema }),
  v.check((o) => inOrder(o), RANGE_ORDER),
);
export type ComponentInput = v.InferOutput<typeof ComponentInputSchema>;

export const ReferenceBandInputSchema = v.object({
  name: line(REFERENCE_TEXT_MAX, 'What the band means («Severe TBI», «female 20–40 years»).'),
  low: v.optional(measured('Its lower end.')),
  high: v.optional(measured('Its upper end.')),
});
export type ReferenceBandInput = v.InferOutput<typeof ReferenceBandInputSchema>;

export const ObservationInputSchema = v.pipe(
  v.object({
    ...measuredEntries,
    value: v.optional(v.pipe(valueSchema, v.description('Required unless the observation is only the group of its `components`.'))),
    components: v.optional(
      v.pipe(
        v.array(ComponentInputSchema, 'اجزا باید فهرست باشد'),
        v.description("The observation's parts (blood pressure's systolic and diastolic), each with its own value, range and flag."),
        v.minLength(1, 'دست‌کم یک جزء لازم است'),
        v.maxLength(MAX_COMPONENTS, `حداکثر ${MAX_COMPONENTS} جزء`),
        v.check((list) => new Set(list.map((c) => c.code)).size === list.length, 'هر کد یک بار در اجزا می‌آید'),
      ),
    ),
    reference_bands: v.optional(
      v.pipe(
        v.array(ReferenceBandInputSchema, 'بازه‌ها باید فهرست باشد'),
        v.description('Other bands of the range than the normal one (severity, other ages or sexes): shown, never used to flag.'),
        v.maxLength(MAX_REFERENCE_BANDS, `حداکثر ${MAX_REFERENCE_BANDS} بازه`),
      ),
    ),
  }),
  v.check((o) => inOrder(o), RANGE_ORDER),
  v.check((o) => o.value !== undefined || o.components !== undefined, 'مقدار (value) یا اجزا (components) لازم است'),
);
export type ObservationInput = v.InferOutput<typeof ObservationInputSchema>;

export const PanelInputSchema = v.object({
  name: line(PANEL_NAME_MAX, "The panel's name («آزمایش کامل خون», «Biochemistry»)."),
  observations: v.pipe(
    v.array(ObservationInputSchema, 'آزمایش‌ها باید فهرست باشد'),
    v.minLength(1, 'دست‌کم یک آزمایش لازم است'),
    v.maxLength(MAX_OBSERVATIONS_PER_PANEL, `حداکثر ${MAX_OBSERVATIONS_PER_PANEL} آزمایش`),
    v.check((list) => new Set(list.map((o) => o.code)).size === list.length, 'هر کد آزمایش در یک بخش یک بار می‌آید'),
  ),
});
export type PanelInput = v.InferOutput<typeof PanelInputSchema>;

/**
 * `POST /test-results` (hospital), our JSON. Filing the same `reception_code` again adds to the
 * result or corrects it: observations are matched by panel name and code, the status moves
 * pending → partial → final (a final result may be corrected with another final filing).
 */
export const FileTestResultSchema = v.pipe(
  v.object({
    patient: v.object({
      international_code: NationalCodeSchema,
      phone_number: MobileSchema,
      first_name: v.optional(line(50, "The patient's first name, for the printed result.")),
      last_name: v.optional(line(50, "The patient's last name, for the printed result.")),
    }),
    reception_code: v.pipe(ReceptionCodeSchema, v.description("The lab's reception (accession) code, printed on the patient's receipt; unique per hospital.")),
    lab: line(LAB_NAME_MAX, 'The laboratory that ran the tests.'),
    collected_at: resultTime('When the sample was taken (ISO 8601 with Z), or only its day (`2025-01-15`).'),
    reported_at: v.optional(resultTime('When the lab reported (ISO 8601 with Z), or only its day.')),
    status: v.pipe(v.picklist(TEST_RESULT_STATUSES, 'وضعیت باید pending، partial یا final باشد'), v.description('`pending` (sample taken, no values yet), `partial`, `final`.')),
    ordered_by: v.optional(
      v.object({
        name: line(100, 'The ordering doctor as the patient knows them.'),
        doctor_id: v.optional(
          v.pipe(
            v.string(inputMessage),
            v.description("The doctor's id in this portal's catalogue, when they practise here."),
            v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'شناسهٔ پزشک معتبر نیست'),
            v.maxLength(80),
          ),
        ),
      }),
    ),
    panels: v.pipe(v.array(PanelInputSchema, 'بخش‌ها باید فهرست باشد'), v.maxLength(MAX_PANELS, `حداکثر ${MAX_PANELS} بخش`)),
  }),
  v.check((body) => body.status === 'pending' || body.panels.length > 0, 'جواب ناقص یا نهایی دست‌کم یک آزمایش دارد'),
  v.check((body) => new Set(body.panels.map((p) => p.name)).size === body.panels.length, 'نام هر بخش یک بار می‌آید'),
  v.check((body) => body.panels.reduce((sum, panel) => sum + panel.observations.length, 0) <= MAX_RESULT_OBSERVATIONS, resultTooLargeMessages.observations),
  v.check((body) => !body.reported_at || reportedNotBefore(body.collected_at, body.reported_at), 'زمان گزارش پیش از زمان نمونه‌گیری است'),
);
export type FileTestResultBody = v.InferOutput<typeof FileTestResultSchema>;

/** The answer to `POST /test-results` (hospital). */
export const FiledTestResultSchema = v.object({
  key: v.pipe(v.string(), v.description('TR-XXXXXX: the same for every filing of one reception code.')),
  status: v.picklist(TEST_RESULT_STATUSES),
  linked: v.pipe(
    v.boolean(),
    v.description('True when it went to the account with this national code and mobile; false while it waits for the patient to claim it with the reception code.'),
  ),
  created: v.pipe(v.boolean(), v.description('True for the first filing of this reception code; false when it added to or corrected the result.')),
  changed: v.pipe(v.boolean(), v.description('False when the filing changed nothing the patient sees (the same values again): nobody is told.')),
  notified: v.pipe(v.boolean(), v.description('True when the patient was sent an SMS about this filing.')),
});
