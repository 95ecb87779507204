// Usage: node .shots.mjs <baseUrl> <outDir> <path>... ; env TOKEN_JSON (optional: localStorage auth state)
import { chromium } from '@playwright/test';
const [base, out, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-background-networking'] });
for (const scheme of ['light', 'dark']) {
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme, locale: 'fa-IR', timezoneId: 'Asia/Tehran' });
    if (process.env.STORAGE) await context.addInitScript((s) => { for (const [k, v] of Object.entries(JSON.parse(s))) localStorage.setItem(k, v); }, process.env.STORAGE);
    const page = await context.newPage();
    for (const p of paths) {
      await page.goto(base + p, { waitUntil: 'networkidle' });
      await page.waitForTimeout(800);
      const name = p.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home';
      await page.screenshot({ path: `${out}/${name}-${width}-${scheme}.png`, fullPage: !process.env.VIEWPORT });
      if (process.env.VIEWPORT) { await page.evaluate(() => window.scrollTo(0, 1400)); await page.waitForTimeout(300); await page.screenshot({ path: `${out}/${name}-${width}-${scheme}-2.png` }); }
    }
    await context.close();
  }
}
await browser.close();
