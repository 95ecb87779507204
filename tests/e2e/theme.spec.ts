import { expect, type Page, test } from '@playwright/test';

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

test('the clinic illustration is turned to dark tones in the dark theme, not left a bright block', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/clinics/heart');
  const illustration = page.locator('[data-clinic-illustration]');
  await expect(illustration).toBeVisible();
  await illustration.evaluate((img: HTMLImageElement) => img.decode());
  // The picture's mean brightness as drawn (filters applied), sampled from a screenshot of it.
  // Decoded on a blank page: the portal's CSP rightly refuses data: URLs.
  const probe = await page.context().newPage();
  const mean = async () => {
    const shot = await illustration.screenshot();
    return probe.evaluate(async (data) => {
      const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${data}`)).blob());
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      let sum = 0;
      for (let i = 0; i < pixels.length; i += 4) sum += 0.2126 * pixels[i]! + 0.7152 * pixels[i + 1]! + 0.0722 * pixels[i + 2]!;
      return sum / (pixels.length / 4);
    }, shot.toString('base64'));
  };
  expect(await mean()).toBeLessThan(110);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await illustration.evaluate((img: HTMLImageElement) => img.decode());
  expect(await mean()).toBeGreaterThan(180);
});
