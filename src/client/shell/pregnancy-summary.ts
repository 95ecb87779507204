import { $pregnancyDate, type RememberedPregnancyDate } from '#client/state/pregnancy.ts';
import { formatJalaliDate, toTehranIsoDate } from '#lib/format/date.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import { BASIS_LABELS, PREGNANCY_BASIS_NAME, PREGNANCY_DATE_FIELD } from '#lib/pregnancy/basis.ts';
import { pregnancyStatus } from '#lib/pregnancy/calculator.ts';

/**
 * Shows where the pregnancy stands today from the date remembered on this device, and marks the
 * current week in the list, with no framework: it works on the first paint and offline.
 */
const summary = document.querySelector<HTMLElement>('[data-pregnancy-summary]');
const field = (name: string) => summary?.querySelector<HTMLElement>(`[data-field="${name}"]`);

/**
 * The calculator's form is prerendered empty and hydrates only when touched: until then, show the
 * remembered date (and its basis) in it, as its first render after hydration will. Once hydrated,
 * React owns the form.
 */
function showInCalculator(saved: RememberedPregnancyDate | undefined) {
  const button = document.getElementById(PREGNANCY_DATE_FIELD);
  if (!saved || !button?.closest('astro-island')?.hasAttribute('ssr')) return;
  const radio = document.querySelector<HTMLInputElement>(`input[name="${PREGNANCY_BASIS_NAME}"][value="${saved.basis}"]`);
  if (radio) radio.checked = true;
  const label = document.getElementById(`${PREGNANCY_DATE_FIELD}-label`);
  if (label) label.textContent = BASIS_LABELS[saved.basis];
  const value = document.getElementById(`${PREGNANCY_DATE_FIELD}-value`);
  if (value) value.textContent = formatJalaliDate(`${saved.date}T12:00:00Z`, 'short');
}

$pregnancyDate.subscribe((saved) => {
  showInCalculator(saved);
  for (const link of document.querySelectorAll('[data-week][aria-current]')) link.removeAttribute('aria-current');
  const result = saved ? pregnancyStatus(saved.basis, saved.date, toTehranIsoDate(new Date())) : undefined;
  if (!summary) return;
  if (!result?.ok) {
    summary.hidden = true;
    return;
  }
  const { status } = result;
  field('week')!.textContent = `هفتهٔ ${toPersianDigits(status.currentWeek)} بارداری`;
  field('elapsed')!.textContent = `${toPersianDigits(status.weeks)} هفته و ${toPersianDigits(status.days)} روز از اولین روز آخرین قاعدگی گذشته است.`;
  field('due')!.textContent = formatJalaliDate(`${status.dueDate}T12:00:00Z`, 'long');
  field('to-go')!.textContent = status.daysToGo > 0 ? `${toPersianDigits(status.daysToGo)} روز تا تاریخ احتمالی زایمان` : 'تاریخ احتمالی زایمان رسیده است.';
  const link = field('link') as HTMLAnchorElement;
  link.href = `/pregnancy-timeline/${status.currentWeek}`;
  link.textContent = `دربارهٔ هفتهٔ ${toPersianDigits(status.currentWeek)} بخوانید`;
  summary.hidden = false;
  document.querySelector(`[data-week="${status.currentWeek}"]`)?.setAttribute('aria-current', 'step');
});
