/** `npm run hospital -- requests | request-status`: the desk's queue of service requests, and moving one along. */
import { HospitalServiceRequestsQuerySchema } from '../../src/lib/api/contracts/hospital.ts';
import { SERVICE_REQUEST_STATUS_NAMES, SERVICE_REQUEST_STATUSES, ServiceRequestStatusSchema } from '../../src/lib/api/contracts/service-requests.ts';
import { tehranInstant } from '../../src/lib/appointments/slots.ts';
import { formatJalaliDate } from '../../src/lib/format/date.ts';
import { toLatinDigits } from '../../src/lib/format/digits.ts';
import { SERVICE_WINDOWS } from '../../src/lib/services/names.ts';
import { isIsoDate } from '../../src/lib/validation/person.ts';
import { catalogueServices } from '../../src/server/invoices/settings.ts';
import { type DeskServiceRequest, listServiceRequestsForHospital, moveServiceRequestForHospital } from '../../src/server/service-requests/hospital.ts';
import { CliError, checked, onlyOptions, options, pageLine, perform, typedKey, when } from './cli.ts';

export const REQUESTS_HELP = `  requests [--status open|all|${SERVICE_REQUEST_STATUSES.join('|')}] [--page N]
                                  service requests, oldest first: the open ones (the desk's queue) by default (50 a page)
  request-status <SR-key> <status> [--note "…"] [--at <time>]
                                  moves a request (reviewing, scheduled, in_progress, done, cancelled, rejected);
                                  scheduled needs --at: "YYYY-MM-DD HH:MM" in Tehran or an instant with Z.
                                  The patient gets an SMS with the note (Persian, one line)`;

const REQUESTS_USAGE = 'requests [--status open|all|<status>] [--page N]';
const STATUS_USAGE = 'request-status <SR-key> <status> [--note "…"] [--at "YYYY-MM-DD HH:MM"]';

const dayText = (day: string) => `${toLatinDigits(formatJalaliDate(`${day}T12:00:00+03:30`))} (${day})`;

/** A request as a few lines for the desk. */
function requestBlock(request: DeskServiceRequest): string {
  const { patient } = request;
  const code = patient.international_code ? `کد ملی ${patient.international_code}، ` : '';
  return [
    `${request.key}  ${SERVICE_REQUEST_STATUS_NAMES[request.status]}  «${request.service_name}»`,
    `  بیمار: ${patient.first_name} ${patient.last_name}${patient.self ? '' : ' (برای دیگری)'} — ${code}همراه حساب ${patient.phone_number}`,
    `  تلفن تماس: ${request.phone}`,
    `  نشانی: ${request.address}`,
    `  روز دلخواه: ${dayText(request.preferred_date)}، ${SERVICE_WINDOWS[request.preferred_window].name} (${SERVICE_WINDOWS[request.preferred_window].hours})`,
    ...(request.scheduled_at ? [`  زمان مراجعه: ${when(request.scheduled_at)}`] : []),
    ...(request.notes ? [`  توضیح بیمار: ${request.notes.replace(/\s*\n\s*/g, ' / ')}`] : []),
    ...(request.invoice_keys.length > 0 ? [`  صورت‌حساب‌ها: ${request.invoice_keys.join('، ')}`] : []),
    `  ثبت: ${when(request.created_at)}`,
  ].join('\n');
}

export async function listRequests(args: string[]): Promise<void> {
  const { words, flags } = options(args);
  if (words.length > 0) throw new CliError(`usage: npm run hospital -- ${REQUESTS_USAGE}`);
  onlyOptions(flags, ['status', 'page'], REQUESTS_USAGE);
  const query = checked(HospitalServiceRequestsQuerySchema, { ...flags, per_page: '50' });
  const search = new URLSearchParams({ status: query.status, page: String(query.page), per_page: String(query.per_page) });
  const { data, meta } = await perform<DeskServiceRequest[]>({
    method: 'GET',
    path: `/service-requests?${search}`,
    direct: async (db) => {
      const { rows, total } = await listServiceRequestsForHospital(db, catalogueServices(), query);
      return { data: rows as DeskServiceRequest[], meta: { page: query.page, per_page: query.per_page, total } };
    },
  });
  if (data.length === 0) {
    const which = query.status === 'all' ? '' : query.status === 'open' ? ' بازی' : ` با وضعیت «${SERVICE_REQUEST_STATUS_NAMES[query.status]}»`;
    console.log(`درخواست خدمت${which} نیست.`);
    return;
  }
  console.log(data.map(requestBlock).join('\n\n'));
  const footer = pageLine(meta, 'درخواست');
  if (footer) console.log(footer);
}

/** `--at`: "YYYY-MM-DD HH:MM" (or with T) is a Tehran wall time; anything else goes to the schema as it is (an instant with Z). */
export function visitTime(typed: string): string {
  const value = toLatinDigits(typed.trim());
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})$/.exec(value);
  if (!local) return value;
  const [, day, hours, minutes] = local as unknown as [string, string, string, string];
  if (!isIsoDate(day) || Number(hours) > 23 || Number(minutes) > 59) throw new CliError(`--at: «${typed}» is not a time (YYYY-MM-DD HH:MM, Tehran)`);
  return tehranInstant(day, `${hours}:${minutes}`).toISOString();
}

export async function requestStatus(args: string[]): Promise<void> {
  const { words, flags } = options(args);
  const [key, status, ...rest] = words;
  if (!key || !status || rest.length > 0) throw new CliError(`usage: npm run hospital -- ${STATUS_USAGE}`);
  onlyOptions(flags, ['note', 'at'], STATUS_USAGE);
  const body = checked(ServiceRequestStatusSchema, {
    status: status.trim().toLowerCase(),
    ...(flags.note === undefined ? {} : { note: flags.note }),
    ...(flags.at === undefined ? {} : { scheduled_at: visitTime(flags.at) }),
  });
  const { data } = await perform<DeskServiceRequest>({
    method: 'POST',
    path: `/service-requests/${encodeURIComponent(typedKey(key))}/status`,
    body,
    direct: async (db, now) => ({ data: await moveServiceRequestForHospital(db, { services: catalogueServices(), key: typedKey(key), body, now }) }),
  });
  console.log(`${data.key}: ${SERVICE_REQUEST_STATUS_NAMES[data.status]}؛ به بیمار پیامک شد.\n`);
  console.log(requestBlock(data));
  const last = data.history?.at(-1);
  if (last?.note) console.log(`  یادداشت: ${last.note}`);
}
