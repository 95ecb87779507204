import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { toJalaliParts } from '../../src/lib/format/date.ts';
import { toPersianDigits } from '../../src/lib/format/digits.ts';
import { codeFor, expect, newNationalCode, newPhone, pickJalaliDay, registerThroughPopup, test } from './fixtures.ts';

async function registeredOnProfile(page: Page) {
  await page.goto('/patient-profile');
  // Logged out: a short prompt, and the login popup opens by itself.
  await expect(page.getByRole('heading', { name: 'برای دیدن پروفایل خود وارد شوید' })).toBeVisible();
  await expect(page.getByRole('dialog').getByLabel('شمارهٔ موبایل')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'بستن' }).click();
  const phone = newPhone();
  await registerThroughPopup(page, phone, { first: 'لیلا', last: 'مرادی', nationalCode: newNationalCode() });
  // The content appears on the same page, without a reload.
  await expect(page.getByRole('heading', { name: 'پروفایل من' })).toBeVisible();
  return phone;
}

test('after logging in on the page, the profile is edited with a Jalali birthday', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/.test(message.text())) violations.push(message.text());
  });
  await registeredOnProfile(page);
  await expect(page.getByLabel('نام', { exact: true })).toHaveValue('لیلا');

  await page.getByLabel('نام', { exact: true }).fill('لیلی');
  // The radio is drawn by its label, which is what a patient taps.
  await page.locator('label', { has: page.getByRole('radio', { name: 'مرد' }) }).click();
  await expect(page.getByRole('radio', { name: 'مرد' })).toBeChecked();
  // An empty birthday opens on the years around 30 years ago; a year, then a month, then the day.
  await page.getByRole('button', { name: /تاریخ تولد/ }).click();
  const birthYear = toPersianDigits(toJalaliParts(new Date()).year - 30);
  await page.locator('.rmdp-year-picker .rmdp-day', { hasText: new RegExp(`^${birthYear}$`) }).click();
  await page.locator('.rmdp-month-picker .rmdp-day', { hasText: /^اردیبهشت$/ }).click();
  await pickJalaliDay(page, { months: 0, day: 15 });
  await page.getByRole('button', { name: 'ذخیرهٔ تغییرات' }).click();
  await expect(page.locator('.Toastify__toast', { hasText: 'پروفایل شما با موفقیت ویرایش شد' })).toBeVisible();

  const saved = await page.request.post('/api/user/info', {
    headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
    data: {},
  });
  const { user } = (await saved.json()) as { user: { first_name: string; gender: string; birthday: string } };
  expect(user).toMatchObject({ first_name: 'لیلی', gender: 'male' });
  expect(toJalaliParts(`${user.birthday}T12:00:00Z`).day).toBe(15);

  await page.reload();
  await expect(page.getByLabel('نام', { exact: true })).toHaveValue('لیلی');
  const { year, month } = toJalaliParts(`${user.birthday}T12:00:00Z`);
  await expect(page.getByLabel('تاریخ تولد')).toContainText(toPersianDigits(`${year}/${String(month).padStart(2, '0')}/15`));
  expect(violations).toEqual([]);
  const { violations: axe } = await new AxeBuilder({ page }).analyze();
  expect(axe.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test('field errors from the server appear on their fields; server and network failures are toasted', async ({ page }) => {
  await registeredOnProfile(page);
  // The login's own toast leaves first, the pointer kept off it (hovering stops its clock): the
  // check below is that this form's error is not a toast.
  await page.mouse.move(0, 0);
  await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 15_000 });

  // A national code that already belongs to someone else: the server refuses it on that field.
  const otherPhone = newPhone();
  const takenCode = newNationalCode();
  const sentAt = Date.now() - 1000;
  expect((await page.request.post('/api/auth/login/with/phone-number', { data: { phone_number: otherPhone } })).status()).toBe(200);
  const code = await codeFor(otherPhone, { after: sentAt });
  expect((await page.request.post('/api/auth/check_verification_code', { data: { phone_number: otherPhone, code } })).status()).toBe(200);
  const other = await page.request.post('/api/auth/register', {
    data: { phone_number: otherPhone, code, first_name: 'رضا', last_name: 'یزدانی', international_code: takenCode, gender: 'male' },
  });
  expect(other.status()).toBe(200);

  await page.getByLabel('کد ملی').fill(takenCode);
  await page.getByRole('button', { name: 'ذخیرهٔ تغییرات' }).click();
  const field = page.getByLabel('کد ملی');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/کد ملی/).and(page.locator('.text-danger'))).toBeVisible();
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);

  // A server error and a lost connection follow the error policy (spec §8).
  await page.route('**/api/user/update', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
  await page.getByLabel('کد ملی').fill(newNationalCode());
  await page.getByRole('button', { name: 'ذخیرهٔ تغییرات' }).click();
  await expect(page.locator('.Toastify__toast', { hasText: 'خطای سرور' })).toBeVisible();
  await page.unroute('**/api/user/update');
  await page.route('**/api/user/update', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'ذخیرهٔ تغییرات' }).click();
  await expect(page.locator('.Toastify__toast', { hasText: 'به اینترنت دسترسی ندارید' })).toBeVisible();
});

test('an expired or revoked token opens the login popup and logs out', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('token', 'this-token-was-never-issued-or-has-expired-long-ago');
    localStorage.setItem(
      'user',
      JSON.stringify({
        id: 1,
        first_name: 'کاربر',
        last_name: 'قدیمی',
        full_name: 'کاربر قدیمی',
        international_code: '',
        phone_number: '09120000000',
        birthday: null,
        gender: 'female',
        profile_path: null,
        wallet: 0,
      }),
    );
  });
  await page.goto('/patient-profile');
  await expect(page.getByRole('dialog').getByLabel('شمارهٔ موبایل')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'برای دیدن پروفایل خود وارد شوید' })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
  await expect(page.getByRole('button', { name: 'ورود / ثبت‌نام' }).first()).toBeVisible();
});
