import { expect, test } from '@playwright/test';
import { accountAreas, portalAreas, shown, userMenuAreas } from '../../src/lib/site/areas.ts';
import { loggedInByApi, newNationalCode, newPhone } from './fixtures.ts';

/** The trimester headings of the pregnancy timeline keep the space before the parenthesis. */
test('the trimester headings read "… بارداری (هفته‌های ۱ تا ۱۳)"', async ({ page }) => {
  await page.goto('/pregnancy-timeline');
  await expect(page.getByRole('heading', { level: 2, name: 'سه‌ماههٔ اول بارداری (هفته‌های ۱ تا ۱۳)', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'سه‌ماههٔ سوم بارداری (هفته‌های ۲۸ تا ۴۰)', exact: true })).toBeVisible();
  await expect(page.locator('h2').filter({ hasText: /\S\(/ })).toHaveCount(0);
});

/** A page goes by one name: its menu entry, its tab and its h1 read the same. */
test('each area page has one name across the header, the user menu, the account tabs and its h1', async ({ page }) => {
  await loggedInByApi(page, { phone: newPhone(), nationalCode: newNationalCode(), first: 'نگار', last: 'امیری' });
  const menuLabel = new Map(shown(userMenuAreas).map((area) => [area.href, area.label]));
  for (const area of [...shown(portalAreas), ...shown(accountAreas)]) {
    await page.goto(area.href);
    const h1 = page.getByRole('heading', { level: 1 });
    // The finder's h1 goes on to say what it does («نوبت‌دهی: پیدا کردن پزشک»).
    if (area.href === '/appointment') await expect(h1).toHaveText(new RegExp(`^${area.label}`));
    else await expect(h1, area.href).toHaveText(area.label);
    if (menuLabel.has(area.href)) expect(menuLabel.get(area.href), area.href).toBe(area.label);
    const tab = page.locator('main nav a[aria-current="page"], main [role="tablist"] [aria-current="page"]');
    if (await tab.count()) await expect(tab.first(), area.href).toHaveText(area.label);
  }
});
