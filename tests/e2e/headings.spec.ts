import { expect, test } from '@playwright/test';

/** Issue 9 item 17: the trimester headings of the pregnancy timeline keep the space before the parenthesis. */
test('the trimester headings read "… بارداری (هفته‌های ۱ تا ۱۳)"', async ({ page }) => {
  await page.goto('/pregnancy-timeline');
  await expect(page.getByRole('heading', { level: 2, name: 'سه‌ماههٔ اول بارداری (هفته‌های ۱ تا ۱۳)', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'سه‌ماههٔ سوم بارداری (هفته‌های ۲۸ تا ۴۰)', exact: true })).toBeVisible();
  await expect(page.locator('h2').filter({ hasText: /\S\(/ })).toHaveCount(0);
});
