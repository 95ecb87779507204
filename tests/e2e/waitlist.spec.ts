import { readdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { WaitlistEntry } from '../../src/lib/api/contracts/waitlist.ts';
import { formatTime, formatWeekdayDate } from '../../src/lib/format/date.ts';
import { toPersianDigits } from '../../src/lib/format/digits.ts';
import { TEHRAN_TIME_ZONE } from '../../src/lib/format/intl.ts';
import { hold, slotsOf } from '../support/appointments-api.ts';
import { readOutbox, registerPatient } from '../support/portal-api.ts';
import type { RunningServer } from '../support/server.ts';
import { chargeWallet } from '../support/wallet-api.ts';
import { countdown, storeLogin, walletAvailable } from './booking-steps.ts';
import { codeFor, expect, expectNoSevereAxe, newNationalCode, test } from './fixtures.ts';

/**
 * The waitlist on a phone (375 px): a patient joins the line of a doctor whose day is full, from
 * the doctor's page; a slot of that day is freed, the patient gets the SMS, its link opens the offer
 * with its countdown, and «قبول و پرداخت» leads to the booking page's own pay step, paid from the
 * wallet. Then a second entry is left with one tap and a confirmation.
 *
 * The day is made full here: each of its free slots is held by a patient of its own (a hold keeps a
 * slot from everyone else). One of them cancels, which offers the slot to the first in line in the
 * same transaction (decision 029).
 */

test.skip(({ isMobile }) => !isMobile, 'runs once, at 375 px, in the phone project');

const DOCTORS = readdirSync('src/content/doctors')
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''));
const server = () => ({ url: process.env.PORTAL_E2E_URL!, dataDir: process.env.PORTAL_E2E_DATA_DIR! }) as RunningServer;
const HOUR_MS = 60 * 60 * 1000;

// Phones and client addresses of this file's patients: random, not the per-process counters of
// tests/support, which start again in each worker (a phone may ask for one code a minute).
const used = new Set<string>();
function unique(make: () => string): string {
  let value = make();
  while (used.has(value)) value = make();
  used.add(value);
  return value;
}
const digits = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, '0');
const newPhone = () => unique(() => `0913${digits(7)}`);
const newIp = () => unique(() => `10.213.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`);

interface FullDay {
  doctor: string;
  day: string;
  free: string[];
  fee: number;
}

/** The doctor's day (two to thirteen days ahead) with the fewest free slots left: the cheapest to fill. */
async function fewestFreeDay(exclude: string[] = []): Promise<FullDay> {
  let best: FullDay | undefined;
  for (const doctor of DOCTORS.filter((id) => !exclude.includes(id))) {
    const { data, meta } = await slotsOf(server(), doctor, 14);
    for (const day of data) {
      const free = day.slots.filter((slot) => slot.available && Date.parse(slot.start) > Date.now() + 48 * HOUR_MS).map((slot) => slot.start);
      if (free.length > 0 && (!best || free.length < best.free.length)) best = { doctor, day: day.date, free, fee: meta.fee };
    }
  }
  if (!best) throw new Error('no doctor has a free slot in the next two weeks');
  return best;
}

/** A patient registered through the API from an address of their own, to hold a slot. */
async function helper(n: number) {
  return registerPatient(server(), { phone: newPhone(), ip: newIp(), firstName: 'کمک', lastName: `شماره ${n}`, internationalCode: newNationalCode() });
}

/** The Jalali month of a Tehran day, to count the calendar's pages from today's. */
const jalaliMonth = (day: string) => {
  const parts = new Intl.DateTimeFormat('en-US-u-ca-persian-nu-latn', { timeZone: TEHRAN_TIME_ZONE, year: 'numeric', month: 'numeric' }).formatToParts(new Date(`${day}T12:00:00Z`));
  const part = (type: string) => Number(/\d+/.exec(parts.find((p) => p.type === type)?.value ?? '')?.[0]);
  return part('year') * 12 + part('month');
};
const jalaliDayOfMonth = (day: string) => Number(new Intl.DateTimeFormat('en-US-u-ca-persian-nu-latn', { timeZone: TEHRAN_TIME_ZONE, day: 'numeric' }).format(new Date(`${day}T12:00:00Z`)));

/** In the open range calendar, picks `day` twice: a range of that one day. */
async function pickOneDayRange(page: Page, day: string) {
  const calendar = page.locator('.rmdp-calendar');
  await expect(calendar).toBeVisible();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TEHRAN_TIME_ZONE }).format(new Date());
  for (let i = 0; i < jalaliMonth(day) - jalaliMonth(today); i++) await calendar.locator('.rmdp-arrow-container.rmdp-right').click();
  const cell = calendar.locator('.rmdp-day:not(.rmdp-day-hidden):not(.rmdp-deactive):not(.rmdp-disabled) span', { hasText: new RegExp(`^${toPersianDigits(jalaliDayOfMonth(day))}$`) });
  await cell.click();
  await cell.click();
  await expect(calendar).toHaveCount(0);
}

async function entriesOf(page: Page, token: string): Promise<WaitlistEntry[]> {
  const answer = await page.request.get('/api/waitlist', { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: WaitlistEntry[] }).data;
}

/** No sideways scroll at 375 px, and every control of `scope` at least 44 px high. */
async function expectPhoneLayout(page: Page, scope: Locator) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const small = await scope
    .locator('button:visible, a:visible')
    .evaluateAll((elements) => elements.filter((element) => element.getBoundingClientRect().height < 44).map((element) => element.textContent?.trim()));
  expect(small).toEqual([]);
}

test('joins a full day’s waitlist from the doctor page; the SMS’s offer is accepted and paid from the wallet; another entry is left', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 375, height: 800 });

  // A day with no free slot left: each free slot held by a helper of its own.
  const full = await fewestFreeDay();
  const holders: { token: string; start: string; key: string }[] = [];
  for (const [n, start] of full.free.entries()) {
    const { token } = await helper(n + 1);
    const answer = await hold(server(), token, { doctor_id: full.doctor, start });
    // Another spec may have taken it meanwhile: taken either way.
    if (answer.status === 201) holders.push({ token, start, key: ((await answer.json()) as { data: { key: string } }).data.key });
  }
  expect(holders.length).toBeGreaterThan(0);
  const { data: days } = await slotsOf(server(), full.doctor, 14);
  expect(days.find((day) => day.date === full.day)?.slots.filter((slot) => slot.available && Date.parse(slot.start) > Date.now() + 48 * HOUR_MS)).toEqual([]);

  const phone = newPhone();
  const { token, user } = await registerPatient(server(), { phone, ip: newIp(), firstName: 'نرگس', lastName: 'امینی', internationalCode: newNationalCode() });
  await storeLogin(page, '', token, user);
  await chargeWallet(server(), token, full.fee);

  // The doctor's page links to the booking page's form.
  await page.goto(`/appointment/doctor-profile/${full.doctor}`);
  await page.getByRole('link', { name: 'ورود به فهرست انتظار' }).click();
  await expect(page).toHaveURL(new RegExp(`/appointment/pre-reserve/${full.doctor}$`));
  const dialog = page.getByRole('dialog', { name: /^فهرست انتظار دکتر / });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'فرقی نمی‌کند' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'برای خودم' })).toBeChecked();
  await expectNoSevereAxe(page);

  await dialog.getByRole('button', { name: /بازهٔ روزها/ }).click();
  await pickOneDayRange(page, full.day);
  await expect(dialog.getByRole('button', { name: /بازهٔ روزها/ })).toBeFocused();
  await dialog.getByRole('button', { name: 'ورود به فهرست انتظار' }).click();

  await expect(page.getByRole('dialog')).toHaveCount(0);
  const joined = page.locator('[data-waitlist-joined]');
  await expect(joined).toBeVisible();
  const key = (await joined.getAttribute('data-waitlist-joined'))!;
  expect(key).toMatch(/^WL-[0-9A-Z]{6}$/);
  const [entry] = await entriesOf(page, token);
  expect(entry).toMatchObject({ key, doctor_id: full.doctor, from: full.day, to: full.day, part_of_day: 'any', status: 'waiting' });
  // Nobody else waits for this doctor on this day but this spec: the first in line.
  expect(entry!.position).toBe(1);
  await expect(page.getByText('به فهرست انتظار اضافه شدید: نفر ۱ در فهرست انتظار.')).toBeVisible();
  await expect(joined).toContainText('شما در فهرست انتظار این پزشک هستید: نفر ۱ در فهرست انتظار');
  await expectNoSevereAxe(page);

  // Another patient cancels: a slot of that day is freed, and offered to the first in line at once.
  const freed = holders[0]!;
  const cancelled = await fetch(new URL(`/api/appointments/${freed.key}/cancel`, server().url), {
    method: 'POST',
    headers: { authorization: `Bearer ${freed.token}`, 'x-forwarded-for': newIp() },
  });
  expect(cancelled.status).toBe(200);
  const [offered] = await entriesOf(page, token);
  // That slot, unless another spec freed one of the day first: either is the day's and this patient's.
  expect(offered).toMatchObject({ key, status: 'offered', offer: { status: 'live', fee: full.fee } });
  const slot = offered!.offer!.start;
  expect(full.free).toContain(slot);

  // The SMS names the slot and links to the offer.
  let link = '';
  await expect
    .poll(() => {
      const sms = readOutbox(server()).filter((line) => line.to === phone && line.text.includes(key));
      link = /\/patient-profile\/services\?waitlist=WL-[0-9A-Z]{6}/.exec(sms.at(-1)?.text ?? '')?.[0] ?? '';
      return link;
    })
    .toBe(`/patient-profile/services?waitlist=${key}`);

  await page.goto(link);
  const card = page.locator(`[data-waitlist-entry="${key}"]`);
  await expect(card.getByRole('heading', { level: 3 })).toBeFocused();
  await expect(card.locator('[data-status]')).toHaveText('نوبت پیشنهادی');
  const offer = card.getByRole('region', { name: 'نوبتی برای شما آزاد شد' });
  await expect(offer).toContainText(formatWeekdayDate(slot));
  await expect(offer).toContainText(`${formatTime(slot)}، نوبت`);
  await expect(offer.locator('[data-offer-countdown]')).toHaveText(/^[۰-۹]{2}:[۰-۹]{2}$/);
  await expect(offer.locator('[data-offer-spoken]')).toHaveText(/^[۰-۹]+ دقیقه برای پاسخ به این نوبت باقی است\.$/);
  await expect(offer.locator('[data-offer-spoken]')).toHaveAttribute('aria-live', 'polite');
  // Ticking: the shown seconds change while the spoken minutes stay.
  const first = await offer.locator('[data-offer-countdown]').textContent();
  await expect(offer.locator('[data-offer-countdown]')).not.toHaveText(first!);
  await expectPhoneLayout(page, card);
  await expectNoSevereAxe(page);

  // Accepted: the booking page's own pay step for that hold, paid from the wallet.
  await offer.getByRole('button', { name: 'قبول و پرداخت' }).click();
  await expect(page).toHaveURL(new RegExp(`/appointment/pre-reserve/${full.doctor}\\?appointment=${offered!.offer!.appointment_key}$`));
  await expect(countdown(page)).toHaveText(/^[۰-۹]{2}:[۰-۹]{2}$/);
  await expectNoSevereAxe(page);
  await page.getByRole('button', { name: 'پرداخت از کیف پول و قطعی کردن نوبت' }).click();
  await expect(page.getByRole('heading', { name: 'نوبت شما قطعی شد' })).toBeVisible();
  expect(await walletAvailable(page, token)).toBe(0);
  expect((await entriesOf(page, token)).find((entry) => entry.key === key)).toMatchObject({ status: 'booked' });

  // Another doctor's line, left with one tap and a confirmation.
  const elsewhere = await fewestFreeDay([full.doctor]);
  const other = await page.request.post('/api/waitlist', {
    headers: { Authorization: `Bearer ${token}` },
    data: { doctor_id: elsewhere.doctor, from: elsewhere.day, to: elsewhere.day, part_of_day: 'morning' },
  });
  expect(other.status(), await other.text()).toBe(201);
  const otherKey = ((await other.json()) as { data: WaitlistEntry }).data.key;
  await page.goto('/patient-profile/services');
  const section = page.getByRole('region', { name: 'فهرست انتظار', exact: true });
  await expect(section.locator(`[data-waitlist-entry="${key}"] [data-status]`)).toHaveText('نوبت گرفته شد');
  const otherCard = section.locator(`[data-waitlist-entry="${otherKey}"]`);
  await expect(otherCard.locator('[data-waitlist-position]')).toHaveText(/^نفر [۰-۹]+ در فهرست انتظار$/);
  await expect(otherCard).toContainText('صبح');
  await otherCard.getByRole('button', { name: 'خروج از فهرست' }).click();
  const confirm = page.getByRole('dialog', { name: 'خروج از فهرست انتظار' });
  // The safe answer has the focus: a stray Enter changes nothing.
  await expect(confirm.getByRole('button', { name: 'نه، بماند' })).toBeFocused();
  await expectNoSevereAxe(page);
  await confirm.getByRole('button', { name: 'بله، خارج شوم' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('از فهرست انتظار خارج شدید.')).toBeVisible();
  await expect(otherCard.locator('[data-status]')).toHaveText('خارج شده');
  await expect(otherCard.getByRole('button', { name: 'خروج از فهرست' })).toHaveCount(0);
  expect((await entriesOf(page, token)).find((entry) => entry.key === otherKey)).toMatchObject({ status: 'left' });

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(section.locator(`[data-waitlist-entry="${otherKey}"] [data-status]`)).toHaveText('خارج شده');
  await expectNoSevereAxe(page);
});

test('logged out, on the demo’s full doctor: no free slot, the login popup first, then the form for another person', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  // The demo books the whole booking window of one doctor (src/server/demo/waitlist.ts).
  let doctor: string | undefined;
  for (const id of DOCTORS) {
    const { data } = await slotsOf(server(), id, 14);
    if (data.some((day) => day.slots.length > 0) && !data.some((day) => day.slots.some((slot) => slot.available))) doctor = id;
  }
  expect(doctor, 'the demo has a fully booked doctor').toBeDefined();
  await page.goto(`/appointment/pre-reserve/${doctor}`);
  await expect(page.locator('[data-no-free-slot]')).toBeVisible();
  await expectNoSevereAxe(page);
  await page.getByRole('button', { name: 'ورود به فهرست انتظار' }).click();

  const login = page.getByRole('dialog');
  const phone = newPhone();
  await login.getByLabel('شمارهٔ موبایل').fill(phone);
  const sentAt = Date.now() - 1000;
  await login.getByRole('button', { name: 'ارسال کد تأیید' }).click();
  await login.getByLabel('کد تأیید').fill(await codeFor(phone, { after: sentAt }));
  await login.getByLabel('نام', { exact: true }).fill('لیلا');
  await login.getByLabel('نام خانوادگی').fill('نوری');
  await login.getByLabel('کد ملی').fill(newNationalCode());
  await login.getByRole('button', { name: 'ذخیره' }).click();

  const form = page.getByRole('dialog', { name: /^فهرست انتظار دکتر / });
  await expect(form).toBeVisible();
  // For another person: the booking's person fields, checked before the call.
  await form.getByRole('radio', { name: 'برای شخص دیگر' }).check({ force: true });
  await form.getByRole('button', { name: 'ورود به فهرست انتظار' }).click();
  await expect(form.getByText('این فیلد الزامی است')).toHaveCount(3);
  await form.getByLabel('نام', { exact: true }).fill('آرش');
  await form.getByLabel('نام خانوادگی').fill('نوری');
  await form.getByLabel('کد ملی').fill(newNationalCode());
  await form.getByRole('radio', { name: 'عصر' }).check({ force: true });
  await form.getByRole('button', { name: 'ورود به فهرست انتظار' }).click();
  await expect(page.locator('[data-waitlist-joined]')).toContainText(/نفر [۰-۹]+ در فهرست انتظار/);
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;
  expect(await entriesOf(page, token)).toMatchObject([{ doctor_id: doctor, part_of_day: 'afternoon', status: 'waiting', patient: { first_name: 'آرش', last_name: 'نوری', self: false } }]);
});
