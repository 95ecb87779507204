/** `npm run hospital -- queue`: a doctor's queue for the desk, and the desk's events that move it (spec/api.md "Visit day"). */
import { randomUUID } from 'node:crypto';
import { type DeskQueue, DeskQueueQuerySchema, type QUEUE_EVENT_TYPES, QueueEventSchema, type QueueStatus } from '../../src/lib/api/contracts/queue.ts';
import { formatJalaliDate, formatTime } from '../../src/lib/format/date.ts';
import { toLatinDigits } from '../../src/lib/format/digits.ts';
import { delayWords, durationWords, SESSION_WORDS } from '../../src/lib/queue/words.ts';
import { bookingContext } from '../../src/server/appointments/default-context.ts';
import { CLI_KEY_NAME } from '../../src/server/hospital/keys.ts';
import { queueContext } from '../../src/server/queue/context.ts';
import { deskQueue, recordDeskEvent, tehranDay } from '../../src/server/queue/service.ts';
import { CliError, checked, onlyOptions, options, perform, table, typedKey } from './cli.ts';

export const QUEUE_HELP = `  queue <doctor_id> [--date YYYY-MM-DD]
                                  the doctor's queue of a Tehran day (today by default): number, key, time,
                                  patient, status, check-in time and by whom, now serving, delay and pace
  queue <doctor_id> <event> [AP-key | minutes]
                                  records what happened at the desk today and prints the queue after it:
                                  session_started, checked_in <AP-key>, called <AP-key>, visit_ended <AP-key>,
                                  no_show <AP-key>, delay <minutes> (0 takes it back), paused, resumed, session_ended`;

const USAGE = 'queue <doctor_id> [--date YYYY-MM-DD] | queue <doctor_id> <event> [AP-key | minutes]';

/** A patient's place as the desk says it. */
const STATUS_WORDS: Record<QueueStatus, string> = {
  waiting: 'نرسیده',
  checked_in: 'رسیده، در انتظار',
  called: 'در حال ویزیت',
  done: 'ویزیت‌شده',
  no_show: 'غایب',
};

const BY_WORDS = { patient: 'خود بیمار', desk: 'پذیرش' } as const;

/** What the desk said, as the confirmation line says it. */
const EVENT_WORDS: Record<(typeof QUEUE_EVENT_TYPES)[number], string> = {
  session_started: 'آغاز جلسه',
  checked_in: 'رسیدن بیمار',
  called: 'فراخوان',
  visit_ended: 'پایان ویزیت',
  no_show: 'غیبت',
  delay: 'تأخیر',
  paused: 'توقف',
  resumed: 'ادامه',
  session_ended: 'پایان جلسه',
};

// Terminals and logs read Latin digits best, like the other commands' tables.
const clock = (iso: string | undefined) => (iso ? toLatinDigits(formatTime(iso)) : '');
const latin = (text: string) => toLatinDigits(text);

function printQueue(queue: DeskQueue): void {
  const day = `${latin(formatJalaliDate(`${queue.date}T12:00:00+03:30`))} (${queue.date})`;
  console.log(`صف ${queue.doctor_id}، ${day}: ${SESSION_WORDS[queue.session]}`);
  if (queue.entries.length === 0) {
    console.log('نوبت قطعی‌ای در این روز نیست.');
    return;
  }
  console.log(
    `\n${table(
      ['شماره', 'کلید', 'ساعت', 'بیمار', 'وضعیت', 'رسیدن', 'اعلام‌کننده'],
      queue.entries.map((entry) => [
        String(entry.number),
        entry.key,
        clock(entry.start),
        entry.patient_name,
        STATUS_WORDS[entry.status],
        clock(entry.checked_in_at),
        entry.checked_in_by ? BY_WORDS[entry.checked_in_by] : '',
      ]),
    )}\n`,
  );
  const called = queue.entries.find((entry) => entry.number === queue.now_serving);
  console.log(`در حال ویزیت: ${queue.now_serving === undefined ? '—' : `${queue.now_serving}${called?.called_at ? ` (از ساعت ${clock(called.called_at)})` : ''}`}`);
  console.log(`تأخیر: ${latin(delayWords(queue.delay_minutes))}`);
  console.log(`فاصلهٔ فراخوان‌ها: حدود ${latin(durationWords(queue.pace_minutes))}`);
}

/** `minutes` as typed (Persian digits allowed); anything else goes to the schema to refuse in Persian. */
function typedMinutes(typed: string): number | string {
  const value = toLatinDigits(typed.trim());
  return /^\d{1,6}$/.test(value) ? Number(value) : typed;
}

/** The event's body from the words after its type: an appointment key or minutes, by type. */
function eventBody(type: string, argument: string | undefined): unknown {
  const body: Record<string, unknown> = { type: type.trim().toLowerCase() };
  if (argument === undefined) return body;
  if (body.type === 'delay') body.minutes = typedMinutes(argument);
  else body.appointment_key = typedKey(argument);
  return body;
}

export async function queue(args: string[]): Promise<void> {
  const { words, flags } = options(args);
  const [doctorId, type, argument, ...rest] = words;
  if (!doctorId || rest.length > 0) throw new CliError(`usage: npm run hospital -- ${USAGE}`);
  onlyOptions(flags, type === undefined ? ['date'] : [], USAGE);
  const path = `/queue/${encodeURIComponent(doctorId)}`;
  if (type === undefined) {
    const query = checked(DeskQueueQuerySchema, flags.date === undefined ? {} : { date: toLatinDigits(flags.date.trim()) });
    const { data } = await perform<DeskQueue>({
      method: 'GET',
      path: query.date ? `${path}?${new URLSearchParams({ date: query.date })}` : path,
      direct: async (db, now) => ({ data: await deskQueue(db, bookingContext(), { doctorId, date: query.date ?? tehranDay(now) }) }),
    });
    printQueue(data);
    return;
  }
  const event = checked(QueueEventSchema, eventBody(type, argument));
  const { data } = await perform<DeskQueue>({
    method: 'POST',
    path: `${path}/events`,
    body: event,
    // One per run: a call retried by the network is not recorded twice.
    idempotencyKey: randomUUID(),
    status: 201,
    direct: async (db, now) => ({ data: await recordDeskEvent(db, queueContext(), { doctorId, event, actor: CLI_KEY_NAME, now }) }),
  });
  const about = event.appointment_key ?? (event.minutes === undefined ? undefined : `${event.minutes} دقیقه`);
  console.log(`«${EVENT_WORDS[event.type]}» ثبت شد${about ? ` (${about})` : ''}.\n`);
  printQueue(data);
}
