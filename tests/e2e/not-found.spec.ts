import { expect, test } from '@playwright/test';

test('an unknown address shows the 404 page, then replaces itself with home after 5 s', async ({ page }) => {
  await page.goto('/');
  await page.goto('/clinics/no-such-clinic');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('صفحه پیدا نشد: /clinics/no-such-clinic');
  const home = page.getByRole('link', { name: 'بازگشت به داشبورد' });
  await expect(home).toHaveAttribute('href', '/');
  const shownAt = Date.now();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
  expect(Date.now() - shownAt).toBeGreaterThan(3_500);
  // The 404 entry was replaced: going back reaches the page before it.
  await page.goBack();
  expect(new URL(page.url()).pathname).toBe('/');
  await page.goForward();
  expect(new URL(page.url()).pathname).toBe('/');
});

test('the back-to-dashboard button goes home at once', async ({ page }) => {
  await page.goto('/nothing-here');
  await page.getByRole('link', { name: 'بازگشت به داشبورد' }).click();
  await expect(page).toHaveURL(/\/$/);
});
