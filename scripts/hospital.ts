/**
 * `npm run hospital -- <command>`: the hospital side's actions on the command line (spec/api.md
 * "Hospital side"), for a demo or a small hospital without an HIS. Commands other than `new-key`
 * call the running portal's hospital API (`PORTAL_URL`, default http://127.0.0.1:$PORT) with the
 * key in `HOSPITAL_API_KEY`, or else the local key the portal keeps in `$DATA_DIR/hospital-cli-key`.
 * When no portal answers there, they open the database themselves and call the same services.
 */
import {
  HOSPITAL_SCOPES,
  type HoldRefusals,
  HospitalAppointmentsQuerySchema,
  HospitalWithdrawalsQuerySchema,
  LeaveSchema,
  WithdrawalPaidSchema,
  WithdrawalRejectSchema,
} from '../src/lib/api/contracts/hospital.ts';
import { formatJalaliDate, formatTime } from '../src/lib/format/date.ts';
import { toLatinDigits } from '../src/lib/format/digits.ts';
import { formatNumber } from '../src/lib/format/number.ts';
import { bookingContext } from '../src/server/appointments/default-context.ts';
import { holdRefusals } from '../src/server/appointments/hold-refusals.ts';
import { type DeskAppointment, fileLeave, type LeaveResult, listDay } from '../src/server/appointments/hospital.ts';
import { EnvError } from '../src/server/env.ts';
import { CLI_KEY_FILE, hospitalKeyEntry, keyNameProblem, newHospitalKey, parseScopes } from '../src/server/hospital/keys.ts';
import { checkLedger, type LedgerCheck } from '../src/server/ledger/check.ts';
import { type HospitalWithdrawal, listWithdrawalsForHospital, rejectWithdrawal, settleWithdrawal } from '../src/server/wallet/withdrawals.ts';
import { CliError, checked, options, pageLine, perform, rials, table, typedKey, when } from './hospital/cli.ts';
import { INVOICES_HELP, issue, voidInvoice } from './hospital/invoices.ts';
import { QUEUE_HELP, queue } from './hospital/queue.ts';
import { listRequests, REQUESTS_HELP, requestStatus } from './hospital/requests.ts';
import { detachResult, fileResult, RESULTS_HELP, releaseResult } from './hospital/results.ts';
import { WAITLIST_HELP, waitlist, waitlistStatsCommand } from './hospital/waitlist.ts';

const HELP = `npm run hospital -- <command>

  new-key <name> [scope+scope…]   a new API key for a hospital system, and its HOSPITAL_API_KEYS entry
                                  (scopes: ${HOSPITAL_SCOPES.join(', ')}; none = all)
  withdrawals [--status pending|paid|rejected|cancelled] [--page N]
                                  patients' withdrawal requests, oldest first, the order to pay them in (50 a page)
  pay <key> <bank_reference>      marks a pending withdrawal paid (the patient gets an SMS)
  reject <key> <reason…>          rejects a pending withdrawal; the amount returns to the wallet
  ledger-check                    checks the wallet ledger (exit code 1 when it is not consistent)
  leave <doctor_id> <from> <to> <reason…>
                                  files a doctor's leave: from/to are Tehran days YYYY-MM-DD (to inclusive)
                                  or instants like 2026-12-01T08:00:00Z; the bookings inside are cancelled,
                                  refunded to the wallets, and the patients get an SMS with the reason
  appointments <date> [doctor_id] the confirmed bookings of a Tehran day (YYYY-MM-DD), for the desk
${QUEUE_HELP}
${WAITLIST_HELP}
  hold-refusals                   the phones and addresses refused the most slot holds in the last 24 hours
${REQUESTS_HELP}
${INVOICES_HELP}
${RESULTS_HELP}
  help                            this text

Environment: PORTAL_URL (default http://127.0.0.1:$PORT, PORT default 4321), HOSPITAL_API_KEY
(default: the portal's local key in $DATA_DIR/${CLI_KEY_FILE}). When no portal answers, the command
opens the database (DATA_DIR or DATABASE_URL) itself.`;

const statusLabels: Record<HospitalWithdrawal['status'], string> = {
  pending: 'در انتظار',
  paid: 'پرداخت‌شده',
  rejected: 'ردشده',
  cancelled: 'لغوشده',
};

function printWithdrawal(withdrawal: HospitalWithdrawal): void {
  console.log(
    [
      `برداشت ${withdrawal.key}: ${statusLabels[withdrawal.status]}`,
      `مبلغ: ${rials(withdrawal.amount)}`,
      `صاحب حساب: ${withdrawal.holder} (${withdrawal.phone_number})`,
      `شبا: IR${withdrawal.iban}`,
      ...(withdrawal.bank_reference ? [`شماره پیگیری: ${withdrawal.bank_reference}`] : []),
      ...(withdrawal.reason ? [`علت: ${withdrawal.reason}`] : []),
      ...(withdrawal.settled_at ? [`زمان: ${when(withdrawal.settled_at)}`] : []),
    ].join('\n'),
  );
}

function newKey([name, scopes = '', ...rest]: string[]): void {
  if (!name || rest.length > 0) throw new CliError('usage: npm run hospital -- new-key <name> [scope+scope…]');
  const problem = keyNameProblem(name);
  if (problem) throw new CliError(problem);
  let parsed: ReturnType<typeof parseScopes>;
  try {
    parsed = parseScopes(scopes);
  } catch (error) {
    throw new CliError((error as Error).message);
  }
  const key = newHospitalKey();
  console.log(`API key for "${name}" (shown once; give it to that system and keep it secret):\n\n  ${key}\n`);
  console.log(`Add this entry to HOSPITAL_API_KEYS (comma-separated) and restart the portal:\n\n  ${hospitalKeyEntry(name, key, parsed)}\n`);
  console.log(`The system sends it as:  Authorization: Bearer <key>`);
}

async function withdrawals(args: string[]): Promise<void> {
  const { words, flags } = options(args);
  if (words.length > 0 || Object.keys(flags).some((flag) => flag !== 'status' && flag !== 'page')) {
    throw new CliError('usage: npm run hospital -- withdrawals [--status pending|paid|rejected|cancelled] [--page N]');
  }
  const query = checked(HospitalWithdrawalsQuerySchema, { ...flags, per_page: '50' });
  const search = new URLSearchParams({ page: String(query.page), per_page: String(query.per_page), ...(query.status ? { status: query.status } : {}) });
  const { data, meta } = await perform<HospitalWithdrawal[]>({
    method: 'GET',
    path: `/withdrawals?${search}`,
    direct: async (db) => {
      const { rows, total } = await listWithdrawalsForHospital(db, { ...(query.status ? { status: query.status } : {}), page: query.page, perPage: query.per_page });
      return { data: rows, meta: { page: query.page, per_page: query.per_page, total } };
    },
  });
  if (data.length === 0) {
    console.log(query.status ? `درخواست برداشتی با وضعیت «${statusLabels[query.status]}» نیست.` : 'درخواست برداشتی نیست.');
    return;
  }
  console.log(
    table(
      ['کلید', 'مبلغ', 'وضعیت', 'صاحب حساب', 'موبایل', 'شبا', 'ثبت', 'پیگیری / علت'],
      data.map((w) => [w.key, rials(w.amount), statusLabels[w.status], w.holder, w.phone_number, `IR${w.iban}`, when(w.created_at), w.bank_reference ?? w.reason ?? '']),
    ),
  );
  const footer = pageLine(meta, 'درخواست');
  if (footer) console.log(footer);
}

async function pay([key, reference, ...rest]: string[]): Promise<void> {
  if (!key || reference === undefined || rest.length > 0) throw new CliError('usage: npm run hospital -- pay <key> <bank_reference>');
  const body = checked(WithdrawalPaidSchema, { bank_reference: reference });
  const { data } = await perform<HospitalWithdrawal>({
    method: 'POST',
    path: `/withdrawals/${encodeURIComponent(typedKey(key))}/paid`,
    body,
    direct: async (db, now) => ({ data: await settleWithdrawal(db, typedKey(key), { bankReference: body.bank_reference }, now) }),
  });
  printWithdrawal(data);
}

async function reject([key, ...reason]: string[]): Promise<void> {
  if (!key || reason.length === 0) throw new CliError('usage: npm run hospital -- reject <key> <reason…>');
  const body = checked(WithdrawalRejectSchema, { reason: reason.join(' ') });
  const { data } = await perform<HospitalWithdrawal>({
    method: 'POST',
    path: `/withdrawals/${encodeURIComponent(typedKey(key))}/reject`,
    body,
    direct: async (db, now) => ({ data: await rejectWithdrawal(db, typedKey(key), { reason: body.reason }, now) }),
  });
  printWithdrawal(data);
}

async function ledgerCheck(): Promise<number> {
  const { data } = await perform<LedgerCheck>({ method: 'GET', path: '/ledger/check', direct: async (db) => ({ data: await checkLedger(db) }) });
  console.log(
    `${data.ok ? 'دفتر کل سازگار است.' : 'دفتر کل ناسازگار است!'}\n` + `حساب‌ها: ${formatNumber(data.accounts)}   انتقال‌ها: ${formatNumber(data.transfers)}   جمع مانده‌ها: ${rials(data.sum)}`,
  );
  if (data.mismatches.length > 0) {
    console.log(
      `\n${table(
        ['حساب', 'ماندهٔ ثبت‌شده', 'جمع ردیف‌ها'],
        data.mismatches.map((m) => [m.account, rials(m.cached), rials(m.entries)]),
      )}`,
    );
  }
  return data.ok ? 0 : 1;
}

/** A day or instant as typed: Persian digits read as Latin ones. */
const typedDate = (value: string) => toLatinDigits(value.trim());

async function leave([doctorId, from, to, ...reason]: string[]): Promise<void> {
  if (!doctorId || !from || !to || reason.length === 0) throw new CliError('usage: npm run hospital -- leave <doctor_id> <from> <to> <reason…>');
  const body = checked(LeaveSchema, { from: typedDate(from), to: typedDate(to), reason: reason.join(' ') });
  const { data } = await perform<LeaveResult>({
    method: 'POST',
    path: `/doctors/${encodeURIComponent(doctorId)}/leaves`,
    body,
    direct: async (db, now) => ({ data: await fileLeave(db, { ctx: bookingContext(), doctorId, order: body, now }) }),
  });
  console.log(`مرخصی ${data.leave_id} ثبت شد: از ${when(data.from)} تا ${when(data.to)}`);
  if (data.cancelled.length === 0) {
    console.log('نوبتی در این بازه نبود.');
    return;
  }
  console.log(`\n${formatNumber(data.cancelled.length)} نوبت لغو شد و به بیماران پیامک رفت:\n`);
  console.log(
    table(
      ['کلید', 'زمان', 'بازگشت به کیف پول'],
      data.cancelled.map((c) => [c.key, when(c.start), rials(c.refunded)]),
    ),
  );
}

async function appointments([day, doctorId, ...rest]: string[]): Promise<void> {
  if (!day || rest.length > 0) throw new CliError('usage: npm run hospital -- appointments <date> [doctor_id]');
  const query = checked(HospitalAppointmentsQuerySchema, { date: typedDate(day), ...(doctorId ? { doctor_id: doctorId } : {}) });
  const search = new URLSearchParams({ date: query.date, ...(query.doctor_id ? { doctor_id: query.doctor_id } : {}) });
  const { data } = await perform<DeskAppointment[]>({
    method: 'GET',
    path: `/appointments?${search}`,
    direct: async (db) => ({ data: await listDay(db, bookingContext(), query.date, query.doctor_id) }),
  });
  const title = `${toLatinDigits(formatJalaliDate(`${query.date}T12:00:00+03:30`))} (${query.date})`;
  if (data.length === 0) {
    console.log(`نوبت قطعی‌ای برای ${title} نیست.`);
    return;
  }
  console.log(`نوبت‌های ${title}:\n`);
  console.log(
    table(
      ['ساعت', 'نوبت', 'کلید', 'پزشک', 'بیمار', 'کد ملی', 'موبایل', 'پرداخت‌شده'],
      data.map((a) => [
        toLatinDigits(formatTime(a.start)),
        String(a.turn),
        a.key,
        a.doctor_name,
        `${a.patient.first_name} ${a.patient.last_name}${a.patient.self ? '' : ' (برای دیگری)'}`,
        a.patient.international_code ?? '',
        a.patient.phone_number ?? '',
        rials(a.paid),
      ]),
    ),
  );
  console.log(`\n${formatNumber(data.length)} نوبت`);
}

async function refusedHolds(args: string[]): Promise<void> {
  if (args.length > 0) throw new CliError('usage: npm run hospital -- hold-refusals');
  const { data } = await perform<HoldRefusals>({ method: 'GET', path: '/hold-refusals', direct: async (db, now) => ({ data: await holdRefusals(db, now) }) });
  if (data.phones.length === 0 && data.addresses.length === 0) {
    console.log('در ۲۴ ساعت گذشته درخواست نگه‌داری نوبتی رد نشده است.');
    return;
  }
  console.log(`درخواست‌های ردشدهٔ نگه‌داری نوبت از ${when(data.since)}:\n`);
  if (data.phones.length > 0) {
    console.log(
      table(
        ['موبایل', 'حساب‌ها', 'ردشده', 'آخرین بار'],
        data.phones.map((p) => [p.phone_number, formatNumber(p.accounts), formatNumber(p.refusals), when(p.last_at)]),
      ),
    );
  }
  if (data.addresses.length > 0) {
    console.log(
      `\n${table(
        ['نشانی IP', 'ردشده', 'آخرین بار'],
        data.addresses.map((a) => [a.address, formatNumber(a.refusals), when(a.last_at)]),
      )}`,
    );
  }
}

async function main(args: string[]): Promise<number> {
  const [command = 'help', ...rest] = args;
  switch (command) {
    case 'new-key':
      newKey(rest);
      return 0;
    case 'withdrawals':
      await withdrawals(rest);
      return 0;
    case 'pay':
      await pay(rest);
      return 0;
    case 'reject':
      await reject(rest);
      return 0;
    case 'ledger-check':
      return ledgerCheck();
    case 'leave':
      await leave(rest);
      return 0;
    case 'appointments':
      await appointments(rest);
      return 0;
    case 'queue':
      await queue(rest);
      return 0;
    case 'waitlist':
      await waitlist(rest);
      return 0;
    case 'waitlist-stats':
      await waitlistStatsCommand(rest);
      return 0;
    case 'hold-refusals':
      await refusedHolds(rest);
      return 0;
    case 'requests':
      await listRequests(rest);
      return 0;
    case 'request-status':
      await requestStatus(rest);
      return 0;
    case 'invoice':
      await issue(rest);
      return 0;
    case 'void-invoice':
      await voidInvoice(rest);
      return 0;
    case 'result':
      await fileResult(rest);
      return 0;
    case 'detach-result':
      await detachResult(rest);
      return 0;
    case 'release-result':
      await releaseResult(rest);
      return 0;
    case 'help':
    case '--help':
    case '-h':
      console.log(HELP);
      return 0;
    default:
      console.error(`Unknown command "${command}".\n\n${HELP}`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof CliError || error instanceof EnvError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  },
);
