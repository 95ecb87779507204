/**
 * The visit day (spec/api.md "Visit day"): a doctor's queue on the day of the visit, as the patient,
 * the waiting-room board and the clinic desk see it, and the desk's events that move it. Written
 * once for the endpoints, the islands, the hospital API's OpenAPI document and `npm run hospital`.
 */
import * as v from 'valibot';

/** Where the doctor's day stands. */
export const QUEUE_SESSIONS = ['not_started', 'running', 'paused', 'ended'] as const;
export type QueueSession = (typeof QUEUE_SESSIONS)[number];

/** Where one patient stands in it. */
export const QUEUE_STATUSES = ['waiting', 'checked_in', 'called', 'done', 'no_show'] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

/** What the desk says happened (`POST /api/hospital/v1/queue/{doctor_id}/events`). */
export const QUEUE_EVENT_TYPES = ['session_started', 'checked_in', 'called', 'visit_ended', 'no_show', 'delay', 'paused', 'resumed', 'session_ended'] as const;
export type QueueEventType = (typeof QUEUE_EVENT_TYPES)[number];
/** The events about one patient: they name the appointment. */
export const PATIENT_EVENT_TYPES: readonly QueueEventType[] = ['checked_in', 'called', 'visit_ended', 'no_show'];

/** Defaults of the visit-day settings (env CHECKIN_OPEN_MINUTES, QUEUE_NOTIFY_AHEAD). */
export const DEFAULT_CHECKIN_OPEN_MINUTES = 60;
export const DEFAULT_QUEUE_NOTIFY_AHEAD = 2;
/** A delay the desk announces of at least this many minutes is sent to the waiting patients by SMS. */
export const DELAY_SMS_MINUTES = 15;
/** The largest delay the desk may announce: a whole working day. */
export const MAX_DELAY_MINUTES = 600;

const Instant = v.pipe(v.string(), v.isoTimestamp());
const Count = v.pipe(v.number(), v.integer(), v.minValue(0));
/** A Tehran calendar day, `YYYY-MM-DD`. */
const Day = v.pipe(v.string(), v.isoDate());

/** `GET /appointments/{key}/queue` (and each `queue` event of its stream): one patient's place in the day. */
export const PatientQueueSchema = v.object({
  /** The Tehran day, `YYYY-MM-DD`. */
  date: Day,
  session: v.picklist(QUEUE_SESSIONS),
  /** The patient's place in the doctor's day, from 1, in slot order. */
  number: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** Patients still to be called before this one. */
  ahead: Count,
  /** The number of the patient called last. */
  now_serving: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  /** When this patient is likely to be called; absent once called, done or after the session. */
  estimated_at: v.optional(Instant),
  /** The delay the desk announced, in minutes (0: none). */
  delay_minutes: Count,
  /** When the patient arrived (from the phone or at the desk). */
  checked_in_at: v.optional(Instant),
  status: v.picklist(QUEUE_STATUSES),
  /** Whether «رسیدم» may be pressed now. */
  can_check_in: v.boolean(),
  /** When check-in opens (CHECKIN_OPEN_MINUTES before the slot). */
  check_in_opens_at: Instant,
  /** Minutes between calls today (the median), or the doctor's visit length before two calls. */
  pace_minutes: v.pipe(v.number(), v.minValue(0)),
  /** Whether `pace_minutes` was observed today rather than taken from the doctor's visit length. */
  pace_observed: v.boolean(),
  /** When the state was computed. */
  as_of: Instant,
  /** The slot booked (the queue goes by number, not by this time). */
  start: Instant,
  doctor_name: v.string(),
  /** Where to go: the clinic, its building and floor in words, and the doctor's room when the catalogue has it. */
  place: v.object({ clinic: v.string(), building: v.string(), floor: v.string(), room: v.optional(v.string()) }),
});
export type PatientQueue = v.InferOutput<typeof PatientQueueSchema>;

/** `POST /appointments/{key}/check-in`. */
export const CheckInSchema = v.object({ checked_in_at: Instant });
export type CheckIn = v.InferOutput<typeof CheckInSchema>;

/** `GET /public/queue/{doctor_id}`: the waiting-room board; no names, no keys. */
export const PublicBoardSchema = v.object({
  date: Day,
  session: v.picklist(QUEUE_SESSIONS),
  now_serving: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  delay_minutes: Count,
  /** When `now_serving` was called. */
  called_at: v.optional(Instant),
  /** Patients of the day not yet called (waiting or arrived). */
  waiting: Count,
  as_of: Instant,
});
export type PublicBoard = v.InferOutput<typeof PublicBoardSchema>;

const AppointmentKey = v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^AP-[0-9A-Z]{6}$/, 'کد نوبت باید به شکل AP-XXXXXX باشد'));

/** `POST /api/hospital/v1/queue/{doctor_id}/events`. */
export const QueueEventSchema = v.pipe(
  v.object({
    type: v.pipe(
      v.picklist(QUEUE_EVENT_TYPES, `نوع رویداد یکی از این‌هاست: ${QUEUE_EVENT_TYPES.join('، ')}`),
      v.description('What happened at the desk. `checked_in`, `called`, `visit_ended` and `no_show` name the appointment; `delay` gives `minutes`.'),
    ),
    appointment_key: v.optional(v.pipe(AppointmentKey, v.description('The appointment the event is about (AP-XXXXXX); for `checked_in`, `called`, `visit_ended`, `no_show`.'))),
    minutes: v.optional(
      v.pipe(
        v.number('دقیقه باید عدد باشد'),
        v.integer('دقیقه باید عدد صحیح باشد'),
        v.minValue(0, 'تأخیر نمی‌تواند منفی باشد'),
        v.maxValue(MAX_DELAY_MINUTES, 'تأخیر بیش از ۶۰۰ دقیقه نمی‌شود'),
        v.description('For `delay`: how late the doctor is, in minutes (0 takes an announced delay back).'),
      ),
    ),
  }),
  v.forward(
    v.check((event) => !PATIENT_EVENT_TYPES.includes(event.type) || event.appointment_key !== undefined, 'این رویداد کد نوبت می‌خواهد'),
    ['appointment_key'],
  ),
  v.forward(
    v.check((event) => PATIENT_EVENT_TYPES.includes(event.type) || event.appointment_key === undefined, 'این رویداد دربارهٔ یک بیمار نیست؛ کد نوبت نفرستید'),
    ['appointment_key'],
  ),
  v.forward(
    v.check((event) => (event.type === 'delay') === (event.minutes !== undefined), 'دقیقه فقط با رویداد delay و همیشه با آن می‌آید'),
    ['minutes'],
  ),
);
export type QueueEventInput = v.InferOutput<typeof QueueEventSchema>;

/** One row of the desk's list (`GET /api/hospital/v1/queue/{doctor_id}?date=`). */
export const DeskQueueEntrySchema = v.object({
  number: v.pipe(v.number(), v.integer(), v.minValue(1)),
  key: v.string(),
  start: Instant,
  patient_name: v.string(),
  status: v.picklist(QUEUE_STATUSES),
  checked_in_at: v.optional(Instant),
  /** Who said the patient arrived. */
  checked_in_by: v.optional(v.picklist(['patient', 'desk'])),
  called_at: v.optional(Instant),
});
export type DeskQueueEntry = v.InferOutput<typeof DeskQueueEntrySchema>;

/** The desk's view of a doctor's day, and the answer to each event. */
export const DeskQueueSchema = v.object({
  doctor_id: v.string(),
  date: Day,
  session: v.picklist(QUEUE_SESSIONS),
  now_serving: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  delay_minutes: Count,
  pace_minutes: v.pipe(v.number(), v.minValue(0)),
  /** Events recorded so far today; the last one's number. */
  events: Count,
  entries: v.array(DeskQueueEntrySchema),
});
export type DeskQueue = v.InferOutput<typeof DeskQueueSchema>;

/** `GET /api/hospital/v1/queue/{doctor_id}?date=` */
export const DeskQueueQuerySchema = v.object({
  date: v.optional(v.pipe(v.string(), v.isoDate('تاریخ باید به شکل YYYY-MM-DD باشد'), v.description('The Tehran day, `YYYY-MM-DD`; today when absent.'))),
});
