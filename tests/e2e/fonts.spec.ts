import { expect, type Page, test } from '@playwright/test';
import { layoutShifts, watchLayoutShifts } from './layout-shifts.ts';

/** The family name inside the font files, which is what the renderer reports. */
const WEB_FONT = 'Vazirmatn';

/** The fonts Chromium drew the page's main heading with, as the renderer reports them. */
async function headingFonts(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'main h1' });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.map((font) => font.familyName);
  } finally {
    await cdp.detach();
  }
}

test('a web font that arrives after the first paint moves no text, and the next page is set in it', async ({ page }) => {
  await watchLayoutShifts(page);
  // A slow network: the page and its styles come at once, the two preloaded font files 1.5 s later.
  await page.route('**/*.woff2', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const persianFont = page.waitForResponse((response) => /vazirmatn-arabic/.test(response.url()));
  await page.goto('/');
  await expect(page.locator('main h1')).toBeVisible();
  await persianFont;
  // Two frames after the file is in: time for a swap to be drawn, had there been one.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await layoutShifts(page)).toEqual([]);
  expect(await headingFonts(page)).not.toContain(WEB_FONT);

  // The network is quick again: the next page fetches the files, and the one after it is drawn in
  // them from the cache, as every page after a patient's first is.
  await page.unroute('**/*.woff2');
  await page.goto('/expertise-group');
  await page.waitForFunction(() => document.fonts.check('1em "Vazirmatn Variable"', 'بیمارستان'));
  await page.goto('/sr');
  await expect(page.locator('main h1')).toBeVisible();
  expect(await headingFonts(page)).toContain(WEB_FONT);
});
