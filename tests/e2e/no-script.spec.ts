import { expect, test } from '@playwright/test';

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
