import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { toTehranIsoDate } from '../../src/lib/format/date.ts';
import { toPersianDigits } from '../../src/lib/format/digits.ts';
import { pickJalaliDay as pickDay } from './fixtures.ts';

// The test's own date arithmetic, as an oracle independent of src/lib/pregnancy/calculator.ts.
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test('the calculator shows the week, the Jalali due date and the days to go, and remembers them', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/.test(message.text())) violations.push(message.text());
  });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/pregnancy-timeline');
  await expect(page.locator('[data-pregnancy-summary]')).toBeHidden();
  // No framework code before the mother uses the calculator.
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((url) => /PregnancyCalculator|react-dom|JalaliDatePicker/.test(url))).toEqual([]);

  await page.getByRole('button', { name: /اولین روز آخرین قاعدگی/ }).click();
  await pickDay(page, { months: -2, day: 10 });
  const summary = page.locator('[data-pregnancy-summary]');
  await expect(summary).toBeVisible();
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('pregnancy') ?? 'null'));
  expect(saved).toMatchObject({ basis: 'lmp', date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });

  const elapsed = Math.round((Date.parse(toTehranIsoDate(new Date())) - Date.parse(saved.date)) / 86_400_000);
  const week = Math.min(40, Math.floor(elapsed / 7) + 1);
  await expect(summary.locator('[data-field="week"]')).toHaveText(`هفتهٔ ${toPersianDigits(week)} بارداری`);
  await expect(summary.locator('[data-field="to-go"]')).toHaveText(`${toPersianDigits(280 - elapsed)} روز تا تاریخ احتمالی زایمان`);
  const due = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { timeZone: 'Asia/Tehran', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(`${addDays(saved.date, 280)}T12:00:00Z`),
  );
  await expect(summary.locator('[data-field="due"]')).toHaveText(due);
  await expect(page.locator(`[data-week="${week}"]`)).toHaveAttribute('aria-current', 'step');

  // A later visit: the date and the highlighted week are back before any interaction.
  await page.reload();
  await expect(summary).toBeVisible();
  await expect(page.locator(`[data-week="${week}"]`)).toHaveAttribute('aria-current', 'step');
  await summary.locator('[data-field="link"]').click();
  await expect(page).toHaveURL(new RegExp(`/pregnancy-timeline/${week}$`));

  // Forgetting it clears the device.
  await page.goto('/pregnancy-timeline');
  await page.getByRole('button', { name: /اولین روز آخرین قاعدگی/ }).click();
  await expect(page.locator('.rmdp-calendar')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.rmdp-calendar')).toHaveCount(0);
  await page.getByRole('button', { name: 'پاک کردن تاریخ از این دستگاه' }).click();
  await expect(summary).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('pregnancy'))).toBeNull();
  expect(violations).toEqual([]);
});

test('the due date works as the starting point too', async ({ page }) => {
  await page.goto('/pregnancy-timeline');
  await page.getByText('تاریخ احتمالی زایمان', { exact: true }).first().click();
  await page
    .getByRole('button', { name: /تاریخ احتمالی زایمان/ })
    .last()
    .click();
  await pickDay(page, { months: 3, day: 15 });
  await expect(page.locator('[data-pregnancy-summary]')).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('pregnancy') ?? 'null')?.basis)).toBe('due');
});

test('a week page has its size, sections, warning signs, neighbours, booking link and disclaimer', async ({ page }) => {
  await page.goto('/pregnancy-timeline/12');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('هفتهٔ ۱۲ بارداری');
  for (const heading of ['رشد جنین', 'بدن و احساس شما', 'توصیه‌های این هفته']) await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await expect(page.getByRole('heading', { name: /همین حالا به پزشک مراجعه کنید/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'نوبت از متخصص زنان و زایمان' })).toHaveAttribute('href', '/appointment?expertise=obstetrics-gynecology');
  await expect(page.getByRole('complementary', { name: 'یادآوری پزشکی' })).toBeVisible();
  await page.locator('a[rel=next]').click();
  await expect(page).toHaveURL(/\/pregnancy-timeline\/13$/);
  await page.getByRole('link', { name: 'سه‌ماههٔ اول بارداری' }).click();
  await expect(page).toHaveURL(/\/pregnancy-timeline\/trimester-1$/);
  await page.goto('/pregnancy-timeline/1');
  await expect(page.locator('a[rel=prev]')).toHaveCount(0);
  await page.goto('/pregnancy-timeline/40');
  await expect(page.locator('a[rel=next]')).toHaveCount(0);
  expect(JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!)).toMatchObject({ '@type': 'MedicalWebPage' });
});

for (const path of ['/pregnancy-timeline', '/pregnancy-timeline/20', '/pregnancy-timeline/trimester-2']) {
  test(`axe finds nothing serious on ${path}`, async ({ page }) => {
    await page.goto(path);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
}

test.describe('offline', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('after one visit, week pages and the calculator work with the network off', async ({ page, context }) => {
    await page.goto('/pregnancy-timeline');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    // The first controlled navigation to the timeline stores the whole bundle.
    await page.reload();
    await expect
      .poll(
        async () =>
          page.evaluate(async () => {
            const cache = await caches.open('pages');
            const stored = await Promise.all(
              ['/pregnancy-timeline/1', '/pregnancy-timeline/27', '/pregnancy-timeline/40', '/pregnancy-timeline/trimester-3'].map((url) => cache.match(url, { ignoreVary: true })),
            );
            return stored.every(Boolean);
          }),
        { timeout: 20_000 },
      )
      .toBe(true);

    await context.setOffline(true);
    for (const week of [7, 23, 38]) {
      await page.goto(`/pregnancy-timeline/${week}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`هفتهٔ ${toPersianDigits(week)} بارداری`);
    }
    await page.goto('/pregnancy-timeline');
    await page.getByRole('button', { name: /اولین روز آخرین قاعدگی/ }).click();
    await pickDay(page, { months: -1, day: 5 });
    await expect(page.locator('[data-pregnancy-summary]')).toBeVisible();
    // A page never visited shows the offline page.
    await page.goto('/clinics/eye');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('به اینترنت وصل نیستید');
    await context.setOffline(false);
  });
});
