import type { Page } from '@playwright/test';
import { expect, loggedInByApi, newNationalCode, newPhone, test } from './fixtures.ts';

/** /patient-profile without JavaScript explains itself instead of "loading…" forever. */
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the profile page says it needs JavaScript and how to log in', async ({ page }) => {
    await page.goto('/patient-profile');
    await expect(page.getByRole('heading', { name: 'این صفحه به جاوااسکریپت نیاز دارد' })).toBeVisible();
    // Playwright's text matching skips <noscript>; innerText is what the patient reads.
    const note = page.locator('main noscript p').first();
    await expect(note).toBeVisible();
    await expect(note).toContainText('جاوااسکریپت را در تنظیمات مرورگر روشن کنید', { useInnerText: true });
    await expect(note).toContainText('با دکمهٔ «ورود / ثبت‌نام» در بالای صفحه وارد شوید', { useInnerText: true });
    await expect(page.getByText('در حال بارگذاری…')).toBeHidden();
  });
});

test('with JavaScript the profile page shows the login prompt, not the no-JavaScript note', async ({ page }) => {
  await page.goto('/patient-profile');
  await expect(page.getByRole('heading', { name: 'برای دیدن پروفایل خود وارد شوید' })).toBeVisible();
  await expect(page.getByText('این صفحه به جاوااسکریپت نیاز دارد')).toBeHidden();
});

/** The page's island never comes (its chunk is refused, Astro's retry with `?astro-retry=` too): what shows is the server's page and the shell alone. */
test.describe('before the island', () => {
  // Blocked, or the worker would fetch the island's chunk itself, past the page's route.
  test.use({ serviceWorkers: 'block' });
  const withoutIsland = (page: Page) => page.route(/\/_astro\/account-pages\.[\w-]+\.js(\?|$)/, (route) => route.abort());

  test('the login prompt is drawn by the server, and its button opens the login', async ({ page }) => {
    await withoutIsland(page);
    await page.goto('/financial');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'برای دیدن کیف پول خود وارد شوید' })).toBeVisible();
    await expect(main.getByText('در حال بارگذاری…')).toBeHidden();
    await main.getByRole('button', { name: 'ورود / ثبت‌نام' }).click();
    await expect(page.getByRole('dialog').getByLabel('شمارهٔ موبایل')).toBeVisible();
  });

  test('with a session stored, the server’s page says «loading», not the login prompt', async ({ page }) => {
    await loggedInByApi(page, { phone: newPhone(), nationalCode: newNationalCode(), first: 'مریم', last: 'کاظمی' });
    await withoutIsland(page);
    await page.goto('/financial');
    const main = page.getByRole('main');
    await expect(main.getByText('در حال بارگذاری…')).toBeVisible();
    await expect(main.getByRole('heading', { name: 'برای دیدن کیف پول خود وارد شوید' })).toBeHidden();
  });

  test('the visit-day address: the island’s prompt says what the server’s said', async ({ page }) => {
    // The server's prompt cannot read the query of a prerendered page; the island's must not reword it.
    await page.goto('/patient-profile/services?visit=AP-AAAAAA');
    await expect(page.getByRole('dialog').getByLabel('شمارهٔ موبایل')).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('برای دیدن نوبت‌های خود وارد شوید');
  });
});
