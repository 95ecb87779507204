import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { toJalaliParts } from '../../src/lib/format/date.ts';
import { toPersianDigits } from '../../src/lib/format/digits.ts';
import { codeFor, expect, newNationalCode, newPhone, test } from './fixtures.ts';

// The Jalali date picker, on the pregnancy calculator (public) and the profile's birthday.

const calendar = (page: Page) => page.locator('.rmdp-calendar');
const dayCells = (page: Page) => calendar(page).locator('.rmdp-day-picker .rmdp-day:not(.rmdp-day-hidden)');

/** Relative luminance (WCAG) of a computed `rgb(…)` colour. */
function luminance(color: string): number {
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
    const channel = Number(part) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const todayInTehran = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' }).format(new Date());
/** The field's text for a date, as a reader of the Jalali calendar writes it: ۱۴۰۵/۰۹/۰۲. */
const shortJalali = (iso: string) =>
  new Intl.DateTimeFormat('fa-IR-u-ca-persian', { timeZone: 'Asia/Tehran', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(`${iso}T12:00:00Z`));

/** Console errors and uncaught errors of the page, React's recoverable hydration errors among them. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function openPregnancyPicker(page: Page) {
  await page.goto('/pregnancy-timeline');
  await page.getByRole('button', { name: /اولین روز آخرین قاعدگی/ }).click();
  await expect(calendar(page)).toBeVisible();
}

test('the calendar is drawn in the dark theme’s colours', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('dark', 'true'));
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/.test(message.text())) violations.push(message.text());
  });
  await openPregnancyPicker(page);
  await expect(page.locator('html')).toHaveClass(/dark/);
  const colours = () =>
    page.evaluate(() => {
      const style = (selector: string) => {
        const element = document.querySelector(selector);
        return element ? getComputedStyle(element) : { backgroundColor: `no ${selector}`, color: `no ${selector}` };
      };
      return {
        calendar: style('.rmdp-wrapper').backgroundColor,
        dialog: style('dialog[open]').backgroundColor,
        day: style('.rmdp-day-picker .rmdp-day:not(.rmdp-day-hidden)').color,
        weekDay: style('.rmdp-week-day').color,
        header: style('.rmdp-header-values').color,
        years: style('.rmdp-year-picker').backgroundColor,
      };
    });
  const shown = await colours();
  expect(luminance(shown.calendar), `calendar ${shown.calendar}`).toBeLessThan(0.05);
  // The box around it (a modal dialog) as well.
  expect(luminance(shown.dialog), `dialog ${shown.dialog}`).toBeLessThan(0.05);
  for (const text of [shown.day, shown.weekDay, shown.header]) expect(luminance(text), text).toBeGreaterThan(0.3);
  // The year list is drawn over the days: dark too.
  await calendar(page).locator('.rmdp-header-values span').last().click();
  await expect(page.locator('.rmdp-year-picker')).toBeVisible();
  const years = (await colours()).years;
  expect(luminance(years), `years ${years}`).toBeLessThan(0.05);
  expect(violations).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('day cells and buttons are at least 44 px and the calendar fits the screen', async ({ page }) => {
    await openPregnancyPicker(page);
    const boxes = await dayCells(page).evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes.length).toBeGreaterThanOrEqual(28);
    for (const box of boxes) {
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    for (const target of [calendar(page).getByRole('button', { name: 'قبلی' }), calendar(page).getByRole('button', { name: 'بعدی' }), page.getByRole('button', { name: 'بستن تقویم' })]) {
      const box = (await target.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    const whole = (await calendar(page).boundingBox())!;
    expect(whole.x).toBeGreaterThanOrEqual(0);
    expect(whole.x + whole.width).toBeLessThanOrEqual(375);
  });
});

test('Escape closes the calendar and gives the focus back to the field', async ({ page }) => {
  await openPregnancyPicker(page);
  await page.keyboard.press('Escape');
  await expect(calendar(page)).toHaveCount(0);
  const field = page.getByRole('button', { name: /اولین روز آخرین قاعدگی/ });
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-expanded', 'false');
  // The keyboard opens it again from there; the close button closes it too.
  await page.keyboard.press('Enter');
  await expect(calendar(page)).toBeVisible();
  await page.getByRole('button', { name: 'بستن تقویم' }).click();
  await expect(calendar(page)).toHaveCount(0);
  await expect(field).toBeFocused();
});

test('axe finds nothing serious in the open calendar', async ({ page }) => {
  const serious = async () =>
    (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.html}`);
  await openPregnancyPicker(page);
  expect(await serious()).toEqual([]);
});

test('the weekdays read ش ی د س چ پ ج and the header reads «month year» with a plain space', async ({ page }) => {
  await openPregnancyPicker(page);
  await expect(calendar(page).locator('.rmdp-week-day')).toHaveText(['ش', 'ی', 'د', 'س', 'چ', 'پ', 'ج']);
  const now = new Date();
  const month = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { timeZone: 'Asia/Tehran', month: 'long' }).format(now);
  const year = toPersianDigits(toJalaliParts(now).year);
  const header = calendar(page).locator('.rmdp-header-values');
  await expect(header).toHaveText(`${month} ${year}`);
  expect(await header.textContent()).toBe(`${month} ${year}`);
});

test('after a reload the remembered date is in the field, with no hydration error, and one press opens the calendar', async ({ page }) => {
  const due = addDays(todayInTehran(), 100);
  await page.goto('/pregnancy-timeline');
  await page.evaluate((date) => localStorage.setItem('pregnancy', JSON.stringify({ basis: 'due', date })), due);
  const errors = collectErrors(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.reload();
  await page.waitForLoadState('networkidle');
  // Before any interaction (no React yet), the form shows what the mother entered last time.
  expect(scripts.filter((url) => /PregnancyCalculator|react-dom|JalaliDatePicker/.test(url))).toEqual([]);
  const field = page.locator('#pregnancy-date');
  await expect(field).toHaveText(shortJalali(due));
  await expect(page.locator('#pregnancy-date-label')).toHaveText('تاریخ احتمالی زایمان');
  await expect(page.getByRole('radio', { name: 'تاریخ احتمالی زایمان' })).toBeChecked();

  // One press wakes the form and opens the calendar on the remembered day.
  await field.click();
  await expect(calendar(page)).toBeVisible();
  await expect(calendar(page).locator('.rmdp-day-picker .rmdp-selected')).toHaveText(toPersianDigits(toJalaliParts(`${due}T12:00:00Z`).day));
  await page.keyboard.press('Escape');
  await expect(field).toHaveText(shortJalali(due));
  await expect(page.getByRole('button', { name: 'پاک کردن تاریخ از این دستگاه' })).toBeVisible();
  expect(errors.filter((text) => /#418|#423|#425|hydrat/i.test(text))).toEqual([]);
  expect(errors).toEqual([]);
});

test('a first press on the other basis, before the form has loaded, is not lost', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/pregnancy-timeline');
  await page.waitForLoadState('networkidle');
  await page.getByText('تاریخ احتمالی زایمان', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'تاریخ احتمالی زایمان' })).toBeChecked();
  await expect(page.locator('#pregnancy-date-label')).toHaveText('تاریخ احتمالی زایمان');
  expect(errors).toEqual([]);
});

/** A new account, logged in on this page through localStorage (as the login popup leaves it). */
async function loggedInProfile(page: Page, birthday: string | null) {
  const phone = newPhone();
  const sentAt = Date.now() - 1000;
  expect((await page.request.post('/api/auth/login/with/phone-number', { data: { phone_number: phone } })).status()).toBe(200);
  const code = await codeFor(phone, { after: sentAt });
  expect((await page.request.post('/api/auth/check_verification_code', { data: { phone_number: phone, code } })).status()).toBe(200);
  const person = { first_name: 'نگار', last_name: 'کاظمی', international_code: newNationalCode(), gender: 'female' };
  const registered = await page.request.post('/api/auth/register', { data: { phone_number: phone, code, ...person } });
  expect(registered.status()).toBe(200);
  const { data } = (await registered.json()) as { data: { token: string; user: { birthday: string | null } } };
  let user = data.user;
  if (birthday) {
    const updated = await page.request.post('/api/user/update', { headers: { Authorization: `Bearer ${data.token}` }, data: { ...person, birthday } });
    expect(updated.status()).toBe(200);
    user = { ...user, birthday };
  }
  await page.goto('/');
  await page.evaluate(
    ([token, stored]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', stored);
    },
    [data.token, JSON.stringify(user)] as const,
  );
  await page.goto('/patient-profile');
  await expect(page.getByRole('heading', { name: 'پروفایل من' })).toBeVisible();
}

test('an empty birthday opens on the years around 30 years ago, then the months, then the days', async ({ page }) => {
  await loggedInProfile(page, null);
  await page.getByRole('button', { name: /تاریخ تولد/ }).click();
  const years = page.locator('.rmdp-year-picker');
  await expect(years).toBeVisible();
  const thirtyYearsAgo = toJalaliParts(new Date()).year - 30;
  const year = years.locator('.rmdp-day', { hasText: new RegExp(`^${toPersianDigits(thirtyYearsAgo)}$`) });
  await expect(year).toBeVisible();
  await year.click();
  const months = page.locator('.rmdp-month-picker');
  await expect(months).toBeVisible();
  await months.locator('.rmdp-day', { hasText: /^مهر$/ }).click();
  await expect(calendar(page).locator('.rmdp-header-values')).toHaveText(`مهر ${toPersianDigits(thirtyYearsAgo)}`);
  await dayCells(page)
    .locator('span', { hasText: new RegExp(`^${toPersianDigits(12)}$`) })
    .click();
  await expect(calendar(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /تاریخ تولد/ })).toHaveText(toPersianDigits(`${thirtyYearsAgo}/07/12`));
});

test('a birthday already set opens on its own month', async ({ page }) => {
  const birthday = '1990-06-15';
  await loggedInProfile(page, birthday);
  const field = page.getByRole('button', { name: /تاریخ تولد/ });
  await expect(field).toHaveText(shortJalali(birthday));
  await field.click();
  await expect(calendar(page)).toBeVisible();
  await expect(page.locator('.rmdp-year-picker')).toBeHidden();
  const { year, day } = toJalaliParts(`${birthday}T12:00:00Z`);
  const monthName = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { timeZone: 'Asia/Tehran', month: 'long' }).format(new Date(`${birthday}T12:00:00Z`));
  await expect(calendar(page).locator('.rmdp-header-values')).toHaveText(`${monthName} ${toPersianDigits(year)}`);
  await expect(calendar(page).locator('.rmdp-day-picker .rmdp-selected')).toHaveText(toPersianDigits(day));
});
