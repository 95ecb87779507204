import { cancelUntilOf, deadlineText } from '../../src/lib/appointments/cancel-rule.ts';
import { formatJalaliDate, formatTime } from '../../src/lib/format/date.ts';
import { toPersianDigits } from '../../src/lib/format/digits.ts';
import { lastCode, readOutbox } from '../support/portal-api.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { chargeWallet } from '../support/wallet-api.ts';
import { chooseSlot, countdown, freeSlot, loggedIn, payAtBank, registered, registeredOn, server, slotWithOverlap, storeLogin, walletAvailable } from './booking-steps.ts';
import { codeFor, expect, expectNoSevereAxe, newNationalCode, newPhone, test } from './fixtures.ts';
import { layoutShifts, watchLayoutShifts } from './layout-shifts.ts';

/** What every booking step says of a slot outside the free-cancel window (24 hours here). */
const openRule = (start: string) => `لغو یا تغییر زمان رایگان تا ${deadlineText(cancelUntilOf(start, 24))}؛ مبلغ پرداختی به کیف پول شما برمی‌گردد.`;

/**
 * The pre-reserve page — slots, the login popup in the middle of a booking,
 * the hold and its countdown, paying by wallet and by the sandbox bank, the confirmation, reloads,
 * 375 px, the keyboard alone, axe. Each test books as a freshly registered patient, on a random free
 * slot of a random doctor (the real doctors work on some weekdays only; the slots API says which).
 */

test('logged out, the choice survives the login popup; the hold survives a reload; paid from the wallet', async ({ page }) => {
  // Registering through the popup, a bank charge and two reloads: more steps than most tests.
  test.setTimeout(60_000);
  // Outside the free-cancel window, so every step promises the free cancel until a day before.
  const slot = await freeSlot(page.request, { minHours: 26 });
  await page.goto(`/appointment/pre-reserve/${slot.doctor}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('نوبت‌دهی دکتر');
  await expect(page.getByRole('heading', { name: 'انتخاب زمان نوبت' })).toBeVisible();
  await expect(page.getByText('نوبت را تا ۲۴ ساعت پیش از زمانش می‌توانید رایگان لغو کنید یا زمانش را تغییر دهید؛ مبلغ به کیف پول شما برمی‌گردد.')).toBeVisible();
  await expectNoSevereAxe(page);
  await chooseSlot(page, slot);
  await expect(page.locator('[data-cancel-rule="open"]')).toHaveText(openRule(slot.start));
  // HOLD_MINUTES as the slots answer tells it (10 by default), in Persian digits.
  await expect(page.getByText('با رزرو، این زمان ۱۰ دقیقه برای شما نگه داشته می‌شود تا هزینه را بپردازید.')).toBeVisible();
  await page.getByRole('button', { name: 'رزرو این نوبت' }).click();

  // The login popup opens; registering there holds the chosen slot without choosing again.
  const dialog = page.getByRole('dialog');
  const phone = newPhone();
  await dialog.getByLabel('شمارهٔ موبایل').fill(phone);
  const sentAt = Date.now() - 1000;
  await dialog.getByRole('button', { name: 'ارسال کد تأیید' }).click();
  await dialog.getByLabel('کد تأیید').fill(await codeFor(phone, { after: sentAt }));
  await dialog.getByLabel('نام', { exact: true }).fill('رضا');
  await dialog.getByLabel('نام خانوادگی').fill('صادقی');
  await dialog.getByLabel('کد ملی').fill(newNationalCode());
  await dialog.getByRole('button', { name: 'ذخیره' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await expect(countdown(page)).toHaveText(/^[۰-۹]{2}:[۰-۹]{2}$/);
  await expect(page).toHaveURL(/\?appointment=AP-[0-9A-Z]{6}$/);
  const key = /appointment=(AP-[0-9A-Z]{6})/.exec(page.url())![1]!;
  await expect(page.locator('[data-appointment-key]')).toHaveText(key);
  await expect(page.locator('main').getByText('رضا صادقی')).toBeVisible();
  await expect(page.locator('[data-cancel-rule="open"]')).toHaveText(openRule(slot.start));
  await expectNoSevereAxe(page);

  // Money arrives in the wallet meanwhile (another tab); a reload comes back to the hold.
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;
  await chargeWallet(server(), token, slot.fee + 1_000_000);
  await page.reload();
  await expect(countdown(page)).toBeVisible();
  await expect(page.locator('[data-booking-wallet]')).toHaveText(`${new Intl.NumberFormat('fa-IR').format(slot.fee + 1_000_000)} ریال`);
  await page.getByRole('button', { name: 'پرداخت از کیف پول و قطعی کردن نوبت' }).click();

  await expect(page.getByRole('heading', { name: 'نوبت شما قطعی شد' })).toBeVisible();
  await expect(page.locator('[data-appointment-key]')).toHaveText(key);
  await expect(page.getByText('پرداخت از کیف پول', { exact: true })).toBeVisible();
  await expect(page.locator('[data-cancel-rule="open"]')).toHaveText(openRule(slot.start));
  expect(await walletAvailable(page, token)).toBe(1_000_000);
  await expectNoSevereAxe(page);

  // The calendar file, and the confirmation again after a reload.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'افزودن به تقویم' }).click();
  expect((await download).suggestedFilename()).toBe(`${key}.ics`);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'نوبت شما قطعی شد' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'نوبت‌های من' })).toHaveAttribute('href', '/patient-profile/services');
});

test('the heading the server drew stays put while the island takes over and the slots come in', async ({ page }) => {
  // With the web fonts refused, nothing swaps fonts: any shift left is the page's own doing.
  await page.route('**/*.woff2', (route) => route.abort());
  await watchLayoutShifts(page);
  const slot = await freeSlot(page.request);
  await page.goto(`/appointment/pre-reserve/${slot.doctor}`);
  await expect(page.locator('[data-day]').first()).toBeVisible();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  expect(await layoutShifts(page)).toEqual([]);
});

test('for someone else, paid by the sandbox bank: the receipt says booked and leads back to the confirmation', async ({ page }) => {
  await loggedIn(page);
  const slot = await freeSlot(page.request);
  await page.goto(`/appointment/pre-reserve/${slot.doctor}`);
  await chooseSlot(page, slot);
  await page.getByText('برای شخص دیگر').click();
  await page.getByLabel('نام', { exact: true }).fill('پروین');
  await page.getByLabel('نام خانوادگی').fill('اکبری');
  await page.getByLabel('کد ملی').fill('1234567890');
  await page.getByRole('button', { name: 'رزرو این نوبت' }).click();
  // The contract's own rule and message, before any call.
  await expect(page.getByLabel('کد ملی')).toHaveAttribute('aria-invalid', 'true');
  await expect(countdown(page)).toHaveCount(0);
  const code = newNationalCode();
  await page.getByLabel('کد ملی').fill(code);
  await page.getByRole('button', { name: 'رزرو این نوبت' }).click();
  await expect(countdown(page)).toBeVisible();
  await expect(page.locator('main').getByText('پروین اکبری')).toContainText(`(کد ملی ${toPersianDigits(`******${code.slice(-4)}`)})`);

  const fee = new Intl.NumberFormat('fa-IR').format(slot.fee);
  await page.getByRole('button', { name: `پرداخت ${fee} ریال از درگاه بانک` }).click();
  await payAtBank(page);
  await expect(page.getByRole('heading', { name: 'پرداخت موفق بود' })).toBeVisible();
  await expect(page.getByText('نوبت شما قطعی شد')).toBeVisible();
  await page.getByRole('link', { name: 'مشاهدهٔ نوبت' }).click();
  await expect(page).toHaveURL(new RegExp(`/appointment/pre-reserve/${slot.doctor}\\?appointment=AP-`));
  await expect(page.getByRole('heading', { name: 'نوبت شما قطعی شد' })).toBeVisible();
  await expect(page.getByText('پرداخت از درگاه بانک', { exact: true })).toBeVisible();
  await expect(page.locator('[data-booking-confirmed]')).toContainText(`${fee} ریال`);
});

test('the hold counts down and, when its time is up, the page says so and offers to choose again', async ({ page }) => {
  await page.clock.install();
  await loggedIn(page);
  const slot = await freeSlot(page.request);
  await page.goto(`/appointment/pre-reserve/${slot.doctor}`);
  await chooseSlot(page, slot);
  await page.getByRole('button', { name: 'رزرو این نوبت' }).click();
  await expect(countdown(page)).toHaveText(/^(۱۰:۰۰|۰۹:[۰-۵][۰-۹])$/);
  await expect(page.getByRole('timer')).toBeVisible();
  await expect(page.locator('[aria-live="polite"]', { hasText: 'دقیقه تا پایان مهلت پرداخت' })).toHaveText(/^(۱۰|۹) دقیقه تا پایان مهلت پرداخت باقی است\.$/);

  await page.clock.fastForward('05:00');
  await expect(countdown(page)).toHaveText(/^۰[۴۵]:[۰-۵][۰-۹]$/);
  // At zero the page asks the server what became of the hold; choose again once it has answered.
  const reread = page.waitForResponse((response) => /\/api\/appointments\/AP-/.test(response.url()));
  await page.clock.fastForward('05:30');
  await reread;
  await expect(page.getByRole('heading', { name: 'مهلت نگه‌داری نوبت تمام شد' })).toBeVisible();
  await expect(countdown(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'انتخاب دوبارهٔ زمان' }).click();
  await expect(page.getByRole('heading', { name: 'انتخاب زمان نوبت' })).toBeVisible();
  await expect(page).not.toHaveURL(/appointment=/);
});

test('a slot taken meanwhile: the message and the alternatives, one of which holds instead', async ({ page }) => {
  await loggedIn(page);
  const slot = await freeSlot(page.request);
  await page.goto(`/appointment/pre-reserve/${slot.doctor}`);
  await chooseSlot(page, slot);
  // Another patient holds it first.
  const rival = await registered(page.request);
  const held = await page.request.post('/api/appointments/hold', { headers: { Authorization: `Bearer ${rival.token}` }, data: { doctor_id: slot.doctor, start: slot.start } });
  expect(held.status()).toBe(201);

  await page.getByRole('button', { name: 'رزرو این نوبت' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'این نوبت را کس دیگری گرفته است' });
  await expect(alert).toBeVisible();
  const alternatives = page.getByRole('list', { name: 'زمان‌های آزاد پیشنهادی' }).getByRole('button');
  await expect(alternatives.first()).toBeVisible();
  await alternatives.first().click();
  await expect(countdown(page)).toBeVisible();
});

test('booking at 375 px with the keyboard alone: no sideways scroll, 44 px targets, visible focus', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const token = await loggedIn(page);
  const slot = await freeSlot(page.request);
  await chargeWallet(server(), token, Math.max(slot.fee, 1_000_000));
  await page.goto(`/appointment/pre-reserve/${slot.doctor}`);
  await expect(page.locator('[data-day]').first()).toBeVisible();
  const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  expect(await noSidewaysScroll()).toBe(true);
  for (const target of await page.locator('[data-day], input[name="booking-time"] >> xpath=..').all()) {
    const box = await target.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
  }

  // Tab to the day strip (its chosen day), arrow to the slot's day, Tab to the times.
  const focusedName = () => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? '');
  for (let i = 0; i < 40 && (await focusedName()) !== 'booking-day'; i++) await page.keyboard.press('Tab');
  expect(await focusedName()).toBe('booking-day');
  const focusedValue = () => page.evaluate(() => (document.activeElement as HTMLInputElement).value);
  for (let i = 0; i < 20 && (await focusedValue()) !== slot.day; i++) await page.keyboard.press('ArrowDown');
  expect(await focusedValue()).toBe(slot.day);
  // The focused day shows a visible outline.
  expect(await page.locator(`[data-day="${slot.day}"]`).evaluate((label) => getComputedStyle(label).outlineStyle)).not.toBe('none');
  for (let i = 0; i < 5 && (await focusedName()) !== 'booking-time'; i++) await page.keyboard.press('Tab');
  expect(await focusedName()).toBe('booking-time');
  for (let i = 0; i < 40 && (await focusedValue()) !== slot.start; i++) await page.keyboard.press('ArrowDown');
  expect(await focusedValue()).toBe(slot.start);
  await page.keyboard.press('Space');
  await expect(page.locator('[data-chosen-time]')).toBeVisible();

  // «for me» is the default; Tab past it to «reserve».
  // The focused control's text (not the page's: focus on <body> would "contain" every button).
  const focusedText = () => page.evaluate(() => (document.activeElement?.matches('button, a, input') ? (document.activeElement.textContent ?? '') : ''));
  for (let i = 0; i < 10 && !(await focusedText()).includes('رزرو این نوبت'); i++) await page.keyboard.press('Tab');
  expect(await focusedText()).toContain('رزرو این نوبت');
  await page.keyboard.press('Enter');
  await expect(countdown(page)).toBeVisible();
  expect(await noSidewaysScroll()).toBe(true);
  // The button names the wallet once the balance has loaded; only then Tab to it (never press Enter elsewhere).
  await expect(page.getByRole('button', { name: 'پرداخت از کیف پول و قطعی کردن نوبت' })).toBeVisible();
  for (let i = 0; i < 30 && !(await focusedText()).includes('پرداخت از کیف پول و قطعی کردن نوبت'); i++) await page.keyboard.press('Tab');
  expect(await focusedText()).toContain('پرداخت از کیف پول و قطعی کردن نوبت');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'نوبت شما قطعی شد' })).toBeVisible();
  expect(await noSidewaysScroll()).toBe(true);
  await expectNoSevereAxe(page);
});

/**
 * A portal of its own whose free-cancel window (720 hours) covers every slot it offers, with a
 * 24-hour lead time: the screens a patient sees when a visit cannot be cancelled, whatever the
 * hour the test runs at. Its demo patient has a past and an upcoming visit.
 */
test.describe('a visit that cannot be cancelled, the lead time, and one visit per person at a time', () => {
  test.describe.configure({ mode: 'serial' });
  const HOUR = 60 * 60 * 1000;
  let late: RunningServer;
  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(90_000);
    late = await startServer({ env: { TRUST_PROXY: '1', DEMO_DATA: '1', CANCEL_FREE_HOURS: '720', BOOKING_MIN_LEAD_MINUTES: '1440' } });
  });
  test.afterAll(() => late?.dispose());

  test('warned before paying, told so on the confirmation, the SMS and the card; a second visit at the same time is refused', async ({ page }) => {
    test.setTimeout(90_000);
    const me = await registeredOn(page.request, late.url, (phone) => lastCode(late, phone));
    await storeLogin(page, late.url, me.token, me.user);
    const { slot, other } = await slotWithOverlap(page.request, late.url);

    // The page states this server's free-cancel hours in its HTML, before any script runs.
    const served = await (await page.request.get(`${late.url}/appointment/pre-reserve/${slot.doctor}`)).text();
    expect(served).toContain('نوبت را تا ۷۲۰ ساعت پیش از زمانش می‌توانید رایگان لغو کنید');

    const before = Date.now();
    await page.goto(`${late.url}/appointment/pre-reserve/${slot.doctor}`);
    await expect(page.locator('[data-day]').first()).toBeVisible();
    // No time is offered sooner than the lead time (24 hours here).
    for (const day of await page.locator('[data-day]').all()) {
      if (await day.locator('input').isDisabled()) continue;
      await day.click();
      for (const start of await page.locator('input[name="booking-time"]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))) {
        expect(Date.parse(start)).toBeGreaterThanOrEqual(before + 24 * HOUR);
      }
    }
    await chooseSlot(page, slot);
    const warning = 'توجه: تا این نوبت کمتر از ۷۲۰ ساعت مانده است؛ پس از پرداخت نمی‌توان آن را لغو کرد یا زمانش را تغییر داد.';
    await expect(page.locator('[data-cancel-rule="closed"]')).toHaveText(warning);
    await page.getByRole('button', { name: 'رزرو این نوبت' }).click();
    await expect(countdown(page)).toBeVisible();
    // The pay step warns before the money moves.
    await expect(page.locator('[data-cancel-rule="closed"]')).toHaveText(warning);
    await expectNoSevereAxe(page);
    await page.getByRole('button', { name: /از درگاه بانک$/ }).click();
    await payAtBank(page);
    await expect(page.getByRole('heading', { name: 'پرداخت موفق بود' })).toBeVisible();
    await page.getByRole('link', { name: 'مشاهدهٔ نوبت' }).click();
    await expect(page.getByRole('heading', { name: 'نوبت شما قطعی شد' })).toBeVisible();
    await expect(page.locator('[data-cancel-rule="closed"]')).toHaveText('توجه: این نوبت کمتر از ۷۲۰ ساعت پیش از زمانش گرفته شد؛ لغو یا تغییر زمان آن ممکن نیست.');
    const key = /appointment=(AP-[0-9A-Z]{6})/.exec(page.url())![1]!;
    const confirmed = readOutbox(late).find((line) => line.to === me.phone && line.text.includes(key));
    expect(confirmed?.text).toContain('ثبت شد');
    expect(confirmed?.text).toContain('این نوبت قابل لغو یا تغییر زمان نیست.');

    // The same person, another doctor, an overlapping time: refused, naming the visit.
    await page.goto(`${late.url}/appointment/pre-reserve/${other.doctor}`);
    await chooseSlot(page, other);
    await page.getByRole('button', { name: 'رزرو این نوبت' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'شما در همین زمان نوبت دیگری دارید: دکتر' });
    await expect(refused).toContainText(`${formatJalaliDate(slot.start)} ساعت ${formatTime(slot.start)}`);
    await expect(countdown(page)).toHaveCount(0);

    // The card says why it has no cancel or move, and keeps the receipt with the bank's reference.
    await page.goto(`${late.url}/patient-profile/services`);
    const card = page.locator(`[data-appointment="${key}"]`);
    await expect(card.locator('[data-cancel-rule="closed"]')).toHaveText('توجه: این نوبت کمتر از ۷۲۰ ساعت پیش از زمانش گرفته شد؛ لغو یا تغییر زمان آن ممکن نیست.');
    await expect(card.getByRole('button', { name: 'لغو نوبت' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'تغییر زمان' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'افزودن به تقویم', exact: true })).toBeVisible();
    await card.getByText('رسید پرداخت').click();
    const receipt = card.locator('[data-receipt]');
    await expect(receipt).toContainText(`از درگاه بانک${new Intl.NumberFormat('fa-IR').format(slot.fee)} ریال`);
    await expect(receipt).toContainText('شمارهٔ پیگیری بانک');
    await expect(receipt.getByRole('link', { name: 'رسید بانک' })).toHaveAttribute('href', /^\/return-bank\?payment=/);
    await expectNoSevereAxe(page);
  });

  test('past visits offer «نوبت دوباره» with the same doctor, and every paid visit keeps its receipt', async ({ page }) => {
    const phone = '09120000000';
    expect((await page.request.post(`${late.url}/api/auth/login/with/phone-number`, { data: { phone_number: phone } })).status()).toBe(200);
    const checked = await page.request.post(`${late.url}/api/auth/check_verification_code`, { data: { phone_number: phone, code: lastCode(late, phone) } });
    const [demo] = ((await checked.json()) as { data: Array<{ token: string; user: unknown }> }).data;
    await storeLogin(page, late.url, demo!.token, demo!.user);

    await page.goto(`${late.url}/patient-profile/services`);
    const upcoming = page.locator('[data-appointment]').first();
    await expect(upcoming).toContainText('قطعی');
    await upcoming.getByText('رسید پرداخت').click();
    await expect(upcoming.locator('[data-receipt]')).toContainText('از کیف پول');

    await page.getByRole('tab', { name: 'گذشته' }).click();
    const past = page.locator('[data-appointment]').first();
    await expect(past).toContainText('انجام شد');
    await past.getByText('رسید پرداخت').click();
    await expect(past.locator('[data-receipt]')).toContainText('از کیف پول');
    const again = past.getByRole('link', { name: /^نوبت دوباره نزد دکتر/ });
    await expect(again).toHaveText('نوبت دوباره');
    const href = await again.getAttribute('href');
    expect(href).toMatch(/^\/appointment\/pre-reserve\/[a-z0-9-]+$/);
    await again.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { name: 'انتخاب زمان نوبت' })).toBeVisible();
  });
});
