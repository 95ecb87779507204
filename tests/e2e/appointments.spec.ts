import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Appointment, SlotsAnswer } from '../../src/lib/api/contracts/appointments.ts';
import { cancelUntilOf, deadlineText } from '../../src/lib/appointments/cancel-rule.ts';
import { formatTime } from '../../src/lib/format/date.ts';
import { formatRial } from '../../src/lib/format/number.ts';
import { formatRialWithToman } from '../../src/lib/format/toman.ts';
import { registerPatient } from '../support/portal-api.ts';
import type { RunningServer } from '../support/server.ts';
import { chargeWallet } from '../support/wallet-api.ts';
import { expect, expectMenuWallet, expectNoSevereAxe, newNationalCode, newPhone, registerThroughPopup, test } from './fixtures.ts';

/**
 * «My appointments» (/patient-profile/services) with its tabs, cancel with
 * the refund shown first, reschedule (and a slot taken meanwhile), the calendar file; and the book
 * link with the next free time on the doctor profile and the finder. Bookings are made through the
 * API (hold, then pay from a wallet funded at the sandbox bank); what the patient does, in the page.
 */

const server = { url: process.env.PORTAL_E2E_URL!, dataDir: process.env.PORTAL_E2E_DATA_DIR! } as RunningServer;
/** Doctors with several sessions a week; each test takes one at random so parallel tests rarely meet. */
const DOCTORS = ['elham-nouri', 'arash-ghasemi', 'behrouz-tavakoli', 'babak-zamani', 'azadeh-moradi', 'amirhossein-salehi'];
const HOUR_MS = 60 * 60 * 1000;
const SERVICES = '/patient-profile/services';

async function api<T>(path: string, { token, method = 'GET', body }: { token?: string; method?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(new URL(`/api/${path}`, server.url), {
    method,
    headers: { accept: 'application/json', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** The doctor's free starts far enough ahead to be cancelled or moved (CANCEL_FREE_HOURS, 24 by default). */
async function freeStarts(doctorId: string): Promise<{ starts: string[]; fee: number }> {
  const { body } = await api<SlotsAnswer>(`appointments/slots?doctor_id=${doctorId}&days=31`);
  const after = Date.now() + 26 * HOUR_MS;
  const starts = body.data
    .flatMap((day) => day.slots)
    .filter((slot) => slot.available && Date.parse(slot.start) > after)
    .map((slot) => slot.start);
  return { starts, fee: body.meta.fee };
}

/** Holds and pays (wallet) the first of `starts` nobody else took meanwhile; answers the confirmed appointment. */
async function book(token: string, doctorId: string, starts: readonly string[]): Promise<Appointment> {
  for (const start of starts) {
    const hold = await api<{ data: Appointment }>('appointments/hold', { token, method: 'POST', body: { doctor_id: doctorId, start } });
    if (hold.status === 409) continue;
    expect(hold.status, JSON.stringify(hold.body)).toBe(201);
    const paid = await api<{ data: { status: string; appointment: Appointment } }>(`appointments/${hold.body.data.key}/pay`, { token, method: 'POST', body: { use_wallet: true } });
    expect(paid.body.data.status).toBe('confirmed');
    return paid.body.data.appointment;
  }
  throw new Error(`no free slot of ${doctorId} could be held`);
}

/** Opens the list logged out, registers through the popup it opens; answers the new account's token. */
async function registeredOnServices(page: Page): Promise<string> {
  await page.goto(SERVICES);
  await expect(page.getByRole('heading', { name: 'برای دیدن نوبت‌های خود وارد شوید' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'بستن' }).click();
  await registerThroughPopup(page, newPhone(), { first: 'مینا', last: 'رحیمی', nationalCode: newNationalCode() });
  await expect(page.getByRole('heading', { level: 1, name: 'نوبت‌های من' })).toBeVisible();
  return (await page.evaluate(() => localStorage.getItem('token')))!;
}

/** A patient with `count` confirmed appointments of one doctor, paid from a wallet that held `fee × count` plus a margin. */
async function patientWithBookings(page: Page, count: number) {
  const token = await registeredOnServices(page);
  const doctorId = DOCTORS[Math.floor(Math.random() * DOCTORS.length)]!;
  const { starts, fee } = await freeStarts(doctorId);
  expect(starts.length).toBeGreaterThan(count + 2);
  const margin = 1_000_000;
  await chargeWallet(server, token, fee * count + margin);
  const bookings: Appointment[] = [];
  for (let n = 0; n < count; n++)
    bookings.push(
      await book(
        token,
        doctorId,
        starts.filter((start) => !bookings.some((b) => b.start === start)),
      ),
    );
  return { token, doctorId, fee, margin, bookings };
}

const card = (page: Page, key: string) => page.locator(`[data-appointment="${key}"]`);

test('cancel: the refund is shown before confirming, lands in the wallet, and the appointment moves to the cancelled tab', async ({ page }) => {
  const { bookings, fee, margin } = await patientWithBookings(page, 1);
  const [booked] = bookings as [Appointment];
  await page.reload();
  await expect(page.getByRole('tab', { name: 'پیش رو' })).toHaveAttribute('aria-selected', 'true');
  const item = card(page, booked.key);
  await expect(item).toContainText('قطعی');
  await expect(item).toContainText(`${formatRial(fee)} از کیف پول`);
  await expect(item).toContainText(formatTime(booked.start));
  await expect(item).toContainText('خودم');
  await expect(item).toContainText(booked.doctor.name);
  await expect(item).toContainText(booked.clinic.name);
  // The free-cancel rule with its deadline, and the receipt of the wallet payment.
  await expect(item.locator('[data-cancel-rule="open"]')).toHaveText(`لغو یا تغییر زمان رایگان تا ${deadlineText(cancelUntilOf(booked.start, 24))}؛ مبلغ پرداختی به کیف پول شما برمی‌گردد.`);
  await item.getByText('رسید پرداخت').click();
  await expect(item.locator('[data-receipt]')).toContainText(`از کیف پول${formatRial(fee)}`);
  await expect(item.locator('[data-receipt]')).toContainText(`پرداخت هزینهٔ نوبت ${booked.key}`);
  await expectMenuWallet(page, formatRial(margin));

  await item.getByRole('button', { name: 'لغو نوبت' }).click();
  const dialog = page.getByRole('dialog', { name: 'لغو نوبت' });
  await expect(dialog).toContainText(`مبلغ بازگشتی به کیف پول: ${formatRial(fee)}`);
  await expectNoSevereAxe(page);
  // «No» keeps it.
  await dialog.getByRole('button', { name: 'نه، بماند' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(item).toBeVisible();

  await item.getByRole('button', { name: 'لغو نوبت' }).click();
  await dialog.getByRole('button', { name: 'بله، لغو شود' }).click();
  await expect(page.locator('.Toastify__toast', { hasText: `نوبت لغو شد و ${formatRial(fee)} به کیف پول شما برگشت.` })).toBeVisible();
  await expect(item).toHaveCount(0);
  await expect(page.getByText('نوبت پیش رویی ندارید.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'گرفتن نوبت' })).toHaveAttribute('href', '/appointment');
  // The header's balance, and the wallet page's, have the refund.
  await expectMenuWallet(page, formatRial(fee + margin));

  await page.getByRole('tab', { name: 'لغوشده' }).click();
  await expect(page).toHaveURL(/\?tab=cancelled$/);
  await expect(card(page, booked.key)).toContainText('لغو شد');
  await expect(card(page, booked.key)).toContainText(`برگشت به کیف پول:${formatRial(fee)}`);
  await expect(card(page, booked.key).getByRole('button')).toHaveCount(0);
  await expect(card(page, booked.key).getByRole('link', { name: `نوبت دوباره نزد ${booked.doctor.name}` })).toHaveAttribute('href', `/appointment/pre-reserve/${booked.doctor_id}`);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'لغوشده' })).toHaveAttribute('aria-selected', 'true');
  await expect(card(page, booked.key)).toBeVisible();
  await page.getByRole('tab', { name: 'گذشته' }).click();
  await expect(page.getByText('هنوز نوبتی در گذشته ندارید.')).toBeVisible();
  // Back returns to the previous tab.
  await page.goBack();
  await expect(card(page, booked.key)).toBeVisible();

  await page.goto('/financial');
  await expect(page.locator('[data-wallet-available]')).toHaveText(formatRialWithToman(fee + margin));
});

test('reschedule to another free slot; a slot taken meanwhile answers with alternatives; the .ics file', async ({ page }) => {
  const { token, doctorId, bookings } = await patientWithBookings(page, 1);
  const [booked] = bookings as [Appointment];
  await page.reload();
  const item = card(page, booked.key);

  // The calendar file: the bearer call answers text/calendar and the browser saves {key}.ics.
  const [download, answer] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForResponse((response) => response.url().endsWith(`/api/appointments/${booked.key}/calendar.ics`)),
    item.getByRole('button', { name: 'افزودن به تقویم', exact: true }).click(),
  ]);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toMatch(/^text\/calendar/);
  expect(download.suggestedFilename()).toBe(`${booked.key}.ics`);
  const file = readFileSync((await download.path())!, 'utf8');
  expect(file).toContain('BEGIN:VCALENDAR');
  expect(file).toContain(booked.key);

  await item.getByRole('button', { name: 'تغییر زمان' }).click();
  const dialog = page.getByRole('dialog', { name: 'تغییر زمان نوبت' });
  const days = dialog.getByRole('group', { name: 'روز' }).getByRole('radio');
  await expect(days.first()).toBeChecked();
  await expectNoSevereAxe(page);

  // Pick a time on the second free day, then another patient takes it before we confirm.
  await days.nth(1).check({ force: true });
  const times = dialog.getByRole('group', { name: 'ساعت' }).getByRole('radio');
  const taken = await times.first().getAttribute('value');
  await times.first().check({ force: true });
  const other = await registerPatient(server, {
    phone: newPhone(),
    ip: `10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
    firstName: 'رضا',
    lastName: 'کاظمی',
    internationalCode: newNationalCode(),
  });
  expect((await api('appointments/hold', { token: other.token, method: 'POST', body: { doctor_id: doctorId, start: taken } })).status).toBe(201);
  await dialog.getByRole('button', { name: 'ثبت زمان جدید' }).click();
  await expect(dialog.getByRole('alert')).not.toBeEmpty();
  const alternatives = dialog.getByRole('button', { name: /ساعت/ });
  await expect(alternatives.first()).toBeVisible();

  // Choose the first alternative offered.
  await alternatives.first().click();
  const chosen = await dialog.getByRole('radio', { checked: true }).last().getAttribute('value');
  await dialog.getByRole('button', { name: 'ثبت زمان جدید' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('.Toastify__toast', { hasText: 'زمان نوبت به' })).toBeVisible();
  const moved = (await api<{ data: Appointment }>(`appointments/${booked.key}`, { token })).body.data;
  expect(moved.start).not.toBe(booked.start);
  expect(moved.start).not.toBe(taken);
  if (chosen?.endsWith('Z')) expect(moved.start).toBe(chosen);
  await expect(item).toContainText(formatTime(moved.start));
  await expect(item).toContainText('قطعی');
});

test('the doctor profile and the finder link to booking and show the next free time', async ({ page }) => {
  const doctorId = 'maryam-ahmadi';
  await page.goto(`/appointment/doctor-profile/${doctorId}`);
  await expect(page.getByRole('link', { name: 'نوبت بگیرید' })).toHaveAttribute('href', `/appointment/pre-reserve/${doctorId}`);
  await expect(page.locator('[data-next-free]')).toHaveText(/^(نزدیک‌ترین نوبت آزاد: .+، ساعت [۰-۹]{2}:[۰-۹]{2}|در ۳۱ روز آینده نوبت آزادی ندارد\.)$/);
  const { starts } = await freeStarts(doctorId);
  // With a free slot somewhere in the window, the line names a time (not the «none» sentence).
  if (starts.length > 0) await expect(page.locator('[data-next-free]')).toContainText('نزدیک‌ترین نوبت آزاد');

  await page.goto('/appointment?q=%D9%85%D8%B1%DB%8C%D9%85+%D8%A7%D8%AD%D9%85%D8%AF%DB%8C');
  const result = page.locator('#finder-list > li').filter({ hasText: 'مریم احمدی' }).first();
  await expect(result.getByRole('link', { name: /^نوبت بگیرید/ })).toHaveAttribute('href', `/appointment/pre-reserve/${doctorId}`);
  await expect(result.locator('[data-card-next-free]')).toHaveText(/^(نزدیک‌ترین نوبت آزاد: .+، ساعت [۰-۹]{2}:[۰-۹]{2}|در ۳۱ روز آینده نوبت آزادی ندارد\.)$/);
  await expectNoSevereAxe(page);
});

test('the doctor profile keeps a sentence when the slots API fails', async ({ page }) => {
  await page.route('**/api/appointments/slots**', (route) => route.fulfill({ status: 503, body: '{}' }));
  await page.goto('/appointment/doctor-profile/maryam-ahmadi');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-next-free]')).toHaveText('زمان‌های آزاد را در صفحهٔ نوبت‌گیری ببینید.');
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the list (${scheme}) has no serious accessibility violation, its tabs work by keyboard`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const { bookings } = await patientWithBookings(page, 1);
    await page.reload();
    await expect(card(page, bookings[0]!.key)).toBeVisible();
    await expectNoSevereAxe(page);
    await page.getByRole('tab', { name: 'پیش رو' }).focus();
    // RTL: the left arrow goes forward.
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'گذشته' })).toBeFocused();
    await expect(page).toHaveURL(/\?tab=past$/);
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'لغوشده' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('نوبت لغوشده‌ای ندارید.')).toBeVisible();
    await expectNoSevereAxe(page);
  });
}

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the list and its dialogs do not scroll sideways and every control is at least 44 px high', async ({ page }) => {
    const { bookings } = await patientWithBookings(page, 1);
    await page.reload();
    const item = card(page, bookings[0]!.key);
    await expect(item).toBeVisible();
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth);
    const small = (scope: ReturnType<Page['locator']>) =>
      scope
        .locator('button:visible, a:visible, input:visible:not(.sr-only), select:visible, label:visible:has(input[type=radio])')
        .evaluateAll((elements) => elements.filter((element) => element.getBoundingClientRect().height < 44).map((element) => element.outerHTML.slice(0, 80)));
    expect(await sideways()).toBeLessThanOrEqual(375);
    expect(await small(page.locator('main'))).toEqual([]);

    await item.getByRole('button', { name: 'تغییر زمان' }).click();
    const dialog = page.getByRole('dialog', { name: 'تغییر زمان نوبت' });
    await expect(dialog.getByRole('group', { name: 'ساعت' })).toBeVisible();
    expect(await sideways()).toBeLessThanOrEqual(375);
    expect(await small(dialog)).toEqual([]);
  });
});
