/** `npm run hospital -- waitlist` and `waitlist-stats`: a doctor's line for the desk, and what the waitlist did (spec/api.md «Waitlist»). */
import type { DeskWaitlist, DeskWaitlistEntry, PartOfDay, WaitlistOffer, WaitlistStats } from '../../src/lib/api/contracts/waitlist.ts';
import { DeskWaitlistQuerySchema } from '../../src/lib/api/contracts/waitlist.ts';
import { formatJalaliDate, tehranNoon } from '../../src/lib/format/date.ts';
import { toLatinDigits } from '../../src/lib/format/digits.ts';
import { formatNumber } from '../../src/lib/format/number.ts';
import { durationWords } from '../../src/lib/queue/words.ts';
import { bookingContext } from '../../src/server/appointments/default-context.ts';
import { deskWaitlist } from '../../src/server/waitlist/desk.ts';
import { waitlistStats } from '../../src/server/waitlist/stats.ts';
import { CliError, checked, perform, table, when } from './cli.ts';

export const WAITLIST_HELP = `  waitlist <doctor_id>            the doctor's waitlist in order of joining: patient, national code, phone,
                                  the days (Jalali) and part of the day they wait for, and the slot offered
                                  to them with the time left to answer (or, once accepted, to pay)
  waitlist-stats                  what the waitlist did: entries by status, offers by outcome, and for
                                  the visits booked from it the days to the visit and the days gained`;

const PART_WORDS: Record<PartOfDay, string> = { morning: 'صبح', afternoon: 'بعدازظهر', any: 'هر دو' };
const STATUS_WORDS: Record<DeskWaitlistEntry['status'], string> = { waiting: 'در انتظار', offered: 'نوبت پیشنهاد شده' };

// Terminals and logs read Latin digits best, like the other commands' tables.
const latin = (text: string) => toLatinDigits(text);
const day = (isoDay: string) => latin(formatJalaliDate(tehranNoon(isoDay), 'short'));

/** Until when the slot is kept, from `now`: «18 دقیقه مانده», or that the time is up. */
function timeLeft(offer: WaitlistOffer, now: Date): string {
  const minutes = Math.ceil((Date.parse(offer.expires_at) - now.getTime()) / 60_000);
  const left = minutes > 0 ? `${latin(durationWords(minutes))} مانده` : 'مهلت گذشته';
  return offer.status === 'accepted' ? `پذیرفته؛ تا پرداخت ${left}` : left;
}

function printLine(list: DeskWaitlist, now: Date): void {
  if (list.entries.length === 0) {
    console.log(`کسی در فهرست انتظار ${list.doctor_id} نیست.`);
    return;
  }
  console.log(`فهرست انتظار ${list.doctor_id}: ${formatNumber(list.entries.length)} نفر، ${formatNumber(list.offers.length)} نوبت پیشنهادشده\n`);
  console.log(
    table(
      ['ردیف', 'کلید', 'بیمار', 'کد ملی', 'موبایل', 'بازه', 'بخش روز', 'وضعیت', 'نوبت پیشنهادی', 'مهلت'],
      list.entries.map((entry) => [
        String(entry.position),
        entry.key,
        `${entry.patient.first_name} ${entry.patient.last_name}${entry.patient.self ? '' : ' (برای دیگری)'}`,
        entry.patient.international_code,
        entry.patient.phone_number,
        `${day(entry.from)} تا ${day(entry.to)}`,
        PART_WORDS[entry.part_of_day],
        STATUS_WORDS[entry.status],
        entry.offer ? `${when(entry.offer.start)} (${entry.offer.appointment_key})` : '',
        entry.offer ? timeLeft(entry.offer, now) : '',
      ]),
    ),
  );
}

export async function waitlist(args: string[]): Promise<void> {
  const [doctorId, ...rest] = args;
  if (!doctorId || rest.length > 0) throw new CliError('usage: npm run hospital -- waitlist <doctor_id>');
  const query = checked(DeskWaitlistQuerySchema, { doctor_id: doctorId.trim() });
  const { data } = await perform<DeskWaitlist>({
    method: 'GET',
    path: `/waitlist?${new URLSearchParams({ doctor_id: query.doctor_id })}`,
    direct: async (db, now) => ({ data: await deskWaitlist(db, bookingContext(), query.doctor_id, now) }),
  });
  printLine(data, new Date());
}

const days = (value: number | null) => (value === null ? '—' : `${value} روز`);

export async function waitlistStatsCommand(args: string[]): Promise<void> {
  if (args.length > 0) throw new CliError('usage: npm run hospital -- waitlist-stats');
  const { data } = await perform<WaitlistStats>({ method: 'GET', path: '/waitlist/stats', direct: async (db) => ({ data: await waitlistStats(db) }) });
  const { entries, offers, days: spans } = data;
  const n = formatNumber;
  console.log('فهرست انتظار، همهٔ پزشکان:\n');
  console.log(
    table(
      ['درخواست‌ها', 'تعداد'],
      [
        ['در انتظار', n(entries.waiting)],
        ['نوبت پیشنهاد شده', n(entries.offered)],
        ['نوبت گرفته', n(entries.booked)],
        ['بازه گذشته', n(entries.expired)],
        ['انصراف داده', n(entries.left)],
        ['همه', n(entries.total)],
      ],
    ),
  );
  console.log(
    `\n${table(
      ['نوبت‌های پیشنهادی', 'تعداد'],
      [
        ['پیشنهاد شده', n(offers.made)],
        ['باز (بی‌پاسخ یا پذیرفته و پرداخت‌نشده)', n(offers.open)],
        ['پذیرفته (پرداخت‌شده یا نه)', n(offers.accepted)],
        ['پرداخت‌شده', n(offers.booked)],
        ['ردشده', n(offers.declined)],
        ['بی‌پاسخ مانده', n(offers.lapsed)],
        ['پس‌گرفته', n(offers.withdrawn)],
      ],
    )}`,
  );
  console.log(`\nنوبت‌های گرفته‌شده از فهرست: ${n(spans.booked)}`);
  console.log(`از پیوستن تا ویزیت (میانه): ${days(spans.to_visit_median)}`);
  console.log(`زودتر از نخستین نوبت آزاد هنگام پیوستن: میانه ${days(spans.gained_median)}، میانگین ${days(spans.gained_mean)}`);
}
