import { expect, test } from '@playwright/test';

test('an unknown address shows the 404 page, then replaces itself with home after 5 s', async ({ page }) => {
  await page.goto('/');
  // Timed from before the 404 loads: its 5 s start after that, so a slow machine only makes this
  // longer. (Timed from after the checks below, a loaded machine that took long over them saw the
  // redirect "too soon".)
  const requestedAt = Date.now();
  await page.goto('/clinics/no-such-clinic');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('صفحه پیدا نشد: /clinics/no-such-clinic');
  const home = page.getByRole('link', { name: 'بازگشت به داشبورد' });
  await expect(home).toHaveAttribute('href', '/');
  await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
  expect(Date.now() - requestedAt).toBeGreaterThanOrEqual(5_000);
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

/** Where each character of the echoed path is drawn, left to right on the screen. */
function glyphOrder(page: import('@playwright/test').Page) {
  return page.locator('[data-missing-path]').evaluate((element) => {
    const glyphs: { char: string; left: number }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode() as Text | null; text; text = walker.nextNode() as Text | null) {
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        glyphs.push({ char: text.data[i]!, left: range.getBoundingClientRect().left });
      }
    }
    return glyphs
      .sort((a, b) => a.left - b.left)
      .map((glyph) => glyph.char)
      .join('');
  });
}

/** How many lines the echoed path takes. */
function pathLines(page: import('@playwright/test').Page) {
  return page.locator('[data-missing-path]').evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}

test.describe('the echoed path on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test('reads left to right inside the Persian sentence: /faq, not faq/', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('صفحه پیدا نشد: /faq');
    expect(await glyphOrder(page)).toBe('/faq');
    await expect(page.locator('[data-missing-path]')).toHaveCSS('direction', 'ltr');
    await expect(page.locator('[data-missing-path]')).toHaveCSS('unicode-bidi', 'isolate');
  });

  test('a Persian path keeps its segments in order, each read right to left', async ({ page }) => {
    await page.goto('/پزشکان/احمدی');
    await expect(page.locator('[data-missing-path]')).toHaveText('/پزشکان/احمدی');
    const segments = page.locator('[data-missing-path] [data-path-segment]');
    await expect(segments).toHaveText(['پزشکان', 'احمدی']);
    const first = (await segments.nth(0).boundingBox())!;
    const second = (await segments.nth(1).boundingBox())!;
    expect(first.x + first.width).toBeLessThanOrEqual(second.x + 1);
    await expect(segments.nth(0)).toHaveCSS('unicode-bidi', 'isolate');
  });

  test('a path that fits on a line is not broken mid-word', async ({ page }) => {
    await page.goto('/clinics/no-such-clinic');
    expect(await glyphOrder(page)).toBe('/clinics/no-such-clinic');
    expect(await pathLines(page)).toBe(1);
  });

  test('a very long path breaks instead of widening the page', async ({ page }) => {
    await page.goto(`/${'a'.repeat(150)}`);
    expect(await pathLines(page)).toBeGreaterThan(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test('the 404 page marks no navigation item as current, even under an area', async ({ page }) => {
  // Timers stand still, so the 5 s return home cannot answer for the 404 page.
  await page.clock.install({ time: new Date('2026-03-01T08:00:00Z') });
  await page.clock.pauseAt(new Date('2026-03-01T08:00:01Z'));
  await page.goto('/pregnancy-timeline');
  await expect(page.getByRole('navigation', { name: 'بخش‌های پورتال' }).locator('[aria-current="page"]')).toHaveCount(1);
  await page.goto('/pregnancy-timeline/99');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('صفحه پیدا نشد: /pregnancy-timeline/99');
  await expect(page.locator('[aria-current="page"]')).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/pregnancy-timeline/99');
});

test('a malformed address gets the 404 page, not a server error', async ({ page }) => {
  const response = await page.goto('/%E0%A4%A');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('صفحه پیدا نشد: /%E0%A4%A');
});
