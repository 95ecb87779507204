import { formatJalaliDate } from '../lib/format/date.ts';
import { toTehranIsoDate } from '../lib/format/date.ts';
import { toPersianDigits } from '../lib/format/digits.ts';
import { pregnancyStatus } from '../lib/pregnancy/calculator.ts';
import { $pregnancyDate } from '../stores/pregnancy.ts';

/**
 * Shows where the pregnancy stands today from the date remembered on this device, and marks the
 * current week in the list, with no framework: it works on the first paint and offline.
 */
const summary = document.querySelector<HTMLElement>('[data-pregnancy-summary]');
const field = (name: string) => summary?.querySelector<HTMLElement>(`[data-field="${name}"]`);

$pregnancyDate.subscribe((saved) => {
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
