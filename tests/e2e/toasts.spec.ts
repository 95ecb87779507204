import { expect, test, type Page } from '@playwright/test';

/** After a first visit the service worker holds the toast renderer, so it works offline. */
async function openWithServiceWorker(page: Page) {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

test('losing and regaining the connection is announced, and a toast survives page navigation', async ({ page, context }) => {
  await openWithServiceWorker(page);
  await context.setOffline(true);
  const offline = page.locator('.Toastify__toast', { hasText: 'به اینترنت دسترسی ندارید' });
  await expect(offline).toBeVisible();
  await expect(page.locator('.Toastify__toast-container')).toHaveClass(/Toastify__toast-container--top-right/);
  await expect(page.locator('.Toastify__toast').first()).toHaveClass(/Toastify__toast--rtl/);

  await context.setOffline(false);
  const back = page.locator('.Toastify__toast', { hasText: 'اتصال اینترنت برقرار شد' });
  await expect(back).toBeVisible();

  // A full page navigation: the toast is shown again on the next page for the rest of its time.
  await page.goto('/offline');
  await expect(page.locator('.Toastify__toast', { hasText: 'اتصال اینترنت برقرار شد' })).toBeVisible();
  // ...and closes by itself within its 5 s.
  await expect(page.locator('.Toastify__toast', { hasText: 'اتصال اینترنت برقرار شد' })).toHaveCount(0, { timeout: 9_000 });
});

test('the close button dismisses a toast, and it does not come back on the next page', async ({ page, context }) => {
  await openWithServiceWorker(page);
  await context.setOffline(true);
  const toast = page.locator('.Toastify__toast', { hasText: 'به اینترنت دسترسی ندارید' });
  await expect(toast).toBeVisible();
  await context.setOffline(false);
  await toast.getByRole('button').click();
  await expect(toast).toHaveCount(0);
  await page.goto('/offline');
  await expect(page.locator('.Toastify__toast', { hasText: 'به اینترنت دسترسی ندارید' })).toHaveCount(0);
});
