import type { InvoiceStatus } from '#lib/api/contracts/invoices.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import type { InvoiceFilter } from '#stores/invoices.ts';

export const STATUS_LABELS: Record<InvoiceStatus, string> = {
  unpaid: 'پرداخت‌نشده',
  paid: 'پرداخت‌شده',
  void: 'باطل‌شده',
};

/** The chip's colours: a word goes with each, colour is never the only signal. */
export const STATUS_TONES: Record<InvoiceStatus, string> = {
  unpaid: 'border-amber-700 text-amber-800 dark:border-amber-300 dark:text-amber-200',
  paid: 'border-success text-success',
  void: 'border-line text-muted',
};

export const FILTER_LABELS: Record<InvoiceFilter, string> = {
  all: 'همه',
  unpaid: 'پرداخت‌نشده',
  paid: 'پرداخت‌شده',
};

export const EMPTY_TEXTS: Record<InvoiceFilter, string> = {
  all: 'هنوز صورت‌حسابی برای شما صادر نشده است. صورت‌حساب خدماتی که از بیمارستان می‌گیرید اینجا می‌آید و پیامکش هم برایتان فرستاده می‌شود.',
  unpaid: 'صورت‌حساب پرداخت‌نشده‌ای ندارید.',
  paid: 'هنوز صورت‌حسابی پرداخت نکرده‌اید.',
};

/** What an invoice is for: the requested service, or else its first line (and how many more). */
export function invoiceTitle(invoice: { service_name?: string | undefined; items: readonly { title: string }[] }): string {
  if (invoice.service_name) return invoice.service_name;
  const [first, ...rest] = invoice.items;
  if (!first) return 'صورت‌حساب خدمات';
  return rest.length > 0 ? `${first.title} و ${toPersianDigits(rest.length)} قلم دیگر` : first.title;
}

export const PAPER_LABELS = {
  a4: 'برگهٔ A4',
  // A no-break space keeps «۸۰ میلی‌متری» together when the label wraps.
  receipt: 'رسید ۸۰\u00a0میلی‌متری',
} as const;
