/** `npm run hospital -- invoice | void-invoice`: issuing an invoice (the patient gets its link by SMS) and voiding one. */
import { readFileSync } from 'node:fs';
import { INVOICE_STATUS_NAMES, IssueInvoiceSchema, VoidInvoiceSchema } from '../../src/lib/api/contracts/invoices.ts';
import { addDays, tehranInstant } from '../../src/lib/appointments/slots.ts';
import { toLatinDigits } from '../../src/lib/format/digits.ts';
import { isIsoDate } from '../../src/lib/validation/person.ts';
import { env } from '../../src/server/env.ts';
import { CLI_KEY_NAME } from '../../src/server/hospital/keys.ts';
import { type HospitalInvoice, type IssuedInvoice, invoiceForHospital, issueInvoice, voidInvoiceForHospital } from '../../src/server/invoices/hospital.ts';
import { catalogueServices } from '../../src/server/invoices/settings.ts';
import { CliError, checked, onlyOptions, options, perform, rials, table, typedKey, when } from './cli.ts';

export const INVOICES_HELP = `  invoice --patient <national code> --phone <09…> [--request SR-…] --item "title:qty:unit_price[:insurance[:discount]]"
          [--item …] [--due YYYY-MM-DD] [--file items.json]
                                  issues an invoice and prints its key and public link (the patient gets it by SMS);
                                  amounts in rials; --file holds the lines as JSON [{title, quantity, unit_price,
                                  insurance_share?, discount?}] instead of --item; --due is a Tehran day (or an instant with Z)
  void-invoice <IN-key> --reason "…"
                                  voids an unpaid invoice; the patient gets an SMS with the reason (Persian, one line)`;

const INVOICE_USAGE =
  'invoice --patient <national code> --phone <09…> [--request SR-…] --item "title:qty:unit_price[:insurance[:discount]]" [--item …] [--due YYYY-MM-DD] [--file items.json]';
const VOID_USAGE = 'void-invoice <IN-key> --reason "…"';

/** A typed amount: Persian digits and thousands separators allowed; anything else stays text for the schema to refuse. */
function amount(typed: string): number | string {
  const value = toLatinDigits(typed.trim()).replace(/[,\u066C_]/g, '');
  return /^\d{1,16}$/.test(value) ? Number(value) : typed;
}

const ITEM_FIELDS = ['quantity', 'unit_price', 'insurance_share', 'discount'] as const;

/** `--item "title:qty:unit_price[:insurance[:discount]]"` → a line of the request body. */
export function itemOf(typed: string, index: number): Record<string, unknown> {
  const [title, ...numbers] = typed.split(':');
  if (!title?.trim() || numbers.length < 2 || numbers.length > ITEM_FIELDS.length) {
    throw new CliError(`--item ${index + 1} («${typed}») must be title:qty:unit_price[:insurance[:discount]] (a title with ":" goes in --file)`);
  }
  return { title, ...Object.fromEntries(numbers.map((value, i) => [ITEM_FIELDS[i], amount(value)])) };
}

/** The lines of `--file`: a JSON array of lines, or an object with `items`. */
function itemsFromFile(file: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CliError(`--file ${file}: ${(error as Error).message}`);
  }
  if (Array.isArray(parsed)) return parsed;
  if (parsed && typeof parsed === 'object' && 'items' in parsed) return (parsed as { items: unknown }).items;
  throw new CliError(`--file ${file}: expected a JSON array of lines [{title, quantity, unit_price, insurance_share?, discount?}] or {"items": […]}`);
}

/** `--due`: a Tehran day means to its end; anything else goes to the schema as it is (an instant with Z). */
export function dueTime(typed: string): string {
  const value = toLatinDigits(typed.trim());
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  if (!isIsoDate(value)) throw new CliError(`--due: «${typed}» is not a day (YYYY-MM-DD)`);
  return new Date(tehranInstant(addDays(value, 1), '00:00').getTime() - 1000).toISOString();
}

export async function issue(args: string[]): Promise<void> {
  const { words, flags, lists } = options(args);
  if (words.length > 0) throw new CliError(`usage: npm run hospital -- ${INVOICE_USAGE}`);
  onlyOptions(flags, ['patient', 'phone', 'request', 'item', 'due', 'file'], INVOICE_USAGE);
  if (flags.file !== undefined && lists.item) throw new CliError('Give the lines with --item or with --file, not both.');
  if (flags.file === undefined && !lists.item) throw new CliError(`No lines: add --item "title:qty:unit_price" (or --file items.json).\nusage: npm run hospital -- ${INVOICE_USAGE}`);
  const body = checked(IssueInvoiceSchema, {
    patient: { international_code: flags.patient, phone_number: flags.phone },
    ...(flags.request === undefined ? {} : { service_request_key: typedKey(flags.request) }),
    items: flags.file === undefined ? lists.item!.map(itemOf) : itemsFromFile(flags.file),
    ...(flags.due === undefined ? {} : { due_at: dueTime(flags.due) }),
  });
  const { data } = await perform<IssuedInvoice>({
    method: 'POST',
    path: '/invoices',
    body,
    status: 201,
    direct: async (db, now) => ({ data: await issueInvoice(db, body, { issuedBy: CLI_KEY_NAME, siteUrl: env().PUBLIC_SITE_URL, now }) }),
  });
  console.log(`صورت‌حساب ${data.key} صادر شد. مبلغ قابل پرداخت: ${rials(data.payable)}`);
  if (data.url) console.log(`پیوند پرداخت (برای بیمار پیامک شد):\n${data.url}`);
  else console.log('سهمی برای بیمار نمانده است؛ صورت‌حساب پرداخت‌شده ثبت شد.');
}

function printInvoice(invoice: HospitalInvoice): void {
  console.log(
    [
      `صورت‌حساب ${invoice.key}: ${INVOICE_STATUS_NAMES[invoice.status]}`,
      `بیمار: ${invoice.patient.first_name} ${invoice.patient.last_name} (کد ملی ${invoice.patient.international_code}، همراه ${invoice.patient.phone_number})`,
      ...(invoice.service_request_key ? [`درخواست: ${invoice.service_request_key}`] : []),
      `جمع: ${rials(invoice.total)}   بیمه: ${rials(invoice.insurance_total)}   تخفیف: ${rials(invoice.discount_total)}   سهم بیمار: ${rials(invoice.payable)}`,
      ...(invoice.void_reason ? [`علت ابطال: ${invoice.void_reason}`] : []),
      ...(invoice.voided_at ? [`زمان ابطال: ${when(invoice.voided_at)}`] : []),
    ].join('\n'),
  );
  console.log(
    `\n${table(
      ['شرح', 'تعداد', 'فی', 'بیمه', 'تخفیف', 'سهم بیمار'],
      invoice.items.map((item) => [item.title, String(item.quantity), rials(item.unit_price), rials(item.insurance_share), rials(item.discount), rials(item.patient_share)]),
    )}`,
  );
}

export async function voidInvoice(args: string[]): Promise<void> {
  const { words, flags } = options(args);
  const [key, ...rest] = words;
  if (!key || rest.length > 0 || flags.reason === undefined) throw new CliError(`usage: npm run hospital -- ${VOID_USAGE}`);
  onlyOptions(flags, ['reason'], VOID_USAGE);
  const body = checked(VoidInvoiceSchema, { reason: flags.reason });
  const { data } = await perform<HospitalInvoice>({
    method: 'POST',
    path: `/invoices/${encodeURIComponent(typedKey(key))}/void`,
    body,
    direct: async (db, now) => {
      await voidInvoiceForHospital(db, { services: catalogueServices(), key: typedKey(key), body, now });
      return { data: await invoiceForHospital(db, catalogueServices(), typedKey(key)) };
    },
  });
  printInvoice(data);
}
