import { expect, test, type Page } from '@playwright/test';

/** Records <html>'s classes at the moment <body> is created, i.e. before anything is painted. */
async function watchFirstPaint(page: Page) {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (document.body) {
        (window as unknown as { classAtBody: string }).classAtBody = document.documentElement.className;
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

const classAtBody = (page: Page) => page.evaluate(() => (window as unknown as { classAtBody: string }).classAtBody);

test('the theme toggle switches to dark, is remembered in localStorage "dark" and applied before first paint', async ({ page }) => {
  await watchFirstPaint(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  expect(await classAtBody(page)).not.toContain('dark');

  const toggle = page.getByRole('button', { name: /پوسته/ });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => localStorage.getItem('dark'))).toBe('true');

  await page.reload();
  expect(await classAtBody(page)).toContain('dark');
  await page.goto('/offline');
  expect(await classAtBody(page)).toContain('dark');

  await page.getByRole('button', { name: /پوسته/ }).click();
  expect(await page.evaluate(() => localStorage.getItem('dark'))).toBe('false');
  await page.reload();
  expect(await classAtBody(page)).not.toContain('dark');
});

test('without a stored choice the system preference decides; a stored choice wins over it', async ({ page }) => {
  await watchFirstPaint(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  expect(await classAtBody(page)).toContain('dark');
  await page.evaluate(() => localStorage.setItem('dark', 'false'));
  await page.reload();
  expect(await classAtBody(page)).not.toContain('dark');
});
