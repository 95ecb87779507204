/**
 * The hospital side's calls (spec/api.md "Hospital side", `/api/hospital/v1`): the scopes a key
 * may hold and each call's valibot schema, used by the endpoints, their OpenAPI document and
 * `npm run hospital`.
 */
import * as v from 'valibot';
import { inputMessage, required, SingleLineInputSchema } from '../../validation/base.ts';
import { existsInCalendar } from '../../validation/datetime.ts';
import { maxLengthMessage } from '../../validation/messages.ts';
import { normalizeDigits } from '../../validation/normalize.ts';
import { BookingDaySchema, DoctorIdSchema } from './appointments.ts';
import { INVOICE_STATUSES } from './invoices.ts';
import { PageQuerySchema } from './list.ts';
import { REQUEST_FILE_TYPES, SERVICE_REQUEST_STATUSES, SERVICE_WINDOW_KEYS } from './service-requests.ts';
import { WITHDRAWAL_STATUSES } from './wallet.ts';

export const HOSPITAL_SCOPES = ['appointments', 'service-requests', 'invoices', 'test-results', 'withdrawals', 'queue'] as const;
export type HospitalScope = (typeof HOSPITAL_SCOPES)[number];

/** The base path of the hospital API. */
export const HOSPITAL_API_BASE = '/api/hospital/v1';

/** `GET /withdrawals?status=&page=&per_page=` (oldest first: the order to pay them in). */
export const HospitalWithdrawalsQuerySchema = v.object({
  ...PageQuerySchema.entries,
  status: v.optional(v.picklist(WITHDRAWAL_STATUSES, 'وضعیت باید یکی از pending، paid، rejected یا cancelled باشد')),
});
export type HospitalWithdrawalsQuery = v.InferOutput<typeof HospitalWithdrawalsQuerySchema>;

export const BANK_REFERENCE_MAX = 64;
export const REJECT_REASON_MAX = 500;
const PRINTABLE_ASCII = /^[\x21-\x7E]+(?: [\x21-\x7E]+)*$/;
const PERSIAN_LETTER = /[\u0621-\u064A\u067E\u0686\u0698\u06A9\u06AF\u06CC]/;

// Each text field opens with the rules a client can read in the OpenAPI document (its input side,
// up to the first transformation); normalising never lengthens a text, so the limit holds after it.

/** `POST /withdrawals/{key}/paid` `{bank_reference}`: the bank's transfer reference, 1–64 printable characters (Persian digits become Latin). */
export const WithdrawalPaidSchema = v.object({
  bank_reference: v.pipe(
    v.string(inputMessage),
    v.description('The bank transfer reference (شماره پیگیری): printable ASCII; Persian digits are read as Latin ones.'),
    v.maxLength(BANK_REFERENCE_MAX, maxLengthMessage(BANK_REFERENCE_MAX)),
    required(SingleLineInputSchema),
    v.transform(normalizeDigits),
    v.regex(PRINTABLE_ASCII, 'شمارهٔ پیگیری فقط حرف لاتین، رقم و نشانه‌های چاپی می‌پذیرد'),
  ),
});
export type WithdrawalPaidBody = v.InferOutput<typeof WithdrawalPaidSchema>;

/** A reason sent to patients by SMS: Persian, one line, at most `max` characters. */
const smsReasonSchema = (max: number, description: string, message: string) =>
  v.pipe(v.string(inputMessage), v.description(description), v.maxLength(max, maxLengthMessage(max)), required(SingleLineInputSchema), v.regex(PERSIAN_LETTER, message));

/** `POST /withdrawals/{key}/reject` `{reason}`: told to the patient by SMS, so Persian, one line, at most 500 characters. */
export const WithdrawalRejectSchema = v.object({
  reason: smsReasonSchema(REJECT_REASON_MAX, 'Why the withdrawal is refused, in Persian, one line; sent to the patient by SMS.', 'علت را به فارسی بنویسید؛ برای بیمار پیامک می‌شود'),
});
export type WithdrawalRejectBody = v.InferOutput<typeof WithdrawalRejectSchema>;

export const LEAVE_REASON_MAX = 200;
const LEAVE_BOUND = /^(\d{4}-\d{2}-\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?Z)?$/;
const LEAVE_BOUND_MESSAGE = 'زمان باید روزی به شکل YYYY-MM-DD یا لحظه‌ای به شکل ISO با Z باشد (مثل 2026-12-01T08:00:00Z)';

/** A real calendar day (no 30 February) and time between 1900 and 2999, as BookingDaySchema bounds days. */
function isLeaveBound(value: string): boolean {
  const day = LEAVE_BOUND.exec(value)?.[1];
  return day !== undefined && day >= '1900-01-01' && day <= '2999-12-31' && !Number.isNaN(Date.parse(value)) && existsInCalendar(value);
}

const LeaveBoundSchema = (description: string) =>
  v.pipe(v.string(inputMessage), v.description(description), v.maxLength(30, LEAVE_BOUND_MESSAGE), v.regex(LEAVE_BOUND, LEAVE_BOUND_MESSAGE), v.check(isLeaveBound, LEAVE_BOUND_MESSAGE));

/**
 * `POST /doctors/{doctor_id}/leaves` `{from, to, reason}`: whole Tehran days or exact instants; the
 * reason is sent to each affected patient by SMS, so Persian, one line, at most 200 characters.
 */
export const LeaveSchema = v.object({
  from: LeaveBoundSchema('The first day of the leave (`YYYY-MM-DD`, Tehran, from its start) or an ISO 8601 instant in UTC with `Z`.'),
  to: LeaveBoundSchema('The last day of the leave (`YYYY-MM-DD`, Tehran, to its end: inclusive) or an ISO 8601 instant in UTC with `Z`; not before `from`.'),
  reason: smsReasonSchema(LEAVE_REASON_MAX, 'Why the doctor is away, in Persian, one line; sent to the affected patients by SMS.', 'علت را به فارسی بنویسید؛ برای بیماران پیامک می‌شود'),
});
export type LeaveBody = v.InferOutput<typeof LeaveSchema>;

/** `POST /doctors/{doctor_id}/leaves`: the leave filed, and each booking it cancelled. */
export const HospitalLeaveSchema = v.object({
  leave_id: v.pipe(v.number(), v.integer()),
  /** The leave's start, an instant. */
  from: v.pipe(v.string(), v.isoTimestamp()),
  /** The leave's end (exclusive), an instant. */
  to: v.pipe(v.string(), v.isoTimestamp()),
  cancelled: v.array(
    v.object({
      key: v.string(),
      start: v.pipe(v.string(), v.isoTimestamp()),
      /** Rials returned to the patient's wallet. */
      refunded: v.pipe(v.number(), v.integer()),
    }),
  ),
});

/** `DELETE /doctors/{doctor_id}/leaves/{leave_id}`: the leave withdrawn, and how many of the slots it freed went to patients waiting. */
export const HospitalLeaveWithdrawnSchema = v.object({
  leave_id: v.pipe(v.number(), v.integer()),
  /** When it was withdrawn: the first withdrawal's time, on a repeat too. */
  withdrawn_at: v.pipe(v.string(), v.isoTimestamp()),
  /** Freed slots offered to the waitlist by this call (0 on a repeat); the rest are free for everyone. */
  offered: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type HospitalLeaveWithdrawn = v.InferOutput<typeof HospitalLeaveWithdrawnSchema>;

/** `GET /appointments?date=&doctor_id=`: one Tehran day, optionally one doctor. */
export const HospitalAppointmentsQuerySchema = v.object({
  date: v.pipe(v.string(inputMessage), v.description('The Tehran calendar day, `YYYY-MM-DD`.'), BookingDaySchema),
  doctor_id: v.optional(DoctorIdSchema),
});
export type HospitalAppointmentsQuery = v.InferOutput<typeof HospitalAppointmentsQuerySchema>;

/** A confirmed booking as the clinic desk sees it (the patient's national code and phone, to receive them). */
export const DeskAppointmentSchema = v.object({
  key: v.string(),
  doctor_id: v.string(),
  doctor_name: v.string(),
  clinic_id: v.string(),
  start: v.pipe(v.string(), v.isoTimestamp()),
  end: v.pipe(v.string(), v.isoTimestamp()),
  /** The slot's number within its session (نوبت). */
  turn: v.pipe(v.number(), v.integer()),
  /** Rials. */
  fee: v.pipe(v.number(), v.integer()),
  /** Rials paid, from the wallet and by the bank. */
  paid: v.pipe(v.number(), v.integer()),
  patient: v.object({
    first_name: v.string(),
    last_name: v.string(),
    international_code: v.nullable(v.string()),
    phone_number: v.nullable(v.string()),
    /** Booked by the patient for themself (else for someone else by the account holder, whose phone this is). */
    self: v.boolean(),
  }),
});

/** An answer's `data` for a withdrawal, as the hospital sees it (the whole IBAN and the holder, to pay it). */
export const HospitalWithdrawalSchema = v.object({
  key: v.string(),
  /** Rials. */
  amount: v.pipe(v.number(), v.integer()),
  /** 24 digits, without IR. */
  iban: v.pipe(v.string(), v.regex(/^\d{24}$/)),
  /** The patient's full name. */
  holder: v.string(),
  phone_number: v.string(),
  status: v.picklist(WITHDRAWAL_STATUSES),
  created_at: v.pipe(v.string(), v.isoTimestamp()),
  settled_at: v.optional(v.pipe(v.string(), v.isoTimestamp())),
  bank_reference: v.optional(v.string()),
  reason: v.optional(v.string()),
});

/** `GET /ledger/check`: the ledger's consistency. */
export const LedgerCheckSchema = v.object({
  /** True when all balances sum to zero, every cached balance equals its entries, and no wallet is below zero. */
  ok: v.boolean(),
  accounts: v.pipe(v.number(), v.integer()),
  transfers: v.pipe(v.number(), v.integer()),
  /** The sum of all balances (0 when consistent). */
  sum: v.pipe(v.number(), v.integer()),
  mismatches: v.array(v.object({ account: v.string(), cached: v.pipe(v.number(), v.integer()), entries: v.pipe(v.number(), v.integer()) })),
});

const instant = v.pipe(v.string(), v.isoTimestamp());
const rials = v.pipe(v.number(), v.integer());

/** The requests still on the desk's plate: not yet done, cancelled or rejected. */
export const OPEN_SERVICE_REQUEST_STATUSES = ['submitted', 'reviewing', 'scheduled', 'in_progress'] as const;

/** `GET /service-requests?status=&page=&per_page=`: `open` (default) is the desk's queue; `all`, or one status. */
export const HospitalServiceRequestsQuerySchema = v.object({
  ...PageQuerySchema.entries,
  status: v.optional(
    v.pipe(
      v.picklist(['open', 'all', ...SERVICE_REQUEST_STATUSES], 'وضعیت باید open، all یا یکی از وضعیت‌های درخواست باشد'),
      v.description('`open` (default): submitted, reviewing, scheduled and in_progress; `all`; or one status.'),
    ),
    'open',
  ),
});
export type HospitalServiceRequestsQuery = v.InferOutput<typeof HospitalServiceRequestsQuerySchema>;

/** A service request as the hospital's desk sees it: who, where, when, and how to reach them. */
export const DeskServiceRequestSchema = v.object({
  key: v.string(),
  service_id: v.string(),
  /** The service's Persian name. */
  service_name: v.string(),
  status: v.picklist(SERVICE_REQUEST_STATUSES),
  patient: v.object({
    first_name: v.string(),
    last_name: v.string(),
    /** The patient's national code (the relative's, for a request made for someone else). */
    international_code: v.nullable(v.string()),
    /** The account holder's mobile: where the portal's SMS go. */
    phone_number: v.string(),
    /** Requested by the patient for themself (else by the account holder for someone else). */
    self: v.boolean(),
  }),
  /** The phone to call about the visit (mobile or landline), as given with the request. */
  phone: v.string(),
  address: v.string(),
  /** The Tehran day asked for, `YYYY-MM-DD`. */
  preferred_date: v.string(),
  preferred_window: v.picklist(SERVICE_WINDOW_KEYS),
  notes: v.optional(v.string()),
  /** The e-prescription's tracking code (کد رهگیری نسخهٔ الکترونیک), when the patient gave one. */
  prescription_code: v.optional(v.string()),
  /** The visit's time, once set. */
  scheduled_at: v.optional(instant),
  invoice_keys: v.array(v.string()),
  /** The patient's photos and PDFs (the prescription); `GET /service-requests/{key}/files/{id}` gives each one's bytes. */
  files: v.array(
    v.object({
      id: v.string(),
      /** Cleaned by the portal: no path, the extension of the real type. */
      name: v.string(),
      type: v.picklist(REQUEST_FILE_TYPES),
      /** Bytes. */
      size: v.number(),
      created_at: instant,
    }),
  ),
  created_at: instant,
  updated_at: instant,
  /** Every move, oldest first: in the answer of a single request, not in lists. */
  history: v.optional(
    v.array(
      v.object({
        status: v.picklist(SERVICE_REQUEST_STATUSES),
        note: v.optional(v.string()),
        at: instant,
        by: v.picklist(['patient', 'hospital']),
        scheduled_at: v.optional(instant),
      }),
    ),
  ),
});

/** `POST /invoices`: the new invoice, and the public link the patient got by SMS (while unpaid). */
export const IssuedInvoiceSchema = v.object({
  key: v.string(),
  /** `paid` at once when nothing is left for the patient to pay. */
  status: v.picklist(['unpaid', 'paid']),
  /** Rials the patient owes. */
  payable: rials,
  /** The public link (`/sr/invoice/<token>`, absolute): anyone holding it may see the invoice and pay it. */
  url: v.optional(v.pipe(v.string(), v.url())),
});

/** An invoice as the hospital sees it (`GET /invoices/{key}`, the answer of a void). */
export const HospitalInvoiceSchema = v.object({
  key: v.string(),
  status: v.picklist(INVOICE_STATUSES),
  items: v.array(
    v.object({
      title: v.string(),
      quantity: v.pipe(v.number(), v.integer()),
      unit_price: rials,
      insurance_share: rials,
      discount: rials,
      patient_share: rials,
    }),
  ),
  total: rials,
  insurance_total: rials,
  discount_total: rials,
  payable: rials,
  paid: rials,
  due_at: v.optional(instant),
  service_request_key: v.optional(v.string()),
  patient: v.object({
    /** The name on the invoice (the relative's, when it prices a request made for one). */
    first_name: v.string(),
    last_name: v.string(),
    /** The account holder's national code and mobile: whom it was issued to. */
    international_code: v.string(),
    phone_number: v.string(),
  }),
  /** The API key that issued it. */
  issued_by: v.string(),
  issued_at: instant,
  paid_at: v.optional(instant),
  /** Rials taken from the wallet, and paid at the bank (by the patient or through the public link). */
  paid_from_wallet: rials,
  paid_by_bank: rials,
  paid_by_link: v.boolean(),
  voided_at: v.optional(instant),
  void_reason: v.optional(v.string()),
});

/** `GET /payer-refunds?status=due|done&page=&per_page=`: link payments owed back to their cards (oldest first). */
export const PayerRefundsQuerySchema = v.object({
  ...PageQuerySchema.entries,
  status: v.optional(v.picklist(['due', 'done'] as const, 'وضعیت باید due یا done باشد'), 'due'),
});
export type PayerRefundsQuery = v.InferOutput<typeof PayerRefundsQuerySchema>;

/** `POST /payer-refunds/{payment_id}/done` `{bank_reference}`: the hospital sent the money back to the card. */
export const PayerRefundDoneSchema = WithdrawalPaidSchema;
export type PayerRefundDoneBody = v.InferOutput<typeof PayerRefundDoneSchema>;

/**
 * A payment made through an invoice's public link after the invoice was already settled: the money
 * is owed back to the card it came from (the bank's reference and the masked card identify it).
 */
export const PayerRefundSchema = v.object({
  payment_id: v.string(),
  /** Rials. */
  amount: v.pipe(v.number(), v.integer()),
  invoice_key: v.string(),
  /** The gateway's reference of the payment to return (شمارهٔ پیگیری). */
  ref_id: v.optional(v.string()),
  card_pan: v.optional(v.string()),
  paid_at: v.pipe(v.string(), v.isoTimestamp()),
  status: v.picklist(['due', 'done']),
  refunded_at: v.optional(v.pipe(v.string(), v.isoTimestamp())),
  bank_reference: v.optional(v.string()),
});
export type PayerRefund = v.InferOutput<typeof PayerRefundSchema>;

/**
 * `GET /hold-refusals`: who was refused slot holds in the last 24 hours (beyond the holds of a
 * phone or an address, or re-holding a slot that had just lapsed), most refused first: a phone or
 * an address high on this list is trying to hold a doctor's slots without paying.
 */
export const HoldRefusalsSchema = v.object({
  since: v.pipe(v.string(), v.isoTimestamp()),
  phones: v.array(
    v.object({
      phone_number: v.string(),
      /** How many accounts the phone owns. */
      accounts: v.pipe(v.number(), v.integer()),
      refusals: v.pipe(v.number(), v.integer()),
      last_at: v.pipe(v.string(), v.isoTimestamp()),
    }),
  ),
  addresses: v.array(v.object({ address: v.string(), refusals: v.pipe(v.number(), v.integer()), last_at: v.pipe(v.string(), v.isoTimestamp()) })),
});
export type HoldRefusals = v.InferOutput<typeof HoldRefusalsSchema>;
