/**
 * The invoice calls (spec/api.md "Service requests and invoices"), the patient's, the public link's
 * and the hospital's: request schemas and answer shapes, used by the invoice islands and pages, the
 * endpoints (pages/api/invoices/*, pages/api/public/invoices/*) and `npm run hospital`.
 */
import * as v from 'valibot';
import { inputMessage, required, SingleLineInputSchema } from '../../validation/base.ts';
import { IsoInstantSchema } from '../../validation/datetime.ts';
import { maxLengthMessage } from '../../validation/messages.ts';
import { NationalCodeSchema } from '../../validation/national-code.ts';
import { MobileSchema } from '../../validation/phone.ts';
import { type ListMeta, PageQuerySchema } from './list.ts';

export const INVOICE_STATUSES = ['unpaid', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_NAMES: Record<InvoiceStatus, string> = { unpaid: 'پرداخت‌نشده', paid: 'پرداخت‌شده', void: 'باطل‌شده' };

/** IN-XXXXXX. */
export const INVOICE_KEY_PATTERN = /^IN-[0-9A-Z]{6}$/;
/** Lines an invoice may have. */
export const INVOICE_MAX_ITEMS = 50;
export const INVOICE_ITEM_TITLE_MAX = 120;
export const VOID_REASON_MAX = 300;
/** One line's or one invoice's most (api.md: amounts ≤ 10^13). */
export const INVOICE_AMOUNT_MAX = 10_000_000_000_000;

/** `GET /invoices?status=unpaid|paid|all&page=&per_page=` (unpaid first, then newest). */
export const InvoicesQuerySchema = v.object({
  ...PageQuerySchema.entries,
  status: v.optional(v.picklist(['unpaid', 'paid', 'all'] as const, 'وضعیت باید unpaid، paid یا all باشد'), 'all'),
});
export type InvoicesQuery = v.InferOutput<typeof InvoicesQuerySchema>;

export interface InvoiceItem {
  title: string;
  quantity: number;
  /** Rials. */
  unit_price: number;
  insurance_share: number;
  discount: number;
  /** quantity × unit_price − insurance_share − discount. */
  patient_share: number;
}

export interface InvoiceTotals {
  /** Σ quantity × unit_price. */
  total: number;
  insurance_total: number;
  discount_total: number;
  /** What the patient owes: Σ patient_share. */
  payable: number;
  /** What has been paid (payable once paid, else 0). */
  paid: number;
}

/** The hospital that issues invoices (env HOSPITAL_NAME …), on the invoice and its print. */
export interface InvoiceIssuer {
  name: string;
  phone?: string;
  address?: string;
}

/** An invoice as its patient sees it (`GET /invoices/{key}`; the list gives the same). */
export interface Invoice extends InvoiceTotals {
  key: string;
  status: InvoiceStatus;
  items: InvoiceItem[];
  due_at?: string;
  service_request_key?: string;
  /** The requested service's name, when the invoice belongs to a request. */
  service_name?: string;
  patient: { first_name: string; last_name: string };
  issuer: InvoiceIssuer;
  issued_at: string;
  paid_at?: string;
  /** Rials taken from the wallet, and paid at the bank (by the patient or through the public link). */
  paid_from_wallet: number;
  paid_by_bank: number;
  /** Paid through the shared link (by someone else). */
  paid_by_link?: boolean;
  voided_at?: string;
  void_reason?: string;
  /** While a bank payment of the patient is open: its id (the wallet part waits aside). */
  payment_id?: string;
  /** Its live public links, newest first (`GET /invoices/{key}` only; the list leaves them out). */
  links?: InvoiceLink[];
}

/** A live public link of an invoice, as its patient sees it (the token itself only in the share answer). */
export interface InvoiceLink {
  id: number;
  created_by: 'patient' | 'hospital';
  created_at: string;
  /** When it stops opening: a set time after the invoice is paid or voided; absent while unpaid. */
  expires_at?: string;
}

export interface InvoiceAnswer {
  success: true;
  data: Invoice;
}
export interface InvoicesAnswer {
  success: true;
  data: Invoice[];
  meta: ListMeta & { unpaid_count: number; unpaid_total: number };
}

/** `POST /invoices/{key}/pay` `{use_wallet}` — as appointment pay. */
export const InvoicePaySchema = v.object({ use_wallet: v.boolean('باید مشخص شود که از کیف پول پرداخت شود یا نه') });
export type InvoicePayBody = v.InferOutput<typeof InvoicePaySchema>;

export type InvoicePayAnswer =
  | { success: true; data: { status: 'paid'; key: string; invoice: Invoice } }
  | { success: true; data: { status: 'awaiting_payment'; key: string; payment_id: string; redirect_url: string; amount: number } };

/**
 * `POST /invoices/{key}/share`: `{url}` is a path on this site, `/sr/invoice/<token>`; the newest
 * live link again while there is one, else a new one.
 */
export interface InvoiceShareAnswer {
  success: true;
  data: InvoiceLink & { url: string; token: string };
}

/** `POST /invoices/{key}/links/{id}/revoke`: the link opens nothing from now on. */
export interface InvoiceLinkRevokeAnswer {
  success: true;
  data: { id: number; revoked: true };
}

/** The public view of an invoice (`GET /public/invoices/{token}`): no national code, no phone, the name masked. */
export interface PublicInvoice extends InvoiceTotals {
  key: string;
  status: InvoiceStatus;
  items: InvoiceItem[];
  due_at?: string;
  service_name?: string;
  /** «م*** ر***» */
  patient_masked: string;
  issuer: InvoiceIssuer;
  issued_at: string;
  paid_at?: string;
  /** True while it can be paid through the link. */
  can_pay: boolean;
}
export interface PublicInvoiceAnswer {
  success: true;
  data: PublicInvoice;
}
export interface PublicPayAnswer {
  success: true;
  data: { payment_id: string; redirect_url: string };
}

/** A share token in a URL: 22 characters of base64url (128 random bits). */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

// The hospital side.

const rialField = (description: string) =>
  v.pipe(v.number('باید عدد باشد'), v.description(description), v.integer('باید عدد صحیح باشد'), v.minValue(0, 'نمی‌تواند منفی باشد'), v.maxValue(INVOICE_AMOUNT_MAX, 'بیش از حد مجاز است'));

export const InvoiceItemInputSchema = v.pipe(
  v.object({
    title: v.pipe(
      v.string(inputMessage),
      v.description('What the line is for, in Persian (shown to the patient and on the public link).'),
      v.maxLength(INVOICE_ITEM_TITLE_MAX, maxLengthMessage(INVOICE_ITEM_TITLE_MAX)),
      required(SingleLineInputSchema),
    ),
    quantity: v.pipe(v.number('باید عدد باشد'), v.description('How many (1–1000).'), v.integer('باید عدد صحیح باشد'), v.minValue(1, 'دست‌کم ۱'), v.maxValue(1000, 'حداکثر ۱۰۰۰')),
    unit_price: rialField('Rials per unit.'),
    insurance_share: v.optional(rialField('Rials of this line the insurer pays.'), 0),
    discount: v.optional(rialField('Rials of this line the hospital waives.'), 0),
  }),
  v.check((item) => item.quantity * item.unit_price <= INVOICE_AMOUNT_MAX, 'مبلغ سطر بیش از حد مجاز است'),
  v.check((item) => item.insurance_share + item.discount <= item.quantity * item.unit_price, 'سهم بیمه و تخفیف از مبلغ سطر بیشتر است'),
);
export type InvoiceItemInput = v.InferOutput<typeof InvoiceItemInputSchema>;

/** `POST /invoices` (hospital): issues an invoice to the account with this national code and phone. */
export const IssueInvoiceSchema = v.pipe(
  v.object({
    patient: v.object({
      international_code: NationalCodeSchema,
      phone_number: MobileSchema,
    }),
    service_request_key: v.optional(v.pipe(v.string(inputMessage), v.description('The request this invoice prices (SR-XXXXXX).'), v.regex(/^SR-[0-9A-Z]{6}$/, 'کد درخواست معتبر نیست'))),
    items: v.pipe(v.array(InvoiceItemInputSchema, 'اقلام باید فهرست باشد'), v.minLength(1, 'دست‌کم یک قلم لازم است'), v.maxLength(INVOICE_MAX_ITEMS, `حداکثر ${INVOICE_MAX_ITEMS} قلم`)),
    due_at: v.optional(v.pipe(IsoInstantSchema, v.description('When it should be paid by: an ISO 8601 instant with `Z`.'))),
  }),
  v.check((body) => body.items.reduce((sum, item) => sum + item.quantity * item.unit_price, 0) <= INVOICE_AMOUNT_MAX, 'جمع صورت‌حساب بیش از حد مجاز است'),
);
export type IssueInvoiceBody = v.InferOutput<typeof IssueInvoiceSchema>;

const PERSIAN_LETTER = /[\u0621-\u064A\u067E\u0686\u0698\u06A9\u06AF\u06CC]/;

/** `POST /invoices/{key}/void` `{reason}`: shown to the patient, so Persian, one line. */
export const VoidInvoiceSchema = v.object({
  reason: v.pipe(
    v.string(inputMessage),
    v.description('Why the invoice is void, in Persian, one line; shown to the patient.'),
    v.maxLength(VOID_REASON_MAX, maxLengthMessage(VOID_REASON_MAX)),
    required(SingleLineInputSchema),
    v.regex(PERSIAN_LETTER, 'علت را به فارسی بنویسید'),
  ),
});
export type VoidInvoiceBody = v.InferOutput<typeof VoidInvoiceSchema>;
